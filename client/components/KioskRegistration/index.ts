export { KioskRegistration } from './KioskRegistration';
