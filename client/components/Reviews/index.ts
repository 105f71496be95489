export { ReviewsButton } from './ReviewsDialog';
export { ReviewsSection } from './ReviewsSection';
