import cluster from 'node:cluster';

/**
 * WEB_CONCURRENCY above 1: the primary process forks workers that share the port (node:cluster) and serve
 * the app; every piece of state lives in PostgreSQL. One of them sweeps expired rows, and the worker
 * started in its place if it exits.
 */

/** Whether this process is a worker forked by superviseWorkers. */
export const isWorker = cluster.isWorker;

/** What a worker's primary told it: the database to serve from, and whether it sweeps expired rows. */
export function workerTask() {
  return { databaseUrl: process.env.DATABASE_URL!, sweeps: process.env.SCROLL_SWEEPS === '1' };
}

/** SIGTERM to every worker: each answers the requests it has in flight, then exits; sent again, each closes the connections left at once (serve.ts). */
export function stopWorkers() {
  for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
}

interface Supervision {
  workers: number;
  databaseUrl: string;
  /** PORT; 0 when the workers share a free port picked for them. */
  port: number;
  /** SHUTDOWN_GRACE_MS: how long each worker waits for its requests in flight when it stops. */
  shutdownGraceMs: number;
  /** Every worker listens on the app's port, named. */
  onServing: (port: number) => void;
  /** Every worker has exited: stopped, or `failed` as one exited before it served. */
  onExited: (failed: boolean) => void;
}

/**
 * How long a worker has, once its grace is over, to close its database connections and exit: one still there
 * then is hung (it would hold the stop, and the embedded PostgreSQL's, for ever), and is killed.
 */
const WORKER_EXIT_MARGIN_MS = 5_000;

/**
 * Forks the workers and keeps them running: a worker that exits after it served is replaced; one that
 * exits before it served would fail again if restarted (it has said why), so all are stopped. Answers
 * the stop, for a shutdown signal, and the stop at once, for the same signal again.
 */
export function superviseWorkers({ workers, databaseUrl, port, shutdownGraceMs, onServing, onExited }: Supervision) {
  const listened = new Set<number>();
  let sweeper: number | undefined;
  const fork = (sweeps: boolean) => {
    const worker = cluster.fork({ DATABASE_URL: databaseUrl, SCROLL_SWEEPS: sweeps ? '1' : '' });
    if (sweeps) sweeper = worker.id;
  };
  for (let i = 0; i < workers; i++) fork(i === 0);
  cluster.on('listening', (worker, address) => {
    // The app's port: a worker's local OpenID provider listens too, on a port of its own. (PORT=0: workers share the free port picked.)
    if (port !== 0 && address.port !== port) return;
    listened.add(worker.id);
    if (listened.size === workers) onServing(address.port);
  });
  let stopping = false;
  let failed = false;
  let killHung: NodeJS.Timeout | undefined;
  cluster.on('exit', (worker, code, signal) => {
    if (!stopping && listened.has(worker.id)) {
      console.error(`  Worker ${worker.process.pid} exited (${signal ?? `code ${code}`}); starting another.`);
      fork(worker.id === sweeper);
      return;
    }
    if (!stopping) {
      failed = true;
      stop();
    }
    if (Object.keys(cluster.workers ?? {}).length === 0) {
      clearTimeout(killHung);
      onExited(failed);
    }
  });
  const stop = () => {
    if (stopping) return;
    stopping = true;
    stopWorkers();
    const within = shutdownGraceMs + WORKER_EXIT_MARGIN_MS;
    killHung = setTimeout(() => {
      for (const worker of Object.values(cluster.workers ?? {})) {
        if (!worker) continue;
        console.error(`  Worker ${worker.process.pid} had not stopped ${within / 1000} s after it was asked to (SHUTDOWN_GRACE_MS and ${WORKER_EXIT_MARGIN_MS / 1000} s); killed.`);
        worker.process.kill('SIGKILL');
      }
    }, within);
  };
  // Each worker takes a second SIGTERM as the same signal again.
  const stopAtOnce = () => stopWorkers();
  return { stop, stopAtOnce };
}
