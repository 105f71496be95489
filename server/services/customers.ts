import type { EntityManager } from '@mikro-orm/postgresql';
import { CUSTOMERS_PAGE_DEFAULT, type Customer } from '../../shared/schemas';
import { containsPattern, query, searchWords } from '../db/sql';
import { forbidden, isUniqueViolation, notFound } from '../errors';
import { hit, LIMITS } from './rate-limits';
import { addMember } from './libraries';
import { RETRY_WINDOW_SQL } from './retried-creates';
import { insertUser, toUser, type UserRow, userColumns } from './users';

export const NO_CUSTOMER_WITH_PHONE = 'No customer found with this phone number.';
export const STAFF_PHONE_AT_KIOSK = 'This phone number belongs to a staff account, which cannot rent at the kiosk.';
export const STAFF_ACCOUNT_AT_KIOSK = 'This is a staff account, which cannot rent at the kiosk.';

interface CustomerFilter {
  libraryId: number;
  /** Text the display name or email contains, in any case. */
  search?: string;
  /** Page size (else CUSTOMERS_PAGE_DEFAULT), and the member the page follows in name order. */
  limit?: number;
  after?: number;
}

/** How many customers a list answers: its limit, or a page. */
export const customersLimit = (filter: { limit?: number }): number => filter.limit ?? CUSTOMERS_PAGE_DEFAULT;

/**
 * A library's customers are its members but for its own staff (a librarian who rents there is not one of
 * them): the condition on a user, in SQL, given the library and the user as SQL expressions. The insights
 * count members by it too.
 */
export const notStaffOf = (library: string, user: string) => `not exists (select 1 from library_staff s where s.library_id = ${library} and s.user_id = ${user})`;

/**
 * The customers of a library by name (notStaffOf), a page at a time, each with the day they joined it (their
 * membership's) as createdAt: the list's 'Joined', which the insights' new members count by too.
 */
export async function listCustomers(em: EntityManager, filter: CustomerFilter): Promise<Customer[]> {
  const where = ['m.library_id = ?', notStaffOf('m.library_id', 'm.user_id')];
  const params: unknown[] = [filter.libraryId];
  for (const word of filter.search ? searchWords(filter.search) : []) {
    // Each word in the name or the email. A name matches whatever its accents: search_fold(display_name) is
    // what users_display_name_trgm indexes. Emails are stored lower-case.
    where.push('(search_fold(u.display_name) like search_fold(?) or u.email ilike ?)');
    params.push(containsPattern(word), containsPattern(word));
  }
  if (filter.after !== undefined) {
    // Only a member of this library marks a place: another user's id reveals nothing of their name here.
    where.push(`(search_fold(u.display_name), u.id) > (select search_fold(a.display_name), a.id from library_members am join users a on a.id = am.user_id
      where am.library_id = ? and am.user_id = ?)`);
    params.push(filter.libraryId, filter.after);
  }
  params.push(customersLimit(filter));
  const rows = await query<UserRow & { joined_at: string }>(
    em,
    `select ${userColumns('u')}, m.created_at as joined_at from library_members m join users u on u.id = m.user_id
      where ${where.join(' and ')} order by search_fold(u.display_name), u.id limit ?`,
    params,
  );
  return rows.map((row) => toCustomer({ ...row, created_at: row.joined_at }));
}

/** The user, when they are a member of the library. */
export async function findMember(em: EntityManager, libraryId: number, userId: number): Promise<UserRow | undefined> {
  const [row] = await query<UserRow>(
    em,
    `select ${userColumns('u')} from library_members m join users u on u.id = m.user_id where m.library_id = ? and m.user_id = ?`,
    [libraryId, userId],
  );
  return row;
}

function toCustomer(row: UserRow): Customer {
  const { avatarUrl: _avatarUrl, ...customer } = toUser(row);
  return customer;
}

/**
 * A customer identifying by phone at the library's kiosk, who from then on is a member of it (staff
 * rent only for members). `phoneNumber` is digits only (the input schema normalizes it, as
 * registration stores it). Only customers identify there: a staff or admin account's number is refused
 * as such (403), and a kiosk never shows a privileged account's email. A lookup reveals who owns a
 * number, so each staff account has a bounded number of them (LIMITS.kioskLookup).
 */
export async function identifyAtKiosk(em: EntityManager, staffId: number, libraryId: number, phoneNumber: string): Promise<Customer> {
  await hit(em, [LIMITS.kioskLookup(staffId)]);
  const [row] = await query<UserRow>(em, `select ${userColumns('u')} from users u where u.phone_number = ?`, [phoneNumber]);
  if (!row) throw notFound(NO_CUSTOMER_WITH_PHONE);
  // Said as it is: offered to register it instead, the patron would meet 'Phone number already in use'.
  if (row.role !== 'customer') throw forbidden(STAFF_PHONE_AT_KIOSK);
  await addMember(em, libraryId, row.id);
  return toCustomer(row);
}

/**
 * A kiosk registration: a new customer without a password (they identify by phone at the kiosk),
 * made a member of the library. An email or phone number already in use is refused (409): an
 * existing account joins a library only by its phone number (identifyAtKiosk), and only 30 times a
 * minute. Each attempt counts against the staff account's LIMITS.kioskRegistration, refusals too: a
 * refusal tells whether an email or number is taken, and each success claims one. One exception: the
 * customer registered a moment ago with this very name, email and number, no password since, is a retry
 * after a lost answer (retried-creates.ts) and is the answer; their number alone would find them anyway.
 */
export async function registerCustomer(
  em: EntityManager,
  staffId: number,
  libraryId: number,
  input: { displayName: string; email: string; phoneNumber: string },
): Promise<UserRow> {
  await hit(em, [LIMITS.kioskRegistration(staffId)]);
  try {
    return await em.transactional(async (tx) => {
      const user = await insertUser(tx, { email: input.email, displayName: input.displayName, phoneNumber: input.phoneNumber, role: 'customer' });
      await addMember(tx, libraryId, user.id);
      return user;
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const [registered] = await query<UserRow>(
      em,
      `select ${userColumns('u')} from users u
        where u.email = ? and u.phone_number = ? and u.display_name = ? and u.role = 'customer' and u.password_hash is null
          and u.created_at > now() - ${RETRY_WINDOW_SQL}`,
      [input.email, input.phoneNumber, input.displayName],
    );
    if (!registered) throw error;
    await addMember(em, libraryId, registered.id);
    return registered;
  }
}
