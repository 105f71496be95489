export { EmptyText, ErrorAlert, ListSkeleton } from './DataState';
