import type { EntityManager } from '@mikro-orm/postgresql';
import pg from 'pg';
import { collection, longRentals, membersPerWeek, popularBooks, rentalsPerDay, summary } from '../../server/services/insights';
import type { ExplainQuery } from './explain';

/**
 * The statements each insight runs for a library over `days` (UTC), caught by running the
 * services once on the benchmark database, so EXPLAIN reads exactly what the server sends.
 */
export async function insightStatements(databaseUrl: string, libraryId: number, days: number): Promise<ExplainQuery[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const caught: ExplainQuery[] = [];
  let name = '';
  // The services' only use of the EntityManager: raw SQL with `?` placeholders (server/db/sql.ts).
  const em = {
    getTransactionContext: () => undefined,
    getConnection: () => ({
      execute: async (sql: string, params: unknown[]) => {
        let n = 0;
        const text = sql.replace(/\?/g, () => `$${++n}`);
        caught.push({ name, sql: text, params });
        return (await client.query(text, params)).rows;
      },
    }),
  } as unknown as EntityManager;
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
    await client.end();
  }
  return caught;
}
