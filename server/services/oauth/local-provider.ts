import { createHash, generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { KoaContextWithOIDC } from 'oidc-provider';
import { escapeHtml } from './html';
import { renderSignInPage, type LocalIdentity } from './local-sign-in-page';

export const LOCAL_CLIENT_ID = 'scroll-library';
export const OAUTH_CALLBACK_PATH = '/_api/auth/oauth_callback';

interface LocalProvider {
  issuer: string;
  clientSecret: string;
  close(): Promise<void>;
}

/** The subject a local identity gets: stable per email, so a returning user finds their link. */
const subjectFor = (email: string) => `local-${createHash('sha256').update(email).digest('hex').slice(0, 24)}`;

/**
 * A real OpenID provider (oidc-provider) on loopback, standing in for Google in development
 * and tests: discovery, authorization code with PKCE (S256 required), signed ID tokens.
 * Its sign-in page lets the tester pick or type any identity. Reachable only from this
 * machine, since it listens on 127.0.0.1; its sessions and codes live in its own memory,
 * so it serves a single server process.
 */
export async function startLocalProvider(port = 0): Promise<LocalProvider> {
  // Loaded only when it runs: the package takes about 200 ms to load, and a server with Google or no
  // sign-in provider never needs it.
  const { default: Provider } = await import('oidc-provider');
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clientSecret = randomBytes(24).toString('base64url');
  const identities = new Map<string, LocalIdentity>();
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: LOCAL_CLIENT_ID,
        client_secret: clientSecret,
        redirect_uris: [`http://127.0.0.1${OAUTH_CALLBACK_PATH}`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    pkce: { required: () => true },
    jwks: { keys: [{ ...privateKey.export({ format: 'jwk' }), kid: 'local', alg: 'RS256', use: 'sig' }] },
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'picture'] },
    // Like Google: the ID token itself carries email, name and picture.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    ttl: { AuthorizationCode: 60, AccessToken: 600, IdToken: 600, Interaction: 600, Session: 3600, Grant: 3600 },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    async findAccount(_ctx, sub) {
      const identity = identities.get(sub);
      if (!identity) return undefined;
      return {
        accountId: sub,
        claims: async () => ({ sub, email: identity.email, email_verified: true, name: identity.name, picture: identity.picture }),
      };
    },
    // A first-party stand-in: no consent screen, the scopes asked for are granted.
    async loadExistingGrant(ctx: KoaContextWithOIDC) {
      const { client, session } = ctx.oidc;
      if (!client || !session?.accountId) return undefined;
      const grantId = ctx.oidc.result?.consent?.grantId || session.grantIdFor(client.clientId);
      if (grantId) return ctx.oidc.provider.Grant.find(grantId);
      const grant = new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      session.grantIdFor(client.clientId, grant.jti);
      return grant;
    },
    async renderError(ctx, out) {
      ctx.type = 'html';
      ctx.body = `<!doctype html><title>Sign-in error</title><h1>Sign-in error</h1><p>${escapeHtml(String(out.error_description ?? out.error))}</p>`;
    },
  });
  // Any origin's callback path is accepted: the app may be reached as localhost, 127.0.0.1 or through Vite.
  provider.Client.prototype.redirectUriAllowed = (uri: string) => {
    try {
      const url = new URL(uri);
      return (url.protocol === 'http:' || url.protocol === 'https:') && url.pathname === OAUTH_CALLBACK_PATH && !url.search && !url.hash;
    } catch {
      return false;
    }
  };

  const handleProtocol = provider.callback();
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const match = /^\/interaction\/([\w-]+)$/.exec(req.url ?? '');
    if (!match) return void handleProtocol(req, res);
    handleInteraction(req, res).catch(() => {
      if (!res.headersSent) res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' });
      res.end('This sign-in attempt has expired. Close this window and try again.');
    });
  });

  async function handleInteraction(req: IncomingMessage, res: ServerResponse) {
    const details = await provider.interactionDetails(req, res);
    if (req.method === 'GET') {
      res.writeHead(200, {
        'content-type': 'text/html; charset=utf-8',
        'cache-control': 'no-store',
        'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; img-src https: data:; frame-ancestors 'none'; base-uri 'none'",
      });
      return void res.end(renderSignInPage(`/interaction/${details.uid}`));
    }
    const form = new URLSearchParams(await readBody(req));
    if (form.get('action') === 'cancel') {
      await provider.interactionFinished(req, res, { error: 'access_denied', error_description: 'The user cancelled the sign-in.' });
      return;
    }
    const email = (form.get('email') ?? '').trim().toLowerCase();
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) {
      res.writeHead(400, { 'content-type': 'text/html; charset=utf-8' });
      return void res.end(renderSignInPage(`/interaction/${details.uid}`, 'Enter a valid email address.'));
    }
    const picture = (form.get('picture') ?? '').trim();
    const sub = subjectFor(email);
    identities.set(sub, {
      email,
      name: (form.get('name') ?? '').trim() || email.split('@')[0],
      picture: /^https?:\/\//.test(picture) ? picture : undefined,
    });
    await provider.interactionFinished(req, res, { login: { accountId: sub } }, { mergeWithLastSubmission: false });
  }

  return {
    issuer,
    clientSecret,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

async function readBody(req: IncomingMessage, limit = 16 * 1024) {
  let body = '';
  for await (const chunk of req) {
    body += chunk;
    if (body.length > limit) throw new Error('body too large');
  }
  return body;
}
