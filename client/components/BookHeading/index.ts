export { BookHeading } from './BookHeading';
