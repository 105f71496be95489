import { beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { signedIn, type TestUser } from '../test/factories';
import { createTestApp, type TestApp } from '../test/harness';
import { digester } from '../test/digest';

let t: TestApp;
let cookie: string;
let user: TestUser;

beforeAll(async () => {
  t = await createTestApp({ publicOrigin: 'http://library.test' });
  const account = await signedIn(t, { role: 'library_admin' });
  cookie = account.client.cookie!;
  user = account.user;
});

/** A signed-in browser's write, with headers the test bends. */
const write = (url: string, headers: Record<string, string>, payload = '{}') =>
  t.app.inject({ method: 'POST', url, headers: { cookie, ...headers }, payload });

// The router decodes a path before it matches it, so the percent-encoded spellings reach the same procedures.
const WRITES = ['/trpc/libraries.create', '/_api/libraries', '/trpc/auth.logout', '/_api/auth/logout', '/%5Fapi/libraries', '/%74rpc/auth.logout'];
const body = JSON.stringify({ name: 'Cross-site library' });

describe('cross-site writes are refused before they reach a procedure', () => {
  it('another Origin, Sec-Fetch-Site cross-site, or a form or text body: refused with a message, nothing changed', async () => {
    const digest = await digester(t);
    const before = await digest();
    const attacks: [Record<string, string>, number, string][] = [
      [{ 'content-type': 'application/json', origin: 'https://evil.test' }, 403, 'Cross-site requests are not allowed.'],
      [{ 'content-type': 'application/json', origin: 'http://library.test.evil.test' }, 403, 'Cross-site requests are not allowed.'],
      [{ 'content-type': 'application/json', origin: 'null' }, 403, 'Cross-site requests are not allowed.'],
      [{ 'content-type': 'application/json', 'sec-fetch-site': 'cross-site' }, 403, 'Cross-site requests are not allowed.'],
      [{ 'content-type': 'application/x-www-form-urlencoded', origin: 'http://library.test' }, 415, 'Requests must be sent as JSON.'],
      [{ 'content-type': 'multipart/form-data; boundary=x', origin: 'http://library.test' }, 415, 'Requests must be sent as JSON.'],
      [{ 'content-type': 'text/plain', origin: 'http://library.test' }, 415, 'Requests must be sent as JSON.'],
      [{ 'content-type': 'text/plain' }, 415, 'Requests must be sent as JSON.'],
    ];
    for (const url of WRITES) {
      for (const [headers, status, message] of attacks) {
        const res = await write(url, headers, body);
        expect(res.statusCode, `${url} ${JSON.stringify(headers)}`).toBe(status);
        expect(res.json().message).toBe(message);
      }
    }
    expect(await digest()).toEqual(before);
    // The same session still works: nothing above signed it out.
    const session = await t.app.inject({ method: 'GET', url: '/_api/auth/session', headers: { cookie } });
    expect(session.statusCode).toBe(200);
    expect(session.json().user).toMatchObject({ id: user.id, email: user.email, role: 'library_admin' });
  });

  it('a write no route takes reaches nothing, whatever its body: 405 for a method a documented path does not take, 404 for an unknown path', async () => {
    for (const [method, url, status, code] of [
      ['DELETE', '/_api/books/rent', 405, 'METHOD_NOT_SUPPORTED'],
      ['PUT', '/_api/libraries', 405, 'METHOD_NOT_SUPPORTED'],
      ['PATCH', '/_api/auth/logout', 405, 'METHOD_NOT_SUPPORTED'],
      ['POST', '/_api/no-such-call', 404, 'NOT_FOUND'],
    ] as const) {
      for (const headers of [{}, { 'content-type': 'text/plain' }, { 'content-type': 'application/json', origin: 'https://evil.test' }]) {
        const before = await t.sql(`select (select count(*) from libraries) as libraries, (select count(*) from sessions) as sessions`);
        const res = await t.app.inject({ method, url, headers: { cookie, ...headers }, payload: headers['content-type'] ? body : undefined });
        expect(res.statusCode, `${method} ${url} ${JSON.stringify(headers)}`).toBe(status);
        expect(res.json().code).toBe(code);
        expect(await t.sql(`select (select count(*) from libraries) as libraries, (select count(*) from sessions) as sessions`)).toEqual(before);
      }
    }
  });

  it('the same write from our own origin goes through', async () => {
    const res = await write('/_api/libraries', { 'content-type': 'application/json', origin: 'http://library.test', 'sec-fetch-site': 'same-origin' }, body);
    expect(res.statusCode).toBe(200);
  });
});

describe('security headers', () => {
  const directives = (csp: string) => Object.fromEntries(csp.split(';').map((d) => d.trim().split(/\s+/)).map(([name, ...values]) => [name, values]));

  /** Sends each request, checks its answer with `check` and the headers every answer carries; the statuses. */
  const answerEach = async (requests: InjectOptions[], check: (res: Awaited<ReturnType<typeof t.app.inject>>) => void) => {
    const statuses: number[] = [];
    for (const request of requests) {
      const res = await t.app.inject(request);
      statuses.push(res.statusCode);
      check(res);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['strict-transport-security']).toBeUndefined();
      expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    }
    return statuses;
  };

  it('a page: a CSP that allows the app, the camera and https cover images and nothing else', async () => {
    const pages: InjectOptions[] = ['/', '/login', '/no-such-page'].map((url) => ({ method: 'GET' as const, url }));
    const statuses = await answerEach(pages, (res) => {
      const csp = directives(String(res.headers['content-security-policy']));
      expect(csp['default-src']).toEqual(["'self'"]);
      expect(csp['script-src']).toEqual(["'self'"]);
      expect(csp['connect-src']).toEqual(["'self'"]);
      expect(csp['img-src']).toEqual(["'self'", 'data:', 'blob:', 'https:']);
      expect(csp['media-src']).toEqual(["'self'", 'blob:', 'mediastream:']);
      expect(csp['object-src']).toEqual(["'none'"]);
      expect(csp['frame-ancestors']).toEqual(["'none'"]);
      expect(csp['base-uri']).toEqual(["'self'"]);
      expect(csp['form-action']).toEqual(["'self'"]);
      // Nothing from elsewhere may run or be fetched: no other host, no eval, no inline script.
      const everything = Object.entries(csp).filter(([name]) => name !== 'img-src').flatMap(([, values]) => values);
      expect(everything.filter((v) => /^https?:|\*|unsafe-eval/.test(v))).toEqual([]);
      expect(csp['script-src']).not.toContain("'unsafe-inline'");
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(res.headers['permissions-policy']).toContain('camera=(self)');
    });
    // The test app serves no built client: its pages are the not-found page.
    expect(statuses).toEqual([404, 404, 404]);
  });

  it("the sign-in popup's start: a page's referrer policy (it holds across the redirect to the provider), and its own page's CSP when it fails", async () => {
    const starts: InjectOptions[] = [
      { method: 'GET', url: '/_api/auth/oauth_authorize?provider=nobody' },
      // The same, percent-encoded: the router decodes it into the same route, a page still.
      { method: 'GET', url: '/_api/auth/oauth%5Fauthorize?provider=nobody' },
    ];
    const statuses = await answerEach(starts, (res) => {
      const csp = directives(String(res.headers['content-security-policy']));
      expect(csp['default-src']).toEqual(["'none'"]);
      expect(csp['script-src']).toEqual([expect.stringMatching(/^'nonce-[A-Za-z0-9+/]+=*'$/)]);
      expect(csp['frame-ancestors']).toEqual(["'none'"]);
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(res.headers['permissions-policy']).toContain('camera=(self)');
    });
    // An unknown provider: the page that posts OAUTH_ERROR to the opener.
    expect(statuses).toEqual([400, 400]);
  });

  it('a data call: a CSP that lets nothing load or frame it, and never stored', async () => {
    const calls: InjectOptions[] = [
      ...['/_api/auth/session', '/trpc/auth.session', '/healthz', '/readyz'].map((url) => ({ method: 'GET' as const, url })),
      // Refusals and failures carry them too: not signed in, not found, a cross-site write, an unreadable body.
      { method: 'GET', url: '/_api/books?libraryId=1' },
      { method: 'GET', url: '/_api/no-such-call' },
      // Percent-encoded, the router decodes them into the same calls: a page's headers would let the answer be stored.
      { method: 'GET', url: '/%5Fapi/auth/session' },
      { method: 'GET', url: '/_api/%61uth/session' },
      { method: 'POST', url: '/_api/libraries', headers: { 'content-type': 'application/json', origin: 'https://elsewhere.test' }, payload: '{}' },
      { method: 'POST', url: '/_api/auth/login_with_password', headers: { 'content-type': 'application/json' }, payload: '{not json' },
    ];
    const statuses = await answerEach(calls, (res) => {
      expect(directives(String(res.headers['content-security-policy']))).toEqual({ 'default-src': ["'none'"], 'frame-ancestors': ["'none'"] });
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['referrer-policy']).toBeUndefined();
      expect(res.headers['permissions-policy']).toBeUndefined();
    });
    expect(statuses).toEqual([200, 200, 200, 200, 401, 404, 200, 200, 403, 400]);
  });

  it('HSTS only behind HTTPS: with Secure cookies on, or a trusted proxy saying https', async () => {
    const secure = await createTestApp({ secureCookies: true });
    expect((await secure.app.inject({ method: 'GET', url: '/healthz' })).headers['strict-transport-security']).toMatch(/max-age=\d{7,}/);
    const proxied = await createTestApp({ trustProxy: true });
    const viaHttps = await proxied.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-forwarded-proto': 'https' } });
    expect(viaHttps.headers['strict-transport-security']).toMatch(/max-age=/);
    // Without a trusted proxy, a client cannot claim https.
    const claimed = await t.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-forwarded-proto': 'https' } });
    expect(claimed.headers['strict-transport-security']).toBeUndefined();
  });
});
