import { createHash } from 'node:crypto';
import type { Knex } from '@mikro-orm/knex';
import type { EntityManager } from '@mikro-orm/postgresql';
import { parsePgDate } from './pg-dates';

/**
 * Runs raw SQL on a pooled connection, or inside the EntityManager's transaction when it is one
 * (`em.transactional(tx => ...)` hands out such an EntityManager), so services compose.
 * The values travel as bind parameters (`?` becomes `$n`). Outside a transaction the statement goes
 * straight to the `pg` client that knex's pool lends: knex's query builder, runner and events cost
 * about as much per call as the driver itself, and a request's statements need none of them.
 * (MikroORM's own `execute()` would format the values into the SQL text first: four times the cost.)
 */
export async function query<T extends object = Record<string, any>>(
  em: EntityManager,
  sql: string,
  params: unknown[] = [],
  options: QueryOptions = {},
): Promise<T[]> {
  const transaction = em.getTransactionContext<Knex.Transaction>();
  if (transaction) {
    const raw = transaction.raw(sql, params as Knex.RawBinding[]).options({ ...(options.prepared && { name: preparedStatement(sql).name }), rowMode: options.rowMode });
    const result: { rows: T[] } = await raw;
    return result.rows;
  }
  if (params.includes(undefined)) throw new Error('query(): a bind parameter is undefined');
  const { client } = em.getConnection().getKnex();
  const connection: PgConnection = await client.acquireConnection();
  try {
    const { name, text } = options.prepared ? preparedStatement(sql) : { name: undefined, text: numbered(sql) };
    // The driver copies the config by its property descriptors: a literal of three keys costs it less
    // than half of what a spread of four did (measured: 1.1 against 2.6 µs a query).
    const config = options.rowMode ? { name, text, values: params, rowMode: options.rowMode } : { name, text, values: params };
    const result = await connection.query<T>(config);
    return result.rows;
  } finally {
    client.releaseConnection(connection);
  }
}

type PgConnection = { query<T>(config: { name?: string; text: string; values: unknown[]; rowMode?: 'array' }): Promise<{ rows: T[] }> };

/** `?` placeholders as PostgreSQL's `$1, $2, ...`, as knex writes them (`\\?` stays a literal `?`). */
export function numbered(sql: string) {
  let n = 0;
  return sql.replace(/\\\?|\?/g, (match) => (match === '?' ? `$${++n}` : '?'));
}

const preparedStatements = new Map<string, { name: string; text: string }>();

/**
 * A name and numbered text per SQL text (the driver refuses one name for two texts). Only the SQL
 * written in the code is prepared, so this stays as small as that. The benchmark's floor prepares the
 * app's statements with it too.
 */
export function preparedStatement(sql: string) {
  let statement = preparedStatements.get(sql);
  if (!statement) preparedStatements.set(sql, (statement = { name: statementName(sql), text: numbered(sql) }));
  return statement;
}

interface QueryOptions {
  /**
   * Keep the statement prepared on each connection: PostgreSQL parses it once per connection and,
   * after a few runs, reuses a generic plan, which costs less than parsing and planning each time
   * (measured: a quarter of the time per session check). Only for statements whose best plan does not
   * depend on the values: not for a search by a text shorter than a window (services/book-list.ts), whose
   * plan depends on the pattern.
   */
  prepared?: boolean;
  /**
   * Each row as an array of its columns in select-list order (T a tuple type), rather than an object
   * keyed by column name: cheaper to build for wide rows read by the page (services/book-list.ts).
   */
  rowMode?: 'array';
}

const statementName = (sql: string) => `s_${createHash('sha1').update(sql).digest('hex').slice(0, 16)}`;

/** The words of a search found apart; a longer search's further words are left out (it finds more, never fewer). */
const SEARCH_WORDS_MAX = 8;

/** A word this short stays with the one before it: alone, a letter or two ('4', 'a') would match nearly every row. */
const SHORT_WORD = 2;
const isShort = (word: string) => [...word].length <= SHORT_WORD;

/**
 * A search's words, each found on its own, in any order: 'hugo misérables' finds Les Misérables by Victor
 * Hugo, 'lovelace ada' Ada Lovelace, as a library's catalogue would. Words are what spaces part, but a word
 * of one or two letters is kept with the word before it, as typed ('borrower 4', 'alice s'; 'e. e. cummings'
 * is 'e. e.' and 'cummings').
 */
export function searchWords(search: string): string[] {
  const words: string[] = [];
  for (const word of search.split(/\s+/u).filter(Boolean)) {
    const last = words.length - 1;
    if (last >= 0 && (isShort(word) || isShort(words[last]!))) words[last] += ` ${word}`;
    else words.push(word);
  }
  return [...new Set(words)].slice(0, SEARCH_WORDS_MAX);
}

/** An ILIKE pattern matching `text` anywhere, with the pattern characters escaped. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, '\\$&')}%`;

/** PostgreSQL's `date` and `timestamptz` arrive as text (MikroORM keeps them raw); the client wants Dates. */
export const toDate = (value: string | Date) => (typeof value === 'string' ? parsePgDate(value) : new Date(value));
export const toDateOrNull = (value: string | Date | null) => (value === null ? null : toDate(value));
