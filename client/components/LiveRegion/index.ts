export { LiveRegion } from './LiveRegion';
