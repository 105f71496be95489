import { type AddressInfo, connect, createServer, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import superjson from 'superjson';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { initOrm } from '../db/orm';
import { UNAVAILABLE_MESSAGE } from '../http/error-response';
import { invariantViolations, newBook, newLibrary, signedIn } from '../test/factories';
import type { TestApp } from '../test/harness';
import { ownCluster } from '../test/own-cluster';

/** What a browser would wait before giving up; every answer must come well within it. */
const CLIENT_TIMEOUT_MS = 10_000;

const errorLines: string[] = [];
let cluster: Awaited<ReturnType<typeof ownCluster>>;
let t: TestApp;

beforeAll(async () => {
  cluster = await ownCluster();
  const orm = await initOrm(cluster.url);
  const config = { ...loadConfig({}), seedDemoData: false };
  const app = await buildApp({ orm, config, logger: { level: 'error', stream: { write: (line: string) => errorLines.push(line) } } });
  await app.ready();
  t = { app, orm, config, url: cluster.url, sql: async (text, params = []) => (await orm.em.getConnection().execute(text, params)) as any };
});

afterAll(async () => {
  await t?.app.close();
  await t?.orm.close();
  await cluster?.remove();
});

interface Outcome {
  at: number;
  ms: number;
  status: number;
  message?: string;
  what: string;
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

describe('PostgreSQL stops and starts again under load', () => {
  it('answers 503 fast while it is down, recovers by itself, and keeps every committed rental', async () => {
    const library = await newLibrary(t);
    const book = await newBook(t, { libraryId: library.id, quantity: 10 });
    const readers = await Promise.all(Array.from({ length: 4 }, () => signedIn(t)));
    const call = async (cookie: string, method: 'GET' | 'POST', url: string, payload?: unknown) => {
      const res = await t.app.inject({
        method,
        url,
        headers: { cookie, ...(payload ? { 'content-type': 'application/json' } : {}) },
        ...(payload ? { payload: JSON.stringify(superjson.serialize(payload)) } : {}),
      });
      return { status: res.statusCode, body: res.json() };
    };
    const committed = await call(readers[0].client.cookie!, 'POST', '/_api/books/rent', { isbn: book.isbn, libraryId: library.id, customerId: 0 });
    expect(committed.status).toBe(200);

    // Load: each reader reads the catalogue and its session, and rents and returns a copy, over and over.
    const outcomes: Outcome[] = [];
    let running = true;
    const record = async (what: string, send: () => Promise<{ status: number; body: any }>) => {
      const started = performance.now();
      const res = await send();
      outcomes.push({ at: started, ms: performance.now() - started, status: res.status, message: res.body?.message ?? res.body?.json?.message, what });
      return res;
    };
    const loops = readers.slice(1).map(async ({ client }) => {
      const cookie = client.cookie!;
      while (running) {
        await record('session', () => call(cookie, 'GET', '/_api/auth/session'));
        await record('trpc session', async () => {
          const res = await t.app.inject({ method: 'GET', url: '/trpc/auth.session', headers: { cookie } });
          return { status: res.statusCode, body: res.json().error ?? {} };
        });
        await record('books', () => call(cookie, 'GET', `/_api/books?libraryId=${library.id}`));
        const rent = await record('rent', () => call(cookie, 'POST', '/_api/books/rent', { isbn: book.isbn, libraryId: library.id, customerId: 0 }));
        if (rent.status === 200) {
          const rentalId = superjson.deserialize<{ rental: { rentalId: number } }>(rent.body).rental.rentalId;
          await record('return', () => call(cookie, 'POST', '/_api/book/return-by-rental', { rentalId }));
        }
        await sleep(20);
      }
    });

    await sleep(500);
    const stopping = performance.now();
    await cluster.stop();
    const stopped = performance.now();
    await sleep(1500);
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);

    const starting = performance.now();
    await cluster.start();
    const restarted = performance.now();
    while (!outcomes.some((o) => o.at > restarted && o.status === 200) && performance.now() - restarted < 20_000) await sleep(20);
    const recovered = outcomes.find((o) => o.at > restarted && o.status === 200)!;
    await sleep(500);
    running = false;
    await Promise.all(loops);

    const down = outcomes.filter((o) => o.at >= stopped && o.at + o.ms < starting);
    const after = outcomes.filter((o) => o.at > recovered.at);
    // From the moment the database was accepting connections again (start resolves once it does).
    const recoveryMs = Math.round(recovered.at + recovered.ms - restarted);
    console.log(
      `database faults: ${outcomes.length} requests; ${down.length} while down, slowest ${Math.round(Math.max(...down.map((o) => o.ms)))} ms; ` +
        `stop took ${Math.round(stopped - stopping)} ms; first success ${recoveryMs} ms after the database was back`,
    );

    expect(down.length).toBeGreaterThan(10);
    expect(down.filter((o) => o.status !== 503)).toEqual([]);
    expect(new Set(down.map((o) => o.message))).toEqual(new Set([UNAVAILABLE_MESSAGE]));
    expect(Math.max(...outcomes.map((o) => o.ms))).toBeLessThan(CLIENT_TIMEOUT_MS / 3);
    expect(outcomes.filter((o) => o.status >= 500 && o.status !== 503), errorLines.filter((l) => !l.includes('SERVICE_UNAVAILABLE') && !/ECONNREFUSED|shutting down|57P0/.test(l)).join('\n').slice(0, 4000)).toEqual([]);
    expect(recoveryMs).toBeLessThan(5_000);
    expect(after.filter((o) => o.status >= 500)).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);

    // The rental committed before the outage is still there, and no copy was lost or made up.
    const rentalId = superjson.deserialize<{ rental: { rentalId: number } }>(committed.body).rental.rentalId;
    expect(await t.sql(`select returned_at from rentals where id = ?`, [rentalId])).toEqual([{ returned_at: null }]);
    expect(await invariantViolations(t)).toEqual([]);
  });
});

describe('a database that accepts connections and never answers', () => {
  it('fails requests within seconds with 503, not at the client timeout', async () => {
    const silent = createServer(() => {});
    await new Promise<void>((done) => silent.listen(0, '127.0.0.1', done));
    const { port } = silent.address() as AddressInfo;
    const orm = await initOrm(`postgres://scroll:x@127.0.0.1:${port}/scroll_library`, { connect: false });
    const app = await buildApp({ orm, config: { ...loadConfig({}), seedDemoData: false } });
    try {
      const started = performance.now();
      const [session, ready] = await Promise.all([
        app.inject({ method: 'GET', url: '/_api/auth/session', headers: { cookie: 'scroll_session=whatever' } }),
        app.inject({ method: 'GET', url: '/readyz' }),
      ]);
      const ms = performance.now() - started;
      console.log(`silent database: refused in ${Math.round(ms)} ms`);
      expect(session.statusCode).toBe(503);
      expect(session.json().message).toBe(UNAVAILABLE_MESSAGE);
      expect(ready.statusCode).toBe(503);
      expect(ms).toBeLessThan(CLIENT_TIMEOUT_MS / 2);
    } finally {
      await app.close();
      await orm.close(true).catch(() => {});
      silent.close();
    }
  });
});

describe('a database that stops answering on the connections the app holds', () => {
  it('/readyz says so within seconds, and says ready again once it answers', async () => {
    // A proxy to the cluster that can stop passing anything on, as a network cut or a stalled server would.
    let frozen = false;
    const pairs: [Socket, Socket][] = [];
    const link = ([app, db]: [Socket, Socket]) => {
      app.pipe(db);
      db.pipe(app);
    };
    const proxy = createServer((app) => {
      // The cluster's URL names its Unix socket; it listens on loopback too.
      const db = connect(Number(new URL(cluster.url).port), '127.0.0.1');
      for (const socket of [app, db]) socket.on('error', () => {});
      pairs.push([app, db]);
      if (!frozen) link([app, db]);
    });
    const freeze = () => {
      frozen = true;
      for (const [app, db] of pairs) {
        app.unpipe(db);
        db.unpipe(app);
        app.pause();
        db.pause();
      }
    };
    const thaw = () => {
      if (!frozen) return;
      frozen = false;
      for (const pair of pairs) link(pair);
    };
    await new Promise<void>((done) => proxy.listen(0, '127.0.0.1', done));
    const url = new URL(cluster.url);
    url.hostname = '127.0.0.1';
    url.port = String((proxy.address() as AddressInfo).port);
    const orm = await initOrm(url.toString());
    const app = await buildApp({ orm, config: { ...loadConfig({}), seedDemoData: false } });
    const ready = () => app.inject({ method: 'GET', url: '/readyz' });
    try {
      expect((await ready()).statusCode).toBe(200);
      freeze();
      const started = performance.now();
      const silent = await ready();
      expect(silent.statusCode).toBe(503);
      expect(silent.json()).toEqual({ status: 'unavailable', error: 'Database unreachable', message: 'Database unreachable' });
      expect(performance.now() - started).toBeLessThan(CLIENT_TIMEOUT_MS / 2);
      thaw();
      await expect.poll(async () => (await ready()).statusCode, { timeout: CLIENT_TIMEOUT_MS }).toBe(200);
    } finally {
      thaw();
      await app.close();
      await orm.close(true).catch(() => {});
      for (const pair of pairs) for (const socket of pair) socket.destroy();
      proxy.close();
    }
  });
});

describe('a statement held up by a lock taken elsewhere', () => {
  it('is cancelled at its time limit and answered 503; nothing is half done, and the book rents once the lock goes', async () => {
    const library = await newLibrary(t);
    const book = await newBook(t, { libraryId: library.id, quantity: 2 });
    const reader = await signedIn(t);
    // The app as serve.ts serves it, with a statement limit (short here), on the same database.
    const orm = await initOrm(cluster.url, {}, { statementTimeoutMs: 1_000 });
    const app = await buildApp({ orm, config: { ...loadConfig({}), seedDemoData: false } });
    const rent = () =>
      app.inject({
        method: 'POST',
        url: '/_api/books/rent',
        headers: { cookie: reader.client.cookie!, 'content-type': 'application/json' },
        payload: JSON.stringify(superjson.serialize({ isbn: book.isbn, libraryId: library.id, customerId: 0 })),
      });
    // Someone (an administrator's session, say) holds the book's row.
    const holder = new pg.Client({ connectionString: cluster.url });
    await holder.connect();
    try {
      await holder.query('begin');
      await holder.query('select * from books where id = $1 for update', [book.id]);
      const started = performance.now();
      const held = await rent();
      expect(held.statusCode).toBe(503);
      expect(held.json().message).toBe(UNAVAILABLE_MESSAGE);
      expect(performance.now() - started).toBeLessThan(CLIENT_TIMEOUT_MS / 2);
      await holder.query('rollback');
      expect(await t.sql(`select count(*)::int as n from rentals where book_id = ?`, [book.id])).toEqual([{ n: 0 }]);
      expect((await rent()).statusCode).toBe(200);
      expect(await invariantViolations(t)).toEqual([]);
    } finally {
      await holder.end();
      await app.close();
      await orm.close();
    }
  });
});
