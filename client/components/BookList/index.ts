export { BOOK_NOUNS, BookList, type BookListView, NO_BOOK_MATCHES } from './BookList';
