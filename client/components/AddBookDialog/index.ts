export { AddBookButton } from './AddBookButton';
export { AddBookDialog } from './AddBookDialog';
