// Bundles the server into $BUILD_DIR/server/main.js (default dist/), and the make-admin command beside it
// (the Docker image has no tsx); dependencies stay in node_modules.
import { existsSync, mkdirSync, symlinkSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { build } from 'esbuild';

const buildDir = resolve(process.env.BUILD_DIR ?? 'dist');

await build({
  entryPoints: { main: 'server/main.ts', 'make-admin': 'server/cli/make-admin.ts' },
  outdir: `${buildDir}/server`,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});

// A build outside the repo (side-by-side e2e runs) still needs to find the repo's packages.
if (relative(process.cwd(), buildDir).startsWith('..') && !existsSync(`${buildDir}/node_modules`)) {
  mkdirSync(buildDir, { recursive: true });
  symlinkSync(resolve('node_modules'), `${buildDir}/node_modules`, 'dir');
}
