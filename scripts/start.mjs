// `npm start`: build when the sources are newer than the build, then run the server.
import { spawn } from 'node:child_process';
import { constants } from 'node:os';
import { ensureBuild } from './ensure-build.mjs';
import { SERVER_NODE_FLAGS } from './server-node-flags.mjs';

try {
  ensureBuild();
} catch (error) {
  console.error(error.message);
  process.exit(1);
}

// A process group of its own: Ctrl-C in the terminal signals this group, and would reach the embedded PostgreSQL too,
// which would stop under the requests in flight. Once the server serves (it says so over the IPC channel), a signal
// goes to it alone, and it stops PostgreSQL once they are answered. Until then, to its whole group, as the terminal's
// would: a first start's initdb, stopped, removes what it made. Over the channel the server also learns if this
// process dies, and stops then too (SCROLL_SUPERVISED: main.ts).
const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, 'dist/server/main.js'], {
  stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
  detached: true,
  env: { NODE_ENV: 'production', ...process.env, SCROLL_SUPERVISED: '1' },
});
let serving = false;
child.on('message', (message) => {
  if (message === 'serving') serving = true;
});
const passOn = (signal) => {
  if (serving) return child.kill(signal);
  try {
    process.kill(-child.pid, signal);
  } catch {
    child.kill(signal);
  }
};
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, passOn);
// Killed by a signal: 128 + its number, as a shell reports it, so a supervisor sees the failure.
child.on('exit', (code, signal) => process.exit(code ?? 128 + constants.signals[signal]));
