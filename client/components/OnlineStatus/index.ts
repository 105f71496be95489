export { OnlineStatus } from './OnlineStatus';
