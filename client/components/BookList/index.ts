export { AvailabilityBadge } from './AvailabilityBadge';
export { BookCover, coverUrl } from './BookCover';
export { BookList, type BookListView } from './BookList';
export { LoadMoreButton } from './LoadMoreButton';
