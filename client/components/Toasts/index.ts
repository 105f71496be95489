export { SAID_ON_PAGE, Toasts } from './Toasts';
