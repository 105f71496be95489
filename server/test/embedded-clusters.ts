import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach } from 'vitest';
import { type EmbeddedDatabase, startEmbeddedPostgres } from '../db/embedded';

/**
 * Embedded clusters of a test file's own, each in a fresh folder (`newFolder`: the cluster's folder, inside it),
 * started by `start` and stopped by `stop`; after each test the last one started stops and the folders go.
 */
export function embeddedClusters(prefix: string) {
  const folders: string[] = [];
  let running: EmbeddedDatabase | undefined;
  afterEach(async () => {
    await running?.stop();
    running = undefined;
    for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
  });
  return {
    newFolder() {
      const folder = mkdtempSync(join(tmpdir(), prefix));
      // Open to PostgreSQL's own user, which runs it when the tests run as root.
      chmodSync(folder, 0o755);
      folders.push(folder);
      return join(folder, 'data', 'postgres');
    },
    async start(dir: string) {
      running = await startEmbeddedPostgres(dir);
      return running;
    },
    async stop() {
      await running?.stop();
      running = undefined;
    },
  };
}
