export { DetailToast } from './DetailToast';
