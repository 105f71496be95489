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

function ormOptions(clientUrl: string, overrides: Partial<Options> = {}, statementTimeoutMs?: number): Options {
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
    driverOptions: { connection: { connectionTimeoutMillis: 2_000, ...(statementTimeoutMs ? { statement_timeout: statementTimeoutMs } : {}) } },
    debug: false,
    ...overrides,
  };
}

/** `statementTimeoutMs`: each statement's limit (REQUEST_STATEMENT_TIMEOUT_MS for a serving app); none by default. */
export async function initOrm(clientUrl: string, overrides: Partial<Options> = {}, statementTimeoutMs?: number) {
  useFastArrayParsers();
  return MikroORM.init(ormOptions(clientUrl, overrides, statementTimeoutMs));
}

export async function migrate(orm: MikroORM) {
  await orm.getMigrator().up();
}

export type Orm = MikroORM;
