import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { SESSION_COOKIE } from '../services/sessions';
import { Client, createTestApp, signUp, type TestApp } from '../test/harness';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ sessionIdleDays: 14, sessionAbsoluteDays: 60 });
});

const tokenOf = (cookie: string) => cookie.slice(`${SESSION_COOKIE}=`.length);
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const whoAmI = async (cookie: string | undefined) => {
  const client = new Client(t);
  client.cookie = cookie;
  return (await client.rest('GET', '/_api/auth/session')).body.user as { id: number; role: string } | null;
};

describe('session cookies', () => {
  it('HttpOnly, SameSite=Lax, Path=/, an absolute Max-Age, and not Secure on plain http', async () => {
    const res = await new Client(t).rest('POST', '/_api/auth/register_with_password', { email: 'plain@example.test', password: 'Password123', displayName: 'Plain' });
    const setCookie = String(res.headers['set-cookie']);
    expect(setCookie).toMatch(new RegExp(`^${SESSION_COOKIE}=[A-Za-z0-9_-]{32,};`));
    expect(setCookie).toMatch(/; HttpOnly/);
    expect(setCookie).toMatch(/; SameSite=Lax/);
    expect(setCookie).toMatch(/; Path=\//);
    expect(setCookie).toMatch(new RegExp(`; Max-Age=${60 * 86_400}`));
    expect(setCookie).not.toMatch(/Secure/);
  });

  it('Secure when the app is served over https (SECURE_COOKIES, or an https PUBLIC_ORIGIN)', async () => {
    const { publicOrigin, secureCookies } = loadConfig({ PUBLIC_ORIGIN: 'https://library.test' });
    for (const secure of [await createTestApp({ secureCookies: true }), await createTestApp({ publicOrigin, secureCookies })]) {
      const res = await new Client(secure).rest('POST', '/_api/auth/register_with_password', {
        email: 'secure@example.test',
        password: 'Password123',
        displayName: 'Secure',
      });
      expect(String(res.headers['set-cookie'])).toMatch(/; Secure/);
    }
  });

  it('Secure behind a trusted proxy that says https, and only a trusted one', async () => {
    const register = (app: TestApp, email: string) =>
      app.app.inject({
        method: 'POST',
        url: '/_api/auth/register_with_password',
        headers: { 'content-type': 'application/json', 'x-forwarded-proto': 'https' },
        payload: { email, password: 'Password123', displayName: 'Proxied' },
      });
    const proxied = await register(await createTestApp({ trustProxy: true }), 'proxied@example.test');
    expect(proxied.statusCode).toBe(200);
    expect(String(proxied.headers['set-cookie'])).toMatch(/; Secure/);
    const claimed = await register(t, 'claimed@example.test');
    expect(claimed.statusCode).toBe(200);
    expect(String(claimed.headers['set-cookie'])).not.toMatch(/Secure/);
  });

  it('the database keeps only a SHA-256 of the token', async () => {
    const { client, user } = await signUp(t);
    const rows = await t.sql<{ token_hash: string }>(`select token_hash from sessions where user_id = ?`, [user.id]);
    expect(rows.map((r) => r.token_hash)).toEqual([sha256(tokenOf(client.cookie!))]);
    expect(JSON.stringify(await t.sql(`select * from sessions`))).not.toContain(tokenOf(client.cookie!));
  });
});

describe('rotation', () => {
  it('registering while signed in replaces the old session', async () => {
    const { client } = await signUp(t);
    const before = client.cookie!;
    await client.rest('POST', '/_api/auth/register_with_password', { email: 'second@example.test', password: 'Password123', displayName: 'Second' });
    expect(client.cookie).not.toBe(before);
    expect(await whoAmI(before)).toBeNull();
  });

  it('a role change (upgrade to library admin) issues a new token and ends the old one', async () => {
    const { client, user } = await signUp(t);
    const before = client.cookie!;
    // A data call: sent and answered in the extended format.
    const res = await client.rest('POST', '/_api/user/upgrade-to-admin', {}, { superjson: true });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ id: user.id, role: 'library_admin' });
    expect(client.cookie).not.toBe(before);
    expect(await whoAmI(before)).toBeNull();
    expect(await whoAmI(client.cookie)).toMatchObject({ id: user.id, role: 'library_admin' });
  });

  it('a token planted before sign-in (session fixation) is not the one the user gets', async () => {
    const { client, user } = await signUp(t, { password: 'Password123' });
    const planted = client.cookie!;
    const victim = new Client(t);
    victim.cookie = planted;
    await victim.rest('POST', '/_api/auth/login_with_password', { email: user.email, password: 'Password123' });
    expect(victim.cookie).not.toBe(planted);
    expect(await whoAmI(planted)).toBeNull();
  });
});

describe('logout and expiry', () => {
  it('logout deletes the row and clears the cookie; the old token no longer works', async () => {
    const { client, user } = await signUp(t);
    const token = client.cookie!;
    const res = await client.rest('POST', '/_api/auth/logout', {});
    expect(String(res.headers['set-cookie'])).toMatch(new RegExp(`^${SESSION_COOKIE}=;.*(Max-Age=0|Expires=Thu, 01 Jan 1970)`));
    expect(await t.sql(`select 1 from sessions where user_id = ?`, [user.id])).toEqual([]);
    expect(await whoAmI(token)).toBeNull();
  });

  it('a session unused for longer than the idle limit is over', async () => {
    const { client, user } = await signUp(t);
    await t.sql(`update sessions set last_seen_at = now() - interval '14 days 1 minute' where user_id = ?`, [user.id]);
    expect(await whoAmI(client.cookie)).toBeNull();
    expect((await client.rest('GET', `/_api/rentals?libraryId=1`)).status).toBe(401);
  });

  it('use slides the idle limit forward', async () => {
    const { client, user } = await signUp(t);
    await t.sql(`update sessions set last_seen_at = now() - interval '13 days' where user_id = ?`, [user.id]);
    expect(await whoAmI(client.cookie)).toMatchObject({ id: user.id });
    const [row] = await t.sql<{ idle: number }>(`select extract(epoch from now() - last_seen_at) as idle from sessions where user_id = ?`, [user.id]);
    expect(Number(row.idle)).toBeLessThan(60);
  });

  it('a session past its absolute expiry is over however recently it was used', async () => {
    const { client, user } = await signUp(t);
    await t.sql(`update sessions set expires_at = now() - interval '1 second', last_seen_at = now() where user_id = ?`, [user.id]);
    expect(await whoAmI(client.cookie)).toBeNull();
  });

  it('a new session expires at the absolute limit', async () => {
    const { user } = await signUp(t);
    const [row] = await t.sql<{ days: string }>(`select round(extract(epoch from expires_at - created_at) / 86400) as days from sessions where user_id = ?`, [user.id]);
    expect(Number(row.days)).toBe(60);
  });
});
