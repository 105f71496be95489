import { createServer } from 'node:net';
import { constants } from 'node:os';
import type { EntityManager } from '@mikro-orm/postgresql';
import { type DemoData, printBanner } from './banner';
import { ConfigError, loadConfig, loadEnvFile } from './config';
import { connect, startupDriverLog } from './db/connect';
import { type Database, openDatabase } from './db/database';
import { onStartedClusterLost, stopStartedClusters } from './db/embedded';
import { migrate } from './db/orm';
import { currentDemoSignIns, seedDemoData } from './db/seed';
import { messageOf } from './errors';
import { listenFailure, serve, type ShutdownSignals } from './serve';
import { isWorker, stopWorkers, superviseWorkers, workerTask } from './workers';

const startedAt = performance.now();

/** One readable message and exit 1, for anything that stops the server from starting. */
function cannotStart(error: unknown): never {
  const message = messageOf(error);
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

/**
 * Hands the shutdown signals from stopStarting to the running server's stop; false if one already came. Only
 * the same signal again stops at once: a worker gets a terminal's SIGINT and its primary's SIGTERM for one Ctrl-C.
 */
const onShutdownSignals: ShutdownSignals = (stop, stopAtOnce) => {
  if (interrupted) return false;
  let first: NodeJS.Signals | undefined;
  for (const signal of SHUTDOWN_SIGNALS) {
    process.off(signal, stopStarting);
    process.on(signal, () => {
      shuttingDown = true;
      if (first === undefined) {
        first = signal;
        // Said once, by the primary process: a stop asked for reads apart from a crash in the log.
        if (!isWorker) console.log(`  Scroll Library stops (${signal}): answering the requests in flight, then closing.`);
        stop();
      } else if (signal === first) stopAtOnce(signal);
    });
  }
  return true;
};

/** cannotStart, unless a shutdown signal is already stopping the start (and cut its connections). */
const failedToStart = (error: unknown) => (interrupted ? interruptedStart : cannotStart(error));

/** Listens on HOST:PORT for a moment, so an address the server cannot serve on stops it before the database starts. */
async function checkAddress() {
  const server = createServer();
  await new Promise<void>((done, fail) => {
    server.once('error', (error) => fail(listenFailure(config, error)));
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

/** Seeds the demo data when the database holds no accounts; what the banner says of it. */
async function seedDemo(em: EntityManager): Promise<DemoData> {
  const seeded = await seedDemoData(em);
  const signIns = await currentDemoSignIns(em);
  return { state: seeded ? 'seeded' : signIns.length ? 'present' : 'not seeded', signIns };
}

/** Opens the database, applies migrations and seeds an empty one: once, in the primary process. */
async function prepareDatabase(): Promise<{ database: Database; demo: DemoData | null }> {
  const database = await openDatabase(config, postgresLine);
  try {
    const orm = await connect(config, database.url, { driverLog: startupDriverLog });
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

if (isWorker) {
  const { databaseUrl, sweeps } = workerTask();
  await serve({ databaseUrl, config: { ...config, databaseUrl }, sweeps, onShutdownSignals, onClosed: async () => {} }).catch(failedToStart);
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
    printBanner(config, { database, demo, port, startedAt });
    tellServing();
  };
  if (workers === 1) {
    // The port taken, say: the embedded PostgreSQL stops too, rather than staying behind.
    const port = await serve({ databaseUrl: database.url, config, sweeps: true, onShutdownSignals, onClosed: () => database.stop() }).catch(async (error: unknown) => {
      await database.stop();
      return failedToStart(error);
    });
    serving(port);
  } else {
    const { stop, stopAtOnce } = superviseWorkers({
      workers,
      databaseUrl: database.url,
      port: config.port,
      shutdownGraceMs: config.shutdownGraceMs,
      onServing: serving,
      onExited: (failed) => void database.stop().then(() => process.exit(failed ? 1 : 0)),
    });
    onShutdownSignals(stop, stopAtOnce);
  }
}
