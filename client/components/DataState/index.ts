export { EmptyText, ErrorAlert, ListSkeleton, loadingStatus, type Retry, RetryButton, WhileLoading } from './DataState';
export { PagedList } from './PagedList';
