import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AUTHENTICATION_FAILED } from '../../../shared/oauth';
import type { ContextDeps } from '../../trpc/context';
import { AppError, type Kind } from '../../errors';
import { failureAnswer } from '../../http/error-response';
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
const UNKNOWN_PROVIDER = 'Unknown sign-in provider: only Google sign-in is offered.';
/** A sign-in that ended without an explanation the user can act on. */
const UNEXPLAINED = 'oauth_failed';

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
    try {
      if (req.query.provider !== 'google') throw new OAuthFailure('unknown_provider', UNKNOWN_PROVIDER);
      if (!provider) throw new OAuthFailure('provider_unavailable', NOT_CONFIGURED);
      const db = em.fork();
      await hit(db, [LIMITS.googleSignInStart(req.ip)]);
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
    } catch (error) {
      return sendFailurePage(reply, origin, error);
    }
  });

  app.get<{ Querystring: { code?: string; state?: string; error?: string } }>(OAUTH_CALLBACK_PATH, async (req, reply) => {
    const origin = requestOrigin(req, config);
    try {
      if (!provider) throw new OAuthFailure('provider_unavailable', NOT_CONFIGURED);
      const db = em.fork();
      const { state, code, error } = { state: single(req.query.state), code: single(req.query.code), error: single(req.query.error) };
      const codeVerifier = await consumeAuthorization(db, provider.id, state, req.cookies[BINDING_COOKIE]);
      if (error) throw new OAuthFailure(error, error === 'access_denied' ? SIGN_IN_CANCELLED : AUTHENTICATION_FAILED);
      if (!code) throw new OAuthFailure('invalid_request', AUTHENTICATION_FAILED);
      const identity = await provider.identify({ code, redirectUri: callbackUrl(req), codeVerifier }).catch((failure: unknown) => {
        // As far as the user can tell, the provider's failure. Only the error's own text: HTTP client errors carry
        // request and response data with them.
        req.log.error({ err: { message: (failure as Error).message, stack: (failure as Error).stack } }, 'OAuth sign-in failed at the provider');
        throw new OAuthFailure(UNEXPLAINED, AUTHENTICATION_FAILED);
      });
      const userId = await signInWithIdentity(db, provider.id, identity);
      const token = await issueTemporaryToken(db, userId);
      return sendCallbackPage(reply, origin, { type: 'OAUTH_TOKEN_SUCCESS', token });
    } catch (error) {
      // A fault of ours (the database down, a bug) is said as on any route, not as the provider's.
      return sendFailurePage(reply, origin, error);
    }
  });
}

/** A query parameter given once; one repeated (an array) counts as missing. */
const single = (value: unknown) => (typeof value === 'string' ? value : undefined);

/** Sign-in failures that are not the request's own (400), by the kind that gives their status. */
const FAILURE_KINDS = new Map<string, Kind>([
  ['provider_unavailable', 'SERVICE_UNAVAILABLE'],
  // As far as the user can tell, the provider's failure.
  [UNEXPLAINED, 'BAD_GATEWAY'],
]);

/**
 * Every failure of the popup answers with a page posting OAUTH_ERROR to the opener, with the status and text
 * the failure has on any route (http/error-response.ts): a sign-in refused in its own words, a reached limit
 * in the limit's (with Retry-After), a fault of ours in none (logged there).
 */
function sendFailurePage(reply: FastifyReply, origin: string, error: unknown) {
  const refused = error instanceof OAuthFailure ? error : undefined;
  const { status, body } = failureAnswer(reply, refused ? new AppError(FAILURE_KINDS.get(refused.code) ?? 'BAD_REQUEST', refused.message) : error);
  const code = refused?.code ?? (body.code === 'TOO_MANY_REQUESTS' ? 'rate_limited' : UNEXPLAINED);
  return sendCallbackPage(reply, origin, { type: 'OAUTH_ERROR', error: { code, message: body.message, details: refused?.details ?? {} } }, status);
}
