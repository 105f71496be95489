export { PageLoadError } from './PageLoadError';
