export { BookPreview } from './BookPreview';
