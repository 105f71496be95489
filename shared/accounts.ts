import type { Role } from './constants';

/** The roles that run libraries: the client's staff guard (SPEC section 6), and who may create a library. */
export const STAFF_ROLES: Role[] = ['library_admin', 'admin'];

/** The server's answer to a taken email; the registration page recognises it by this text (SPEC section 8). */
export const EMAIL_IN_USE = 'Email already in use';
