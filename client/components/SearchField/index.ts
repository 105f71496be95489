export { SearchField } from './SearchField';
export { SearchStatus, searchStatusText } from './SearchStatus';
