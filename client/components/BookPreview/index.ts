export { BookPreview } from './BookPreview';
export { CoverPreview } from './CoverPreview';
