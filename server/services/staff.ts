import type { EntityManager } from '@mikro-orm/postgresql';
import { LIBRARY_STAFF_MAX, type StaffMember } from '../../shared/schemas';
import { query, toDate } from '../db/sql';
import { conflict, forbidden, notFound } from '../errors';
import { hit, LIMITS } from './rate-limits';
import type { UserRow } from './users';

/** Staff calls of a library made by anyone else (trpc/procedures.ts staffProcedure), and staff changes (below). */
export const NOT_LIBRARY_STAFF = 'You are not a staff member of this library.';

/**
 * Only a library admin's account can join a library's staff: a customer upgrades their own account first
 * (SPEC: customers may upgrade themselves), and the deployment's admins manage every library already.
 * One text for no account and an account of another role, so the answer says no more than it must.
 */
export const NO_LIBRARY_ADMIN_WITH_EMAIL =
  'No library admin account uses this email. They can sign up, upgrade their account to library admin, then be added.';
export const ALREADY_STAFF = (name: string) => `${name} is already staff of this library.`;
export const STAFF_FULL = `A library can have at most ${LIBRARY_STAFF_MAX} staff members.`;
export const NOT_STAFF = 'This person is not staff of this library.';
export const LAST_STAFF_MEMBER = 'A library needs at least one staff member: add another before this one leaves.';

interface StaffRow {
  id: number;
  display_name: string;
  email: string;
  since: string;
}

const toStaffMember = (row: StaffRow): StaffMember => ({ id: row.id, displayName: row.display_name, email: row.email, since: toDate(row.since) });

/** The library's staff, earliest first: its creator leads. */
export async function listStaff(em: EntityManager, libraryId: number): Promise<StaffMember[]> {
  const rows = await query<StaffRow>(
    em,
    `select u.id, u.display_name, u.email, s.created_at as since from library_staff s join users u on u.id = s.user_id
      where s.library_id = ? order by s.created_at, u.id`,
    [libraryId],
  );
  return rows.map(toStaffMember);
}

/** Whoever changes a library's staff: one of them, or one of the deployment's admins. */
type Actor = Pick<UserRow, 'id' | 'role'>;

/**
 * Staff changes of one library are taken one at a time: its row is locked for the transaction, so two staff
 * removing each other at once cannot leave it with none, nor two adds pass its limit together. The caller
 * was staff when their call came in (staffProcedure); one removed meanwhile is refused as any outsider is.
 * Answers the staff's ids.
 */
async function lockStaff(tx: EntityManager, libraryId: number, actor: Actor): Promise<number[]> {
  await query(tx, `select id from libraries where id = ? for update`, [libraryId]);
  const rows = await query<{ user_id: number }>(tx, `select user_id from library_staff where library_id = ?`, [libraryId]);
  const staff = rows.map((row) => row.user_id);
  if (actor.role !== 'admin' && !staff.includes(actor.id)) throw forbidden(NOT_LIBRARY_STAFF);
  return staff;
}

/**
 * A library admin joins the library's staff by their account's email. Each staff member's adds are counted
 * (LIMITS.staffAdd): the refusal says whether a library admin has that email.
 */
export async function addStaff(em: EntityManager, actor: Actor, libraryId: number, email: string): Promise<StaffMember> {
  await hit(em, [LIMITS.staffAdd(actor.id)]);
  return em.transactional(async (tx) => {
    const staff = await lockStaff(tx, libraryId, actor);
    const [account] = await query<{ id: number; display_name: string }>(tx, `select id, display_name from users where email = ? and role = 'library_admin'`, [email]);
    if (!account) throw notFound(NO_LIBRARY_ADMIN_WITH_EMAIL);
    if (staff.includes(account.id)) throw conflict(ALREADY_STAFF(account.display_name));
    if (staff.length >= LIBRARY_STAFF_MAX) throw conflict(STAFF_FULL);
    const [row] = await query<StaffRow>(
      tx,
      `with added as (insert into library_staff (library_id, user_id) values (?, ?) returning user_id, created_at)
       select u.id, u.display_name, u.email, a.created_at as since from added a join users u on u.id = a.user_id`,
      [libraryId, account.id],
    );
    return toStaffMember(row);
  });
}

/** A staff member leaves the library's staff: any of its staff may remove any other, or themself, but not its last. */
export async function removeStaff(em: EntityManager, actor: Actor, libraryId: number, userId: number): Promise<void> {
  await em.transactional(async (tx) => {
    const staff = await lockStaff(tx, libraryId, actor);
    if (!staff.includes(userId)) throw notFound(NOT_STAFF);
    if (staff.length === 1) throw conflict(LAST_STAFF_MEMBER);
    await query(tx, `delete from library_staff where library_id = ? and user_id = ?`, [libraryId, userId]);
  });
}
