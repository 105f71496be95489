export { HeaderPartLoadError, LoadErrorBoundary, PageLoadError } from './PageLoadError';
