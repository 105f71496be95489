/** Every setting the server reads, in one place (documented in .env.example). */
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
  /** The local OpenID provider on 127.0.0.1: on in development and on the embedded database, else LOCAL_OIDC=true. */
  localOidc: boolean;
  localOidcPort: number;
}

const bool = (v: string | undefined, fallback: boolean) => (v === undefined || v === '' ? fallback : /^(1|true|yes|on)$/i.test(v));
const num = (v: string | undefined, fallback: number) => (v === undefined || v === '' || Number.isNaN(Number(v)) ? fallback : Number(v));

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const publicOrigin = env.PUBLIC_ORIGIN || undefined;
  return {
    port: num(env.PORT, 3000),
    host: env.HOST || '127.0.0.1',
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: env.DATA_DIR || '.data',
    publicOrigin,
    secureCookies: bool(env.SECURE_COOKIES, publicOrigin?.startsWith('https://') ?? false),
    trustProxy: bool(env.TRUST_PROXY, false),
    sessionIdleDays: num(env.SESSION_IDLE_DAYS, 14),
    sessionAbsoluteDays: num(env.SESSION_ABSOLUTE_DAYS, 60),
    logLevel: env.LOG_LEVEL || 'info',
    logUnbuffered: bool(env.LOG_UNBUFFERED, false),
    seedDemoData: bool(env.SEED_DEMO_DATA, true),
    openLibraryBaseUrl: env.OPEN_LIBRARY_BASE_URL || 'https://openlibrary.org',
    googleBooksBaseUrl: env.GOOGLE_BOOKS_BASE_URL || 'https://www.googleapis.com',
    lookupTimeoutMs: num(env.LOOKUP_TIMEOUT_MS, 2500),
    googleClientId: env.GOOGLE_CLIENT_ID || undefined,
    googleClientSecret: env.GOOGLE_CLIENT_SECRET || undefined,
    oauthCallbackUrl: env.OAUTH_CALLBACK_URL || undefined,
    localOidc: bool(env.LOCAL_OIDC, env.NODE_ENV !== 'production' || !env.DATABASE_URL),
    localOidcPort: num(env.LOCAL_OIDC_PORT, 0),
  };
}
