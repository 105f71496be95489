import type { EntityManager } from '@mikro-orm/postgresql';
import { bookLookupResult, type BookLookupResult } from '../../../shared/schemas';
import { query } from '../../db/sql';

const FOUND_DAYS = 30;
/** Shorter, so a book the providers learn about soon shows up. */
const NOT_FOUND_DAYS = 1;

/**
 * A fresh cached answer (`book: null` is a cached "not found"), or undefined when there is none.
 * `stale: true` takes an expired one too: a library's copy fills in from it, and asks no provider
 * that would renew it.
 */
export async function readCachedLookup(
  em: EntityManager,
  isbn13: string,
  { stale = false } = {},
): Promise<{ book: BookLookupResult | null } | undefined> {
  const [row] = await query<{ result: unknown }>(em, `select result from isbn_lookups where isbn13 = ? and (expires_at > now() or ?)`, [isbn13, stale]);
  if (!row) return undefined;
  if (row.result === null) return { book: null };
  // A row written before the result's shape changed is a miss, not a crash.
  const parsed = bookLookupResult.safeParse(row.result);
  return parsed.success ? { book: parsed.data } : undefined;
}

/** Remembers a provider's answer; `source` is null for "no provider knows this ISBN". */
export async function cacheLookup(em: EntityManager, isbn13: string, book: BookLookupResult | null, source: string | null) {
  await query(
    em,
    `insert into isbn_lookups (isbn13, result, source, expires_at)
     values (?, ?::jsonb, ?, now() + make_interval(days => ?))
     on conflict (isbn13) do update set result = excluded.result, source = excluded.source, expires_at = excluded.expires_at`,
    [isbn13, book ? JSON.stringify(book) : null, source, book ? FOUND_DAYS : NOT_FOUND_DAYS],
  );
}
