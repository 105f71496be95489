export { KioskPhoneScreen } from './KioskPhoneScreen';
