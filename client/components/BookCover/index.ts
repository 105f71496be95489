export { BookCover, coverUrl } from './BookCover';
