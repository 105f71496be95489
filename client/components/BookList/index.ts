export { AvailabilityBadge } from './AvailabilityBadge';
export { BookCover } from './BookCover';
export { BookList, type BookListView } from './BookList';
export { LoadMoreButton } from './LoadMoreButton';
