import type { Config } from '../config';
import { messageOf } from '../errors';
import { type ConnectionOptions, type DriverLog, initOrm } from './orm';

/** The database driver's warnings before the app's log exists: a line, as the rest of start-up writes. */
export const startupDriverLog: DriverLog = (_, message) => console.error(`  Database driver: ${message}`);

/** Connects to the database; a failure names DATABASE_URL when that setting points at it. */
export async function connect(config: Config, databaseUrl: string, connection: ConnectionOptions) {
  try {
    return await initOrm(databaseUrl, {}, connection);
  } catch (error) {
    if (!config.databaseUrl) throw error;
    throw new Error(`DATABASE_URL: ${messageOf(error)}`, { cause: error });
  }
}
