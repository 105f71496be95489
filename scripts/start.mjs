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

const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, 'dist/server/main.js'], {
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal));
// Killed by a signal: 128 + its number, as a shell reports it, so a supervisor sees the failure.
child.on('exit', (code, signal) => process.exit(code ?? 128 + constants.signals[signal]));
