import { type ChildProcess, spawn } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';
import { resolve } from 'node:path';
import { SERVER_NODE_FLAGS } from '../server-node-flags.mjs';

interface RunningServer {
  url: string;
  /** The server's process (the primary of its workers under WEB_CONCURRENCY). */
  pid: number;
  /** From spawning the process to the first 200 from /readyz. */
  readyMs: number;
  stop(): Promise<void>;
}

async function waitReady(url: string, child: ChildProcess, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}) before it was ready`);
    try {
      if ((await fetch(`${url}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((done) => setTimeout(done, 10));
  }
  throw new Error(`the server was not ready within ${timeoutMs} ms`);
}

/** BENCH_CPU_PROF=dir: the server writes a V8 CPU profile of its whole run there when it stops (NODE_OPTIONS cannot carry --cpu-prof). */
const cpuProfile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${resolve(process.env.BENCH_CPU_PROF)}`] : [];

/** The production build on an existing, migrated database (no demo seed), its log in logFile. */
export async function startServer(opts: { buildDir: string; databaseUrl: string; port: number; logFile: string; env?: Record<string, string> }): Promise<RunningServer> {
  const url = `http://127.0.0.1:${opts.port}`;
  const log = openSync(opts.logFile, 'a');
  const started = performance.now();
  const child = spawn(process.execPath, [...cpuProfile, ...SERVER_NODE_FLAGS, resolve(opts.buildDir, 'server/main.js')], {
    env: { ...process.env, NODE_ENV: 'production', DATABASE_URL: opts.databaseUrl, PORT: String(opts.port), HOST: '127.0.0.1', SEED_DEMO_DATA: 'false', ...opts.env },
    // Its output straight to the file, as `npm start >> file` writes it: through a pipe, each batch of log
    // lines would wake this process, which also generates the load, to copy it on.
    stdio: ['ignore', log, log],
  });
  closeSync(log);
  const stop = () =>
    new Promise<void>((done) => {
      if (child.exitCode !== null) return done();
      child.once('exit', () => done());
      child.kill('SIGTERM');
    });
  try {
    await waitReady(url, child, 30_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, pid: child.pid!, readyMs: performance.now() - started, stop };
}
