import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * Runs raw SQL on the EntityManager's connection, inside its transaction when it is one
 * (`em.transactional(tx => ...)` hands out such an EntityManager), so services compose.
 */
export function query<T extends object = Record<string, any>>(em: EntityManager, sql: string, params: unknown[] = []): Promise<T[]> {
  return em.getConnection().execute<T[]>(sql, params as any[], 'all', em.getTransactionContext());
}

/** An ILIKE pattern matching `text` anywhere, with the pattern characters escaped. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, '\\$&')}%`;

/** PostgreSQL's `date` and `timestamptz` arrive as text (MikroORM keeps them raw); the client wants Dates. */
export const toDate = (value: string | Date) => new Date(value);
export const toDateOrNull = (value: string | Date | null) => (value === null ? null : new Date(value));
