export { ScanBookFlow } from './ScanBookFlow';
