import { existsSync, statSync } from 'node:fs';
import { isIP } from 'node:net';

/**
 * Every setting an operator sets, in one place (documented in .env.example). Beside them, serve.ts reads
 * CLIENT_DIR (the built client's folder, set only by the dev server and the browser tests), and workers.ts
 * what the primary process hands its workers.
 */
export interface Config {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  /** The origin the app is served from; cookie-authenticated POSTs must come from it. */
  publicOrigin: string | undefined;
  secureCookies: boolean;
  /** Read the client address and scheme from X-Forwarded-* headers: only behind a proxy that sets them. */
  trustProxy: boolean;
  sessionIdleDays: number;
  sessionAbsoluteDays: number;
  /** Password registrations one client address may make an hour (a branch's public computers share one). */
  registrationsPerAddressPerHour: number;
  /** Libraries one library admin may create a day (any customer may make themselves one); admins are not counted. */
  librariesPerAdminPerDay: number;
  logLevel: string;
  /** Write each log line at once instead of in batches (to watch a log live, line by line). */
  logUnbuffered: boolean;
  seedDemoData: boolean;
  openLibraryBaseUrl: string;
  googleBooksBaseUrl: string;
  lookupTimeoutMs: number;
  /** Google sign-in; when unset, the local OpenID provider stands in (if enabled). */
  googleClientId: string | undefined;
  googleClientSecret: string | undefined;
  /** Where the provider sends the popup back; default {origin}/_api/auth/oauth_callback. */
  oauthCallbackUrl: string | undefined;
  /**
   * The local OpenID provider on 127.0.0.1: on in development, and in production on the embedded database when the
   * app is served on loopback only (a demo on this machine: no proxy, no other public origin); else only with LOCAL_OIDC=true.
   */
  localOidc: boolean;
  localOidcPort: number;
  /** Worker processes (node:cluster), WEB_CONCURRENCY. */
  workers: number;
  /** How long a stop waits for the requests in flight before it closes their connections (SHUTDOWN_GRACE_MS). */
  shutdownGraceMs: number;
  /** What the settings turn off without being wrong, one line each, printed at start. */
  notices: string[];
}

/** Settings from a .env file in the working directory (see .env.example); the environment's own win. */
export function loadEnvFile(path = '.env') {
  if (!existsSync(path)) return;
  // A folder, or a file this user may not read: said in a line, as a malformed setting is.
  if (!statSync(path).isFile()) throw new ConfigError(`${path} is not a file: the settings file must be one (see .env.example).`);
  try {
    process.loadEnvFile(path);
  } catch (error) {
    throw new ConfigError(`${path} cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}).`);
  }
}

/** A setting that cannot be used as given; the message names each one and what it should be. */
export class ConfigError extends Error {}

/** Days a session lasts unused, unless SESSION_IDLE_DAYS says otherwise. */
export const DEFAULT_SESSION_IDLE_DAYS = 14;

/**
 * A request at work is answered within REQUEST_STATEMENT_TIMEOUT_MS (db/orm.ts, 10 s) of its last statement's start,
 * after waiting at most 3 s for a pooled connection: one still unanswered 15 s after a shutdown signal is waiting on its
 * client (a body never sent whole, an answer never read), and would hold the stop, and the embedded PostgreSQL's, for ever.
 */
export const DEFAULT_SHUTDOWN_GRACE_MS = 15_000;

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

/** production (npm start, the image), development (npm run dev), test (vitest); another, a typo most likely, would turn development's defaults on. */
const NODE_ENVS = ['production', 'development', 'test'];

/** A DNS name: labels of letters, digits and inner hyphens, joined by dots. */
const HOSTNAME = /^(?=.{1,253}\.?$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*\.?$/i;

/** Why DATABASE_URL cannot name a PostgreSQL database, or null. Never echoes it: it may hold a password. */
function databaseUrlProblem(value: string) {
  if (!URL.canParse(value)) return 'it is not a URL';
  const url = new URL(value);
  if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:') return `its scheme is ${url.protocol.slice(0, -1)}`;
  if (url.pathname.replace(/^\//, '') === '') return 'it names no database';
  return null;
}

/**
 * Reads the settings, refusing any that is malformed (all of them named at once) rather than quietly
 * using a default: a PUBLIC_ORIGIN with a path, say, would make every sign-in answer 'Cross-site
 * requests are not allowed.' with no hint why.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const problems: string[] = [];
  const given = (name: string) => (env[name] === undefined || env[name] === '' ? undefined : env[name]!.trim());
  const flag = (name: string, fallback: boolean) => {
    const value = given(name);
    if (value === undefined) return fallback;
    if (/^(1|true|yes|on)$/i.test(value)) return true;
    if (/^(0|false|no|off)$/i.test(value)) return false;
    problems.push(`${name} must be true or false (it is "${value}").`);
    return fallback;
  };
  const int = (name: string, fallback: number, min: number, max: number) => {
    const value = given(name);
    if (value === undefined) return fallback;
    if (/^\d+$/.test(value) && Number(value) >= min && Number(value) <= max) return Number(value);
    problems.push(`${name} must be a whole number from ${min} to ${max} (it is "${value}").`);
    return fallback;
  };
  const webUrl = (name: string, fallback?: string) => {
    const value = given(name);
    if (value === undefined) return fallback;
    const url = URL.canParse(value) ? new URL(value) : null;
    if (url && (url.protocol === 'http:' || url.protocol === 'https:')) return value.replace(/\/+$/, '');
    problems.push(`${name} must be an http or https address (it is "${value}").`);
    return fallback;
  };
  const origin = () => {
    const value = webUrl('PUBLIC_ORIGIN');
    if (value === undefined) return undefined;
    const url = new URL(value);
    if (url.pathname === '/' && !url.search && !url.hash) return url.origin;
    problems.push(`PUBLIC_ORIGIN must be scheme://host[:port] with no path, as a browser names its origin (it is "${value}").`);
    return undefined;
  };

  const isLoopback = (name: string) => name === 'localhost' || name === '::1' || (isIP(name) === 4 && name.startsWith('127.'));
  const databaseUrl = given('DATABASE_URL');
  const databaseProblem = databaseUrl === undefined ? null : databaseUrlProblem(databaseUrl);
  if (databaseProblem) problems.push(`DATABASE_URL must be postgres://user:password@host:5432/database (${databaseProblem}).`);
  const host = given('HOST') ?? '127.0.0.1';
  if (!isIP(host) && !HOSTNAME.test(host)) problems.push(`HOST must be a hostname or an IP address, such as 127.0.0.1 or 0.0.0.0 (it is "${host}").`);
  const publicOrigin = origin();
  const nodeEnv = given('NODE_ENV');
  if (nodeEnv !== undefined && !NODE_ENVS.includes(nodeEnv)) problems.push(`NODE_ENV must be one of ${NODE_ENVS.join(', ')} (it is "${nodeEnv}").`);
  const logLevel = given('LOG_LEVEL') ?? 'info';
  if (!LOG_LEVELS.includes(logLevel)) problems.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')} (it is "${logLevel}").`);
  const googleClientId = given('GOOGLE_CLIENT_ID');
  const googleClientSecret = given('GOOGLE_CLIENT_SECRET');
  const trustProxy = flag('TRUST_PROXY', false);
  // A demo on this machine: the embedded database, listened for on loopback and named by no other address. A
  // reverse proxy on this machine (HOST=127.0.0.1) serves it to others, and then names its public origin or is trusted.
  const demoOnThisMachine =
    !databaseUrl && isLoopback(host) && !trustProxy && (publicOrigin === undefined || isLoopback(new URL(publicOrigin).hostname.replace(/^\[(.*)\]$/, '$1')));
  if (!googleClientId !== !googleClientSecret) problems.push('GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET go together: set both, or neither.');

  const config: Config = {
    port: int('PORT', 3000, 0, 65_535),
    host,
    databaseUrl,
    dataDir: given('DATA_DIR') ?? '.data',
    publicOrigin,
    secureCookies: flag('SECURE_COOKIES', publicOrigin?.startsWith('https://') ?? false),
    trustProxy,
    sessionIdleDays: int('SESSION_IDLE_DAYS', DEFAULT_SESSION_IDLE_DAYS, 1, 3650),
    sessionAbsoluteDays: int('SESSION_ABSOLUTE_DAYS', 60, 1, 3650),
    registrationsPerAddressPerHour: int('REGISTRATIONS_PER_ADDRESS_PER_HOUR', 20, 1, 100_000),
    librariesPerAdminPerDay: int('LIBRARIES_PER_ADMIN_PER_DAY', 10, 1, 100_000),
    logLevel,
    logUnbuffered: flag('LOG_UNBUFFERED', false),
    // Demo accounts have published passwords (a platform admin among them): only a demo on this machine gets
    // them unless asked; not the image run on its own (HOST=0.0.0.0), nor a site behind a proxy.
    seedDemoData: flag('SEED_DEMO_DATA', demoOnThisMachine),
    openLibraryBaseUrl: webUrl('OPEN_LIBRARY_BASE_URL', 'https://openlibrary.org')!,
    googleBooksBaseUrl: webUrl('GOOGLE_BOOKS_BASE_URL', 'https://www.googleapis.com')!,
    lookupTimeoutMs: int('LOOKUP_TIMEOUT_MS', 2500, 1, 60_000),
    googleClientId,
    googleClientSecret,
    oauthCallbackUrl: webUrl('OAUTH_CALLBACK_URL'),
    // It lets whoever reaches it sign in as any account without a password, and only a browser on this machine
    // reaches it: an app others reach (HOST=0.0.0.0, as in the image) does not offer it unless asked.
    localOidc: flag('LOCAL_OIDC', nodeEnv !== 'production' || demoOnThisMachine),
    localOidcPort: int('LOCAL_OIDC_PORT', 0, 0, 65_535),
    workers: int('WEB_CONCURRENCY', 1, 1, 64),
    shutdownGraceMs: int('SHUTDOWN_GRACE_MS', DEFAULT_SHUTDOWN_GRACE_MS, 0, 600_000),
    notices: [],
  };
  // The local provider keeps its sign-ins in its process's memory, and the callback that redeems one
  // may reach another worker: it serves one process only.
  if (config.localOidc && config.workers > 1 && !googleClientId) {
    config.localOidc = false;
    if (given('LOCAL_OIDC')) problems.push(`LOCAL_OIDC=true needs WEB_CONCURRENCY=1: the local OpenID provider serves one process (WEB_CONCURRENCY is ${config.workers}).`);
    else config.notices.push(`Sign-in with Google is off: the local OpenID provider that stands in for it serves one process, not ${config.workers} (WEB_CONCURRENCY); set GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET, or WEB_CONCURRENCY=1.`);
  }
  if (config.localOidc && config.localOidcPort !== 0 && config.localOidcPort === config.port) {
    problems.push(`LOCAL_OIDC_PORT must differ from PORT: the local OpenID provider listens on a port of its own (both are ${config.port}).`);
  }
  if (problems.length) throw new ConfigError(problems.join('\n'));
  return config;
}
