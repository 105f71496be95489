import type { EntityManager } from '@mikro-orm/postgresql';

export async function isLibraryStaff(em: EntityManager, libraryId: number, userId: number) {
  const rows = await em.getConnection().execute(`select 1 from library_staff where library_id = ? and user_id = ?`, [libraryId, userId]);
  return rows.length > 0;
}
