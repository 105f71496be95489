import { join } from 'node:path';
import type { Config } from '../config';
import { EMBEDDED_DATABASE, startEmbeddedPostgres } from './embedded';

export interface Database {
  url: string;
  embedded: boolean;
  stop(): Promise<void>;
}

/** DATABASE_URL when set; otherwise an embedded PostgreSQL with its data in `.data/postgres`. */
export async function openDatabase(config: Config, log: (line: string) => void = () => {}): Promise<Database> {
  if (config.databaseUrl) return { url: config.databaseUrl, embedded: false, stop: async () => {} };
  const pg = await startEmbeddedPostgres(join(config.dataDir, 'postgres'), log);
  await pg.createDatabase(EMBEDDED_DATABASE);
  return { url: pg.url(EMBEDDED_DATABASE), embedded: true, stop: () => pg.stop() };
}
