export { ReturnButton } from './ReturnButton';
