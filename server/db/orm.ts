import { MikroORM, type Options, PostgreSqlDriver } from '@mikro-orm/postgresql';
import { Migrator } from '@mikro-orm/migrations';
import { entities } from './entities';
import { migrationsList } from './migrations';

export function ormOptions(clientUrl: string, overrides: Partial<Options> = {}): Options {
  return {
    driver: PostgreSqlDriver,
    clientUrl,
    entities,
    extensions: [Migrator],
    allowGlobalContext: false,
    discovery: { warnWhenNoEntities: true },
    migrations: { migrationsList, transactional: true, allOrNothing: true, snapshot: false, silent: true },
    pool: { min: 0, max: 20 },
    debug: false,
    ...overrides,
  };
}

export async function initOrm(clientUrl: string, overrides: Partial<Options> = {}) {
  return MikroORM.init(ormOptions(clientUrl, overrides));
}

export async function migrate(orm: MikroORM) {
  await orm.getMigrator().up();
}

export type Orm = MikroORM;
