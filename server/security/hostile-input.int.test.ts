import type { AnyTRPCProcedure } from '@trpc/server';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ZodType } from 'zod';
import { restRoutes } from '../rest/adapter';
import { appRouter } from '../routers';
import { createSession, SESSION_COOKIE } from '../services/sessions';
import { newBook, newIsbn13, newLibrary, newRental, newUser } from '../test/factories';
import { createTestApp, type TestApp, uniqueEmail } from '../test/harness';
import { digester } from '../test/digest';
import { hostileInput, MALFORMED_BODIES, plainJson, queryString, ROOT_ALIASES, superjsonText, WRONG_CONTENT_TYPES } from '../test/hostile';

/** What no answer may show: stack frames, SQL, driver and framework internals, zod's default wording. */
const LEAKS =
  /\n\s+at |node_modules|\b(select|insert into|update \w+ set|delete from)\b|syntax error|violates|TypeError|RangeError|ReferenceError|Cannot read|is not a function|Invalid input: expected|Unexpected token|FST_|stack/i;

const RUNS_PER_DOOR = 6;

type Caller = 'anonymous' | 'staff';
interface Answer {
  status: number;
  message: string | undefined;
  text: string;
}

let t: TestApp;
let staffCookie: string;
let staffId: number;
let digest: () => Promise<Record<string, string>>;
let baseInputs: Record<string, unknown>;
const timing = { digest: 0, request: 0 };
const tally = { inputs: 0, refused: 0, accepted: 0, serverErrors: 0, rowsChangedByRefusals: 0 };
let address = 0;
/** The digest after the last call: a refused call must leave it as it was. */
let lastDigest: Record<string, string>;

async function reissueStaffSession() {
  staffCookie = `${SESSION_COOKIE}=${await createSession(t.orm.em.fork(), staffId, t.config)}`;
}

beforeAll(async () => {
  // Book providers point at a closed port: lookups fail fast instead of reaching the internet.
  t = await createTestApp({ openLibraryBaseUrl: 'http://127.0.0.1:9', googleBooksBaseUrl: 'http://127.0.0.1:9', lookupTimeoutMs: 200 });
  const staff = await newUser(t, { role: 'library_admin' });
  staffId = staff.id;
  const customer = await newUser(t, { phoneNumber: '5550001111' });
  // A colleague on the staff, as staff may remove; a library admin not on it yet, as staff may invite; and another
  // library that invited the staff member, as they may accept or decline.
  const colleague = await newUser(t, { role: 'library_admin' });
  const recruit = await newUser(t, { role: 'library_admin' });
  const library = await newLibrary(t, { staff: [staff.id, colleague.id] });
  const invitingLibrary = await newLibrary(t);
  await t.sql(`insert into staff_invitations (library_id, user_id) values (?, ?)`, [invitingLibrary.id, staff.id]);
  const book = await newBook(t, { libraryId: library.id, quantity: 3 });
  const rental = await newRental(t, { bookId: book.id, customerId: customer.id });
  await reissueStaffSession();
  digest = await digester(t);
  lastDigest = await digest();
  libraryId = library.id;
  baseInputs = {
    'auth.session': undefined,
    'auth.logout': {},
    'auth.loginWithPassword': { email: customer.email, password: 'Password123' },
    'auth.registerWithPassword': { email: uniqueEmail('fuzz'), password: 'Password123', displayName: 'Fuzz', phoneNumber: '5550002222' },
    'auth.establishSession': { tempToken: 'not-a-token' },
    'profile.update': { displayName: 'Staff', email: staff.email },
    'profile.upgradeToAdmin': {},
    'libraries.list': undefined,
    'libraries.get': { libraryId },
    'libraries.create': { name: 'Fuzzed library' },
    'staff.list': { libraryId },
    'staff.invite': { libraryId, email: recruit.email },
    'staff.cancelInvitation': { libraryId, userId: recruit.id },
    'staff.remove': { libraryId, userId: colleague.id },
    'staff.myInvitations': undefined,
    'staff.accept': { libraryId: invitingLibrary.id },
    'staff.decline': { libraryId: invitingLibrary.id },
    'books.list': { libraryId, available: true, search: 'Book' },
    'books.rentedByMe': { libraryId },
    'books.add': { libraryId, isbn: newIsbn13(), title: 'T', author: 'A', thumbnailUrl: 'https://x.test/a.jpg', acquisitionDate: '2024-01-01', quantity: 2 },
    'books.setQuantity': { bookId: book.id, libraryId, quantity: 4 },
    'books.updateDetails': { bookId: book.id, libraryId, title: 'Fuzzed title', author: 'Fuzzed author' },
    'books.status': { isbn: book.isbn, libraryId },
    'rentals.rent': { isbn: book.isbn, libraryId, customerId: 0 },
    'rentals.kioskRent': { isbn: book.isbn, libraryId, customerId: customer.id },
    'rentals.return': { rentalId: rental.id },
    'rentals.returnByRental': { rentalId: rental.id },
    'rentals.list': { libraryId, includeReturned: true, customerId: customer.id, search: 'Book' },
    'rentals.mine': { libraryId, includeReturned: false },
    'rentals.mineEverywhere': undefined,
    'rentals.myHistory': { limit: 20, cursor: rental.id },
    'reviews.list': { bookId: book.id },
    'reviews.post': { bookId: book.id, rating: 4, reviewText: 'Good' },
    'customers.list': { libraryId, search: '555', limit: 50, cursor: customer.id },
    'kiosk.lookupCustomer': { libraryId, phoneNumber: '555-000-1111' },
    'kiosk.registerCustomer': { libraryId, displayName: 'Walk In', email: uniqueEmail('kiosk'), phoneNumber: '5550003333' },
    'lookup.lookup': { isbn: book.isbn },
    'insights.summary': { libraryId, days: 30, timeZone: 'Europe/Paris' },
    'insights.popularBooks': { libraryId, days: 90, timeZone: 'America/New_York' },
    'insights.rentalsPerDay': { libraryId, days: 7, timeZone: 'Asia/Kolkata' },
    'insights.membersPerWeek': { libraryId, days: 365, timeZone: 'UTC' },
    'insights.collection': { libraryId },
    'insights.neverRented': { libraryId, limit: 25, cursor: book.id },
    'insights.longRentals': { libraryId },
    'insights.longRentalsPage': { libraryId, limit: 50, cursor: rental.id },
    'insights.exportCsv': { libraryId, days: 30, timeZone: 'Australia/Sydney' },
  };
});

function readAnswer(status: number, text: string): Answer {
  let body: any;
  try {
    body = JSON.parse(text);
  } catch {
    return { status, message: undefined, text };
  }
  const error = Array.isArray(body) ? body.find((b) => b?.error)?.error : body?.error;
  const message = typeof error === 'object' && error ? error.json?.message : status >= 400 ? body?.message : undefined;
  return { status, message, text };
}

interface Request {
  method: 'GET' | 'POST';
  url: string;
  caller: Caller;
  body?: string;
  contentType?: string;
}

/** Sends one request from a fresh address (so rate limits don't hide deeper paths) and checks the answer. */
async function send(request: Request, label: string): Promise<Answer> {
  const before = lastDigest;
  const started = performance.now();
  const res = await t.app.inject({
    method: request.method,
    url: request.url,
    remoteAddress: `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address++ & 255}`,
    headers: {
      ...(request.caller === 'staff' ? { cookie: staffCookie } : {}),
      ...(request.contentType !== undefined ? { 'content-type': request.contentType } : {}),
    },
    ...(request.body !== undefined ? { payload: request.body } : {}),
  });
  timing.request += performance.now() - started;
  const answer = readAnswer(res.statusCode, res.body);
  tally.inputs++;
  const where = `${label} ${request.method} ${request.url.slice(0, 120)} as ${request.caller} with ${String(request.body).slice(0, 200)}`;
  if (answer.status >= 500) tally.serverErrors++;
  expect(answer.status, `${where}\n-> ${answer.text.slice(0, 400)}`).toBeLessThan(500);
  if (answer.status >= 400) {
    tally.refused++;
    expect(answer.message, `${where}\n-> ${answer.text.slice(0, 400)}`).toMatch(/\w/);
    expect(answer.message, where).not.toMatch(LEAKS);
    expect(answer.text, where).not.toMatch(LEAKS);
    const digestStarted = performance.now();
    const after = await digest();
    timing.digest += performance.now() - digestStarted;
    lastDigest = after;
    if (JSON.stringify(after) !== JSON.stringify(before)) tally.rowsChangedByRefusals++;
    expect(after, `${where} was refused (${answer.status}) but changed rows\n-> ${answer.text.slice(0, 300)}`).toEqual(before);
  } else {
    tally.accepted++;
    // A call that succeeded may have signed the staff member out or in as someone else.
    if (request.caller === 'staff' && label.startsWith('auth.')) await reissueStaffSession();
    lastDigest = await digest();
  }
  return answer;
}

/** `count` items of `list` starting at the i-th share, wrapping around. */
const rotate = <T>(list: T[], i: number, count: number) => Array.from({ length: count }, (_, k) => list[(i * count + k) % list.length]);

const procedures = appRouter._def.procedures as unknown as Record<string, AnyTRPCProcedure>;
let libraryId: number;
const inputFor = (procedure: string) => baseInputs[procedure];

function trpcRequest(procedure: string, input: unknown, caller: Caller): Request {
  const text = superjsonText(input);
  return procedures[procedure]._def.type === 'query'
    ? { method: 'GET', url: `/trpc/${procedure}?input=${encodeURIComponent(text)}`, caller }
    : { method: 'POST', url: `/trpc/${procedure}`, caller, body: text, contentType: 'application/json' };
}

describe('hostile input never breaks the server or changes data it refused', () => {
  it('bends each procedure from an input it accepts, so the bent inputs reach past its checks', async () => {
    // A procedure added later must be listed in baseInputs.
    expect(Object.keys(baseInputs).sort()).toEqual(Object.keys(procedures).sort());
    for (const [name, input] of Object.entries(baseInputs)) {
      for (const schema of procedures[name]._def.inputs as unknown as ZodType[]) {
        const parsed = await schema.safeParseAsync(input);
        expect(parsed.success, `${name}: ${String(parsed.error)}`).toBe(true);
      }
    }
  });

  // Some 450 requests, each followed by a digest of the database: minutes on a loaded machine.
  it('every tRPC procedure, as anonymous and as staff', { timeout: 120_000 }, async () => {
    for (const procedure of Object.keys(procedures)) {
      for (const caller of ['anonymous', 'staff'] as const) {
        await fc.assert(
          fc.asyncProperty(hostileInput(inputFor(procedure)), async (input) => {
            await send(trpcRequest(procedure, input, caller), procedure);
          }),
          { numRuns: RUNS_PER_DOOR },
        );
      }
    }
  });

  // Some 450 requests, each followed by a digest of the database: minutes on a loaded machine.
  it('every /_api path, as anonymous and as staff, in plain JSON and superjson', { timeout: 120_000 }, async () => {
    for (const route of restRoutes()) {
      for (const caller of ['anonymous', 'staff'] as const) {
        await fc.assert(
          fc.asyncProperty(hostileInput(inputFor(route.procedure)), fc.boolean(), async (input, asSuperjson) => {
            const request: Request =
              route.method === 'GET'
                ? { method: 'GET', url: `${route.path}?${queryString(input)}`, caller }
                : {
                    method: 'POST',
                    url: route.path,
                    caller,
                    body: asSuperjson && route.wire === 'superjson' ? superjsonText(input) : plainJson(input),
                    contentType: 'application/json',
                  };
            await send(request, route.procedure);
          }),
          { numRuns: RUNS_PER_DOOR },
        );
      }
    }
  });

  it('malformed bodies, wrong content types and oversize bodies on every write', async () => {
    const writes = [
      ...restRoutes().filter((r) => r.method === 'POST').map((r) => ({ url: r.path, procedure: r.procedure })),
      ...Object.entries(procedures)
        .filter(([, p]) => p._def.type === 'mutation')
        .map(([name]) => ({ url: `/trpc/${name}`, procedure: name })),
    ];
    const huge = plainJson({ name: 'x'.repeat(300 * 1024) });
    // Bodies are read before anyone is identified, so one caller covers both; each path gets a
    // rotating share of the bad bodies and content types, and every one of them reaches many paths.
    for (const [i, { url, procedure }] of writes.entries()) {
      for (const body of rotate(MALFORMED_BODIES, i, 5)) {
        await send({ method: 'POST', url, caller: 'staff', body, contentType: 'application/json' }, procedure);
      }
      for (const contentType of rotate(WRONG_CONTENT_TYPES, i, 2)) {
        const answer = await send({ method: 'POST', url, caller: 'staff', body: plainJson(inputFor(procedure)), contentType }, procedure);
        expect(answer.status).toBe(415);
      }
      expect((await send({ method: 'POST', url, caller: 'anonymous', body: huge, contentType: 'application/json' }, procedure)).status).toBe(413);
    }
  });

  it('superjson whose keys all name the input itself is refused at once, at both doors, signed out or in', async () => {
    const calls: Request[] = [
      { method: 'POST', url: '/_api/books/rent', caller: 'anonymous', body: ROOT_ALIASES, contentType: 'application/json' },
      { method: 'POST', url: '/_api/library/books', caller: 'staff', body: ROOT_ALIASES, contentType: 'application/json' },
      { method: 'POST', url: '/trpc/rentals.rent', caller: 'anonymous', body: ROOT_ALIASES, contentType: 'application/json' },
      { method: 'GET', url: `/trpc/reviews.list?input=${encodeURIComponent(ROOT_ALIASES)}`, caller: 'anonymous' },
      { method: 'GET', url: `/trpc/reviews.list,books.list?batch=1&input=${encodeURIComponent(`{"0":${ROOT_ALIASES},"1":${ROOT_ALIASES}}`)}`, caller: 'staff' },
    ];
    for (const call of calls) {
      const answer = await send(call, 'root aliases');
      expect(answer.status, call.url).toBe(400);
    }
  });

  it('malformed tRPC query strings and batches', async () => {
    const queries = Object.entries(procedures).filter(([, p]) => p._def.type === 'query').map(([name]) => name);
    const inputs = ['%7B', '%22text%22', 'null', '%7B%22json%22%3A1%2C%22meta%22%3A%22x%22%7D', encodeURIComponent('['.repeat(3000)), 'a'.repeat(8000)];
    for (const [i, procedure] of queries.entries()) {
      for (const input of rotate(inputs, i, 2)) {
        await send({ method: 'GET', url: `/trpc/${procedure}?input=${input}`, caller: 'staff' }, procedure);
        await send({ method: 'GET', url: `/trpc/${procedure}?batch=1&input=${input}`, caller: 'anonymous' }, procedure);
      }
      await send({ method: 'GET', url: `/trpc/${procedure},${procedure},nope.nothing?batch=1&input=%7B%7D`, caller: 'staff' }, procedure);
      await send({ method: 'POST', url: `/trpc/${procedure}`, caller: 'staff', body: '{}', contentType: 'application/json' }, procedure);
    }
    await send({ method: 'GET', url: '/trpc/nope.nothing', caller: 'staff' }, 'unknown');
    await send({ method: 'GET', url: '/_api/nope', caller: 'staff' }, 'unknown');
  });
});

afterAll(() => {
  // Each request's answer and digest were checked as it was sent (send()); this is the run's summary.
  console.log(
    `hostile input: ${tally.inputs} inputs tried, ${tally.refused} refused, ${tally.accepted} accepted, ` +
      `${tally.serverErrors} answered 5xx, ${tally.rowsChangedByRefusals} refused calls changed rows (${Math.round(timing.request)} ms in requests, ${Math.round(timing.digest)} ms in digests)`,
  );
});
