export { STAFF_ROLES } from '../../../shared/accounts';
export { AccessDenied, AuthenticatingSkeleton, AuthGuard, SHARED_LAYOUT_ROLES } from './AuthGuard';
