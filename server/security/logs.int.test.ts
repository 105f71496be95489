import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { initOrm } from '../db/orm';
import { loggerOptions } from '../http/logging';
import { hashToken, newToken } from '../services/tokens';
import { newUser, staffedLibrary } from '../test/factories';
import { createTestApp, type TestApp } from '../test/harness';

let t: TestApp;
let app: Awaited<ReturnType<typeof buildApp>>;
const lines: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  const orm = await initOrm(t.url);
  // The app as serve.ts builds it, at the most talkative level, writing into this array.
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  app = await buildApp({ orm, config: t.config, logger: loggerOptions('trace', stream) });
  await app.ready();
  afterAll(async () => {
    await app.close();
    await orm.close();
  });
});

const post = (url: string, payload: unknown, cookie?: string) =>
  app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) }, payload: JSON.stringify(payload) });
const cookieOf = (res: Awaited<ReturnType<typeof post>>) => String(res.headers['set-cookie']).split(';')[0];

describe('logs', () => {
  it('are JSON lines with request ids, echoed as x-request-id, and hold no password, token or session cookie', async () => {
    const secrets: string[] = [];
    const password = 'Sup3r-Secret-Passw0rd!';
    const email = 'logged@example.test';
    secrets.push(password);

    const registered = await post('/_api/auth/register_with_password', { email, password, displayName: 'Logged' });
    expect(registered.statusCode).toBe(200);
    secrets.push(cookieOf(registered).split('=')[1]);
    const loggedIn = await post('/trpc/auth.loginWithPassword', { json: { email, password } });
    expect(loggedIn.statusCode).toBe(200);
    const cookie = cookieOf(loggedIn);
    secrets.push(cookie.split('=')[1]);
    expect((await post('/_api/auth/login_with_password', { email, password: `${password}-wrong` })).statusCode).toBe(401);
    secrets.push(`${password}-wrong`);

    const user = await newUser(t);
    const tempToken = newToken();
    secrets.push(tempToken);
    await t.sql(`insert into temporary_tokens (token_hash, user_id, expires_at) values (?, ?, now() + interval '5 minutes')`, [hashToken(tempToken), user.id]);
    expect((await post('/_api/auth/establish_session', { tempToken })).statusCode).toBe(200);
    expect((await post('/_api/auth/logout', {}, cookie)).statusCode).toBe(200);

    // A request that fails on our side logs its error, and still none of the secrets.
    const failingToken = newToken();
    let failedId = '';
    // The failed statement would carry the token's hash; the log keeps only the reason.
    secrets.push(failingToken, hashToken(failingToken));
    await t.sql(`alter table temporary_tokens rename to temporary_tokens_gone`);
    try {
      const failed = await post('/_api/auth/establish_session', { tempToken: failingToken });
      expect(failed.statusCode).toBe(500);
      failedId = String(failed.headers['x-request-id']);
      // It names the request, whose log line below says why.
      expect(failed.json().message).toBe(`Something went wrong on our side. Please try again. (Reference: ${failedId.slice(0, 8)})`);
      // So does the same fault through /trpc.
      const viaTrpc = await post('/trpc/auth.establishSession', { json: { tempToken: failingToken } });
      expect(viaTrpc.statusCode).toBe(500);
      const viaTrpcId = String(viaTrpc.headers['x-request-id']);
      expect(viaTrpcId).not.toBe(failedId);
      expect(viaTrpc.json().error.json.message).toBe(`Something went wrong on our side. Please try again. (Reference: ${viaTrpcId.slice(0, 8)})`);
    } finally {
      await t.sql(`alter table temporary_tokens_gone rename to temporary_tokens`);
    }
    // OAuth callbacks carry their code and state in the URL.
    const code = newToken();
    secrets.push(code);
    const callback = await app.inject({ method: 'GET', url: `/_api/auth/oauth_callback?code=${code}&state=${code}&provider=google` });

    const entries = lines.map((line) => JSON.parse(line) as { reqId?: string; level: number; msg: string; err?: unknown; req?: { url: string } });
    expect(entries.length).toBeGreaterThan(10);
    for (const secret of secrets) expect(lines.filter((line) => line.includes(secret))).toEqual([]);
    expect(lines.filter((line) => /scroll_session=|"password"|"tempToken"/.test(line))).toEqual([]);

    const requestIds = new Set(entries.filter((e) => e.msg === 'request completed').map((e) => e.reqId));
    expect(requestIds.size).toBe(8);
    expect(requestIds).toContain(callback.headers['x-request-id']);
    const failure = entries.find((e) => e.level >= 50 && e.err && e.reqId === failedId) as { err: { message: string; stack: string } } | undefined;
    // The reason only: knex (in a transaction) puts the statement before it, which the log replaces.
    expect(failure?.err.message).toMatch(/^(\[statement\] - )?relation "temporary_tokens" does not exist$/);
    expect(failure?.err.stack).toMatch(/\n\s+at /);
    expect(entries.find((e) => e.req?.url.includes('oauth_callback'))?.req?.url).toContain('code=%5Bredacted%5D');
  });

  it("hold no search: neither a patron's name or email a librarian looked up nor a title a patron looked for", async () => {
    const { staff, library } = await staffedLibrary(t);
    const headers = { cookie: staff.cookie! };
    const email = 'kim.searched@example.test';
    const rest = await app.inject({ method: 'GET', url: `/_api/customers?libraryId=${library.id}&search=${encodeURIComponent(email)}`, headers });
    expect(rest.statusCode).toBe(200);
    const books = await app.inject({ method: 'GET', url: `/_api/books?libraryId=${library.id}&search=Unusual+Title`, headers });
    expect(books.statusCode).toBe(200);
    const input = encodeURIComponent(JSON.stringify({ 0: { json: { libraryId: library.id, search: email } }, 1: { json: { libraryId: library.id, search: 'Unusual Title' } } }));
    const batch = await app.inject({ method: 'GET', url: `/trpc/customers.list,books.list?batch=1&input=${input}`, headers });
    expect(batch.statusCode).toBe(200);
    const urls = lines.map((line) => (JSON.parse(line) as { req?: { url: string } }).req?.url ?? '');
    expect(urls).toContain(`/_api/customers?libraryId=${library.id}&search=%5Bredacted%5D`);
    expect(urls).toContain(`/_api/books?libraryId=${library.id}&search=%5Bredacted%5D`);
    expect(urls.some((url) => url.startsWith('/trpc/customers.list,books.list?batch=1&input=') && url.includes('%5Bredacted%5D'))).toBe(true);
    expect(lines.filter((line) => /kim\.searched|kim%2Esearched|Unusual/i.test(line))).toEqual([]);
  });
});
