export { AccessDenied, AuthenticatingSkeleton, AuthGuard, SHARED_LAYOUT_ROLES } from './AuthGuard';
