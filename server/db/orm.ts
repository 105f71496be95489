import { MikroORM, type Options, PostgreSqlDriver } from '@mikro-orm/postgresql';
import { Migrator } from '@mikro-orm/migrations';
import { useFastArrayParsers } from './array-parsers';
import { entities } from './entities';
import { migrationsList } from './migrations';

function ormOptions(clientUrl: string, overrides: Partial<Options> = {}): Options {
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
    driverOptions: { connection: { connectionTimeoutMillis: 2_000 } },
    debug: false,
    ...overrides,
  };
}

export async function initOrm(clientUrl: string, overrides: Partial<Options> = {}) {
  useFastArrayParsers();
  return MikroORM.init(ormOptions(clientUrl, overrides));
}

export async function migrate(orm: MikroORM) {
  await orm.getMigrator().up();
}

export type Orm = MikroORM;
