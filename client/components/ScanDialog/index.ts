export { ScanDialog, type ScanDialogProps } from './ScanDialog';
