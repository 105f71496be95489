import type { EntityManager } from '@mikro-orm/postgresql';
import type { LoginInput, RegisterInput } from '../../shared/schemas';
import { unauthorized } from '../errors';
import { query } from '../db/sql';
import { hashPassword, verifyPassword } from './passwords';
import { clear, forgive, hit, LIMITS } from './rate-limits';
import { hashToken } from './tokens';
import { findUserBy, insertUser, type UserRow } from './users';

export const LOGIN_FAILED = 'Invalid email or password.';
export const TOKEN_INVALID = 'This sign-in link is invalid or has expired. Please try again.';

/**
 * Limited per address and account, and per address (LIMITS). Each attempt is counted before
 * its password is checked (guesses sent at once are counted too); a sign-in that succeeds clears
 * its account's count and takes its hit back from the address's, so a branch's public computers
 * behind one address can sign in all day. Answers the user; the caller starts the session
 * (http/session-cookie.ts), as after a registration and an OAuth sign-in.
 */
export async function logIn(em: EntityManager, clientIp: string, input: LoginInput): Promise<UserRow> {
  const perAccount = LIMITS.loginPerAccount(clientIp, input.email);
  const perAddress = LIMITS.loginPerAddress(clientIp);
  await hit(em, [perAccount, perAddress]);
  const user = await findUserBy(em, 'email', input.email);
  const valid = await verifyPassword(user?.password_hash, input.password);
  if (!user || !valid) throw unauthorized(LOGIN_FAILED);
  await clear(em, perAccount.key);
  await forgive(em, perAddress.key);
  return user;
}

export async function registerWithPassword(em: EntityManager, clientIp: string, input: RegisterInput, perHour: number): Promise<UserRow> {
  await hit(em, [LIMITS.registration(clientIp, perHour)]);
  return insertUser(em, {
    email: input.email,
    displayName: input.displayName,
    passwordHash: await hashPassword(input.password),
    phoneNumber: input.phoneNumber ?? null,
  });
}

/** Redeems a one-time temporary token (issued after OAuth): the user it was issued for, once. */
export async function redeemTemporaryToken(em: EntityManager, clientIp: string, tempToken: string): Promise<UserRow> {
  await hit(em, [LIMITS.signInLinkRedemption(clientIp)]);
  const rows = await query<{ user_id: number }>(
    em,
    `update temporary_tokens set used_at = now()
      where token_hash = ? and used_at is null and expires_at > now()
      returning user_id`,
    [hashToken(tempToken)],
  );
  if (!rows[0]) throw unauthorized(TOKEN_INVALID);
  const user = await findUserBy(em, 'id', rows[0].user_id);
  if (!user) throw unauthorized(TOKEN_INVALID);
  return user;
}
