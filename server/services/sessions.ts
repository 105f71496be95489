import type { EntityManager } from '@mikro-orm/postgresql';
import type { Config } from '../config';
import { hashToken, newToken } from './tokens';
import { type UserRow, userColumns } from './users';

export const SESSION_COOKIE = 'scroll_session';

/** Sliding idle expiry is written at most this often, so a session check is usually one read. */
const TOUCH_INTERVAL_MS = 60_000;

export async function createSession(em: EntityManager, userId: number, config: Config) {
  const token = newToken();
  await em.getConnection().execute(
    `insert into sessions (token_hash, user_id, expires_at) values (?, ?, now() + make_interval(days => ?))`,
    [hashToken(token), userId, config.sessionAbsoluteDays],
  );
  return token;
}

export async function findSessionUser(em: EntityManager, token: string, config: Config): Promise<UserRow | null> {
  const rows = await em.getConnection().execute<(UserRow & { session_id: number; last_seen_at: Date })[]>(
    `select s.id as session_id, s.last_seen_at, ${userColumns('u')}
       from sessions s join users u on u.id = s.user_id
      where s.token_hash = ? and s.expires_at > now() and s.last_seen_at > now() - make_interval(days => ?)`,
    [hashToken(token), config.sessionIdleDays],
  );
  const row = rows[0];
  if (!row) return null;
  if (Date.now() - new Date(row.last_seen_at).getTime() > TOUCH_INTERVAL_MS) {
    await em.getConnection().execute(`update sessions set last_seen_at = now() where id = ?`, [row.session_id]);
  }
  return row;
}

export async function deleteSession(em: EntityManager, token: string) {
  await em.getConnection().execute(`delete from sessions where token_hash = ?`, [hashToken(token)]);
}

export async function deleteExpiredSessions(em: EntityManager, config: Config) {
  await em.getConnection().execute(
    `delete from sessions where expires_at <= now() or last_seen_at <= now() - make_interval(days => ?)`,
    [config.sessionIdleDays],
  );
}
