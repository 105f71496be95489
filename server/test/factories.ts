import { randomBytes } from 'node:crypto';
import type { Role } from '../../shared/constants';
import { completeIsbn13, isbnKey } from '../../shared/isbn';
import { createSession, SESSION_COOKIE } from '../services/sessions';
import { Client, type TestApp, uniqueEmail } from './harness';

/** Builders of real rows for tests (immich style): each call makes a new, unique object. */

let sequence = 0;
const next = () => ++sequence;

export interface TestUser {
  id: number;
  email: string;
  displayName: string;
  role: Role;
  phoneNumber: string | null;
}

/** A user row, without a session. */
export async function newUser(t: TestApp, values: { role?: Role; displayName?: string; email?: string; phoneNumber?: string | null } = {}): Promise<TestUser> {
  const [row] = await t.sql<TestUser>(
    `insert into users (email, display_name, role, phone_number) values (?, ?, ?, ?)
     returning id, email, display_name as "displayName", role, phone_number as "phoneNumber"`,
    [values.email ?? uniqueEmail(), values.displayName ?? `Reader ${next()}`, values.role ?? 'customer', values.phoneNumber ?? null],
  );
  return row;
}

/** A user with a live session: the client sends its cookie. */
export async function signedIn(t: TestApp, values: Parameters<typeof newUser>[1] = {}) {
  const user = await newUser(t, values);
  const token = await createSession(t.orm.em.fork(), user.id, t.config);
  const client = new Client(t);
  client.cookie = `${SESSION_COOKIE}=${token}`;
  return { client, user };
}

export async function newLibrary(t: TestApp, values: { name?: string; staff?: number[]; members?: number[] } = {}) {
  const [library] = await t.sql<{ id: number; name: string }>(`insert into libraries (name) values (?) returning id, name`, [values.name ?? `Library ${next()}`]);
  for (const userId of values.staff ?? []) await t.sql(`insert into library_staff (library_id, user_id) values (?, ?)`, [library.id, userId]);
  for (const userId of values.members ?? []) await addMember(t, library.id, userId);
  return library;
}

/** A new library with a signed-in library admin on its staff. */
export async function staffedLibrary(t: TestApp) {
  const admin = await signedIn(t, { role: 'library_admin' });
  const library = await newLibrary(t, { staff: [admin.user.id] });
  return { staff: admin.client, library };
}

export async function addMember(t: TestApp, libraryId: number, userId: number) {
  await t.sql(`insert into library_members (library_id, user_id) values (?, ?) on conflict do nothing`, [libraryId, userId]);
}

/** A valid, unique ISBN-13 (978 prefix, so it has an ISBN-10 form too). */
export function newIsbn13(): string {
  return completeIsbn13(`978${String(next() % 10_000).padStart(4, '0')}${randomBytes(3).readUIntBE(0, 3).toString().padStart(5, '0').slice(0, 5)}`);
}

export interface TestBook {
  id: number;
  libraryId: number;
  isbn: string;
  title: string;
  author: string;
  quantity: number;
}

export async function newBook(
  t: TestApp,
  values: { libraryId: number; quantity?: number; isbn?: string; title?: string; author?: string },
): Promise<TestBook> {
  const isbn = values.isbn ?? newIsbn13();
  const quantity = values.quantity ?? 1;
  const [row] = await t.sql<TestBook>(
    `insert into books (library_id, isbn, isbn13, title, author, quantity, available_count) values (?, ?, ?, ?, ?, ?, ?)
     returning id, library_id as "libraryId", isbn, title, author, quantity`,
    [values.libraryId, isbn, isbnKey(isbn), values.title ?? `Book ${next()}`, values.author ?? `Author ${next()}`, quantity, quantity],
  );
  return row;
}

/** An active rental, taking a copy as the API would. */
export async function newRental(t: TestApp, values: { bookId: number; customerId: number; rentedAt?: Date }) {
  const [book] = await t.sql<{ library_id: number }>(
    `update books set available_count = available_count - 1 where id = ? and available_count > 0 returning library_id`,
    [values.bookId],
  );
  if (!book) throw new Error('newRental: no copy left');
  const [rental] = await t.sql<{ id: number }>(
    `insert into rentals (book_id, library_id, customer_id, rented_at) values (?, ?, ?, coalesce(?::timestamptz, now())) returning id`,
    [values.bookId, book.library_id, values.customerId, values.rentedAt?.toISOString() ?? null],
  );
  await addMember(t, book.library_id, values.customerId);
  return rental;
}

/** Every row of the domain tables, to prove a refused call changed nothing. */
export async function snapshot(t: TestApp) {
  const tables = ['users', 'libraries', 'library_staff', 'staff_invitations', 'library_members', 'books', 'rentals', 'reviews'];
  const result: Record<string, string> = {};
  for (const table of tables) {
    const [row] = await t.sql<{ digest: string | null }>(`select md5(string_agg(x::text, '|' order by x::text)) as digest from ${table} x`);
    result[table] = row.digest ?? '';
  }
  return result;
}

/** available_count = quantity - active rentals, for every book that breaks it. */
export async function invariantViolations(t: TestApp) {
  return t.sql(
    `select b.id, b.quantity, b.available_count, count(r.id)::int as active
       from books b left join rentals r on r.book_id = b.id and r.returned_at is null
      group by b.id having b.available_count <> b.quantity - count(r.id)`,
  );
}
