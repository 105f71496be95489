import { hash, randomBytes } from 'node:crypto';

/** A random token for a cookie or a one-time link; only its hash is stored. */
export const newToken = () => randomBytes(32).toString('base64url');
/** A token's SHA-256 in hex; the one-shot `hash` costs half of createHash's object, update and digest. */
export const hashToken = (token: string) => hash('sha256', token);
