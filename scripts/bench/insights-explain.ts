import type { Knex } from '@mikro-orm/knex';
import type { EntityManager } from '@mikro-orm/postgresql';
import { initOrm } from '../../server/db/orm';
import { collection, longRentals, membersPerWeek, popularBooks, rentalsPerDay, summary } from '../../server/services/insights';
import type { ExplainQuery } from './explain';

/**
 * The statements each insight runs for a library over `days` (UTC), caught from knex while the
 * services run once on the benchmark database, so EXPLAIN reads exactly what the server sends.
 * They run in a transaction: there query() sends its SQL through knex, which reports each statement
 * (outside one it goes straight to the driver).
 */
export async function insightStatements(databaseUrl: string, libraryId: number, days: number): Promise<ExplainQuery[]> {
  const orm = await initOrm(databaseUrl);
  const caught: ExplainQuery[] = [];
  let name = '';
  const knex: Knex = orm.em.getConnection().getKnex();
  knex.on('query', (q: { sql: string; bindings?: unknown[] }) => {
    // The transaction's own statements are not the figures'.
    if (!/^\s*(begin|commit|rollback|savepoint|release)\b/i.test(q.sql)) caught.push({ name, sql: q.sql, params: q.bindings ?? [] });
  });
  const p = { libraryId, days, timeZone: 'UTC' };
  const calls: [string, (em: EntityManager) => Promise<unknown>][] = [
    ['summary', (em) => summary(em, p)],
    ['popularBooks', (em) => popularBooks(em, p)],
    ['rentalsPerDay', (em) => rentalsPerDay(em, p)],
    ['membersPerWeek', (em) => membersPerWeek(em, p)],
    ['collection', (em) => collection(em, libraryId)],
    ['longRentals', (em) => longRentals(em, libraryId)],
  ];
  try {
    await orm.em.fork().transactional(async (em) => {
      for (const [figure, call] of calls) {
        name = `insights.${figure}`;
        await call(em);
      }
    });
  } finally {
    await orm.close();
  }
  return caught;
}
