import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { Agent, type IncomingMessage, request as httpRequest } from 'node:http';
import { type AddressInfo, connect as connectSocket, createServer as createNetServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import superjson from 'superjson';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { byLine, freePort } from '../db/embedded';
import { isbnKey } from '../../shared/isbn';
import { hashToken, newToken } from '../services/tokens';
import { ownCluster } from '../test/own-cluster';

/** The built server (as `npm start` runs it), spawned as a real process against a cluster of our own. */
/** Whether this machine has IPv6's loopback (some CI containers have none). */
const hasIpv6Loopback = await new Promise<boolean>((done) => {
  const probe = createNetServer()
    .once('error', () => done(false))
    .listen(0, '::1', () => probe.close(() => done(true)));
});

let cluster: Awaited<ReturnType<typeof ownCluster>>;
let buildDir: string;
let db: pg.Client;
const started: ChildProcess[] = [];

beforeAll(async () => {
  cluster = await ownCluster();
  db = new pg.Client({ connectionString: cluster.url });
  await db.connect();
  // The health test stops the cluster under this connection; it is not used after that.
  db.on('error', () => {});
  buildDir = mkdtempSync(join(tmpdir(), 'scroll-build-'));
  const build = spawnSync(process.execPath, ['scripts/build-server.mjs'], { cwd: resolve(import.meta.dirname, '../..'), env: { ...process.env, BUILD_DIR: buildDir } });
  expect(build.status, String(build.stderr)).toBe(0);
}, 120_000);

afterAll(async () => {
  for (const child of started) if (child.exitCode === null) child.kill('SIGKILL');
  await db?.end().catch(() => {});
  await cluster?.remove();
  if (buildDir) rmSync(buildDir, { recursive: true, force: true });
});

interface Server {
  child: ChildProcess;
  url: string;
  /** Parsed pino lines from every process. */
  logs: { pid: number; level: number; msg: string; source?: string; req?: { url: string } }[];
  /** All it wrote, standard output and error. */
  output: string;
  exited: Promise<number | null>;
}

/**
 * A built server on a free port, once it says it is ready. A port found free can be taken by another
 * process before the server binds it (test files run side by side): the server then exits on
 * EADDRINUSE, having started nothing, and is started again on another port.
 */
async function startServer(workers: number, env: Record<string, string> = {}, attempts = 3): Promise<Server> {
  try {
    return await startServerOnce(workers, env);
  } catch (error) {
    if (attempts > 1 && String(error).includes('EADDRINUSE')) return startServer(workers, env, attempts - 1);
    throw error;
  }
}

async function startServerOnce(workers: number, env: Record<string, string>): Promise<Server> {
  const port = await freePort();
  const child = spawn(process.execPath, [join(buildDir, 'server/main.js')], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: cluster.url,
      PORT: String(port),
      HOST: '127.0.0.1',
      WEB_CONCURRENCY: String(workers),
      SEED_DEMO_DATA: 'false',
      LOG_LEVEL: 'info',
      LOCAL_OIDC: 'false',
      CLIENT_DIR: join(buildDir, 'no-client'),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.push(child);
  // 'close': exited, and all it wrote read.
  const server: Server = { child, url: `http://127.0.0.1:${port}`, logs: [], output: '', exited: new Promise((done) => child.on('close', (code) => done(code))) };
  // A chunk of the pipe may end inside a line: its end comes with the next.
  const logLine = byLine((line) => line.startsWith('{') && server.logs.push(JSON.parse(line)));
  child.stdout!.on('data', (chunk) => {
    server.output += chunk;
    logLine(String(chunk));
  });
  child.stderr!.on('data', (chunk) => (server.output += chunk));
  const deadline = Date.now() + 30_000;
  while (!server.output.includes('is ready at')) {
    // Exited: what it said last (EADDRINUSE, say) is read by its close.
    if (child.exitCode !== null) await server.exited;
    if (Date.now() > deadline || child.exitCode !== null) throw new Error(`server did not start:\n${server.output}`);
    await new Promise((done) => setTimeout(done, 50));
  }
  return server;
}

/** Runs the built server to its exit: its exit code and what it printed to stderr. */
async function runToExit(env: Record<string, string>) {
  const child = spawn(process.execPath, [join(buildDir, 'server/main.js')], {
    env: { ...process.env, NODE_ENV: 'production', HOST: '127.0.0.1', SEED_DEMO_DATA: 'false', LOCAL_OIDC: 'false', CLIENT_DIR: join(buildDir, 'no-client'), ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  started.push(child);
  let stderr = '';
  child.stderr!.on('data', (chunk) => (stderr += chunk));
  const code = await new Promise<number | null>((done) => child.on('close', done));
  return { code, stderr };
}

/** Runs `check` with a port another process listens on and a fresh data directory, both gone afterwards. */
async function withTakenPort(check: (port: string, dataDir: string) => Promise<void>) {
  const taken = createNetServer();
  await new Promise<void>((done) => taken.listen(0, '127.0.0.1', done));
  const dataDir = newDataDir();
  try {
    await check(String((taken.address() as AddressInfo).port), dataDir);
  } finally {
    taken.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** A data directory for an embedded PostgreSQL that the postgres user (when we run as root) can reach. */
function newDataDir() {
  const dataDir = mkdtempSync(join(tmpdir(), 'scroll-start-'));
  chmodSync(dataDir, 0o755);
  return dataDir;
}

/** A request on a connection of its own, so node:cluster hands it to whichever worker is next. */
const request = (server: Server, path: string, init: { method?: string; cookie?: string; body?: unknown; superjson?: boolean } = {}) =>
  fetch(`${server.url}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      connection: 'close',
      ...(init.cookie ? { cookie: init.cookie } : {}),
      ...(init.body ? { 'content-type': 'application/json' } : {}),
    },
    ...(init.body ? { body: JSON.stringify(init.superjson ? superjson.serialize(init.body) : init.body) } : {}),
  });

describe('WEB_CONCURRENCY=2: two worker processes on one database', () => {
  it('a rent storm across both workers never oversells; a session works on both; SIGTERM stops them cleanly', async () => {
    const server = await startServer(2);
    const [{ id: libraryId }] = (await db.query(`insert into libraries (name) values ('Storm Library') returning id`)).rows;
    const isbn = '9780547928227';
    const quantity = 5;
    await db.query(`insert into books (library_id, isbn, isbn13, title, author, quantity, available_count) values ($1, $2, $3, 'The Hobbit', 'Tolkien', $4, $4)`, [
      libraryId,
      isbn,
      isbnKey(isbn),
      quantity,
    ]);
    const cookies: string[] = [];
    for (let i = 0; i < 40; i++) {
      const [{ id }] = (await db.query(`insert into users (email, display_name) values ($1, $2) returning id`, [`storm${i}@example.test`, `Storm ${i}`])).rows;
      const token = newToken();
      await db.query(`insert into sessions (token_hash, user_id, expires_at) values ($1, $2, now() + interval '1 day')`, [hashToken(token), id]);
      cookies.push(`scroll_session=${token}`);
    }

    const answers = await Promise.all(
      cookies.map((cookie) => request(server, '/_api/books/rent', { method: 'POST', cookie, body: { isbn, libraryId, customerId: 0 }, superjson: true })),
    );
    const statuses = answers.map((a) => a.status);
    const [book] = (await db.query(`select available_count from books where library_id = $1`, [libraryId])).rows;
    const [{ active }] = (await db.query(`select count(*)::int as active from rentals where library_id = $1 and returned_at is null`, [libraryId])).rows;
    const stormPids = () => new Set(server.logs.filter((l) => l.msg === 'request completed' && l.req?.url === '/_api/books/rent').map((l) => l.pid));
    // Log lines reach stdout in batches, at least once a second (http/logging.ts bufferedStdout).
    await expect.poll(() => stormPids().size, { timeout: 15_000 }).toBe(2);
    console.log(
      `rent storm: ${cookies.length} customers, ${statuses.filter((s) => s === 200).length} rented, ${statuses.filter((s) => s === 409).length} refused, ` +
        `${Math.max(0, active - quantity)} oversold, served by ${stormPids().size} workers`,
    );
    expect(statuses.filter((s) => s === 200)).toHaveLength(quantity);
    expect(statuses.filter((s) => s !== 200 && s !== 409)).toEqual([]);
    expect(active).toBe(quantity);
    expect(book.available_count).toBe(0);

    // A session made by one request is honoured by whichever worker takes the next ones.
    const registered = await request(server, '/_api/auth/register_with_password', {
      method: 'POST',
      body: { email: 'both@example.test', password: 'Password123', displayName: 'Both Workers' },
    });
    expect(registered.status).toBe(200);
    const cookie = registered.headers.getSetCookie()[0].split(';')[0];
    const before = server.logs.length;
    for (let i = 0; i < 8; i++) {
      const session = await request(server, '/_api/auth/session', { cookie });
      expect((await session.json()).user?.email).toBe('both@example.test');
    }
    const sessionPids = () => new Set(server.logs.slice(before).filter((l) => l.msg === 'request completed' && l.req?.url === '/_api/auth/session').map((l) => l.pid)).size;
    // Log lines reach stdout in batches, at least once a second (http/logging.ts bufferedStdout).
    await expect.poll(sessionPids, { timeout: 15_000 }).toBe(2);

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  });
});

// SIGTERM from a process manager, SIGHUP from a terminal closing.
describe.each(['SIGTERM', 'SIGHUP'] as const)('%s', (signal) => {
  it('finishes the requests in flight, then exits 0 and accepts no more', async () => {
    // Each log line at once, arrivals included (debug): the test signals when the four requests' arrival lines appear.
    const server = await startServer(1, { LOG_UNBUFFERED: 'true', LOG_LEVEL: 'debug' });
    const emails = Array.from({ length: 4 }, (_, i) => `inflight-${signal.toLowerCase()}${i}@example.test`);
    const pending = emails.map((email) =>
      request(server, '/_api/auth/register_with_password', { method: 'POST', body: { email, password: 'Password123', displayName: 'In Flight' } }),
    );
    // Signal once the server has all four in hand (argon2 keeps them busy for a while).
    const deadline = Date.now() + 10_000;
    while (server.logs.filter((l) => l.msg === 'incoming request').length < emails.length && Date.now() < deadline) await new Promise((done) => setTimeout(done, 5));
    server.child.kill(signal);
    const answers = await Promise.all(pending);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    expect(await server.exited).toBe(0);
    const rows = (await db.query(`select email from users where email = any($1) order by email`, [emails])).rows;
    expect(rows.map((r) => r.email)).toEqual(emails);
    await expect(fetch(`${server.url}/healthz`)).rejects.toThrow();
  });
});

describe('a connection the database closed under the server', () => {
  it('is told in a JSON log line as the pool finds it, and the next request is served on a new one', async () => {
    const server = await startServer(1, { LOG_UNBUFFERED: 'true' });
    expect((await request(server, '/readyz')).status).toBe(200);
    const cut = await db.query(`select pg_terminate_backend(pid) from pg_stat_activity where backend_type = 'client backend' and datname = current_database() and pid <> pg_backend_pid()`);
    expect(cut.rowCount).toBeGreaterThan(0);
    const ready = server.output.indexOf('is ready at');
    // The pool learns of it when the connection's end reaches the server, and checks it when it hands the
    // connection out, the one returned last first: one the start-up sweep opened after the cut (under load)
    // would serve requests sent one at a time and leave the closed ones below it; four at a time reach them.
    await vi.waitFor(async () => {
      const answers = await Promise.all(Array.from({ length: 4 }, () => request(server, '/readyz')));
      expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
      // One line for each pooled connection it closed (the start-up sweep may have left a second).
      const driverLines = server.logs.filter((l) => l.source === 'database driver');
      expect(driverLines.length).toBeGreaterThan(0);
      for (const line of driverLines) expect(line).toEqual(expect.objectContaining({ level: 40, msg: expect.stringMatching(/^Connection Error: /) }));
    }, { timeout: 10_000, interval: 200 });
    // Every line after the start-up banner is JSON: nothing the driver printed on its own.
    const afterBanner = server.output.slice(server.output.indexOf('\n\n', ready)).split('\n').filter((line) => line.trim());
    expect(afterBanner.filter((line) => !line.startsWith('{'))).toEqual([]);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  });
});

describe('a server that cannot start', () => {
  it.each([
    ['one worker on the embedded database', { WEB_CONCURRENCY: '1' }],
    ['two workers', { WEB_CONCURRENCY: '2' }],
  ])('with %s: its port taken, it says so in a line, exits 1 and leaves nothing running', (_, env) =>
    withTakenPort(async (port, dataDir) => {
      const database: Record<string, string> = env.WEB_CONCURRENCY === '1' ? { DATA_DIR: dataDir, DATABASE_URL: '' } : { DATABASE_URL: cluster.url };
      const { code, stderr } = await runToExit({ ...env, ...database, PORT: port });
      expect(code).toBe(1);
      expect(stderr).toContain(`Scroll Library could not start: `);
      expect(stderr).toContain(`EADDRINUSE`);
      expect(stderr).not.toMatch(/\n\s+at /);
      // The embedded PostgreSQL it started has stopped too.
      expect(spawnSync('pgrep', ['-f', dataDir]).status).toBe(1);
    }), 60_000);

  it("with the local OpenID provider's port taken, it names LOCAL_OIDC_PORT, exits 1 and leaves nothing running", () =>
    withTakenPort(async (port, dataDir) => {
      const { code, stderr } = await runToExit({ WEB_CONCURRENCY: '1', DATA_DIR: dataDir, DATABASE_URL: '', LOCAL_OIDC: 'true', LOCAL_OIDC_PORT: port, PORT: '0' });
      expect(code).toBe(1);
      expect(stderr).toContain(`Scroll Library could not start: LOCAL_OIDC_PORT=${port}: listen EADDRINUSE`);
      expect(stderr).not.toMatch(/\n\s+at /);
      expect(spawnSync('pgrep', ['-f', dataDir]).status).toBe(1);
    }), 60_000);

  it('with DATABASE_URL naming a database that does not exist, it says so and exits 1, creating none', async () => {
    const url = new URL(cluster.url);
    url.pathname = '/scroll_typo';
    const { code, stderr } = await runToExit({ DATABASE_URL: url.href, PORT: '0' });
    expect(code).toBe(1);
    expect(stderr).toContain('Scroll Library could not start: The database "scroll_typo" that DATABASE_URL names does not exist. Create it (createdb scroll_typo), or correct DATABASE_URL.');
    expect(stderr).not.toMatch(/\n\s+at /);
    expect((await db.query(`select count(*)::int as n from pg_database where datname = 'scroll_typo'`)).rows[0].n).toBe(0);
  });

  it('names every malformed setting and exits 1 before touching the database', async () => {
    const { code, stderr } = await runToExit({ DATABASE_URL: 'postgres://127.0.0.1:1/none', PORT: 'eighty', PUBLIC_ORIGIN: 'https://library.test/app' });
    expect(code).toBe(1);
    expect(stderr).not.toMatch(/\n\s+at /);
    expect(stderr).toContain('PORT must be a whole number from 0 to 65535 (it is "eighty").');
    expect(stderr).toContain('PUBLIC_ORIGIN must be scheme://host[:port] with no path');
  });
});

describe('the embedded PostgreSQL, when its server goes', () => {
  /** The postmasters running on dataDir (their children's command lines do not name it). */
  const postmasters = (dataDir: string) =>
    spawnSync('pgrep', ['-f', `${dataDir}/postgres -p`], { encoding: 'utf8' }).stdout.split('\n').filter(Boolean).map(Number);
  const embedded = (dataDir: string) => ({ DATA_DIR: dataDir, DATABASE_URL: '' });
  /** A connection to the app's database on the embedded cluster running on dataDir, as its server connects (its port and the password kept in its folder). */
  const connectTo = async (dataDir: string) => {
    const port = readFileSync(join(dataDir, 'postgres/postmaster.pid'), 'utf8').split('\n')[3];
    const password = readFileSync(join(dataDir, 'postgres/scroll-password'), 'utf8');
    const client = new pg.Client({ host: '127.0.0.1', port: Number(port), user: 'scroll', password, database: 'scroll_library' });
    await client.connect();
    return client;
  };
  /** Removes dataDir, after an immediate shutdown (SIGQUIT) of any PostgreSQL a failed test left on it. */
  const removeDataDir = (dataDir: string) => {
    for (const pid of postmasters(dataDir)) process.kill(pid, 'SIGQUIT');
    rmSync(dataDir, { recursive: true, force: true });
  };

  it('after kill -9 of the server, the next start stops the PostgreSQL it left behind and serves; a second live server is refused', async () => {
    const dataDir = newDataDir();
    try {
      const killed = await startServer(1, embedded(dataDir));
      const [left] = postmasters(dataDir);
      killed.child.kill('SIGKILL');
      await killed.exited;
      expect(postmasters(dataDir)).toEqual([left]);

      const next = await startServer(1, embedded(dataDir));
      expect((await request(next, '/readyz')).status).toBe(200);
      const running = postmasters(dataDir);
      expect(running).toHaveLength(1);
      expect(running).not.toContain(left);

      const second = await runToExit({ ...embedded(dataDir), PORT: '0' });
      expect(second.code).toBe(1);
      expect(second.stderr).toContain('is already in use by another Scroll Library server');
      expect(postmasters(dataDir)).toEqual(running);

      next.child.kill('SIGTERM');
      expect(await next.exited).toBe(0);
      expect(postmasters(dataDir)).toEqual([]);
    } finally {
      removeDataDir(dataDir);
    }
  }, 90_000);

  it('when the embedded PostgreSQL dies under it, the server says so in a line and exits 1; the next start serves', async () => {
    const dataDir = newDataDir();
    try {
      const server = await startServer(1, embedded(dataDir));
      const [postmaster] = postmasters(dataDir);
      process.kill(postmaster, 'SIGKILL');
      expect(await server.exited).toBe(1);
      expect(server.output).toContain(`Scroll Library stops: The embedded PostgreSQL in ${dataDir}/postgres exited (SIGKILL).`);

      const next = await startServer(1, embedded(dataDir));
      expect((await request(next, '/readyz')).status).toBe(200);
      // PostgreSQL's own word on its recovery reaches the operator.
      expect(next.output).toMatch(/PostgreSQL: .*database system was (interrupted|not properly shut down)/);
      next.child.kill('SIGTERM');
      expect(await next.exited).toBe(0);
      expect(next.output).not.toContain('terminating connection');
    } finally {
      removeDataDir(dataDir);
    }
  }, 90_000);

  it('two servers started at the same moment on a new folder: one makes the database and serves, the other is refused', async () => {
    const dataDir = newDataDir();
    try {
      const [first, second] = await Promise.allSettled([startServer(1, embedded(dataDir)), startServer(1, embedded(dataDir))]);
      const served = [first, second].filter((s) => s.status === 'fulfilled').map((s) => s.value);
      const refused = [first, second].filter((s) => s.status === 'rejected').map((s) => String(s.reason));
      expect(served).toHaveLength(1);
      expect(refused).toEqual([expect.stringContaining('is already in use by another Scroll Library server')]);
      expect((await request(served[0]!, '/readyz')).status).toBe(200);
      served[0]!.child.kill('SIGTERM');
      expect(await served[0]!.exited).toBe(0);
      // The password the database was given is the one kept in its folder: the next start serves.
      const next = await startServer(1, embedded(dataDir));
      expect((await request(next, '/readyz')).status).toBe(200);
      next.child.kill('SIGTERM');
      expect(await next.exited).toBe(0);
      expect(readdirSync(dataDir).filter((name) => name.endsWith('.starting'))).toEqual([]);
    } finally {
      removeDataDir(dataDir);
    }
  }, 90_000);

  it.runIf(process.getuid?.() === 0)('run as root, a restored copy that root owns is refused with the reason and the command that mends it', async () => {
    const dataDir = newDataDir();
    const restored = newDataDir();
    try {
      const server = await startServer(1, embedded(dataDir));
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
      // Copied back as `cp -r` copies: every file now root's.
      expect(spawnSync('cp', ['-r', join(dataDir, 'postgres'), join(restored, 'postgres')]).status).toBe(0);

      const failed = await runToExit({ ...embedded(restored), PORT: '0' });
      expect(failed.code).toBe(1);
      expect(failed.stderr).toMatch(/PostgreSQL: .*Permission denied/);
      expect(failed.stderr).toContain(`chown -R postgres:postgres ${restored}/postgres`);
      expect(postmasters(restored)).toEqual([]);

      expect(spawnSync('chown', ['-R', 'postgres:postgres', join(restored, 'postgres')]).status).toBe(0);
      const mended = await startServer(1, embedded(restored));
      expect((await request(mended, '/readyz')).status).toBe(200);
      mended.child.kill('SIGTERM');
      expect(await mended.exited).toBe(0);
    } finally {
      removeDataDir(dataDir);
      removeDataDir(restored);
    }
  }, 90_000);

  it('a start whose migration fails says why, exits 1 and stops the PostgreSQL it started', async () => {
    const dataDir = newDataDir();
    try {
      const server = await startServer(1, embedded(dataDir));
      // The record of the first migration lost: the next start runs it again, on tables that exist.
      const own = await connectTo(dataDir);
      await own.query(`delete from mikro_orm_migrations where name like 'Migration20261121000000%'`);
      await own.end();
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);

      const failed = await runToExit({ ...embedded(dataDir), PORT: '0' });
      expect(failed.code).toBe(1);
      expect(failed.stderr).toContain('Scroll Library could not start');
      expect(failed.stderr).toContain('Migration20261121000000_initial');
      expect(postmasters(dataDir)).toEqual([]);
    } finally {
      removeDataDir(dataDir);
    }
  }, 90_000);

  it('make-admin reaches the embedded database a running server uses, by the password kept in its folder', async () => {
    const dataDir = newDataDir();
    try {
      const server = await startServer(1, embedded(dataDir));
      const own = await connectTo(dataDir);
      await own.query(`insert into users (email, display_name) values ('branch.head@example.test', 'Branch Head')`);

      const made = spawnSync(process.execPath, [join(buildDir, 'server/make-admin.js'), 'branch.head@example.test'], {
        env: { ...process.env, ...embedded(dataDir) },
        encoding: 'utf8',
      });
      expect(made.status, made.stderr).toBe(0);
      expect((await own.query(`select role from users where email = 'branch.head@example.test'`)).rows).toEqual([{ role: 'admin' }]);
      await own.end();
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
    } finally {
      removeDataDir(dataDir);
    }
  }, 90_000);

  it('prints the demo sign-ins when the demo accounts are there, seeded now or at an earlier start; over accounts of its own, says none were seeded', async () => {
    const dataDir = newDataDir();
    try {
      const stop = async (server: Server) => {
        server.child.kill('SIGTERM');
        expect(await server.exited).toBe(0);
      };
      const first = await startServer(1, { ...embedded(dataDir), SEED_DEMO_DATA: 'true' });
      expect(first.output).toContain('(demo data seeded)');
      expect(first.output).toContain('admin@scroll.test');
      await stop(first);
      // A stop asked for says so, once: an operator reading the log tells it from a crash.
      expect(first.output.match(/Scroll Library stops \(SIGTERM\): answering the requests in flight, then closing\./g)).toHaveLength(1);
      const again = await startServer(1, { ...embedded(dataDir), SEED_DEMO_DATA: 'true' });
      expect(again.output).not.toContain('(demo data seeded)');
      expect(again.output).toContain('admin@scroll.test');
      // A demo account made an admin (npm run make-admin), another moved to an email of its own on its profile.
      const demoDb = await connectTo(dataDir);
      await demoDb.query(`update users set role = 'admin' where email = 'reader@scroll.test'`);
      await demoDb.query(`update users set email = 'lee@example.test' where email = 'librarian@scroll.test'`);
      await demoDb.end();
      await stop(again);
      // Printed as they stand: the reader's account under its role now, the librarian's, no longer there, left out.
      const changed = await startServer(1, { ...embedded(dataDir), SEED_DEMO_DATA: 'true' });
      expect(changed.output).toMatch(/^ {4}admin {10}reader@scroll\.test {7}ReaderPass1$/m);
      expect(changed.output).not.toMatch(/customer\s+reader@scroll\.test/);
      expect(changed.output).not.toContain('librarian@scroll.test');
      expect(changed.output).toContain('admin@scroll.test');
      await stop(changed);

      await db.query(`insert into users (email, display_name) values ('head.librarian@example.test', 'Head Librarian') on conflict do nothing`);
      const own = await startServer(1, { SEED_DEMO_DATA: 'true' });
      expect(own.output).not.toContain('Demo sign-ins');
      expect(own.output).not.toContain('admin@scroll.test');
      expect(own.output).toContain('Demo data not seeded: the database already holds accounts, so there are no demo sign-ins.');
      await stop(own);
    } finally {
      removeDataDir(dataDir);
    }
  }, 90_000);

  it('npm start: Ctrl-C answers the requests in flight before PostgreSQL stops; start.mjs killed outright, the server stops too', async () => {
    const dataDir = newDataDir();
    // start.mjs runs dist/server/main.js of its working folder, and builds nothing when that is newer than every source there.
    const folder = mkdtempSync(join(tmpdir(), 'scroll-npm-start-'));
    mkdirSync(join(buildDir, 'client'), { recursive: true });
    writeFileSync(join(buildDir, 'client/index.html'), '');
    symlinkSync(buildDir, join(folder, 'dist'));
    const npmStart = async () => {
      const port = await freePort();
      // A job of the terminal: a process group of its own, which Ctrl-C signals as a whole.
      const child = spawn(process.execPath, [resolve(import.meta.dirname, '../../scripts/start.mjs')], {
        cwd: folder,
        detached: true,
        env: {
          ...process.env,
          ...embedded(dataDir),
          PORT: String(port),
          HOST: '127.0.0.1',
          SEED_DEMO_DATA: 'true',
          LOCAL_OIDC: 'false',
          CLIENT_DIR: join(buildDir, 'no-client'),
          // Each request's 'incoming request' and 'request completed' lines, as they happen.
          LOG_LEVEL: 'debug',
          LOG_UNBUFFERED: 'true',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      started.push(child);
      let output = '';
      child.stdout!.on('data', (chunk) => (output += chunk));
      child.stderr!.on('data', (chunk) => (output += chunk));
      const exited = new Promise<number | null>((done) => child.on('close', (code) => done(code)));
      await expect.poll(() => output, { timeout: 30_000, interval: 50 }).toContain('is ready at');
      const count = (message: string) => output.split(`"msg":"${message}"`).length - 1;
      return { child, url: `http://127.0.0.1:${port}`, exited, count };
    };
    try {
      const running = await npmStart();
      // Signing in takes a while (the password's hash): these are still being answered when Ctrl-C comes.
      const signIns = Array.from({ length: 20 }, () =>
        fetch(`${running.url}/_api/auth/login_with_password`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: running.url, connection: 'close' },
          body: JSON.stringify({ email: 'admin@scroll.test', password: 'AdminPass1' }),
        }).then((res) => res.status, () => 'no answer'),
      );
      // Ctrl-C once the server has them all, and before it has answered them all.
      await expect.poll(() => running.count('incoming request'), { timeout: 10_000, interval: 1 }).toBe(20);
      process.kill(-running.child.pid!, 'SIGINT');
      expect(running.count('request completed')).toBeLessThan(20);
      const statuses = await Promise.all(signIns);
      // 200, or 429 once the address's sign-ins are used up; never 503 for a database gone under them.
      expect(statuses.filter((status) => status !== 200 && status !== 429)).toEqual([]);
      expect(await running.exited).toBe(0);
      expect(postmasters(dataDir)).toEqual([]);

      const orphaned = await npmStart();
      const server = Number(spawnSync('pgrep', ['-P', String(orphaned.child.pid)], { encoding: 'utf8' }).stdout.trim());
      expect(server).toBeGreaterThan(0);
      orphaned.child.kill('SIGKILL');
      const gone = () => spawnSync('ps', ['-p', String(server), '-o', 'stat='], { encoding: 'utf8' }).stdout.trim().replace(/^Z.*/, '');
      await expect.poll(gone, { timeout: 30_000, interval: 100 }).toBe('');
      expect(postmasters(dataDir)).toEqual([]);
    } finally {
      removeDataDir(dataDir);
      rmSync(folder, { recursive: true, force: true });
    }
  }, 90_000);

  it.each([1, 2])('with %i worker(s), SIGTERM answers the request in flight, closes the keep-alive connections and stops PostgreSQL within seconds', async (workers) => {
    const dataDir = newDataDir();
    // Connections kept open between requests, as a browser keeps them: Node's agent holds them until the server closes them.
    const idle = new Agent({ keepAlive: true });
    const busy = new Agent({ keepAlive: true });
    const send = async (agent: Agent, url: string, body?: unknown) => {
      const sent = httpRequest(url, { agent, method: body ? 'POST' : 'GET', headers: body ? { 'content-type': 'application/json' } : {} });
      sent.end(body ? JSON.stringify(body) : undefined);
      const [answer] = (await once(sent, 'response')) as [IncomingMessage];
      answer.resume();
      await once(answer, 'end');
      return answer.statusCode;
    };
    try {
      // Each request's 'incoming request' line as it comes.
      const server = await startServer(workers, { ...embedded(dataDir), LOG_LEVEL: 'debug', LOG_UNBUFFERED: 'true' });
      // Two connections at once (node:cluster hands one to each of two workers), idle once answered.
      expect(await Promise.all([send(idle, `${server.url}/healthz`), send(idle, `${server.url}/healthz`)])).toEqual([200, 200]);
      // A sign-up on a keep-alive connection of its own, in flight as the stop comes (its password's hash takes a while).
      const signUp = send(busy, `${server.url}/_api/auth/register_with_password`, { email: `keep-alive${workers}@example.test`, password: 'Password123', displayName: 'Keep Alive' });
      await expect.poll(() => server.logs.some((l) => l.msg === 'incoming request' && l.req?.url === '/_api/auth/register_with_password'), { timeout: 10_000, interval: 5 }).toBe(true);
      const stoppedAt = Date.now();
      server.child.kill('SIGTERM');
      expect(await signUp).toBe(200);
      // Well short of the keep-alive the server offers (72 s), which the stop once waited out.
      const exit = await Promise.race([server.exited, new Promise((done) => setTimeout(() => done('still running after 15 s'), 15_000))]);
      console.log(`stop with ${workers} worker(s), keep-alive connections open: ${Date.now() - stoppedAt} ms`);
      expect(exit).toBe(0);
      expect(postmasters(dataDir)).toEqual([]);
    } finally {
      idle.destroy();
      busy.destroy();
      removeDataDir(dataDir);
    }
  }, 60_000);

  /** A sign-up whose body never comes whole, on a connection of its own: its headers announce 100 bytes, and 10 are sent. */
  const unfinishedRequest = async (server: Server) => {
    const { port } = new URL(server.url);
    const socket = connectSocket(Number(port), '127.0.0.1');
    await once(socket, 'connect');
    socket.on('error', () => {});
    socket.write(`POST /_api/auth/register_with_password HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"email":"`);
    // The server has it in hand (its 'incoming request' line at the debug level) before the stop comes.
    await expect.poll(() => server.logs.some((l) => l.msg === 'incoming request' && l.req?.url === '/_api/auth/register_with_password'), { timeout: 10_000, interval: 5 }).toBe(true);
    return socket;
  };
  /** The server's exit code, or a line saying it was still running after `ms`. */
  const exitWithin = (server: Server, ms: number) => Promise.race([server.exited, new Promise((done) => setTimeout(() => done(`still running after ${ms} ms`), ms))]);

  it.each([1, 2])('with %i worker(s), SIGTERM closes a connection whose request never finishes once SHUTDOWN_GRACE_MS is up, says so, and stops PostgreSQL', async (workers) => {
    const dataDir = newDataDir();
    const grace = 1_000;
    let socket: Socket | undefined;
    try {
      const server = await startServer(workers, { ...embedded(dataDir), SHUTDOWN_GRACE_MS: String(grace), LOG_LEVEL: 'debug', LOG_UNBUFFERED: 'true' });
      socket = await unfinishedRequest(server);
      const cut = once(socket, 'close');
      const stoppedAt = Date.now();
      server.child.kill('SIGTERM');
      const exit = await exitWithin(server, grace + 15_000);
      console.log(`stop with ${workers} worker(s), a request never finished: ${Date.now() - stoppedAt} ms`);
      expect(exit).toBe(0);
      // Given its grace first, as a request at work would be.
      expect(Date.now() - stoppedAt).toBeGreaterThanOrEqual(grace);
      await cut;
      expect(server.logs.filter((l) => l.msg.startsWith('stopping:')).map((l) => l.msg)).toEqual([
        'stopping: closed 1 connection whose request had not finished 1 s after the shutdown signal (SHUTDOWN_GRACE_MS)',
      ]);
      expect(postmasters(dataDir)).toEqual([]);
    } finally {
      socket?.destroy();
      removeDataDir(dataDir);
    }
  }, 60_000);

  it('a second SIGTERM closes a connection whose request never finishes at once, and stops PostgreSQL', async () => {
    const dataDir = newDataDir();
    let socket: Socket | undefined;
    try {
      // The grace as it comes (15 s): the second signal does not wait it out.
      const server = await startServer(1, { ...embedded(dataDir), LOG_LEVEL: 'debug', LOG_UNBUFFERED: 'true' });
      socket = await unfinishedRequest(server);
      const stoppedAt = Date.now();
      server.child.kill('SIGTERM');
      await new Promise((done) => setTimeout(done, 200));
      server.child.kill('SIGTERM');
      const exit = await exitWithin(server, 10_000);
      console.log(`stop on a second SIGTERM, a request never finished: ${Date.now() - stoppedAt} ms`);
      expect(exit).toBe(0);
      expect(server.logs.filter((l) => l.msg.startsWith('stopping')).map((l) => l.msg)).toEqual([
        'stopping at once on a second SIGTERM: closed 1 connection whose request had not finished',
      ]);
      expect(postmasters(dataDir)).toEqual([]);
    } finally {
      socket?.destroy();
      removeDataDir(dataDir);
    }
  }, 60_000);

  it('with 2 workers, SIGTERM kills a worker that has not stopped once SHUTDOWN_GRACE_MS and its margin are up, says so, and stops PostgreSQL', async () => {
    const dataDir = newDataDir();
    let stuck = 0;
    try {
      const server = await startServer(2, { ...embedded(dataDir), SHUTDOWN_GRACE_MS: '1000' });
      const workerPids = spawnSync('pgrep', ['-P', String(server.child.pid), '-f', 'server/main.js'], { encoding: 'utf8' }).stdout.split('\n').filter(Boolean).map(Number);
      expect(workerPids).toHaveLength(2);
      // A worker that cannot act on its SIGTERM: stopped, as one hung would be.
      stuck = workerPids[0]!;
      process.kill(stuck, 'SIGSTOP');
      const stoppedAt = Date.now();
      server.child.kill('SIGTERM');
      const exit = await exitWithin(server, 25_000);
      console.log(`stop with a worker that does not stop: ${Date.now() - stoppedAt} ms`);
      expect(exit).toBe(0);
      expect(server.output).toContain(`Worker ${stuck} had not stopped 6 s after it was asked to (SHUTDOWN_GRACE_MS and 5 s); killed.`);
      expect(postmasters(dataDir)).toEqual([]);
    } finally {
      if (stuck) spawnSync('kill', ['-KILL', String(stuck)]);
      removeDataDir(dataDir);
    }
  }, 60_000);

  it.each([
    ['SIGTERM', 143],
    ['SIGINT', 130],
  ] as const)('%s during start-up stops the PostgreSQL it started and exits %i', async (signal, exitCode) => {
    const dataDir = newDataDir();
    try {
      // Seeding the demo data keeps the server starting for a while after its PostgreSQL is up.
      const exit = runToExit({ ...embedded(dataDir), SEED_DEMO_DATA: 'true', PORT: '0' });
      const child = started.at(-1)!;
      await expect.poll(() => postmasters(dataDir).length, { timeout: 30_000, interval: 10 }).toBe(1);
      child.kill(signal);
      const { code, stderr } = await exit;
      expect(code).toBe(exitCode);
      expect(stderr).not.toContain('could not start');
      expect(postmasters(dataDir)).toEqual([]);
    } finally {
      removeDataDir(dataDir);
    }
  }, 60_000);
});

describe('make-admin, as built into the image', () => {
  it('makes an account a platform admin and ends its sessions and invitations; an unknown email says so and exits 1', async () => {
    const [{ id }] = (
      await db.query(`insert into users (email, display_name, role) values ('future.admin@example.test', 'Future Admin', 'library_admin') returning id`)
    ).rows;
    await db.query(`insert into sessions (token_hash, user_id, expires_at) values ($1, $2, now() + interval '1 day')`, [hashToken(newToken()), id]);
    // An invitation to a library's staff, which only a library admin may answer.
    const [library] = (await db.query(`insert into libraries (name) values ('Inviting Annex') returning id`)).rows;
    await db.query(`insert into staff_invitations (library_id, user_id) values ($1, $2)`, [library.id, id]);
    const run = (email: string) =>
      spawnSync(process.execPath, [join(buildDir, 'server/make-admin.js'), email], { env: { ...process.env, DATABASE_URL: cluster.url }, encoding: 'utf8' });

    const made = run('Future.Admin@example.test');
    expect(made.status, made.stderr).toBe(0);
    expect(made.stdout).toContain('Future Admin <future.admin@example.test> is now a platform admin.');
    expect((await db.query(`select role from users where id = $1`, [id])).rows[0].role).toBe('admin');
    expect((await db.query(`select count(*)::int as n from sessions where user_id = $1`, [id])).rows[0].n).toBe(0);
    expect((await db.query(`select count(*)::int as n from staff_invitations where user_id = $1`, [id])).rows[0].n).toBe(0);

    // Made again, nothing changes: they stay signed in.
    await db.query(`insert into sessions (token_hash, user_id, expires_at) values ($1, $2, now() + interval '1 day')`, [hashToken(newToken()), id]);
    const again = run('future.admin@example.test');
    expect(again.status, again.stderr).toBe(0);
    expect(again.stdout.trim()).toBe('Future Admin <future.admin@example.test> is a platform admin already: nothing changed.');
    expect((await db.query(`select count(*)::int as n from sessions where user_id = $1`, [id])).rows[0].n).toBe(1);

    const unknown = run('nobody@example.test');
    expect(unknown.status).toBe(1);
    expect(unknown.stderr.trim()).toBe('No account with the email nobody@example.test.');
  });

  it('on the embedded database, says so when DATA_DIR holds none, and makes none there', () => {
    const dataDir = newDataDir();
    try {
      const mistyped = spawnSync(process.execPath, [join(buildDir, 'server/make-admin.js'), 'someone@example.test'], {
        env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir },
        encoding: 'utf8',
      });
      expect(mistyped.status).toBe(1);
      expect(mistyped.stderr.trim()).toBe(`No database in ${dataDir}/postgres: set DATA_DIR to the folder the server keeps its data in (or DATABASE_URL).`);
      expect(readdirSync(dataDir)).toEqual([]);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('housekeeping of the running server', () => {
  it('clears expired sessions and ended rate-limit windows once it has started', async () => {
    const { rows } = await db.query(`insert into users (email, display_name) values ('sweep@example.test', 'Sweep') returning id`);
    await db.query(`insert into sessions (token_hash, user_id, expires_at) values ('expired-session', $1, now() - interval '1 second')`, [rows[0].id]);
    await db.query(`insert into rate_limits (key, hits, reset_at) values ('sweep:ended', 3, now() - interval '1 second')`);
    const left = async () =>
      Number((await db.query(`select (select count(*) from sessions where token_hash = 'expired-session') + (select count(*) from rate_limits where key = 'sweep:ended') as n`)).rows[0].n);
    expect(await left()).toBe(2);

    const server = await startServer(1);
    const deadline = Date.now() + 10_000;
    while ((await left()) > 0 && Date.now() < deadline) await new Promise((done) => setTimeout(done, 100));
    expect(await left()).toBe(0);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  });

  it('with two workers, one of them sweeps, and the worker started in its place when it dies', async () => {
    const server = await startServer(2, { LOG_LEVEL: 'debug', LOG_UNBUFFERED: 'true' });
    const sweeps = () => server.logs.filter((l) => l.msg === 'expired sessions and rate-limit windows cleared');
    await expect.poll(() => sweeps().length, { timeout: 10_000 }).toBe(1);
    // Both workers are up (the banner waits for them); a second sweep at start would have logged by now.
    await new Promise((done) => setTimeout(done, 1000));
    expect(sweeps()).toHaveLength(1);

    const [{ pid: sweeper }] = sweeps();
    process.kill(sweeper, 'SIGKILL');
    await expect.poll(() => sweeps().length, { timeout: 15_000 }).toBe(2);
    expect(sweeps()[1].pid).not.toBe(sweeper);
    expect(server.output).toContain(`Worker ${sweeper} exited (SIGKILL); starting another.`);
    await new Promise((done) => setTimeout(done, 1000));
    expect(sweeps()).toHaveLength(2);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  });
});

describe('health endpoints of the running server', () => {
  it('/healthz says alive; /readyz says whether the database answers', async () => {
    const server = await startServer(1);
    expect(await (await request(server, '/healthz')).json()).toEqual({ status: 'ok' });
    expect(await (await request(server, '/readyz')).json()).toEqual({ status: 'ready' });
    await cluster.stop();
    try {
      const ready = await request(server, '/readyz');
      expect(ready.status).toBe(503);
      expect((await request(server, '/healthz')).status).toBe(200);
    } finally {
      await cluster.start();
    }
    const deadline = Date.now() + 10_000;
    let status = 0;
    while (status !== 200 && Date.now() < deadline) status = (await request(server, '/readyz')).status;
    expect(status).toBe(200);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  });
});

describe('start-up', () => {
  it.each([1, 2])('with PORT=0 and %i worker(s), the banner names the free port picked, which serves', async (workers) => {
    const server = await startServer(workers, { PORT: '0' });
    const port = Number(/is ready at http:\/\/127\.0\.0\.1:(\d+)/.exec(server.output)?.[1]);
    expect(port).toBeGreaterThan(0);
    expect((await request({ ...server, url: `http://127.0.0.1:${port}` }, '/readyz')).status).toBe(200);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  });

  it.skipIf(!hasIpv6Loopback)('names an IPv6 HOST in brackets in the banner, an address a browser opens', async () => {
    const server = await startServer(1, { HOST: '::1', PORT: '0' });
    const url = /is ready at (\S+)/.exec(server.output)?.[1];
    expect(url).toMatch(/^http:\/\/\[::1\]:\d+$/);
    expect((await fetch(`${url}/readyz`)).status).toBe(200);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  });

  it('loads the local OpenID provider only when it is on (its package takes about 200 ms to load)', async () => {
    // A module hook that says on standard error when the server resolves the package.
    const hook = join(buildDir, 'report-oidc-provider.mjs');
    writeFileSync(
      hook,
      `export async function resolve(specifier, context, next) {
        if (specifier === 'oidc-provider') process.stderr.write('resolved oidc-provider\\n');
        return next(specifier, context);
      }`,
    );
    const register = join(buildDir, 'register-hook.mjs');
    writeFileSync(register, `import { register } from 'node:module';\nregister(${JSON.stringify(`file://${hook}`)});\n`);
    const withHook = { NODE_OPTIONS: `--import=${register}` };

    const off = await startServer(1, { ...withHook, LOCAL_OIDC: 'false' });
    expect((await request(off, '/readyz')).status).toBe(200);
    off.child.kill('SIGTERM');
    expect(await off.exited).toBe(0);
    expect(off.output).not.toContain('oidc-provider');

    const on = await startServer(1, { ...withHook, LOCAL_OIDC: 'true' });
    expect(on.output).toContain('resolved oidc-provider');
    on.child.kill('SIGTERM');
    expect(await on.exited).toBe(0);
  });
});
