export { EmptyText, ErrorAlert, ListSkeleton, NotLoadedOffline, type Retry, RetryButton, WhileLoading } from './DataState';
