export { EmptyText, ErrorAlert, ListSkeleton, NotLoadedOffline, type Retry, RetryButton } from './DataState';
