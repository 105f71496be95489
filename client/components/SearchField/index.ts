export { SearchField } from './SearchField';
export { resultsOf, SearchStatus, searchStatusText } from './SearchStatus';
