export { EmptyText, ErrorAlert, ListSkeleton, type Retry, RetryButton } from './DataState';
