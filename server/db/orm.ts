import { MikroORM, type Options, PostgreSqlDriver } from '@mikro-orm/postgresql';
import { Migrator } from '@mikro-orm/migrations';
import { useFastArrayParsers } from './array-parsers';
import { entities } from './entities';
import { migrationsList } from './migrations';

/**
 * How long a statement of a served request may run, waiting for a lock included, before PostgreSQL cancels
 * it (answered as the service being unavailable): a request never hangs on a lock held elsewhere or a
 * runaway query. Not for migrations, which may rebuild an index of a large library for longer.
 */
export const REQUEST_STATEMENT_TIMEOUT_MS = 10_000;

/** Where the database driver's own warnings go (knex writes them with console.log otherwise: lines that are not JSON). */
export type DriverLog = (level: 'warn' | 'error', message: string) => void;

export interface ConnectionOptions {
  /** Each statement's limit (REQUEST_STATEMENT_TIMEOUT_MS for a serving app); none by default. */
  statementTimeoutMs?: number;
  driverLog?: DriverLog;
}

function ormOptions(clientUrl: string, overrides: Partial<Options>, { statementTimeoutMs, driverLog }: ConnectionOptions): Options {
  const log = driverLog && {
    warn: (message: unknown) => driverLog('warn', String(message)),
    error: (message: unknown) => driverLog('error', String(message)),
    deprecate: (message: unknown) => driverLog('warn', String(message)),
    debug: () => {},
  };
  return {
    driver: PostgreSqlDriver,
    clientUrl,
    entities,
    extensions: [Migrator],
    allowGlobalContext: false,
    discovery: { warnWhenNoEntities: true },
    migrations: { migrationsList, transactional: true, allOrNothing: true, snapshot: false, silent: true },
    // An unreachable database fails a request within seconds (a 503), instead of the 60 s knex default.
    pool: { min: 0, max: 20, acquireTimeoutMillis: 3_000 },
    driverOptions: { connection: { connectionTimeoutMillis: 2_000, ...(statementTimeoutMs ? { statement_timeout: statementTimeoutMs } : {}) }, ...(log ? { log } : {}) },
    debug: false,
    ...overrides,
  };
}

export async function initOrm(clientUrl: string, overrides: Partial<Options> = {}, connection: ConnectionOptions = {}) {
  useFastArrayParsers();
  return MikroORM.init(ormOptions(clientUrl, overrides, connection));
}

export async function migrate(orm: MikroORM) {
  await orm.getMigrator().up();
}

export type Orm = MikroORM;
