import { createTRPCClient, httpBatchLink, TRPCClientError } from '@trpc/client';
import superjson from 'superjson';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AppRouter } from '../routers';
import { newBook, newLibrary, signedIn } from '../test/factories';
import { createTestApp, type TestApp } from '../test/harness';

/** /trpc as the app's own client speaks to it: tRPC's batch link, superjson, the browser's cookie. */
let t: TestApp;
let staffCookie: string;
let libraryId: number;
const requests: { method: string; url: string; status: number }[] = [];

beforeAll(async () => {
  t = await createTestApp();
  const staff = await signedIn(t, { role: 'library_admin', displayName: 'Ada Staff' });
  staffCookie = staff.client.cookie!;
  libraryId = (await newLibrary(t, { name: 'Wire Library', staff: [staff.user.id] })).id;
  await newBook(t, { libraryId, title: 'Wire Protocols', quantity: 2 });
});

function client(cookie?: string) {
  return createTRPCClient<AppRouter>({
    links: [
      httpBatchLink({
        url: 'http://app.test/trpc',
        transformer: superjson,
        async fetch(input, init) {
          const url = new URL(String(input));
          const res = await t.app.inject({
            method: (init?.method ?? 'GET') as 'GET' | 'POST',
            url: url.pathname + url.search,
            headers: { ...(init?.headers as Record<string, string>), ...(cookie ? { cookie } : {}) },
            ...(init?.body ? { payload: String(init.body) } : {}),
          });
          requests.push({ method: init?.method ?? 'GET', url: url.pathname + url.search, status: res.statusCode });
          return new Response(res.body, { status: res.statusCode, headers: res.headers as Record<string, string> });
        },
      }),
    ],
  });
}

describe('/trpc', () => {
  it('answers a batch of queries in one request, with dates revived', async () => {
    requests.length = 0;
    const staff = client(staffCookie);
    const [session, libraries, books] = await Promise.all([
      staff.auth.session.query(),
      staff.libraries.list.query(),
      staff.books.list.query({ libraryId }),
    ]);
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({ method: 'GET', status: 200 });
    expect(requests[0].url).toMatch(/^\/trpc\/auth\.session,libraries\.list,books\.list\?batch=1/);
    expect(session.user?.displayName).toBe('Ada Staff');
    expect(session.user?.createdAt).toBeInstanceOf(Date);
    expect(libraries.map((l) => l.name)).toContain('Wire Library');
    expect(books.map((b) => [b.title, b.availableCount])).toEqual([['Wire Protocols', 2]]);
  });

  it('runs a mutation by POST and reports its refusal as the client expects', async () => {
    const staff = client(staffCookie);
    const created = await staff.libraries.create.mutate({ name: 'Second Wire Library' });
    expect(created.name).toBe('Second Wire Library');

    const refused = await staff.libraries.create.mutate({ name: 'ab' }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(TRPCClientError);
    expect((refused as TRPCClientError<AppRouter>).message).toBe('Library name must be at least 3 characters long');
    expect((refused as TRPCClientError<AppRouter>).data?.code).toBe('BAD_REQUEST');
    expect((refused as TRPCClientError<AppRouter>).data?.httpStatus).toBe(400);
  });

  it('answers 207 to a batch where one call is refused, each call with its own result', async () => {
    requests.length = 0;
    const anonymous = client();
    const [session, books] = await Promise.allSettled([anonymous.auth.session.query(), anonymous.books.list.query({ libraryId })]);
    expect(requests).toEqual([expect.objectContaining({ status: 207 })]);
    expect(session).toEqual({ status: 'fulfilled', value: { user: null } });
    expect(books.status).toBe('rejected');
    const error = (books as PromiseRejectedResult).reason as TRPCClientError<AppRouter>;
    expect(error.message).toBe('You must be logged in.');
    expect(error.data?.code).toBe('UNAUTHORIZED');
  });

  it("answers each call of a batch by its own library's access: staff here, not staff there, no such library", async () => {
    const elsewhere = (await newLibrary(t, { name: 'Other Wire Library' })).id;
    requests.length = 0;
    const staff = client(staffCookie);
    const period = { days: 7, timeZone: 'UTC' } as const;
    const [mine, again, theirs, unknown, theirBooks] = await Promise.allSettled([
      staff.insights.summary.query({ libraryId, ...period }),
      staff.insights.collection.query({ libraryId }),
      staff.insights.summary.query({ libraryId: elsewhere, ...period }),
      staff.insights.collection.query({ libraryId: 999_999 }),
      staff.books.list.query({ libraryId: elsewhere }),
    ]);
    expect(requests).toEqual([expect.objectContaining({ status: 207 })]);
    expect(mine).toMatchObject({ status: 'fulfilled', value: { rentals: 0, currentRentals: 0 } });
    expect(again).toMatchObject({ status: 'fulfilled', value: { books: 1, copies: 2 } });
    expect((theirs as PromiseRejectedResult).reason.message).toBe('You are not a staff member of this library.');
    expect((unknown as PromiseRejectedResult).reason.data?.code).toBe('NOT_FOUND');
    // Any signed-in user may browse another library's books.
    expect(theirBooks).toEqual({ status: 'fulfilled', value: [] });
  });

  it('refuses what the app never sends as tRPC does: unknown procedures, wrong methods, unreadable input', async () => {
    const call = async (method: 'GET' | 'POST', url: string, payload?: string) => {
      const res = await t.app.inject({ method, url, headers: { cookie: staffCookie, 'content-type': 'application/json' }, ...(payload !== undefined ? { payload } : {}) });
      const body = JSON.parse(res.body);
      // A batch answers an array, one entry a call.
      return { status: res.statusCode, error: (Array.isArray(body) ? body[0] : body).error?.json };
    };
    // In the app's words, never tRPC's, which name the procedure and the method sent.
    expect(await call('GET', '/trpc/books.nothing')).toMatchObject({ status: 404, error: { message: 'There is no call by that name.', data: { code: 'NOT_FOUND' } } });
    expect(await call('GET', '/trpc/nope,libraries.list?batch=1&input=%7B%7D')).toMatchObject({ status: 207, error: { message: 'There is no call by that name.' } });
    const wrongMethod = 'This call is not made with this method: queries are sent with GET, changes with POST.';
    expect(await call('GET', '/trpc/libraries.create?input=%7B%7D')).toMatchObject({ status: 405, error: { message: wrongMethod, data: { code: 'METHOD_NOT_SUPPORTED' } } });
    expect(await call('POST', '/trpc/libraries.list', '{}')).toMatchObject({ status: 405, error: { message: wrongMethod } });
    expect(await call('POST', '/trpc/libraries.list,libraries.create?batch=1', '{}')).toMatchObject({ status: 400, error: { message: 'The request could not be read.' } });
    expect(await call('POST', '/trpc/libraries.create', '{"json":')).toMatchObject({ status: 400, error: { message: 'The request body could not be read.' } });
    expect(await call('GET', '/trpc/books.list?input=%7Bnot%20json')).toMatchObject({ status: 400, error: { message: 'The request body could not be read.' } });
    expect(await call('GET', '/trpc/books.list?batch=1&input=%5B1%5D')).toMatchObject({ status: 400, error: { data: { code: 'BAD_REQUEST' } } });
    const unreadable = await call('GET', `/trpc/books.list?input=${encodeURIComponent('{"json":{"libraryId":"x"},"meta":{"values":{"libraryId":["bigint"]}}}')}`);
    expect(unreadable).toMatchObject({ status: 400, error: { message: 'The request body could not be read.' } });
  });

  it('answers any method but GET and POST with 405 naming those it takes, body or none; OPTIONS with 204 naming them', async () => {
    const wrongMethod = 'This call is not made with this method: queries are sent with GET, changes with POST.';
    for (const [method, payload] of [['DELETE', undefined], ['PATCH', undefined], ['PUT', '{}'], ['DELETE', '{}']] as const) {
      const res = await t.app.inject({ method, url: '/trpc/libraries.list', headers: { cookie: staffCookie, ...(payload ? { 'content-type': 'application/json' } : {}) }, payload });
      expect([method, res.statusCode, res.headers.allow]).toEqual([method, 405, 'GET, HEAD, POST, OPTIONS']);
      expect(JSON.parse(res.body).error.json).toMatchObject({ message: wrongMethod, data: { code: 'METHOD_NOT_SUPPORTED' } });
    }
    const options = await t.app.inject({ method: 'OPTIONS', url: '/trpc/libraries.create' });
    expect([options.statusCode, options.headers.allow, options.body]).toEqual([204, 'GET, HEAD, POST, OPTIONS', '']);
  });

  it('answers a batch of at most twenty calls: a larger one is refused whole, none of its calls run', async () => {
    const batch = (n: number) =>
      t.app.inject({ method: 'GET', url: `/trpc/${Array(n).fill('libraries.list').join(',')}?batch=1&input=%7B%7D`, headers: { cookie: staffCookie } });
    const twenty = await batch(20);
    expect(twenty.statusCode).toBe(200);
    expect(twenty.json()).toHaveLength(20);
    const more = await batch(21);
    expect(more.statusCode).toBe(400);
    // Refused as tRPC refuses a request it cannot read: one error for the whole request.
    expect(more.json()).toMatchObject({ error: { json: { message: 'A request may carry at most 20 calls.', data: { code: 'BAD_REQUEST', httpStatus: 400 } } } });
    const mutations = await t.app.inject({
      method: 'POST',
      url: `/trpc/${Array(21).fill('libraries.create').join(',')}?batch=1`,
      headers: { cookie: staffCookie, 'content-type': 'application/json' },
      payload: JSON.stringify(Object.fromEntries(Array.from({ length: 21 }, (_, i) => [i, { json: { name: `Batch Branch ${i} ${Date.now()}` } }]))),
    });
    expect(mutations.statusCode).toBe(400);
    expect(await t.sql(`select name from libraries where name like 'Batch Branch %'`)).toEqual([]);
  });
});
