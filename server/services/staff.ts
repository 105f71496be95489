import type { EntityManager } from '@mikro-orm/postgresql';
import { NOT_LIBRARY_STAFF } from '../../shared/accounts';
import { type Library, LIBRARY_STAFF_MAX, type LibraryStaff, type MyInvitation, type StaffInvitation } from '../../shared/schemas';
import { query, toDate } from '../db/sql';
import { conflict, forbidden, notFound } from '../errors';
import { hit, LIMITS } from './rate-limits';
import type { UserRow } from './users';

/**
 * Only a library admin's account can join a library's staff: a customer upgrades their own account first
 * (SPEC: customers may upgrade themselves), and the deployment's admins manage every library already.
 * One text for no account and an account of another role, so the answer says no more than it must.
 */
export const NO_LIBRARY_ADMIN_WITH_EMAIL =
  'No library admin account uses this email. They can sign up, upgrade their account to library admin, then be invited.';
export const ALREADY_STAFF = (email: string) => `${email} is already staff of this library.`;
export const ALREADY_INVITED = (email: string) => `${email} is already invited to this library's staff.`;
export const STAFF_FULL = `A library can have at most ${LIBRARY_STAFF_MAX} staff members, invitations included.`;
export const NOT_STAFF = 'This person is not staff of this library.';
/** The staff list says the same where the last one's Leave would be (StaffPanel). */
export const LAST_STAFF_MEMBER = 'A library needs at least one staff member: another must join before its last one can leave.';
export const INVITATION_CLOSED = 'This invitation is no longer open.';

/** Whoever changes a library's staff: one of them, or one of the deployment's admins. */
type Actor = Pick<UserRow, 'id' | 'role'>;

/** The library's staff, earliest first (its creator leads), and the invitations it awaits an answer to. */
export async function listStaff(em: EntityManager, libraryId: number): Promise<LibraryStaff> {
  const [staff, invitations] = await Promise.all([
    query<{ id: number; display_name: string; email: string; since: string }>(
      em,
      `select u.id, u.display_name, u.email, s.created_at as since from library_staff s join users u on u.id = s.user_id
        where s.library_id = ? order by s.created_at, u.id`,
      [libraryId],
    ),
    query<{ id: number; email: string; invited_at: string }>(
      em,
      `select u.id, u.email, i.created_at as invited_at from staff_invitations i join users u on u.id = i.user_id
        where i.library_id = ? order by i.created_at, u.id`,
      [libraryId],
    ),
  ]);
  return {
    staff: staff.map((row) => ({ id: row.id, displayName: row.display_name, email: row.email, since: toDate(row.since) })),
    invitations: invitations.map((row) => ({ id: row.id, email: row.email, invitedAt: toDate(row.invited_at) })),
  };
}

/**
 * Staff changes of one library are taken one at a time: its row is locked for the transaction, so two staff
 * removing each other at once cannot leave it with none, nor two invitations or acceptances pass its limit
 * together. Answers its staff's ids and its invitees'.
 */
async function lockStaff(tx: EntityManager, libraryId: number) {
  await query(tx, `select id from libraries where id = ? for update`, [libraryId]);
  const staff = await query<{ user_id: number }>(tx, `select user_id from library_staff where library_id = ?`, [libraryId]);
  const invited = await query<{ user_id: number }>(tx, `select user_id from staff_invitations where library_id = ?`, [libraryId]);
  return { staff: staff.map((row) => row.user_id), invited: invited.map((row) => row.user_id) };
}

/** The caller was staff when their call came in (staffProcedure); one removed meanwhile is refused as any outsider is. */
function stillManages(actor: Actor, staff: number[]) {
  if (actor.role !== 'admin' && !staff.includes(actor.id)) throw forbidden(NOT_LIBRARY_STAFF);
}

/**
 * One of its staff invites a library admin, by their account's email; they join once they accept. Each staff
 * member's invitations are counted (LIMITS.staffInvitation): the refusal says whether a library admin has that email.
 */
export async function inviteStaff(em: EntityManager, actor: Actor, libraryId: number, email: string): Promise<StaffInvitation> {
  await hit(em, [LIMITS.staffInvitation(actor.id)]);
  return em.transactional(async (tx) => {
    const { staff, invited } = await lockStaff(tx, libraryId);
    stillManages(actor, staff);
    const [account] = await query<{ id: number; email: string }>(tx, `select id, email from users where email = ? and role = 'library_admin'`, [email]);
    if (!account) throw notFound(NO_LIBRARY_ADMIN_WITH_EMAIL);
    if (staff.includes(account.id)) throw conflict(ALREADY_STAFF(account.email));
    if (invited.includes(account.id)) throw conflict(ALREADY_INVITED(account.email));
    if (staff.length + invited.length >= LIBRARY_STAFF_MAX) throw conflict(STAFF_FULL);
    const [row] = await query<{ invited_at: string }>(
      tx,
      `insert into staff_invitations (library_id, user_id, invited_by_id) values (?, ?, ?) returning created_at as invited_at`,
      [libraryId, account.id, actor.id],
    );
    return { id: account.id, email: account.email, invitedAt: toDate(row.invited_at) };
  });
}

/** One of its staff takes an invitation back before it is answered. */
export async function cancelInvitation(em: EntityManager, actor: Actor, libraryId: number, userId: number): Promise<void> {
  await em.transactional(async (tx) => {
    const { staff, invited } = await lockStaff(tx, libraryId);
    stillManages(actor, staff);
    if (!invited.includes(userId)) throw notFound(INVITATION_CLOSED);
    await query(tx, `delete from staff_invitations where library_id = ? and user_id = ?`, [libraryId, userId]);
  });
}

/** A staff member leaves the library's staff: any of its staff may remove any other, or themself, but not its last. */
export async function removeStaff(em: EntityManager, actor: Actor, libraryId: number, userId: number): Promise<void> {
  await em.transactional(async (tx) => {
    const { staff } = await lockStaff(tx, libraryId);
    stillManages(actor, staff);
    if (!staff.includes(userId)) throw notFound(NOT_STAFF);
    if (staff.length === 1) throw conflict(LAST_STAFF_MEMBER);
    await query(tx, `delete from library_staff where library_id = ? and user_id = ?`, [libraryId, userId]);
  });
}

/** The invitations a library admin has not answered yet, earliest first: the first 50, the next once those are answered. */
export async function myInvitations(em: EntityManager, userId: number): Promise<MyInvitation[]> {
  const rows = await query<{ library_id: number; library_name: string; invited_by: string | null; invited_at: string }>(
    em,
    `select l.id as library_id, l.name as library_name, inviter.display_name as invited_by, i.created_at as invited_at
       from staff_invitations i join libraries l on l.id = i.library_id left join users inviter on inviter.id = i.invited_by_id
      where i.user_id = ? order by i.created_at, l.id limit 50`,
    [userId],
  );
  return rows.map((row) => ({ libraryId: row.library_id, libraryName: row.library_name, invitedBy: row.invited_by, invitedAt: toDate(row.invited_at) }));
}

/** The invitee joins the library's staff: the invitation becomes a staff row, within the library's limit. */
export async function acceptInvitation(em: EntityManager, userId: number, libraryId: number): Promise<Library> {
  return em.transactional(async (tx) => {
    const { staff, invited } = await lockStaff(tx, libraryId);
    if (!invited.includes(userId)) throw notFound(INVITATION_CLOSED);
    if (staff.length >= LIBRARY_STAFF_MAX) throw conflict(STAFF_FULL);
    await query(tx, `delete from staff_invitations where library_id = ? and user_id = ?`, [libraryId, userId]);
    await query(tx, `insert into library_staff (library_id, user_id) values (?, ?)`, [libraryId, userId]);
    const [library] = await query<Library>(tx, `select id, name from libraries where id = ?`, [libraryId]);
    return library!;
  });
}

/** The invitee says no: the invitation goes, and the library's staff may invite them again. */
export async function declineInvitation(em: EntityManager, userId: number, libraryId: number): Promise<void> {
  const gone = await query(em, `delete from staff_invitations where library_id = ? and user_id = ? returning 1`, [libraryId, userId]);
  if (gone.length === 0) throw notFound(INVITATION_CLOSED);
}
