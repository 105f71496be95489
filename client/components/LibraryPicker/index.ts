export { CreateLibraryDialog } from './CreateLibraryDialog';
export { LibrarySelect } from './LibrarySelect';
