export { type KioskCustomer, KioskCustomerScreen } from './KioskCustomerScreen';
