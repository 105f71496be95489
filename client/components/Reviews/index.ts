export { ReviewsButton } from './ReviewsDialog';
