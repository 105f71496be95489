export { AccessDenied, AuthenticatingSkeleton, AuthGuard, SHARED_LAYOUT_ROLES, STAFF_ROLES } from './AuthGuard';
