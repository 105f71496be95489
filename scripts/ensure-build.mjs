/**
 * Builds into buildDir (`npm run build` with BUILD_DIR) unless a build newer than every source is
 * already there. Used by `npm start` (scripts/start.mjs) and the benchmark (scripts/bench/server.ts).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

const SOURCES = ['client', 'server', 'shared', 'index.html', 'vite.config.ts', 'package.json', 'public'];

/** The latest modification time under path (0 when it does not exist). */
const newest = (path) => {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  return st.isDirectory() ? Math.max(0, ...readdirSync(path).map((name) => newest(join(path, name)))) : st.mtimeMs;
};

export function ensureBuild(buildDir = 'dist', log = console.log) {
  const built = Math.min(newest(join(buildDir, 'server/main.js')), newest(join(buildDir, 'client/index.html')));
  if (built && built >= Math.max(...SOURCES.map(newest))) return;
  log(`Building Scroll Library into ${buildDir}...`);
  const result = spawnSync('npm', ['run', 'build'], { stdio: 'inherit', env: { ...process.env, BUILD_DIR: resolve(buildDir) } });
  if (result.status !== 0) throw new Error('npm run build failed');
}
