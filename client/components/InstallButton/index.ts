export { InstallButton } from './InstallButton';
