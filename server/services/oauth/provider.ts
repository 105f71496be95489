import fastifyOauth2 from '@fastify/oauth2';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import type { Config } from '../../config';
import { LOCAL_CLIENT_ID, startLocalProvider } from './local-provider';
import type { Identity } from './sign-in';

/** The OpenID endpoints the sign-in uses (a subset of a discovery document). */
interface ProviderMetadata {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  jwks_uri: string;
}

/** A port the local provider cannot listen on (taken, or privileged) names the setting to change. */
const nameTakenPort = (port: number) => (error: unknown) => {
  const code = (error as NodeJS.ErrnoException).code;
  if (code !== 'EADDRINUSE' && code !== 'EACCES') throw error;
  throw new Error(`LOCAL_OIDC_PORT=${port}: ${(error as Error).message}`, { cause: error });
};

/** Google's discovery document, fixed here so start-up needs no network. */
const GOOGLE_METADATA: ProviderMetadata = {
  issuer: 'https://accounts.google.com',
  authorization_endpoint: 'https://accounts.google.com/o/oauth2/v2/auth',
  token_endpoint: 'https://oauth2.googleapis.com/token',
  jwks_uri: 'https://www.googleapis.com/oauth2/v3/certs',
};

/** simple-oauth2's AuthorizationCode, which @fastify/oauth2 exposes as `.oauth2`. */
interface AuthorizationCodeClient {
  authorizeURL(params: Record<string, string>): string;
  getToken(params: Record<string, string>): Promise<{ token: { id_token?: unknown } }>;
}

interface SignInProvider {
  /** Stored with states and linked identities: 'google', or 'local' for the local stand-in. */
  id: string;
  authorizeUrl(params: { redirectUri: string; state: string; codeChallenge: string }): string;
  /** Exchanges the code (with the PKCE verifier) and verifies the ID token. */
  identify(params: { code: string; redirectUri: string; codeVerifier: string }): Promise<Identity>;
}

/**
 * The 'google' sign-in provider: Google when GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are set,
 * else the local OpenID provider when enabled (started here, closed with the app), else none.
 */
export async function registerSignInProvider(
  app: FastifyInstance,
  config: Config,
  callbackUrl: (req: FastifyRequest) => string,
): Promise<SignInProvider | null> {
  let id: string;
  let metadata: ProviderMetadata;
  let client: { id: string; secret: string };
  if (config.googleClientId && config.googleClientSecret) {
    id = 'google';
    metadata = GOOGLE_METADATA;
    client = { id: config.googleClientId, secret: config.googleClientSecret };
  } else if (config.localOidc) {
    const local = await startLocalProvider(config.localOidcPort).catch(nameTakenPort(config.localOidcPort));
    app.addHook('onClose', () => local.close());
    id = 'local';
    metadata = await discover(local.issuer);
    client = { id: LOCAL_CLIENT_ID, secret: local.clientSecret };
    app.log.info({ issuer: local.issuer }, 'Google sign-in uses the local OpenID provider');
  } else {
    return null;
  }

  const authorization = new URL(metadata.authorization_endpoint);
  const token = new URL(metadata.token_endpoint);
  await app.register(fastifyOauth2, {
    name: 'googleSignIn',
    scope: ['openid', 'email', 'profile'],
    credentials: {
      client,
      auth: { authorizeHost: authorization.origin, authorizePath: authorization.pathname, tokenHost: token.origin, tokenPath: token.pathname },
    },
    callbackUri: callbackUrl,
    pkce: 'S256',
  });
  // Only its simple-oauth2 client is used: the state, its browser binding and the PKCE verifier
  // are kept in PostgreSQL (sign-in.ts), not in the plugin's cookies.
  const oauth2 = (app.oauth2GoogleSignIn as unknown as { oauth2: AuthorizationCodeClient }).oauth2;
  const keys = createRemoteJWKSet(new URL(metadata.jwks_uri));
  // Google names itself both ways in ID tokens.
  const issuers = id === 'google' ? [metadata.issuer, 'accounts.google.com'] : [metadata.issuer];

  return {
    id,
    authorizeUrl: ({ redirectUri, state, codeChallenge }) =>
      oauth2.authorizeURL({
        redirect_uri: redirectUri,
        scope: 'openid email profile',
        state,
        code_challenge: codeChallenge,
        code_challenge_method: 'S256',
        // Let the person pick an account every time rather than being signed in silently.
        prompt: id === 'google' ? 'select_account' : 'login',
      }),
    async identify({ code, redirectUri, codeVerifier }) {
      const { token: tokens } = await oauth2.getToken({ code, redirect_uri: redirectUri, code_verifier: codeVerifier });
      if (typeof tokens.id_token !== 'string') throw new Error('the provider returned no ID token');
      const { payload } = await jwtVerify(tokens.id_token, keys, { issuer: issuers, audience: client.id });
      if (typeof payload.sub !== 'string' || typeof payload.email !== 'string') throw new Error('the ID token has no subject or email');
      return {
        subject: payload.sub,
        email: payload.email,
        emailVerified: payload.email_verified === true || payload.email_verified === 'true',
        name: typeof payload.name === 'string' ? payload.name : undefined,
        picture: typeof payload.picture === 'string' && /^https?:\/\//.test(payload.picture) ? payload.picture : undefined,
      };
    },
  };
}

async function discover(issuer: string): Promise<ProviderMetadata> {
  const res = await fetch(`${issuer}/.well-known/openid-configuration`);
  if (!res.ok) throw new Error(`OpenID discovery failed at ${issuer}: ${res.status}`);
  return (await res.json()) as ProviderMetadata;
}
