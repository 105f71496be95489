import type { EntityManager } from '@mikro-orm/postgresql';
import type { Library } from '../../shared/schemas';
import type { Config } from '../config';
import { query } from '../db/sql';
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

/** A session's user, and (when a library is named) that library and whether the user is on its staff. */
export interface SessionAccess {
  user: UserRow | null;
  library: Library | null;
  isStaff: boolean;
}

type AccessRow = UserRow & { session_id: number; last_seen_at: Date; library_id: number | null; library_name: string | null; is_staff: boolean };

/**
 * One round trip answers who is calling and, for library calls, which library and in what role:
 * every data call needs this before its own query, so it is folded into the session read.
 */
export async function findSessionAccess(em: EntityManager, token: string, config: Config, libraryId?: number): Promise<SessionAccess> {
  const library = libraryId === undefined ? 'null::int as library_id, null::text as library_name, false as is_staff' : LIBRARY_ACCESS;
  const [row] = await query<AccessRow>(
    em,
    `select s.id as session_id, s.last_seen_at, ${userColumns('u')}, ${library}
       from sessions s join users u on u.id = s.user_id${libraryId === undefined ? '' : ' left join libraries l on l.id = ?'}
      where s.token_hash = ? and s.expires_at > now() and s.last_seen_at > now() - make_interval(days => ?)`,
    [...(libraryId === undefined ? [] : [libraryId]), hashToken(token), config.sessionIdleDays],
  );
  if (!row) return { user: null, library: null, isStaff: false };
  if (Date.now() - new Date(row.last_seen_at).getTime() > TOUCH_INTERVAL_MS) {
    await query(em, `update sessions set last_seen_at = now() where id = ?`, [row.session_id]);
  }
  const { session_id: _s, last_seen_at: _l, library_id, library_name, is_staff, ...user } = row;
  return { user, library: library_id === null ? null : { id: library_id, name: library_name! }, isStaff: is_staff };
}

const LIBRARY_ACCESS = `l.id as library_id, l.name as library_name,
  exists (select 1 from library_staff ls where ls.library_id = l.id and ls.user_id = u.id) as is_staff`;

export async function deleteSession(em: EntityManager, token: string) {
  await query(em, `delete from sessions where token_hash = ?`, [hashToken(token)]);
}

export async function deleteExpiredSessions(em: EntityManager, config: Config) {
  await query(
    em,
    `delete from sessions where expires_at <= now() or last_seen_at <= now() - make_interval(days => ?)`,
    [config.sessionIdleDays],
  );
}
