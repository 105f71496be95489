export { CustomerDashboard } from './CustomerDashboard';
export { UpgradeCard } from './UpgradeCard';
