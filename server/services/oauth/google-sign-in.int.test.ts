import { beforeAll, describe, expect, it } from 'vitest';
import { Client, createTestApp, signUp, type TestApp, uniqueEmail } from '../../test/harness';
import { hashToken } from '../tokens';
import { BINDING_COOKIE } from './routes';
import { OAuthFailure, signInWithIdentity } from './sign-in';

const APP_ORIGIN = 'http://app.example.test';
const INTERNAL = 'Something went wrong on our side. Please try again.';

let t: TestApp;
beforeAll(async () => {
  // The local OpenID provider stands in for Google, as in development.
  t = await createTestApp({ publicOrigin: APP_ORIGIN, localOidc: true, googleClientId: undefined });
});

/** Cookies of one site, as a browser keeps them. */
class CookieJar {
  private cookies = new Map<string, string>();
  take(setCookie: string[] | string | undefined) {
    for (const c of [setCookie ?? []].flat()) {
      const [pair] = c.split(';');
      const eq = pair.indexOf('=');
      this.cookies.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
  }
  get(name: string) {
    return this.cookies.get(name);
  }
  header() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

/** Opens the popup: the app's authorize call, then the provider's sign-in page, as a browser follows them. */
async function startSignIn(app: CookieJar = new CookieJar()) {
  const res = await t.app.inject({ method: 'GET', url: '/_api/auth/oauth_authorize?provider=google', headers: { cookie: app.header() } });
  expect(res.statusCode).toBe(302);
  app.take(res.headers['set-cookie']);
  const provider = new CookieJar();
  let location = String(res.headers.location);
  while (!location.includes('/interaction/')) {
    const hop = await fetch(location, { redirect: 'manual', headers: { cookie: provider.header() } });
    provider.take(hop.headers.getSetCookie());
    location = new URL(hop.headers.get('location')!, location).href;
  }
  return { app, provider, interaction: location, authorizeUrl: new URL(String(res.headers.location)) };
}

/** Signs in at the provider's page; returns the callback URL the provider sends the popup to. */
async function signInAtProvider(flow: Awaited<ReturnType<typeof startSignIn>>, identity: Record<string, string>) {
  let res = await fetch(flow.interaction, {
    method: 'POST',
    redirect: 'manual',
    headers: { cookie: flow.provider.header(), 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(identity),
  });
  let location = new URL(res.headers.get('location')!, flow.interaction).href;
  while (!location.includes('/_api/auth/oauth_callback')) {
    flow.provider.take(res.headers.getSetCookie());
    res = await fetch(location, { redirect: 'manual', headers: { cookie: flow.provider.header() } });
    location = new URL(res.headers.get('location')!, location).href;
  }
  return new URL(location);
}

/** A page the popup lands on: what it posts to the opener, and to which origin. */
function popupPage(res: Awaited<ReturnType<TestApp['app']['inject']>>) {
  expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
  const script = /<script nonce="([^"]+)">([\s\S]*?)<\/script>/.exec(res.body);
  expect(script).not.toBeNull();
  const message = JSON.parse(/var message = (.*);/.exec(script![2])![1]);
  const targetOrigin = JSON.parse(/postMessage\(message, (.*)\);/.exec(script![2])![1]);
  return { res, message, targetOrigin, nonce: script![1] };
}

/** The popup's landing page after the provider. */
async function callback(url: URL, cookie: string) {
  return popupPage(await t.app.inject({ method: 'GET', url: url.pathname + url.search, headers: { cookie } }));
}

async function signIn(identity: Record<string, string>) {
  const flow = await startSignIn();
  return callback(await signInAtProvider(flow, identity), flow.app.header());
}

const establish = (token: string, client = new Client(t)) => client.rest('POST', '/_api/auth/establish_session', { tempToken: token });

describe('sign-in with Google through the local OpenID provider', () => {
  it('asks the provider for a code with PKCE (S256) and a state, and binds the state to the browser', async () => {
    const { authorizeUrl, app } = await startSignIn();
    expect(authorizeUrl.searchParams.get('response_type')).toBe('code');
    expect(authorizeUrl.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorizeUrl.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(authorizeUrl.searchParams.get('redirect_uri')).toBe(`${APP_ORIGIN}/_api/auth/oauth_callback`);
    const binding = app.get(BINDING_COOKIE);
    expect(binding).toBeTruthy();
    const state = authorizeUrl.searchParams.get('state');
    expect(state).toBeTruthy();
    // The row for this very state (not merely the newest one) stores the binding cookie's hash, never the cookie.
    const rows = await t.sql(`select browser_binding_hash, code_verifier from oauth_states where state_hash = ?`, [hashToken(state!)]);
    expect(rows).toHaveLength(1);
    expect(rows[0].browser_binding_hash).toBe(hashToken(binding!));
    expect(rows[0].browser_binding_hash).not.toBe(binding);
  });

  it('sends the binding cookie Secure only over https (here, as a trusted proxy says)', async () => {
    const authorize = async (app: TestApp) =>
      String(
        (await app.app.inject({ method: 'GET', url: '/_api/auth/oauth_authorize?provider=google', headers: { 'x-forwarded-proto': 'https' } })).headers[
          'set-cookie'
        ],
      );
    expect(await authorize(t)).not.toMatch(/Secure/);
    const proxied = await createTestApp({ publicOrigin: APP_ORIGIN, localOidc: true, googleClientId: undefined, trustProxy: true });
    expect(await authorize(proxied)).toMatch(new RegExp(`^${BINDING_COOKIE}=[^;]+;.*; Secure`));
  });

  it("creates a customer with the profile's name and picture, and posts a one-time token to the app's origin only", async () => {
    const email = uniqueEmail('new');
    const { res, message, targetOrigin, nonce } = await signIn({ email, name: 'Ada Lovelace', picture: 'https://pictures.example.test/ada.png' });
    expect(res.headers['content-security-policy']).toContain(`script-src 'nonce-${nonce}'`);
    expect(targetOrigin).toBe(APP_ORIGIN);
    expect(message).toEqual({ type: 'OAUTH_TOKEN_SUCCESS', token: expect.any(String) });

    const client = new Client(t);
    const session = await establish(message.token, client);
    expect(session.status).toBe(200);
    expect(session.body.user).toMatchObject({ email, displayName: 'Ada Lovelace', role: 'customer', avatarUrl: 'https://pictures.example.test/ada.png' });
    expect((await client.rest('GET', '/_api/auth/session')).body.user.email).toBe(email);
    const [link] = await t.sql(`select provider from oauth_accounts where user_id = ?`, [session.body.user.id]);
    expect(link.provider).toBe('local');

    const again = await establish(message.token);
    expect(again.status).toBe(401);
  });

  it('signs a returning user into the same account', async () => {
    const email = uniqueEmail('returning');
    const first = await establish((await signIn({ email, name: 'Grace Hopper' })).message.token);
    const second = await establish((await signIn({ email, name: 'Grace Hopper' })).message.token);
    expect(second.body.user.id).toBe(first.body.user.id);
    const [{ count }] = await t.sql(`select count(*)::int as count from oauth_accounts where user_id = ?`, [first.body.user.id]);
    expect(count).toBe(1);
  });

  it('refuses to link an email that already has a password, naming it in details', async () => {
    const { user } = await signUp(t);
    const { message } = await signIn({ email: user.email, name: 'Someone' });
    expect(message).toEqual({
      type: 'OAUTH_ERROR',
      error: {
        code: 'account_linking_required',
        message: 'An account with this email already exists. Please sign in with your email and password instead.',
        details: { email: user.email },
      },
    });
    expect(await t.sql(`select * from oauth_accounts where user_id = ?`, [user.id])).toEqual([]);
  });

  it('joins an account that has neither a password nor a linked identity (a kiosk customer)', async () => {
    const email = uniqueEmail('kiosk');
    const [kiosk] = await t.sql(`insert into users (email, display_name, phone_number, role) values (?, 'Walk In', ?, 'customer') returning id`, [
      email,
      `555${Date.now() % 10_000_000}`,
    ]);
    const session = await establish((await signIn({ email, name: 'Walk In' })).message.token);
    expect(session.body.user.id).toBe(kiosk.id);
  });

  it('never lets an identity whose email the provider has not verified join an account, nor make one', async () => {
    // A kiosk customer has no password: an unproved claim to their email would be their whole account.
    const email = uniqueEmail('unverified');
    const [kiosk] = await t.sql(`insert into users (email, display_name, phone_number, role) values (?, 'Walk In', ?, 'customer') returning id`, [
      email,
      `555${(Date.now() + 1) % 10_000_000}`,
    ]);
    const attempt = signInWithIdentity(t.orm.em.fork(), 'google', { subject: `unverified-${Date.now()}`, email, emailVerified: false });
    await expect(attempt).rejects.toBeInstanceOf(OAuthFailure);
    await expect(attempt).rejects.toMatchObject({ code: 'email_not_verified' });
    expect(await t.sql(`select 1 from oauth_accounts where user_id = ?`, [kiosk.id])).toEqual([]);
    const stranger = signInWithIdentity(t.orm.em.fork(), 'google', { subject: `unverified-new-${Date.now()}`, email: uniqueEmail('unverified-new'), emailVerified: false });
    await expect(stranger).rejects.toMatchObject({ code: 'email_not_verified' });
  });

  it("never joins an account that signs in with another identity, even when that account's email was changed to this one", async () => {
    // The attacker signs in with their own identity, then names the victim's email in their profile.
    const attacker = new Client(t);
    expect((await establish((await signIn({ email: uniqueEmail('attacker'), name: 'Mallory' })).message.token, attacker)).status).toBe(200);
    const victimEmail = uniqueEmail('victim');
    expect((await attacker.rest('POST', '/_api/customer/profile', { displayName: 'Mallory', email: victimEmail })).status).toBe(200);
    const attackerId = (await attacker.rest('GET', '/_api/auth/session')).body.user.id;

    const { message } = await signIn({ email: victimEmail, name: 'Victim' });
    expect(message).toEqual({
      type: 'OAUTH_ERROR',
      error: {
        code: 'account_linking_required',
        message: 'An account with this email already signs in with a different Google account.',
        details: { email: victimEmail },
      },
    });
    const [{ count }] = await t.sql(`select count(*)::int as count from oauth_accounts where user_id = ?`, [attackerId]);
    expect(count).toBe(1);
  });

  it('refuses a state it did not issue', async () => {
    const flow = await startSignIn();
    const url = await signInAtProvider(flow, { email: uniqueEmail('forged') });
    url.searchParams.set('state', 'forged-state');
    const { message } = await callback(url, flow.app.header());
    expect(message.type).toBe('OAUTH_ERROR');
    expect(message.error.code).toBe('invalid_state');
  });

  it('refuses a repeated state or code as bad input (400), not as a failed sign-in', async () => {
    for (const param of ['state', 'code']) {
      const flow = await startSignIn();
      const url = await signInAtProvider(flow, { email: uniqueEmail('repeated') });
      url.searchParams.append(param, 'another');
      const { res, message } = await callback(url, flow.app.header());
      expect(res.statusCode, param).toBe(400);
      expect(message.error.code, param).toBe(param === 'state' ? 'invalid_state' : 'invalid_request');
    }
  });

  it('refuses a callback from another browser, and the state cannot be replayed afterwards', async () => {
    const flow = await startSignIn();
    const url = await signInAtProvider(flow, { email: uniqueEmail('victim') });
    const elsewhere = await callback(url, `${BINDING_COOKIE}=another-browser`);
    expect(elsewhere.message.error.code).toBe('invalid_state');
    const withoutCookie = await callback(url, '');
    expect(withoutCookie.message.error.code).toBe('invalid_state');
    const replay = await callback(url, flow.app.header());
    expect(replay.message.error.code).toBe('invalid_state');
  });

  it('answers a callback once: the same callback again, from the same browser, is refused', async () => {
    const flow = await startSignIn();
    const url = await signInAtProvider(flow, { email: uniqueEmail('once') });
    const first = await callback(url, flow.app.header());
    expect(first.message).toEqual({ type: 'OAUTH_TOKEN_SUCCESS', token: expect.any(String) });
    const tokensBefore = await t.sql(`select count(*)::int as count from temporary_tokens`);
    const replay = await callback(url, flow.app.header());
    expect(replay.message.error.code).toBe('invalid_state');
    expect(await t.sql(`select count(*)::int as count from temporary_tokens`)).toEqual(tokensBefore);
  });

  it('refuses a state that has expired', async () => {
    const flow = await startSignIn();
    const url = await signInAtProvider(flow, { email: uniqueEmail('slow') });
    await t.sql(`update oauth_states set expires_at = now() - interval '1 second'`);
    const { message } = await callback(url, flow.app.header());
    expect(message.error.code).toBe('invalid_state');
  });

  it('reports a sign-in cancelled at the provider', async () => {
    const flow = await startSignIn();
    const url = await signInAtProvider(flow, { action: 'cancel' });
    const { message } = await callback(url, flow.app.header());
    expect(message.error).toEqual({ code: 'access_denied', message: 'Sign-in was cancelled.', details: {} });
  });

  it('issues temporary tokens that expire within minutes and cannot be used once expired', async () => {
    const { message } = await signIn({ email: uniqueEmail('late') });
    const [row] = await t.sql(`select extract(epoch from expires_at - created_at)::int as ttl from temporary_tokens order by id desc limit 1`);
    expect(row.ttl).toBeLessThanOrEqual(120);
    await t.sql(`update temporary_tokens set expires_at = now() - interval '1 second'`);
    const res = await establish(message.token);
    expect(res.status).toBe(401);
    expect(res.body.message).toBe('This sign-in link is invalid or has expired. Please try again.');
  });

  it("answers a rate-limit store that fails as a failure of ours, without the database's words, to the opener", async () => {
    await t.sql(`alter table rate_limits rename to rate_limits_gone`);
    try {
      const { res, message, targetOrigin } = popupPage(await t.app.inject({ method: 'GET', url: '/_api/auth/oauth_authorize?provider=google' }));
      expect(res.body).not.toMatch(/rate_limits|does not exist/);
      expect(res.statusCode).toBe(500);
      const internal = `${INTERNAL} (Reference: ${String(res.headers['x-request-id']).slice(0, 8)})`;
      expect(message).toEqual({ type: 'OAUTH_ERROR', error: { code: 'oauth_failed', message: internal, details: {} } });
      expect(targetOrigin).toBe(APP_ORIGIN);
    } finally {
      await t.sql(`alter table rate_limits_gone rename to rate_limits`);
    }
  });

  it("answers a fault of ours after the provider has answered as ours, not as the provider's failure", async () => {
    const flow = await startSignIn();
    const landing = await signInAtProvider(flow, { email: uniqueEmail('faulty'), name: 'Faulty Store' });
    await t.sql(`alter table temporary_tokens rename to temporary_tokens_gone`);
    try {
      const { res, message, targetOrigin } = await callback(landing, flow.app.header());
      expect(res.body).not.toMatch(/temporary_tokens|does not exist/);
      expect(res.statusCode).toBe(500);
      const internal = `${INTERNAL} (Reference: ${String(res.headers['x-request-id']).slice(0, 8)})`;
      expect(message).toEqual({ type: 'OAUTH_ERROR', error: { code: 'oauth_failed', message: internal, details: {} } });
      expect(targetOrigin).toBe(APP_ORIGIN);
    } finally {
      await t.sql(`alter table temporary_tokens_gone rename to temporary_tokens`);
    }
  });

  it('limits starting a sign-in to sixty per address in ten minutes', async () => {
    const start = () => t.app.inject({ method: 'GET', url: '/_api/auth/oauth_authorize?provider=google', remoteAddress: '203.0.113.99' });
    for (let i = 0; i < 60; i++) expect((await start()).statusCode).toBe(302);
    const { res, message } = popupPage(await start());
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toMatch(/^\d+$/);
    expect(message.error).toEqual({ code: 'rate_limited', message: expect.stringMatching(/^Too many attempts\. Please try again in \d+ minutes?\.$/), details: {} });
    // Another address is not held back by this one.
    expect((await t.app.inject({ method: 'GET', url: '/_api/auth/oauth_authorize?provider=google', remoteAddress: '203.0.113.98' })).statusCode).toBe(302);
  });

  it('answers both popup addresses on a server without a sign-in provider with a 503 page posting OAUTH_ERROR', async () => {
    const bare = await createTestApp({ publicOrigin: APP_ORIGIN, localOidc: false, googleClientId: undefined });
    for (const url of ['/_api/auth/oauth_authorize?provider=google', '/_api/auth/oauth_callback?code=c&state=s']) {
      const { res, message } = popupPage(await bare.app.inject({ method: 'GET', url }));
      expect(res.statusCode, url).toBe(503);
      expect(message.error, url).toEqual({ code: 'provider_unavailable', message: 'Google sign-in is not configured on this server.', details: {} });
    }
  });

  it('answers an unknown, missing or repeated provider in the popup, posting OAUTH_ERROR to the opener (SPEC section 7)', async () => {
    for (const query of ['?provider=github', '?provider=Google', '', '?provider=', '?provider=google&provider=google']) {
      const { res, message, targetOrigin } = popupPage(await t.app.inject({ method: 'GET', url: `/_api/auth/oauth_authorize${query}` }));
      expect(res.statusCode, query).toBe(400);
      expect(targetOrigin, query).toBe(APP_ORIGIN);
      expect(message, query).toEqual({
        type: 'OAUTH_ERROR',
        error: { code: 'unknown_provider', message: 'Unknown sign-in provider: only Google sign-in is offered.', details: {} },
      });
      expect(res.headers['set-cookie'], query).toBeUndefined();
    }
  });
});
