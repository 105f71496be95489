export { AuthenticatingSkeleton, AuthGuard, type PageFrame } from './AuthGuard';
