export { KioskSession } from './KioskSession';
