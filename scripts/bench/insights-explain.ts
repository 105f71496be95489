import type { Knex } from '@mikro-orm/knex';
import { initOrm } from '../../server/db/orm';
import { collection, longRentals, membersPerWeek, popularBooks, rentalsPerDay, summary } from '../../server/services/insights';
import type { ExplainQuery } from './explain';

/**
 * The statements each insight runs for a library over `days` (UTC), caught from knex while the
 * services run once on the benchmark database, so EXPLAIN reads exactly what the server sends.
 */
export async function insightStatements(databaseUrl: string, libraryId: number, days: number): Promise<ExplainQuery[]> {
  const orm = await initOrm(databaseUrl);
  const caught: ExplainQuery[] = [];
  let name = '';
  const knex: Knex = orm.em.getConnection().getKnex();
  knex.on('query', (q: { sql: string; bindings?: unknown[] }) => caught.push({ name, sql: q.sql, params: q.bindings ?? [] }));
  const em = orm.em.fork();
  const p = { libraryId, days, timeZone: 'UTC' };
  const calls: [string, () => Promise<unknown>][] = [
    ['summary', () => summary(em, p)],
    ['popularBooks', () => popularBooks(em, p)],
    ['rentalsPerDay', () => rentalsPerDay(em, p)],
    ['membersPerWeek', () => membersPerWeek(em, p)],
    ['collection', () => collection(em, libraryId)],
    ['longRentals', () => longRentals(em, libraryId)],
  ];
  try {
    for (const [figure, call] of calls) {
      name = `insights.${figure}`;
      await call();
    }
  } finally {
    await orm.close();
  }
  return caught;
}
