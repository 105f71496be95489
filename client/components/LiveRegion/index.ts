export { AlertRegion } from './AlertRegion';
export { LiveRegion } from './LiveRegion';
