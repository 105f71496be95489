export { StaffInvitations } from './StaffInvitations';
