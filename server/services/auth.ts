import type { LoginInput, RegisterInput } from '../../shared/schemas';
import { unauthorized } from '../errors';
import { isHttps } from '../http/security';
import type { Context } from '../trpc/context';
import { query } from '../db/sql';
import { hashPassword, verifyPassword } from './passwords';
import { clear, forgive, hit } from './rate-limits';
import { createSession, deleteSession, SESSION_COOKIE } from './sessions';
import { hashToken } from './tokens';
import { findUserBy, insertUser, type UserRow } from './users';

export const LOGIN_FAILED = 'Invalid email or password.';
export const TOKEN_INVALID = 'This sign-in link is invalid or has expired. Please try again.';

type AuthContext = Pick<Context, 'em' | 'config' | 'reply' | 'sessionToken' | 'clientIp'>;

/** Starts a fresh session (a new token every time: login, registration, OAuth, role change). */
export async function startSession(ctx: AuthContext, userId: number) {
  if (ctx.sessionToken) await deleteSession(ctx.em, ctx.sessionToken);
  const token = await createSession(ctx.em, userId, ctx.config);
  ctx.reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: isHttps(ctx.reply.request, ctx.config),
    maxAge: ctx.config.sessionAbsoluteDays * 86_400,
  });
}

export async function logOut(ctx: AuthContext) {
  if (ctx.sessionToken) await deleteSession(ctx.em, ctx.sessionToken);
  ctx.reply.clearCookie(SESSION_COOKIE, { path: '/' });
}

/**
 * Limits count per (address, email) and per address, so an attacker elsewhere cannot lock
 * the real user out, and one address cannot spray many accounts. Each attempt is counted before
 * its password is checked (guesses sent at once are counted too); a sign-in that succeeds clears
 * its account's count and takes its hit back from the address's, so a branch's public computers
 * behind one address can sign in all day.
 */
export async function logIn(ctx: AuthContext, input: LoginInput): Promise<UserRow> {
  const pairKey = `login:${ctx.clientIp}:${input.email}`;
  const addressKey = `login:${ctx.clientIp}`;
  await hit(ctx.em, [
    { key: pairKey, max: 10, windowSeconds: 15 * 60 },
    { key: addressKey, max: 100, windowSeconds: 15 * 60 },
  ]);
  const user = await findUserBy(ctx.em, 'email', input.email);
  const valid = await verifyPassword(user?.password_hash, input.password);
  if (!user || !valid) throw unauthorized(LOGIN_FAILED);
  await clear(ctx.em, pairKey);
  await forgive(ctx.em, addressKey);
  await startSession(ctx, user.id);
  return user;
}

export async function registerWithPassword(ctx: AuthContext, input: RegisterInput): Promise<UserRow> {
  await hit(ctx.em, [{ key: `register:${ctx.clientIp}`, max: 20, windowSeconds: 60 * 60 }]);
  const user = await insertUser(ctx.em, {
    email: input.email,
    displayName: input.displayName,
    passwordHash: await hashPassword(input.password),
    phoneNumber: input.phoneNumber ?? null,
  });
  await startSession(ctx, user.id);
  return user;
}

/** Exchanges a one-time temporary token (issued after OAuth) for a session. */
export async function establishSession(ctx: AuthContext, tempToken: string): Promise<UserRow> {
  await hit(ctx.em, [{ key: `establish:${ctx.clientIp}`, max: 30, windowSeconds: 10 * 60 }]);
  const rows = await query<{ user_id: number }>(
    ctx.em,
    `update temporary_tokens set used_at = now()
      where token_hash = ? and used_at is null and expires_at > now()
      returning user_id`,
    [hashToken(tempToken)],
  );
  if (!rows[0]) throw unauthorized(TOKEN_INVALID);
  const user = await findUserBy(ctx.em, 'id', rows[0].user_id);
  if (!user) throw unauthorized(TOKEN_INVALID);
  await startSession(ctx, user.id);
  return user;
}
