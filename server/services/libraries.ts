import type { EntityManager } from '@mikro-orm/postgresql';
import type { Library } from '../../shared/schemas';
import { query } from '../db/sql';
import { isUniqueViolation } from '../errors';
import { forgive, hit, LIMITS } from './rate-limits';
import type { UserRow } from './users';

export const libraryNotFound = (id: number) => `No library found with the ID: ${id}.`;
/** Libraries are picked by name, so no two share one as it reads (whatever its case, and under NFKC). */
export const LIBRARY_NAME_TAKEN = 'A library with this name already exists.';

/** Whether a library has this id (asked only once a call has failed, to say which of its names was not found). */
export async function libraryExists(em: EntityManager, id: number): Promise<boolean> {
  const rows = await query(em, `select 1 from libraries where id = ?`, [id]);
  return rows.length > 0;
}

/** Library admins see the libraries they staff; admins and patrons (who pick one to rent from) see all. */
export async function listLibraries(em: EntityManager, user: Pick<UserRow, 'id' | 'role'>): Promise<Library[]> {
  if (user.role === 'library_admin') {
    return query<Library>(
      em,
      `select l.id, l.name from libraries l join library_staff s on s.library_id = l.id and s.user_id = ? order by search_fold(l.name), l.id`,
      [user.id],
    );
  }
  return query<Library>(em, `select id, name from libraries order by search_fold(name), id`);
}

/**
 * The creator becomes the library's first staff member, in the same transaction. A taken name is refused,
 * even to whoever took it a moment ago: by its values alone, a second library of that name made on purpose
 * is a create sent again. The request key tells them apart: a create sent again after a lost answer finds
 * the library this creator made with this name and this key, and that is the answer. However late: no
 * window applies (as in retried-creates.ts), since the key names that one create and a create made on
 * purpose comes with a key of its own. The staff row was written with the library, so at the same time.
 * A library admin's creates are counted (LIMITS.libraryCreation), refusals included; one sent again is not.
 */
export async function createLibrary(
  em: EntityManager,
  creator: Pick<UserRow, 'id' | 'role'>,
  input: { name: string; requestKey?: string },
  perDay: number,
): Promise<Library> {
  const { name, requestKey = null } = input;
  // Sent again after its answer was lost: the library it made, whatever the count (it made no other).
  const madeBefore = requestKey === null ? null : await libraryMadeWithKey(em, creator.id, name, requestKey);
  if (madeBefore) return madeBefore;
  const limit = creator.role === 'library_admin' ? LIMITS.libraryCreation(creator.id, perDay) : null;
  if (limit) await hit(em, [limit]);
  // A taken name, in another case or in compatibility letters ('Ｃentral Library', full-width), meets the
  // unique index (Migration20261202000000), even when two creates of it come at once.
  try {
    return await em.transactional(async (tx) => {
      const [library] = await query<Library>(tx, `insert into libraries (name, request_key) values (?, ?) returning id, name`, [name, requestKey]);
      await query(tx, `insert into library_staff (library_id, user_id) values (?, ?)`, [library.id, creator.id]);
      return library;
    });
  } catch (error) {
    // The same create sent twice at once: the second meets the first's name.
    const created = isUniqueViolation(error) && requestKey !== null ? await libraryMadeWithKey(em, creator.id, name, requestKey) : null;
    if (!created) throw error;
    if (limit) await forgive(em, limit.key);
    return created;
  }
}

/** The library this creator made with this name and request key, if any. */
async function libraryMadeWithKey(em: EntityManager, creatorId: number, name: string, requestKey: string): Promise<Library | null> {
  const [made] = await query<Library>(
    em,
    `select l.id, l.name from libraries l join library_staff s on s.library_id = l.id and s.user_id = ? and s.created_at = l.created_at
      where l.name = ? and l.request_key = ?`,
    [creatorId, name, requestKey],
  );
  return made ?? null;
}

/** A customer becomes a member on their first rental at a library, or when registered at its kiosk. */
export async function addMember(em: EntityManager, libraryId: number, userId: number) {
  await query(em, `insert into library_members (library_id, user_id) values (?, ?) on conflict do nothing`, [libraryId, userId]);
}
