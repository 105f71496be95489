export { ErrorAlert } from './ErrorAlert';
export { LiveRegion } from './LiveRegion';
