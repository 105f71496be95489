export { EmptyText, ErrorAlert, ListSkeleton, loadingStatus, NotLoadedOffline, type Retry, RetryButton, WhileLoading } from './DataState';
