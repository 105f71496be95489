export { SessionCheckAlert } from './SessionCheckAlert';
