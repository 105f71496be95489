import type { Knex } from '@mikro-orm/knex';
import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * Runs raw SQL on the EntityManager's knex client, inside its transaction when it is one
 * (`em.transactional(tx => ...)` hands out such an EntityManager), so services compose.
 * The values travel as bind parameters (`?` becomes `$n`). MikroORM's own `execute()` would
 * format them into the SQL text first and build a log entry per call: about four times the cost.
 */
export async function query<T extends object = Record<string, any>>(em: EntityManager, sql: string, params: unknown[] = []): Promise<T[]> {
  const runner: Knex = em.getTransactionContext<Knex.Transaction>() ?? em.getConnection().getKnex();
  const result: { rows: T[] } = await runner.raw(sql, params as Knex.RawBinding[]);
  return result.rows;
}

/** An ILIKE pattern matching `text` anywhere, with the pattern characters escaped. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, '\\$&')}%`;

/** PostgreSQL's `date` and `timestamptz` arrive as text (MikroORM keeps them raw); the client wants Dates. */
export const toDate = (value: string | Date) => new Date(value);
export const toDateOrNull = (value: string | Date | null) => (value === null ? null : new Date(value));
