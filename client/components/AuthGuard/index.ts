export { AccessDenied, AuthenticatingSkeleton, AuthGuard, type PageFrame, SHARED_LAYOUT_ROLES } from './AuthGuard';
