export { ScanDialog } from './ScanDialog';
