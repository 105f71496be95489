import cluster from 'node:cluster';
import { resolve } from 'node:path';
import { buildApp } from './app';
import { type Config, ConfigError, loadConfig, loadEnvFile } from './config';
import { type Database, openDatabase } from './db/database';
import { initOrm, migrate } from './db/orm';
import { bufferedStdout, loggerOptions } from './http/logging';
import { startHousekeeping } from './services/housekeeping';
import { demoSignIns, seedDemoData } from './db/seed';

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

/** Opens the database, applies migrations and seeds an empty one: once, in the primary process. */
async function prepareDatabase(): Promise<{ database: Database; seeded: boolean }> {
  const database = await openDatabase(config);
  const orm = await initOrm(database.url);
  await migrate(orm);
  const seeded = config.seedDemoData ? await seedDemoData(orm.em.fork()) : false;
  await orm.close();
  return { database, seeded };
}

function printBanner(database: Database, seeded: boolean) {
  const host = config.host === '0.0.0.0' ? 'localhost' : config.host;
  const lines = [
    '',
    `  Scroll Library is ready at http://${host}:${config.port}  (${Math.round(performance.now() - startedAt)} ms${workers > 1 ? `, ${workers} workers` : ''})`,
    `  Database: ${database.embedded ? `embedded PostgreSQL in ${config.dataDir}/postgres` : 'DATABASE_URL'}${seeded ? ' (demo data seeded)' : ''}`,
  ];
  if (config.seedDemoData) {
    lines.push('', '  Demo sign-ins:');
    for (const s of demoSignIns) lines.push(`    ${s.role.padEnd(14)} ${s.email.padEnd(24)} ${s.password}`);
  }
  console.log(lines.join('\n') + '\n');
}

/** Ctrl-C, a stop from a process manager, and the terminal closing. */
const SHUTDOWN_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

/**
 * Serves the app on the port; on a shutdown signal finishes in-flight requests, then closes.
 * `sweeps`: this process clears expired rows (services/housekeeping.ts); one process per server does.
 */
async function serve(databaseUrl: string, cfg: Config, sweeps: boolean, onClosed: () => Promise<void>) {
  const orm = await initOrm(databaseUrl);
  const app = await buildApp({
    orm,
    config: cfg,
    clientDir: process.env.CLIENT_DIR ?? resolve(import.meta.dirname, '../client'),
    logger: loggerOptions(cfg.logLevel, cfg.logUnbuffered ? undefined : bufferedStdout()),
  });
  let closing = false;
  let stopHousekeeping = () => {};
  const shutdown = async () => {
    if (closing) return;
    closing = true;
    stopHousekeeping();
    await app.close();
    await orm.close();
    await onClosed();
    process.exit(0);
  };
  for (const signal of SHUTDOWN_SIGNALS) process.on(signal, () => void shutdown());
  await app.listen({ port: cfg.port, host: cfg.host });
  if (sweeps) stopHousekeeping = startHousekeeping(orm.em, cfg, app.log);
}

if (cluster.isPrimary) {
  const { database, seeded } = await prepareDatabase().catch(cannotStart);
  if (workers === 1) {
    // The port taken, say: the embedded PostgreSQL stops too, rather than staying behind.
    await serve(database.url, config, true, () => database.stop()).catch(async (error: unknown) => {
      await database.stop();
      cannotStart(error);
    });
    printBanner(database, seeded);
  } else {
    // Workers share the port (node:cluster); every piece of state lives in PostgreSQL. One of them
    // sweeps expired rows, and the worker started in its place if it exits.
    const listened = new Set<number>();
    let sweeper: number | undefined;
    const fork = (sweeps: boolean) => {
      const worker = cluster.fork({ DATABASE_URL: database.url, SCROLL_SWEEPS: sweeps ? '1' : '' });
      if (sweeps) sweeper = worker.id;
    };
    for (let i = 0; i < workers; i++) fork(i === 0);
    cluster.on('listening', (worker, address) => {
      // The app's port: a worker's local OpenID provider listens too, on a port of its own.
      if (address.port !== config.port) return;
      listened.add(worker.id);
      if (listened.size === workers) printBanner(database, seeded);
    });
    let stopping = false;
    let failed = false;
    cluster.on('exit', (worker, code) => {
      if (!stopping && listened.has(worker.id)) {
        console.error(`worker ${worker.process.pid} exited (${code}); starting another`);
        fork(worker.id === sweeper);
        return;
      }
      // A worker that never got to serve would fail again if restarted: it has said why; stop them all.
      if (!stopping) {
        failed = true;
        stop();
      }
      if (Object.keys(cluster.workers ?? {}).length === 0) void database.stop().then(() => process.exit(failed ? 1 : 0));
    });
    const stop = () => {
      if (stopping) return;
      stopping = true;
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
    };
    for (const signal of SHUTDOWN_SIGNALS) process.on(signal, stop);
  }
} else {
  await serve(process.env.DATABASE_URL!, { ...config, databaseUrl: process.env.DATABASE_URL }, process.env.SCROLL_SWEEPS === '1', async () => {}).catch(cannotStart);
}
