import { type AddressInfo, createServer, isIP } from 'node:net';
import { constants } from 'node:os';
import { resolve } from 'node:path';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { FastifyBaseLogger } from 'fastify';
import { buildApp } from './app';
import { type Config, ConfigError, loadConfig, loadEnvFile } from './config';
import { type Database, openDatabase } from './db/database';
import { onStartedClusterLost, stopStartedClusters } from './db/embedded';
import { type ConnectionOptions, type DriverLog, initOrm, migrate, REQUEST_STATEMENT_TIMEOUT_MS } from './db/orm';
import { bufferedStdout, loggerOptions } from './http/logging';
import { startHousekeeping } from './services/housekeeping';
import { demoSignIns, hasDemoAccounts, seedDemoData } from './db/seed';
import { isWorker, stopWorkers, superviseWorkers, workerTask } from './workers';

const startedAt = performance.now();

/** One readable message and exit 1, for anything that stops the server from starting. */
function cannotStart(error: unknown): never {
  const message = error instanceof Error ? error.message : String(error);
  console.error(`\n  Scroll Library could not start: ${message.includes('\n') ? `\n    ${message.replaceAll('\n', '\n    ')}` : message}\n`);
  process.exit(1);
}

const config = (() => {
  try {
    loadEnvFile();
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) cannotStart(error);
    throw error;
  }
})();
const workers = config.workers;

/** Ctrl-C, a stop from a process manager, and the terminal closing. */
const SHUTDOWN_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

/**
 * Until the server serves, a shutdown signal stops the embedded PostgreSQL if it was started (rather
 * than leaving it running with no server) and exits 128 + the signal's number, as a process killed by
 * it would. Start-up failures it causes on the way (connections cut) are not reported as such.
 */
let interrupted = false;
const stopStarting = (signal: NodeJS.Signals) => {
  if (interrupted) return;
  interrupted = true;
  void stopStartedClusters().finally(() => process.exit(128 + constants.signals[signal]));
};
for (const signal of SHUTDOWN_SIGNALS) process.on(signal, stopStarting);

// `npm start` runs the server in a process group of its own, over an IPC channel (scripts/start.mjs): should start.mjs
// die, killed outright, the channel closes and the server stops as on SIGTERM, rather than running on unseen; closed
// already as this code runs (start.mjs died while the modules loaded), at once.
const supervised = !isWorker && process.env.SCROLL_SUPERVISED === '1';
if (supervised) {
  if (!process.connected) process.kill(process.pid, 'SIGTERM');
  process.once('disconnect', () => process.kill(process.pid, 'SIGTERM'));
  process.channel?.unref();
}
/** Tells start.mjs the server serves: its signals then reach the server alone, which answers what is in flight. */
const tellServing = () => {
  if (supervised && process.connected) process.send?.('serving');
};

/** Never settles: a shutdown signal stopped the start, and stopStarting ends the process. */
const interruptedStart = new Promise<never>(() => {});

/** Set by a shutdown signal once the server runs: Ctrl-C reaches the embedded PostgreSQL too, which then stops by itself. */
let shuttingDown = false;

/** Hands the shutdown signals from stopStarting to the running server's handler; false if one already came. */
function onShutdownSignals(handler: () => void) {
  if (interrupted) return false;
  for (const signal of SHUTDOWN_SIGNALS) {
    process.off(signal, stopStarting);
    process.on(signal, () => {
      shuttingDown = true;
      handler();
    });
  }
  return true;
}

/** cannotStart, unless a shutdown signal is already stopping the start (and cut its connections). */
const failedToStart = (error: unknown) => (interrupted ? interruptedStart : cannotStart(error));

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Connects to the database; a failure names DATABASE_URL when that setting points at it. */
async function connect(databaseUrl: string, connection: ConnectionOptions) {
  try {
    return await initOrm(databaseUrl, {}, connection);
  } catch (error) {
    if (!config.databaseUrl) throw error;
    throw new Error(`DATABASE_URL: ${messageOf(error)}`, { cause: error });
  }
}

/** A failure to listen, with the setting to change: PORT when it is taken or privileged, else HOST. */
function listenFailure(error: unknown) {
  const code = (error as NodeJS.ErrnoException).code;
  const setting = code === 'EADDRINUSE' || code === 'EACCES' ? `PORT=${config.port}` : `HOST=${config.host}`;
  return new Error(`${setting}: ${messageOf(error)}`, { cause: error });
}

/** Listens on HOST:PORT for a moment, so an address the server cannot serve on stops it before the database starts. */
async function checkAddress() {
  const server = createServer();
  await new Promise<void>((done, fail) => {
    server.once('error', (error) => fail(listenFailure(error)));
    server.listen(config.port, config.host, done);
  });
  await new Promise((done) => server.close(done));
}

/**
 * What the embedded PostgreSQL says that an operator needs to see: a recovery after a crash, a fatal
 * failure (a full disk, say, or files it may not read). Not its errors, whose details can hold a patron's
 * email, nor the fatal line each connection gets as a shutdown ends it.
 */
function postgresLine(line: string) {
  if (/terminating connection due to administrator command/.test(line)) return;
  if (/\b(FATAL|PANIC):|database system was (interrupted|not properly shut down)|No space left on device|Permission denied/.test(line)) console.error(`  PostgreSQL: ${line.trim()}`);
}

/** The database driver's warnings before the app's log exists: a line, as the rest of start-up writes. */
const startupDriverLog: DriverLog = (_, message) => console.error(`  Database driver: ${message}`);

/**
 * The demo data, when SEED_DEMO_DATA is on: seeded by this start, there from an earlier one, or not seeded as the
 * database already held other accounts (its demo sign-ins would not work).
 */
type DemoData = 'seeded' | 'present' | 'not seeded';

async function seedDemo(em: EntityManager): Promise<DemoData> {
  if (await seedDemoData(em)) return 'seeded';
  return (await hasDemoAccounts(em)) ? 'present' : 'not seeded';
}

/** Opens the database, applies migrations and seeds an empty one: once, in the primary process. */
async function prepareDatabase(): Promise<{ database: Database; demo: DemoData | null }> {
  const database = await openDatabase(config, postgresLine);
  try {
    const orm = await connect(database.url, { driverLog: startupDriverLog });
    try {
      await migrate(orm);
      return { database, demo: config.seedDemoData ? await seedDemo(orm.em.fork()) : null };
    } finally {
      await orm.close();
    }
  } catch (error) {
    // A migration that fails, say: the embedded PostgreSQL stops too, rather than staying behind.
    await database.stop();
    throw error;
  }
}

/** HOST as a browser on this machine opens it: every interface as localhost, an IPv6 address in brackets. */
function browserHost(host: string) {
  if (host === '0.0.0.0' || host === '::') return 'localhost';
  return isIP(host) === 6 ? `[${host}]` : host;
}

/** `port`: the one listened on (PORT=0 picks a free one). */
function printBanner(database: Database, demo: DemoData | null, port: number) {
  const host = browserHost(config.host);
  const lines = [
    '',
    `  Scroll Library is ready at http://${host}:${port}  (${Math.round(performance.now() - startedAt)} ms${workers > 1 ? `, ${workers} workers` : ''})`,
    `  Database: ${database.embedded ? `embedded PostgreSQL in ${config.dataDir}/postgres` : 'DATABASE_URL'}${demo === 'seeded' ? ' (demo data seeded)' : ''}`,
  ];
  if (demo === 'not seeded') lines.push('', '  Demo data not seeded: the database already holds accounts, so there are no demo sign-ins.');
  else if (demo) {
    lines.push('', '  Demo sign-ins:');
    for (const s of demoSignIns) lines.push(`    ${s.role.padEnd(14)} ${s.email.padEnd(24)} ${s.password}`);
  }
  console.log(lines.join('\n') + '\n');
}

/** How soon a stopping server closes a keep-alive connection once its last answer is sent. */
const IDLE_CLOSE_INTERVAL_MS = 50;

/**
 * Serves the app on the port, and answers the port it listens on; on a shutdown signal finishes in-flight
 * requests, then closes. `sweeps`: this process clears expired rows (services/housekeeping.ts); one process
 * per server does.
 */
async function serve(databaseUrl: string, cfg: Config, sweeps: boolean, onClosed: () => Promise<void>): Promise<number> {
  // Once the app is built, the driver's warnings (a pooled connection found closed, say) are log lines like the rest.
  let log: FastifyBaseLogger | undefined;
  const driverLog: DriverLog = (level, message) => (log ? log[level]({ source: 'database driver' }, message) : startupDriverLog(level, message));
  const orm = await connect(databaseUrl, { statementTimeoutMs: REQUEST_STATEMENT_TIMEOUT_MS, driverLog });
  const app = await buildApp({
    orm,
    config: cfg,
    clientDir: process.env.CLIENT_DIR ?? resolve(import.meta.dirname, '../client'),
    logger: loggerOptions(cfg.logLevel, cfg.logUnbuffered ? undefined : bufferedStdout()),
  });
  log = app.log;
  let closing = false;
  let stopHousekeeping = () => {};
  const shutdown = async () => {
    if (closing) return;
    closing = true;
    stopHousekeeping();
    // close() closes the connections idle at that moment; a keep-alive connection whose answer was still in
    // flight would stay open once it is sent, and the stop wait out its keep-alive (72 s): each is closed as it goes idle.
    const closeIdle = setInterval(() => app.server.closeIdleConnections(), IDLE_CLOSE_INTERVAL_MS);
    await app.close();
    clearInterval(closeIdle);
    await orm.close();
    await onClosed();
    process.exit(0);
  };
  if (!onShutdownSignals(() => void shutdown())) return interruptedStart;
  await app.listen({ port: cfg.port, host: cfg.host }).catch((error: unknown) => {
    throw listenFailure(error);
  });
  if (sweeps) stopHousekeeping = startHousekeeping(orm.em, cfg, app.log);
  return (app.server.address() as AddressInfo).port;
}

if (isWorker) {
  const { databaseUrl, sweeps } = workerTask();
  await serve(databaseUrl, { ...config, databaseUrl }, sweeps, async () => {}).catch(failedToStart);
} else {
  for (const notice of config.notices) console.warn(`  ${notice}`);
  await checkAddress().catch(failedToStart);
  const { database, demo } = await prepareDatabase().catch(failedToStart);
  if (interrupted) await interruptedStart;
  // Without its embedded PostgreSQL every request would fail: exit, so that a supervisor starts the
  // server again (and the next start recovers the database).
  onStartedClusterLost((message) => {
    if (shuttingDown) return;
    console.error(`  Scroll Library stops: ${message}`);
    stopWorkers();
    process.exit(1);
  });
  const serving = (port: number) => {
    printBanner(database, demo, port);
    tellServing();
  };
  if (workers === 1) {
    // The port taken, say: the embedded PostgreSQL stops too, rather than staying behind.
    const port = await serve(database.url, config, true, () => database.stop()).catch(async (error: unknown) => {
      await database.stop();
      return failedToStart(error);
    });
    serving(port);
  } else {
    const stop = superviseWorkers({
      workers,
      databaseUrl: database.url,
      port: config.port,
      onServing: serving,
      onExited: (failed) => void database.stop().then(() => process.exit(failed ? 1 : 0)),
    });
    onShutdownSignals(stop);
  }
}
