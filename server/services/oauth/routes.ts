import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AUTHENTICATION_FAILED, type OAuthMessage } from '../../../shared/oauth';
import type { ContextDeps } from '../../trpc/context';
import { AppError, badRequest } from '../../errors';
import { sendError } from '../../http/error-response';
import { answerOtherMethods } from '../../http/other-methods';
import { isHttps, requestOrigin } from '../../http/security';
import { hit, LIMITS } from '../rate-limits';
import { newToken } from '../tokens';
import { sendCallbackPage } from './callback-page';
import { OAUTH_CALLBACK_PATH } from './local-provider';
import { registerSignInProvider } from './provider';
import {
  beginAuthorization,
  consumeAuthorization,
  issueTemporaryToken,
  OAUTH_STATE_TTL_SECONDS,
  OAuthFailure,
  SIGN_IN_CANCELLED,
  signInWithIdentity,
} from './sign-in';

/** Ties an OAuth state to the browser that asked for it; only its hash is stored. */
export const BINDING_COOKIE = 'scroll_oauth_binding';
const NOT_CONFIGURED = 'Google sign-in is not configured on this server.';

/**
 * Sign-in with Google in a popup: /_api/auth/oauth_authorize sends the popup to the provider,
 * /_api/auth/oauth_callback finishes there and hands a one-time token to the opener, which
 * exchanges it at /_api/auth/establish_session.
 */
export async function registerGoogleSignIn(app: FastifyInstance, { em, config }: ContextDeps) {
  const callbackUrl = (req: FastifyRequest) => config.oauthCallbackUrl ?? `${requestOrigin(req, config)}${OAUTH_CALLBACK_PATH}`;
  const provider = await registerSignInProvider(app, config, callbackUrl);
  // Opened in the popup, and by the provider's redirect: GET only, as every documented path answers another method.
  for (const path of ['/_api/auth/oauth_authorize', OAUTH_CALLBACK_PATH]) answerOtherMethods(app, path, ['GET']);

  app.get<{ Querystring: { provider?: string } }>('/_api/auth/oauth_authorize', async (req, reply) => {
    const origin = requestOrigin(req, config);
    if (req.query.provider !== 'google') {
      return sendError(reply, badRequest('Unknown sign-in provider.'));
    }
    if (!provider) return sendCallbackPage(reply, origin, failure(new OAuthFailure('provider_unavailable', NOT_CONFIGURED)), 503);
    const db = em.fork();
    try {
      await hit(db, [LIMITS.googleSignInStart(req.ip)]);
    } catch (error) {
      // Only a reached limit is the user's to read; any other failure goes to the error handler, which hides its text.
      if (!(error instanceof AppError && error.kind === 'TOO_MANY_REQUESTS')) throw error;
      return sendCallbackPage(reply, origin, failure(new OAuthFailure('rate_limited', error.message)), 429);
    }
    const binding = req.cookies[BINDING_COOKIE] || newToken();
    const { state, codeChallenge } = await beginAuthorization(db, provider.id, binding);
    reply.setCookie(BINDING_COOKIE, binding, {
      path: '/_api/auth/',
      httpOnly: true,
      // Lax: sent on the provider's top-level redirect back to the callback.
      sameSite: 'lax',
      secure: isHttps(req, config),
      maxAge: OAUTH_STATE_TTL_SECONDS,
    });
    return reply.header('cache-control', 'no-store').redirect(provider.authorizeUrl({ redirectUri: callbackUrl(req), state, codeChallenge }));
  });

  app.get<{ Querystring: { code?: string; state?: string; error?: string } }>(OAUTH_CALLBACK_PATH, async (req, reply) => {
    const origin = requestOrigin(req, config);
    if (!provider) return sendCallbackPage(reply, origin, failure(new OAuthFailure('provider_unavailable', NOT_CONFIGURED)), 503);
    const db = em.fork();
    try {
      const { state, code, error } = { state: single(req.query.state), code: single(req.query.code), error: single(req.query.error) };
      const codeVerifier = await consumeAuthorization(db, provider.id, state, req.cookies[BINDING_COOKIE]);
      if (error) throw new OAuthFailure(error, error === 'access_denied' ? SIGN_IN_CANCELLED : AUTHENTICATION_FAILED);
      if (!code) throw new OAuthFailure('invalid_request', AUTHENTICATION_FAILED);
      const identity = await provider.identify({ code, redirectUri: callbackUrl(req), codeVerifier });
      const userId = await signInWithIdentity(db, provider.id, identity);
      const token = await issueTemporaryToken(db, userId);
      return sendCallbackPage(reply, origin, { type: 'OAUTH_TOKEN_SUCCESS', token });
    } catch (error) {
      // Only the error's own text: HTTP client errors carry request and response data with them.
      if (!(error instanceof OAuthFailure)) req.log.error({ err: { message: (error as Error).message, stack: (error as Error).stack } }, 'OAuth sign-in failed');
      const known = error instanceof OAuthFailure ? error : new OAuthFailure('oauth_failed', AUTHENTICATION_FAILED);
      return sendCallbackPage(reply, origin, failure(known), known.code === 'oauth_failed' ? 502 : 400);
    }
  });
}

/** A query parameter given once; one repeated (an array) counts as missing. */
const single = (value: unknown) => (typeof value === 'string' ? value : undefined);

function failure(error: OAuthFailure): OAuthMessage {
  return { type: 'OAUTH_ERROR', error: { code: error.code, message: error.message, details: error.details } };
}
