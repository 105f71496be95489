import { join } from 'node:path';
import pg from 'pg';
import type { Config } from '../config';
import { EMBEDDED_DATABASE, startEmbeddedPostgres } from './embedded';

export interface Database {
  url: string;
  embedded: boolean;
  stop(): Promise<void>;
}

/**
 * A DATABASE_URL naming a database that does not exist is refused: most likely a typo, which would otherwise
 * become a new, empty library (the migrations create a missing database). Any other failure to connect is left
 * to the connection that follows, which says it as before.
 */
async function checkDatabaseExists(url: string) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
  client.on('error', () => {});
  try {
    await client.connect();
  } catch (error) {
    if ((error as { code?: string }).code !== '3D000') return;
    const name = decodeURIComponent(new URL(url).pathname.slice(1));
    throw new Error(`The database "${name}" that DATABASE_URL names does not exist. Create it (createdb ${name}), or correct DATABASE_URL.`);
  } finally {
    await client.end().catch(() => {});
  }
}

/** DATABASE_URL when set; otherwise an embedded PostgreSQL with its data in `.data/postgres`. */
export async function openDatabase(config: Config, log: (line: string) => void = () => {}): Promise<Database> {
  if (config.databaseUrl) {
    await checkDatabaseExists(config.databaseUrl);
    return { url: config.databaseUrl, embedded: false, stop: async () => {} };
  }
  const pg = await startEmbeddedPostgres(join(config.dataDir, 'postgres'), log);
  await pg.createDatabase(EMBEDDED_DATABASE);
  return { url: pg.url(EMBEDDED_DATABASE), embedded: true, stop: () => pg.stop() };
}
