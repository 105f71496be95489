import { beforeAll, describe, expect, it } from 'vitest';
import { restRoutes } from '../rest/adapter';
import { createTestApp, setRole, signUp, type TestApp } from '../test/harness';

/**
 * Every call of SPEC section 7, copied here because the handout folder is not in the repo, with the
 * procedure that serves it (null: a route of its own, the OAuth redirect and the manifest).
 */
const SPEC_CALLS: [method: 'GET' | 'POST', path: string, procedure: string | null][] = [
  ['GET', '/_api/auth/session', 'auth.session'],
  ['POST', '/_api/auth/logout', 'auth.logout'],
  ['POST', '/_api/auth/login_with_password', 'auth.loginWithPassword'],
  ['POST', '/_api/auth/register_with_password', 'auth.registerWithPassword'],
  ['GET', '/_api/auth/oauth_authorize', null],
  ['POST', '/_api/auth/establish_session', 'auth.establishSession'],
  ['POST', '/_api/customer/profile', 'profile.update'],
  ['POST', '/_api/user/upgrade-to-admin', 'profile.upgradeToAdmin'],
  ['GET', '/_api/books', 'books.list'],
  ['POST', '/_api/books/rent', 'rentals.rent'],
  ['POST', '/_api/books/return', 'rentals.return'],
  ['POST', '/_api/book/return-by-rental', 'rentals.return'],
  ['POST', '/_api/kiosk/rental', 'rentals.kioskRent'],
  ['POST', '/_api/book/status', 'books.status'],
  ['POST', '/_api/book/lookup', 'lookup.lookup'],
  ['GET', '/_api/libraries', 'libraries.list'],
  ['POST', '/_api/libraries', 'libraries.create'],
  ['GET', '/_api/rentals', 'rentals.list'],
  ['GET', '/_api/book/reviews', 'reviews.list'],
  ['POST', '/_api/book/reviews', 'reviews.post'],
  ['POST', '/_api/library/books', 'books.add'],
  ['POST', '/_api/book/quantity', 'books.setQuantity'],
  ['GET', '/_api/customers', 'customers.list'],
  ['POST', '/_api/customer/lookup', 'kiosk.lookupCustomer'],
  ['POST', '/_api/customer/register', 'kiosk.registerCustomer'],
  ['GET', '/_api/manifest', null],
];

/** SPEC section 7: auth calls use ordinary JSON, data calls the extended (superjson) format; section 8 tells them apart. */
const JSON_CALLS = new Set(['/_api/auth/', '/_api/customer/profile']);
const expectedWire = (path: string) => ([...JSON_CALLS].some((p) => path.startsWith(p)) ? 'json' : 'superjson');

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

describe('the /_api facade against SPEC section 7', () => {
  it('lists 26 documented calls, and the facade table serves no undocumented path', () => {
    expect(SPEC_CALLS).toHaveLength(26);
    const documented = new Set(SPEC_CALLS.map(([m, p]) => `${m} ${p}`));
    for (const route of restRoutes()) expect(documented, `${route.method} ${route.path}`).toContain(`${route.method} ${route.path}`);
  });

  it.for(SPEC_CALLS)('%s %s answers, served by %s', async ([method, path, procedure]) => {
    const key = `${method} ${path}`;
    const route = restRoutes().find((r) => r.method === method && r.path === path);
    const registered = t.app.hasRoute({ method, url: path });
    expect(registered, `${key} is not served`).toBe(true);
    expect(route?.procedure ?? null, `${key} procedure`).toBe(procedure);
    if (route) expect(route.wire, `${key} wire`).toBe(expectedWire(path));

    // Read as sent: the sign-in popup's start answers with a page, the calls with JSON.
    const res = await t.app.inject({ method, url: path, ...(method === 'POST' ? { headers: { 'content-type': 'application/json' }, payload: '{}' } : {}) });
    const routeMissing = res.statusCode === 404 && res.body.includes('"message":"Not found"');
    expect(routeMissing, `${key} answered as a missing route`).toBe(false);
    expect(res.statusCode).toBeLessThan(500);
  });
});

describe('a documented path asked with another method', () => {
  it.for([
    ['GET', '/_api/books/rent', 'POST, OPTIONS', 'This address is called with POST.'],
    ['POST', '/_api/books?libraryId=1', 'GET, HEAD, OPTIONS', 'This address is called with GET.'],
    ['DELETE', '/_api/libraries', 'GET, POST, HEAD, OPTIONS', 'This address is called with GET or POST.'],
    ['POST', '/_api/manifest', 'GET, HEAD, OPTIONS', 'This address is called with GET.'],
    ['POST', '/_api/auth/oauth_authorize?provider=google', 'GET, HEAD, OPTIONS', 'This address is called with GET.'],
    ['DELETE', '/_api/auth/oauth_callback', 'GET, HEAD, OPTIONS', 'This address is called with GET.'],
  ] as const)('%s %s is 405, naming the methods it takes', async ([method, url, allow, message]) => {
    const before = await t.sql(`select count(*)::int as n from rentals`);
    const res = await t.app.inject({ method, url, headers: { 'content-type': 'application/json' }, payload: method === 'GET' ? undefined : '{}' });
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toBe(allow);
    expect(res.json()).toEqual({ error: message, message, code: 'METHOD_NOT_SUPPORTED' });
    expect(await t.sql(`select count(*)::int as n from rentals`)).toEqual(before);
  });
});

it('a body that is not JSON, or none, or not UTF-8 throughout, is refused in the words of the tRPC door, and changes nothing', async () => {
  const { client, user } = await signUp(t);
  await setRole(t, user.id, 'library_admin');
  const headers = { 'content-type': 'application/json', cookie: client.cookie! };
  const before = await t.sql(`select count(*)::int as n from libraries`);
  // Bytes no UTF-8 text holds (a lone lead byte, an overlong NUL) would otherwise be saved as U+FFFD.
  const notUtf8 = [[0xff, 0xfe, 0xc3], [0xc0, 0x80]].map((bytes) => Buffer.concat([Buffer.from('{"json":{"name":"Bad '), Buffer.from(bytes), Buffer.from(' Library"}}')]));
  for (const payload of ['{"name":', '', 'null x', ...notUtf8]) {
    for (const url of ['/_api/libraries', '/trpc/libraries.create']) {
      const res = await t.app.inject({ method: 'POST', url, headers, payload });
      expect(res.statusCode, `${url} ${JSON.stringify(payload)}`).toBe(400);
      expect(JSON.stringify(res.json()), url).toContain('"The request body could not be read."');
    }
  }
  expect(await t.sql(`select count(*)::int as n from libraries`)).toEqual(before);
});

it('OPTIONS on a documented path names the methods it takes, and allows no other origin', async () => {
  for (const [url, allow] of [['/_api/books/rent', 'POST, OPTIONS'], ['/_api/manifest', 'GET, HEAD, OPTIONS'], ['/_api/auth/oauth_authorize', 'GET, HEAD, OPTIONS']]) {
    const res = await t.app.inject({ method: 'OPTIONS', url, headers: { origin: 'https://elsewhere.example', 'access-control-request-method': 'POST' } });
    expect(res.statusCode, url).toBe(204);
    expect(res.headers.allow).toBe(allow);
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  }
});
