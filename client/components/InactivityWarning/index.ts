export { InactivityWarning } from './InactivityWarning';
