import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type EmbeddedDatabase, startEmbeddedPostgres } from '../db/embedded';
import { initOrm, migrate } from '../db/orm';

/**
 * A PostgreSQL cluster of the test's own, migrated, that the test may stop and start again
 * on the same port (the shared test cluster must stay up for every other file).
 */
export async function ownCluster(database = 'scroll_library') {
  const dir = mkdtempSync(join(tmpdir(), 'scroll-own-pg-'));
  let pg: EmbeddedDatabase = await startEmbeddedPostgres(dir);
  await pg.createDatabase(database);
  const url = pg.url(database);
  const port = Number(new URL(url).port);
  const orm = await initOrm(url);
  await migrate(orm);
  await orm.close();
  let running = true;
  return {
    url,
    async stop() {
      if (running) await pg.stop();
      running = false;
    },
    async start() {
      pg = await startEmbeddedPostgres(dir, () => {}, { port });
      running = true;
    },
    async remove() {
      if (running) await pg.stop();
      running = false;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
