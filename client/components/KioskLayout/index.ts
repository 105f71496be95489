export { KioskLayout } from './KioskLayout';
export { KioskNotice } from './KioskNotice';
