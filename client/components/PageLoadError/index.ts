export { HeaderPartLoadError, PageLoadError } from './PageLoadError';
