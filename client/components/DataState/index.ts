export { EmptyText, ErrorAlert, ListSkeleton, loadingStatus, type Retry, RetryButton, WhileLoading } from './DataState';
export { LoadMoreButton } from './LoadMoreButton';
export { PagedList } from './PagedList';
