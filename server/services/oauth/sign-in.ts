import { createHash } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { ACCOUNT_LINKING_REQUIRED_CODE, AUTHENTICATION_FAILED } from '../../../shared/oauth';
import { asName } from '../../../shared/schemas/common';
import { query } from '../../db/sql';
import { isUniqueViolation } from '../../errors';
import { hashToken, newToken } from '../tokens';
import { insertUser } from '../users';

/** Between authorize and callback: long enough to sign in at the provider, short enough to go stale. */
export const OAUTH_STATE_TTL_SECONDS = 10 * 60;
/** The popup hands the token to the opener at once; it only has to survive that hop. */
const TEMPORARY_TOKEN_TTL_SECONDS = 2 * 60;

const STATE_INVALID = 'This sign-in attempt has expired or was started in another window. Please try again.';
const ACCOUNT_LINKING_REQUIRED =
  'An account with this email already exists. Please sign in with your email and password instead.';
const LINKED_TO_ANOTHER_IDENTITY = 'An account with this email already signs in with a different Google account.';
const EMAIL_UNVERIFIED = 'Your Google account email address is not verified.';
export const SIGN_IN_CANCELLED = 'Sign-in was cancelled.';

/** A sign-in failure shown to the opener as OAUTH_ERROR {code, message, details}. */
export class OAuthFailure extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

/** What the provider says about the person, from its verified ID token. */
export interface Identity {
  subject: string;
  email: string;
  emailVerified: boolean;
  name?: string;
  picture?: string;
}

const pkceChallenge = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

/**
 * Starts a sign-in: a random state and PKCE verifier, stored (state hashed) with the hash of
 * the browser's binding cookie, so only the browser that started it can finish it.
 */
export async function beginAuthorization(em: EntityManager, provider: string, browserBinding: string) {
  const state = newToken();
  const codeVerifier = newToken();
  await query(em, `delete from oauth_states where expires_at < now()`);
  await query(
    em,
    `insert into oauth_states (state_hash, browser_binding_hash, code_verifier, provider, expires_at)
     values (?, ?, ?, ?, now() + make_interval(secs => ?))`,
    [hashToken(state), hashToken(browserBinding), codeVerifier, provider, OAUTH_STATE_TTL_SECONDS],
  );
  return { state, codeChallenge: pkceChallenge(codeVerifier) };
}

/**
 * Takes the state back, once: it is deleted whether or not it matches, so a state is never
 * replayed. Returns the PKCE verifier when the state is known, fresh, for this provider and
 * this browser.
 */
export async function consumeAuthorization(em: EntityManager, provider: string, state: string | undefined, browserBinding: string | undefined) {
  if (!state) throw new OAuthFailure('invalid_state', STATE_INVALID);
  const [row] = await query<{ code_verifier: string; browser_binding_hash: string; provider: string; fresh: boolean }>(
    em,
    `delete from oauth_states where state_hash = ? returning code_verifier, browser_binding_hash, provider, expires_at > now() as fresh`,
    [hashToken(state)],
  );
  if (!row || !row.fresh || row.provider !== provider || !browserBinding || row.browser_binding_hash !== hashToken(browserBinding)) {
    throw new OAuthFailure('invalid_state', STATE_INVALID);
  }
  return row.code_verifier;
}

/**
 * The provider's name as a display name: read as a name, as long as a display name may be (100 UTF-16 units),
 * and never cut inside a character, nor holding half of one (the driver would write either as U+FFFD).
 */
export function displayNameOf(name: string) {
  const cut = asName(name.toWellFormed()).slice(0, 100);
  return cut.isWellFormed() ? cut : cut.slice(0, -1);
}

/**
 * Finds or creates the user for a provider identity. A linked identity signs its user in;
 * otherwise a verified email joins an account that has neither a password nor a linked identity
 * (a kiosk customer), is refused for any other account (its owner has to sign in the way they
 * do), or makes a new customer with the profile's name and picture.
 */
export async function signInWithIdentity(em: EntityManager, provider: string, identity: Identity): Promise<number> {
  return em.transactional(async (tx) => {
    const [linked] = await query<{ user_id: number }>(tx, `select user_id from oauth_accounts where provider = ? and provider_user_id = ?`, [
      provider,
      identity.subject,
    ]);
    if (linked) return linked.user_id;
    if (!identity.emailVerified) throw new OAuthFailure('email_not_verified', EMAIL_UNVERIFIED);

    const email = identity.email.trim().toLowerCase();
    const [existing] = await query<{ id: number; has_password: boolean; has_identity: boolean }>(
      tx,
      `select id, password_hash is not null as has_password, exists (select 1 from oauth_accounts o where o.user_id = u.id) as has_identity
         from users u where email = ? for update`,
      [email],
    );
    if (existing?.has_password) throw new OAuthFailure(ACCOUNT_LINKING_REQUIRED_CODE, ACCOUNT_LINKING_REQUIRED, { email });
    // Emails are not verified when a profile changes one, so an account that already signs in with
    // an identity is never joined by its email: its owner could have set that email to someone else's.
    if (existing?.has_identity) throw new OAuthFailure(ACCOUNT_LINKING_REQUIRED_CODE, LINKED_TO_ANOTHER_IDENTITY, { email });
    const userId =
      existing?.id ??
      (await insertUser(tx, { email, displayName: displayNameOf(identity.name ?? '') || email.split('@')[0], avatarUrl: identity.picture ?? null })).id;
    try {
      await query(tx, `insert into oauth_accounts (provider, provider_user_id, user_id) values (?, ?, ?)`, [provider, identity.subject, userId]);
    } catch (error) {
      // A concurrent sign-in of the same identity linked it first; trying again finds that link.
      if (isUniqueViolation(error, 'oauth_accounts_provider_subject_unique')) throw new OAuthFailure('oauth_failed', AUTHENTICATION_FAILED);
      throw error;
    }
    return userId;
  });
}

/** A one-time token for establish_session; only its hash is stored. */
export async function issueTemporaryToken(em: EntityManager, userId: number) {
  const token = newToken();
  await query(em, `delete from temporary_tokens where expires_at < now()`);
  await query(em, `insert into temporary_tokens (token_hash, user_id, expires_at) values (?, ?, now() + make_interval(secs => ?))`, [
    hashToken(token),
    userId,
    TEMPORARY_TOKEN_TTL_SECONDS,
  ]);
  return token;
}
