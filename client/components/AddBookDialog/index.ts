export { AddBookButton } from './AddBookButton';
export { AddBookDialog, type AddBookDialogProps } from './AddBookDialog';
