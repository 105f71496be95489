import type { Context } from '../trpc/context';
import { createSession, deleteSession, SESSION_COOKIE } from '../services/sessions';
import { toUser, type UserRow } from '../services/users';
import { isHttps } from './security';

type SessionContext = Pick<Context, 'em' | 'config' | 'reply' | 'sessionToken'>;

/**
 * Signs the user in on this browser with a fresh session: a new token every time (login, registration,
 * OAuth, role change), so a token planted before is never adopted; the one it replaces ends.
 */
async function startSession(ctx: SessionContext, userId: number) {
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

/** A sign-in's answer (login, registration, OAuth, role change): the user, signed in on this browser with a new session. */
export async function signedIn(ctx: SessionContext, user: UserRow) {
  await startSession(ctx, user.id);
  return { user: toUser(user) };
}

/** Ends this browser's session, on the server and in its cookie. */
export async function endSession(ctx: SessionContext) {
  if (ctx.sessionToken) await deleteSession(ctx.em, ctx.sessionToken);
  ctx.reply.clearCookie(SESSION_COOKIE, { path: '/' });
}
