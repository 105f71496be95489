export { SearchField } from './SearchField';
