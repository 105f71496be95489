import type { EntityManager } from '@mikro-orm/postgresql';
import type { Library } from '../../shared/schemas';
import type { Config } from '../config';
import { query, toDate } from '../db/sql';
import { hashToken, newToken } from './tokens';
import { type UserRow, userColumns } from './users';

export const SESSION_COOKIE = 'scroll_session';

/** Sliding idle expiry is written at most this often, so a session check is usually one read. */
const TOUCH_INTERVAL_MS = 60_000;

export async function createSession(em: EntityManager, userId: number, config: Config) {
  const token = newToken();
  await query(
    em,
    `insert into sessions (token_hash, user_id, expires_at) values (?, ?, now() + make_interval(days => ?))`,
    [hashToken(token), userId, config.sessionAbsoluteDays],
  );
  return token;
}

/** What a call is about, read together with the session: a library, or a rental (and so its library). */
export type AccessScope = { libraryId: number } | { rentalId: number };

/**
 * A session's user and, for a scoped call, the library (a rental's library for a rental), whether the
 * user is on its staff, and the rental's owner.
 */
export interface SessionAccess {
  user: UserRow | null;
  library: Library | null;
  isStaff: boolean;
  rental: { id: number; libraryId: number; customerId: number } | null;
}

type AccessRow = UserRow & {
  session_id: number;
  last_seen_at: string;
  library_id: number | null;
  library_name: string | null;
  is_staff: boolean;
  rental_id: number | null;
  rental_customer_id: number | null;
};

const IN_LIBRARY = `l.id as library_id, l.name as library_name,
  exists (select 1 from library_staff ls where ls.library_id = l.id and ls.user_id = u.id) as is_staff`;

/** The session read with a scope's select list and joins; each join takes one value, before the session's. */
const sessionRead = (columns: string, joins: string) =>
  `select s.id as session_id, s.last_seen_at, ${userColumns('u')}, ${columns}
     from sessions s join users u on u.id = s.user_id ${joins}
    where s.token_hash = ? and s.expires_at > now() and s.last_seen_at > now() - make_interval(days => ?)`;

/** Built once per kind of scope: the text is the prepared statement's key, looked up on every call. */
const SESSION_READS = {
  none: sessionRead('null::int as library_id, null::text as library_name, false as is_staff, null::int as rental_id, null::int as rental_customer_id', ''),
  library: sessionRead(`${IN_LIBRARY}, null::int as rental_id, null::int as rental_customer_id`, 'left join libraries l on l.id = ?'),
  rental: sessionRead(
    `${IN_LIBRARY}, r.id as rental_id, r.customer_id as rental_customer_id`,
    'left join rentals r on r.id = ? left join libraries l on l.id = r.library_id',
  ),
};

/**
 * The statement that reads a session's access for a scope (`?` placeholders): what findSessionAccess
 * sends, and what the benchmark's floor sends as the same SQL.
 */
export function sessionAccessStatement(token: string, idleDays: number, scope?: AccessScope): { sql: string; params: unknown[] } {
  const session = [hashToken(token), idleDays];
  if (!scope) return { sql: SESSION_READS.none, params: session };
  if ('libraryId' in scope) return { sql: SESSION_READS.library, params: [scope.libraryId, ...session] };
  return { sql: SESSION_READS.rental, params: [scope.rentalId, ...session] };
}

/**
 * One round trip answers who is calling and, for library and rental calls, which library, in what
 * role and whose rental: every data call needs this before its own query, so it is folded into the
 * session read.
 */
export async function findSessionAccess(em: EntityManager, token: string, config: Config, scope?: AccessScope): Promise<SessionAccess> {
  const { sql, params } = sessionAccessStatement(token, config.sessionIdleDays, scope);
  const [row] = await query<AccessRow>(em, sql, params, { prepared: true });
  if (!row) return { user: null, library: null, isStaff: false, rental: null };
  if (Date.now() - toDate(row.last_seen_at).getTime() > TOUCH_INTERVAL_MS) {
    await query(em, `update sessions set last_seen_at = now() where id = ?`, [row.session_id], { prepared: true });
  }
  const { session_id: _s, last_seen_at: _l, library_id, library_name, is_staff, rental_id, rental_customer_id, ...user } = row;
  return {
    user,
    library: library_id === null ? null : { id: library_id, name: library_name! },
    isStaff: is_staff,
    rental: rental_id === null ? null : { id: rental_id, libraryId: library_id!, customerId: rental_customer_id! },
  };
}

export async function deleteSession(em: EntityManager, token: string) {
  await query(em, `delete from sessions where token_hash = ?`, [hashToken(token)]);
}

/** Deletes the sessions past their absolute or idle limit; returns how many. */
export async function deleteExpiredSessions(em: EntityManager, config: Config): Promise<number> {
  const [{ n }] = await query<{ n: number }>(
    em,
    `with gone as (delete from sessions where expires_at <= now() or last_seen_at <= now() - make_interval(days => ?) returning 1)
     select count(*)::int as n from gone`,
    [config.sessionIdleDays],
  );
  return n;
}
