import type { Role } from './constants';

/** The roles that run libraries: the client's staff guard (SPEC section 6), and who may create a library. */
export const STAFF_ROLES: Role[] = ['library_admin', 'admin'];

/** The server's answer to a taken email; the registration page recognises it by this text (SPEC section 8). */
export const EMAIL_IN_USE = 'Email already in use';

/**
 * The server's refusal of a library's staff call to anyone not on its staff (or no longer: removed meanwhile).
 * A tab that meets it reads its libraries again (client/lib/session-sync.ts), so the library leaves its picker.
 */
export const NOT_LIBRARY_STAFF = 'You are not a staff member of this library.';
