export { LibraryAdminDashboard } from './LibraryAdminDashboard';
