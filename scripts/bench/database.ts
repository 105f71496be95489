import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres } from '../../server/db/embedded';
import { initOrm, migrate } from '../../server/db/orm';
import { seed } from './seed';

interface BenchDatabase {
  url: string;
  seedMs: number;
  stop(): Promise<void>;
}

const NAME = 'scroll_bench';

/** Its own embedded cluster in a temp dir: migrated with the app's migrations, then seeded. */
export async function createBenchDatabase(log: (line: string) => void): Promise<BenchDatabase> {
  const dir = mkdtempSync(join(tmpdir(), 'scroll-bench-pg-'));
  // PostgreSQL runs as its own user when we are root: it must be able to reach its folder.
  chmodSync(dir, 0o755);
  const cluster = await startEmbeddedPostgres(dir);
  const stop = async () => {
    await cluster.stop();
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await cluster.createDatabase(NAME);
    const url = cluster.url(NAME);
    const orm = await initOrm(url);
    await migrate(orm);
    await orm.close();
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    log('Seeding the benchmark database...');
    const seedMs = await seed(client).finally(() => client.end());
    return { url, seedMs, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
