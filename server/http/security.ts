import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { type AppError, forbidden, notJson } from '../errors';
import { sendError } from './error-response';

const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  // Mantine writes CSS variables into style attributes.
  "style-src 'self' 'unsafe-inline'",
  // Covers come from any https host the catalogue names (Open Library, Google Books, publishers).
  "img-src 'self' data: blob: https:",
  "media-src 'self' blob: mediastream:",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "manifest-src 'self'",
  "font-src 'self' data:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** Whether the browser reached us over HTTPS: configured so, or said so by a trusted proxy. */
export const isHttps = (req: FastifyRequest, config: Config) => config.secureCookies || req.protocol === 'https';

export function requestOrigin(req: FastifyRequest, config: Config) {
  return config.publicOrigin ?? `${req.protocol}://${req.host}`;
}

/**
 * Cookie-authenticated writes must be JSON from our own origin: a cross-site form or
 * fetch cannot send JSON without a preflight, and browsers always name their Origin.
 * Every write to a route is checked, whatever its path: the router decodes a path before matching it, so
 * a test of the raw URL (`/_api`, `/trpc`) would let `/%5Fapi/...` through. A write no route takes reaches
 * nothing: an unknown path is the not-found handler's 404, a documented path asked with a method it does
 * not take the REST facade's 405 (a route marked `wrongMethod`, which does nothing but say so).
 */
function refuseCrossSiteWrite(req: FastifyRequest, config: Config): AppError | null {
  if (req.method !== 'POST' && req.method !== 'PUT' && req.method !== 'PATCH' && req.method !== 'DELETE') return null;
  if (req.is404 || (req.routeOptions.config as { wrongMethod?: boolean } | undefined)?.wrongMethod) return null;
  const contentType = String(req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
  if (contentType !== 'application/json') return notJson();
  const origin = req.headers.origin;
  const crossSite = (origin && origin !== requestOrigin(req, config)) || req.headers['sec-fetch-site'] === 'cross-site';
  return crossSite ? forbidden('Cross-site requests are not allowed.') : null;
}

/** The headers every page carries; a route may replace the CSP with its own (the OAuth callback page). */
const PAGE_HEADERS = {
  'content-security-policy': CSP,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'DENY',
  'permissions-policy': 'camera=(self), microphone=(), geolocation=()',
};

/**
 * The headers of a data call's answer (OWASP's set for REST answers): JSON read by the app's scripts is
 * never rendered as a page, so its CSP lets nothing load and nothing frame it. A page's referrer and
 * permissions policies mean nothing here, and the answer, which can hold personal data, is never stored.
 */
const DATA_HEADERS = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'cache-control': 'no-store',
};

/**
 * Data calls: /_api and /trpc, and the health checks. The OAuth routes under /_api answer with a page
 * or a redirect to the provider, which a page's headers govern (its referrer policy holds across the
 * redirect).
 */
const DATA_CALL = /^\/(?:_api\/(?!auth\/oauth_)|trpc\/|healthz|readyz)/;

/**
 * A request's path as the router matches it: percent-decoded, so `/%5Fapi/auth/session` is the session
 * call. (null: not decodable, which no route matches.)
 */
export function routerPath(url: string): string | null {
  const path = url.split('?', 1)[0]!;
  if (!path.includes('%')) return path;
  try {
    return decodeURIComponent(path);
  } catch {
    return null;
  }
}

/**
 * Whether a request reaches a data call, by the path the router matches: decoded when it has escapes, so
 * `/%5Fapi/auth/session` is one and `/_api/auth/oauth%5Fauthorize` (the sign-in popup's start) is not.
 */
const isDataCall = (url: string) => DATA_CALL.test(url.includes('%') ? (routerPath(url) ?? '') : url);

/**
 * The headers every answer carries: the request's id (on every log line of the request too, so a user's
 * report can be matched to them) and the security headers of a data call or a page.
 */
export function setAnswerHeaders(req: FastifyRequest, reply: FastifyReply, config: Config) {
  reply.header('x-request-id', req.id);
  reply.headers(isDataCall(req.url) ? DATA_HEADERS : PAGE_HEADERS);
  if (isHttps(req, config)) reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
}

export function registerSecurity(app: FastifyInstance, config: Config) {
  // Set when the request arrives, so they hold for every answer, refusals and errors included (those
  // refused before any route set them in buildApp's frameworkErrors). A callback hook: an async one
  // costs each request a promise and a turn of the microtask queue.
  app.addHook('onRequest', (req, reply, done) => {
    setAnswerHeaders(req, reply, config);
    const refusal = refuseCrossSiteWrite(req, config);
    if (refusal) sendError(reply, refusal);
    else done();
  });
}
