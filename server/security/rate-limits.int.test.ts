import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { waitText } from '../errors';
import { initOrm } from '../db/orm';
import { LOGIN_FAILED, TOKEN_INVALID } from '../services/auth';
import { newLibrary, newUser, signedIn } from '../test/factories';
import { createTestApp, signUp, type TestApp, uniqueEmail } from '../test/harness';

let t: TestApp;
/** A second server process on the same database, as with WEB_CONCURRENCY or two hosts. */
let other: Awaited<ReturnType<typeof buildApp>>;

beforeAll(async () => {
  t = await createTestApp();
  const orm = await initOrm(t.url);
  other = await buildApp({ orm, config: t.config });
  afterAll(async () => {
    await other.close();
    await orm.close();
  });
});

type App = typeof other;
const post = (app: App, url: string, payload: unknown, remoteAddress = '203.0.113.7', headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url, remoteAddress, headers: { 'content-type': 'application/json', ...headers }, payload: JSON.stringify(payload) });

/** Sends the same request from both servers in turn until one answers 429; returns the statuses. */
async function hammer(send: (app: App) => ReturnType<typeof post>, times: number) {
  const answers = [];
  for (let i = 0; i < times; i++) answers.push(await send(i % 2 ? other : t.app));
  return answers;
}

function expectLimited(res: Awaited<ReturnType<typeof post>>) {
  expect(res.statusCode).toBe(429);
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  // The wait, as Retry-After gives it, in words.
  expect(res.json().message).toBe(`Too many attempts. Please try again in ${waitText(Number(res.headers['retry-after']))}.`);
  expect(res.json().message).toMatch(/^Too many attempts\. Please try again in \d+ (hours|minutes?|seconds?)\.$/);
}

describe('brute force is limited, across server processes', () => {
  it('login: ten wrong passwords for one account from one address, then 429 with Retry-After on either server', async () => {
    const { user } = await signUp(t, { password: 'Correct-horse-1' });
    const answers = await hammer((app) => post(app, '/_api/auth/login_with_password', { email: user.email, password: 'wrong-password' }, '203.0.113.10'), 10);
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(401));
    expectLimited(await post(t.app, '/_api/auth/login_with_password', { email: user.email, password: 'Correct-horse-1' }, '203.0.113.10'));
    expectLimited(await post(other, '/_api/auth/login_with_password', { email: user.email, password: 'Correct-horse-1' }, '203.0.113.10'));
    const [row] = await t.sql(`select hits from rate_limits where key = ?`, [`login:203.0.113.10:${user.email}`]);
    expect(row.hits).toBeGreaterThan(10);
  });

  it("an attacker's failures do not lock the real user out on their own device", async () => {
    const { user } = await signUp(t, { password: 'Correct-horse-2' });
    for (let i = 0; i < 11; i++) await post(t.app, '/_api/auth/login_with_password', { email: user.email, password: 'guess' }, '198.51.100.66');
    expectLimited(await post(t.app, '/_api/auth/login_with_password', { email: user.email, password: 'guess' }, '198.51.100.66'));
    const real = await post(other, '/_api/auth/login_with_password', { email: user.email, password: 'Correct-horse-2' }, '192.0.2.20');
    expect(real.statusCode).toBe(200);
    expect(real.json().user.email).toBe(user.email);
  });

  it("one address's sign-ins that succeed never use up its budget; a hundred that fail, over many accounts, do", async () => {
    // A branch's public computers behind one address: many patrons sign in, with the right passwords.
    const patrons = [await signUp(t, { password: 'Correct-horse-5' }), await signUp(t, { password: 'Correct-horse-5' })];
    let next = 0;
    const signIn = (app: App) => post(app, '/_api/auth/login_with_password', { email: patrons[next++ % 2]!.user.email, password: 'Correct-horse-5' }, '203.0.113.50');
    const signIns = await hammer(signIn, 110);
    expect(signIns.filter((a) => a.statusCode !== 200)).toEqual([]);

    // Spraying: one guess at each of a hundred accounts from another address.
    const sprayed = await hammer((app) => post(app, '/_api/auth/login_with_password', { email: uniqueEmail('sprayed'), password: 'Guess-1234' }, '203.0.113.51'), 100);
    expect(sprayed.every((a) => a.statusCode === 401)).toBe(true);
    expectLimited(await post(t.app, '/_api/auth/login_with_password', { email: patrons[0]!.user.email, password: 'Correct-horse-5' }, '203.0.113.51'));
    // Two hundred and ten password checks, each an argon2 hash's work: on a busy machine, past the default 30 s.
  }, 120_000);

  it('X-Forwarded-For is ignored unless TRUST_PROXY is set, so an attacker cannot pick a fresh address per guess', async () => {
    const { user } = await signUp(t, { password: 'Correct-horse-3' });
    for (let i = 0; i < 10; i++) {
      await post(t.app, '/_api/auth/login_with_password', { email: user.email, password: 'guess' }, '198.51.100.77', { 'x-forwarded-for': `10.0.0.${i}` });
    }
    expectLimited(await post(t.app, '/_api/auth/login_with_password', { email: user.email, password: 'guess' }, '198.51.100.77', { 'x-forwarded-for': '10.0.0.99' }));

    // Behind a trusted proxy the forwarded address is the client's: the user behind the same proxy still signs in.
    const proxied = await createTestApp({ trustProxy: true });
    const { user: victim } = await signUp(proxied, { password: 'Correct-horse-4' });
    for (let i = 0; i < 11; i++) {
      await post(proxied.app, '/_api/auth/login_with_password', { email: victim.email, password: 'guess' }, '10.1.1.1', { 'x-forwarded-for': '198.51.100.88' });
    }
    const fromVictim = await post(proxied.app, '/_api/auth/login_with_password', { email: victim.email, password: 'Correct-horse-4' }, '10.1.1.1', {
      'x-forwarded-for': '192.0.2.44',
    });
    expect(fromVictim.statusCode).toBe(200);
  });

  it('registration: twenty an hour from one address, then 429 on either server', async () => {
    const answers = await hammer(
      (app) => post(app, '/_api/auth/register_with_password', { email: uniqueEmail('spam'), password: 'Password123', displayName: 'Spam' }, '203.0.113.20'),
      20,
    );
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    expectLimited(await post(other, '/_api/auth/register_with_password', { email: uniqueEmail('spam'), password: 'Password123', displayName: 'Spam' }, '203.0.113.20'));
  });

  it('registration: as many an hour from one address as REGISTRATIONS_PER_ADDRESS_PER_HOUR allows', async () => {
    const orm = await initOrm(t.url);
    const branch = await buildApp({ orm, config: { ...t.config, registrationsPerAddressPerHour: 3 } });
    try {
      const register = () => post(branch, '/_api/auth/register_with_password', { email: uniqueEmail('branch'), password: 'Password123', displayName: 'Patron' }, '203.0.113.21');
      for (let i = 0; i < 3; i++) expect((await register()).statusCode).toBe(200);
      expectLimited(await register());
    } finally {
      await branch.close();
      await orm.close();
    }
  });

  it('establish_session: thirty guesses at a temporary token from one address, then 429', async () => {
    const answers = await hammer((app) => post(app, '/_api/auth/establish_session', { tempToken: `guess-${Math.random()}` }, '203.0.113.30'), 30);
    expect(answers.every((a) => a.statusCode === 401 && a.json().message === TOKEN_INVALID)).toBe(true);
    expectLimited(await post(t.app, '/_api/auth/establish_session', { tempToken: 'guess' }, '203.0.113.30'));
  });

  it('profile: twenty tries at another email or phone number an hour per account, refusals included; a new name alone is not counted', async () => {
    const { client, user } = await signedIn(t);
    const someone = await newUser(t, { phoneNumber: '5550107700' });
    const save = (app: App, values: { displayName?: string; email?: string; phoneNumber?: string }) =>
      app.inject({
        method: 'POST',
        url: '/_api/customer/profile',
        headers: { 'content-type': 'application/json', cookie: client.cookie! },
        payload: JSON.stringify({ displayName: user.displayName, email: user.email, ...values }),
      });
    const taken = await hammer((app) => save(app, { email: someone.email }), 10);
    expect(taken.map((a) => [a.statusCode, a.json().message])).toEqual(Array(10).fill([409, 'Email already in use']));
    const numbers = await hammer((app) => save(app, { phoneNumber: '5550107700' }), 10);
    expect(numbers.every((a) => a.statusCode === 409)).toBe(true);
    for (let i = 0; i < 3; i++) expect((await save(t.app, { displayName: `Renamed ${i}` })).statusCode).toBe(200);
    expectLimited(await save(other, { email: uniqueEmail('free') }));
    expectLimited(await save(t.app, { phoneNumber: '5550107799' }));
    // Nothing changed by the refused saves; the name still may.
    expect(await t.sql(`select email, phone_number from users where id = ?`, [user.id])).toEqual([{ email: user.email, phone_number: null }]);
    expect((await save(t.app, { displayName: 'Still Me' })).statusCode).toBe(200);
  });

  it('library creation: ten a day per library admin, refusals included, counted across both servers; an admin is not counted', async () => {
    const { client, user } = await signedIn(t, { role: 'library_admin' });
    const stamp = Date.now();
    const create = (app: App, name: string, requestKey?: string, cookie = client.cookie!) =>
      app.inject({
        method: 'POST',
        url: '/_api/libraries',
        headers: { 'content-type': 'application/json', cookie },
        payload: JSON.stringify({ name, ...(requestKey ? { requestKey } : {}) }),
      });
    const key = crypto.randomUUID();
    expect((await create(t.app, `Limited ${stamp} 0`, key)).statusCode).toBe(200);
    // The same create sent again after a lost answer is that library, not another create: not counted.
    const again = await create(other, `Limited ${stamp} 0`, key);
    expect(again.statusCode).toBe(200);
    const taken = await create(t.app, `Limited ${stamp} 0`);
    expect([taken.statusCode, taken.json().message]).toEqual([409, 'A library with this name already exists.']);
    const made = await hammer((app) => create(app, `Limited ${stamp} ${Math.random()}`), 8);
    expect(made.map((a) => a.statusCode)).toEqual(Array(8).fill(200));
    // At the limit, a create sent again still answers the library it made.
    const late = await create(t.app, `Limited ${stamp} 0`, key);
    expect([late.statusCode, late.json().json]).toEqual([200, again.json().json]);
    const refused = await create(other, `Limited ${stamp} eleventh`);
    expectLimited(refused);
    expect(refused.json().message).toMatch(/in 2[34] hours\.$/);
    expect(await t.sql(`select count(*)::int as n from library_staff where user_id = ?`, [user.id])).toEqual([{ n: 9 }]);
    expect(await t.sql(`select 1 from libraries where name = ?`, [`Limited ${stamp} eleventh`])).toEqual([]);

    // The deployment's admins set up as many branches as they need.
    const admin = await signedIn(t, { role: 'admin' });
    const branches = await hammer((app) => create(app, `Branch ${stamp} ${Math.random()}`, undefined, admin.client.cookie!), 12);
    expect(branches.map((a) => a.statusCode)).toEqual(Array(12).fill(200));
  });

  it('kiosk customer lookup: thirty a minute per staff account, counted across both servers', async () => {
    const { client, user } = await signedIn(t, { role: 'library_admin' });
    const library = await newLibrary(t, { staff: [user.id] });
    const lookup = (app: App) =>
      app.inject({
        method: 'POST',
        url: '/_api/customer/lookup',
        headers: { 'content-type': 'application/json', cookie: client.cookie! },
        payload: JSON.stringify({ libraryId: library.id, phoneNumber: '5550000000' }),
      });
    const answers = await hammer(lookup, 30);
    expect(answers.every((a) => a.statusCode === 404)).toBe(true);
    expectLimited(await lookup(other));

    // Once the minute has passed, the count starts again: the lookups answer as before.
    await t.sql(`update rate_limits set reset_at = now() - interval '1 second' where reset_at > now()`);
    expect((await lookup(t.app)).statusCode).toBe(404);
    expect((await lookup(other)).statusCode).toBe(404);
  });
});

describe('login and kiosk lookup do not reveal which accounts exist', () => {
  it('a wrong password, an unknown email and a password-less account give one status and message', async () => {
    const withPassword = (await signUp(t, { password: 'Correct-horse-5' })).user;
    const withoutPassword = await newUser(t, { phoneNumber: '5550107777' });
    const answers = await Promise.all(
      [withPassword.email, withoutPassword.email, uniqueEmail('nobody')].map((email) =>
        post(t.app, '/_api/auth/login_with_password', { email, password: 'not-the-password' }, '203.0.113.40'),
      ),
    );
    expect(answers.map((a) => [a.statusCode, a.json().message])).toEqual(Array(3).fill([401, LOGIN_FAILED]));
    expect(new Set(answers.map((a) => a.headers['set-cookie']))).toEqual(new Set([undefined]));
  });

  it('anyone but library staff gets the same refusal for a phone number that exists and one that does not', async () => {
    await newUser(t, { phoneNumber: '5550108888' });
    const library = await newLibrary(t);
    const { client } = await signedIn(t);
    for (const cookie of [undefined, client.cookie]) {
      const answers = await Promise.all(
        ['5550108888', '5550109999'].map((phoneNumber) =>
          t.app.inject({
            method: 'POST',
            url: '/_api/customer/lookup',
            headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
            payload: JSON.stringify({ libraryId: library.id, phoneNumber }),
          }),
        ),
      );
      expect(answers[0].statusCode).toBe(cookie ? 403 : 401);
      expect([answers[1].statusCode, answers[1].json().message]).toEqual([answers[0].statusCode, answers[0].json().message]);
    }
  });
});
