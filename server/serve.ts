import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { buildApp } from './app';
import type { Config } from './config';
import { connect, startupDriverLog } from './db/connect';
import { type DriverLog, REQUEST_STATEMENT_TIMEOUT_MS } from './db/orm';
import { messageOf } from './errors';
import { bufferedStdout, loggerOptions } from './http/logging';
import { startHousekeeping } from './services/housekeeping';

/** A failure to listen, with the setting to change: PORT when it is taken or privileged, else HOST. */
export function listenFailure(config: Config, error: unknown) {
  const code = (error as NodeJS.ErrnoException).code;
  const setting = code === 'EADDRINUSE' || code === 'EACCES' ? `PORT=${config.port}` : `HOST=${config.host}`;
  return new Error(`${setting}: ${messageOf(error)}`, { cause: error });
}

/** How soon a stopping server closes a keep-alive connection once its last answer is sent. */
const IDLE_CLOSE_INTERVAL_MS = 50;

/**
 * Gives the running server the shutdown signals: `stop` for the first, `stopAtOnce` for the same signal again
 * (Ctrl-C pressed twice). False if one came before, and the start is being stopped.
 */
export type ShutdownSignals = (stop: () => void, stopAtOnce: (signal: NodeJS.Signals) => void) => boolean;

interface Serving {
  databaseUrl: string;
  config: Config;
  /** This process clears expired rows (services/housekeeping.ts); one process per server does. */
  sweeps: boolean;
  /** Hands the shutdown signals to the server's stop (main.ts); false if one already came, stopping the start. */
  onShutdownSignals: ShutdownSignals;
  /** Once the app and its database connections are closed: the embedded PostgreSQL stops, say. */
  onClosed: () => Promise<void>;
}

/**
 * Serves the app on the port, and answers the port it listens on; on a shutdown signal finishes in-flight
 * requests, then closes. A request unfinished SHUTDOWN_GRACE_MS after the signal, or on the same signal again,
 * has its connection closed, so that the database is closed and stopped cleanly whatever a client does. A
 * shutdown signal that came before it listens stops the start (main.ts), and the answer never comes.
 */
export async function serve({ databaseUrl, config, sweeps, onShutdownSignals, onClosed }: Serving): Promise<number> {
  // Once the app is built, the driver's warnings (a pooled connection found closed, say) are log lines like the rest.
  let log: FastifyBaseLogger | undefined;
  const driverLog: DriverLog = (level, message) => (log ? log[level]({ source: 'database driver' }, message) : startupDriverLog(level, message));
  const orm = await connect(config, databaseUrl, { statementTimeoutMs: REQUEST_STATEMENT_TIMEOUT_MS, driverLog });
  const app = await buildApp({
    orm,
    config,
    clientDir: process.env.CLIENT_DIR ?? resolve(import.meta.dirname, '../client'),
    logger: loggerOptions(config.logLevel, config.logUnbuffered ? undefined : bufferedStdout()),
  });
  log = app.log;
  let stopHousekeeping = () => {};
  let cut = false;
  /** Closes the connections left open, their requests unfinished (a client that sends no more, or reads no more), once. */
  const closeUnfinished = async (lead: string, after = '') => {
    if (cut) return;
    cut = true;
    const open = await new Promise<number>((done) => app.server.getConnections((_, count) => done(count)));
    app.server.closeAllConnections();
    if (open > 0) app.log.warn({ connections: open }, `${lead}: closed ${open} ${open === 1 ? 'connection whose request' : 'connections whose requests'} had not finished${after}`);
  };
  const shutdown = async () => {
    stopHousekeeping();
    // close() closes the connections idle at that moment; a keep-alive connection whose answer was still in
    // flight would stay open once it is sent, and the stop wait out its keep-alive (72 s): each is closed as it goes idle.
    const closeIdle = setInterval(() => app.server.closeIdleConnections(), IDLE_CLOSE_INTERVAL_MS);
    const graceOver = setTimeout(
      () => void closeUnfinished('stopping', ` ${config.shutdownGraceMs / 1000} s after the shutdown signal (SHUTDOWN_GRACE_MS)`),
      config.shutdownGraceMs,
    );
    await app.close();
    clearInterval(closeIdle);
    clearTimeout(graceOver);
    await orm.close();
    await onClosed();
    process.exit(0);
  };
  const stopAtOnce = (signal: NodeJS.Signals) => void closeUnfinished(`stopping at once on a second ${signal}`);
  if (!onShutdownSignals(() => void shutdown(), stopAtOnce)) return new Promise<never>(() => {});
  await app.listen({ port: config.port, host: config.host }).catch((error: unknown) => {
    throw listenFailure(config, error);
  });
  if (sweeps) stopHousekeeping = startHousekeeping(orm.em, config, app.log);
  return (app.server.address() as AddressInfo).port;
}
