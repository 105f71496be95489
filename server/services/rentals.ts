import type { EntityManager } from '@mikro-orm/postgresql';
import { isbnKey } from '../../shared/isbn';
import { bookNotInLibrary, NO_COPIES, type OwnRental, type Rental, type RentalRecord, RENTALS_PAGE_DEFAULT } from '../../shared/schemas';
import { containsPattern, query, searchWords, toDate, toDateOrNull } from '../db/sql';
import { conflict, notFound } from '../errors';
import { libraryExists, libraryNotFound } from './libraries';

export { NO_COPIES };
export const ALREADY_RENTED = 'You have already rented this book.';
export const ALREADY_RETURNED = 'This rental has already been returned.';
export const RENTAL_NOT_FOUND = 'Rental not found.';

interface RentalRow {
  id: number;
  book_id: number;
  library_id: number;
  customer_id: number;
  title: string;
  author: string;
  isbn: string;
  thumbnail_url: string | null;
  full_image_url: string | null;
  rented_at: string;
  returned_at: string | null;
  display_name: string;
  email: string;
}

const RENTAL_COLUMNS = `r.id, r.book_id, r.library_id, r.customer_id, r.rented_at, r.returned_at,
         b.title, b.author, b.isbn, b.thumbnail_url, b.full_image_url, u.display_name, u.email`;
const RENTALS_WITH_BOOK_AND_CUSTOMER = 'rentals r join books b on b.id = r.book_id join users u on u.id = r.customer_id';
const rentalSelect = `select ${RENTAL_COLUMNS} from ${RENTALS_WITH_BOOK_AND_CUSTOMER}`;

function toRental(row: RentalRow): Rental {
  return {
    rentalId: row.id,
    bookId: row.book_id,
    libraryId: row.library_id,
    userId: row.customer_id,
    bookTitle: row.title,
    bookAuthor: row.author,
    bookIsbn: row.isbn,
    thumbnailUrl: row.thumbnail_url,
    fullImageUrl: row.full_image_url,
    rentedAt: toDate(row.rented_at),
    returnedAt: toDateOrNull(row.returned_at),
    userDisplayName: row.display_name,
    userEmail: row.email,
  };
}

/** A rental on its own names its customer customerId; only the list shape says userId. */
function toRentalRecord(row: RentalRow): RentalRecord {
  const { userId, ...rental } = toRental(row);
  return { ...rental, customerId: userId };
}

/** The rental row a statement changed (`changed`), with the book row it changed (`book_changed`) and the customer. */
const CHANGED_RENTAL = `select ${RENTAL_COLUMNS} from changed r join book_changed b on b.id = r.book_id join users u on u.id = r.customer_id`;

/**
 * One statement, so one round trip and atomic on its own: a copy is taken only where one is left,
 * the rental row is added (the partial unique index refuses a second active rental of the book by
 * this customer, undoing the whole statement: a 409, see http/error-response.ts), and the customer
 * becomes a member. Renting and returning both lock the book row before the rental's, so they
 * cannot deadlock.
 */
export async function rentBook(em: EntityManager, args: { libraryId: number; isbn: string; customerId: number }): Promise<RentalRecord> {
  const [row] = await query<RentalRow & { found: boolean; already_rented: boolean }>(
    em,
    `with book as (
       select id from books where library_id = ? and isbn13 = ?
     ), book_changed as (
       update books b set available_count = b.available_count - 1 from book where b.id = book.id and b.available_count > 0
       returning b.id, b.library_id, b.title, b.author, b.isbn, b.thumbnail_url, b.full_image_url
     ), changed as (
       insert into rentals (book_id, library_id, customer_id) select id, library_id, ? from book_changed
       returning id, book_id, library_id, customer_id, rented_at, returned_at
     ), membership as (
       insert into library_members (library_id, user_id) select library_id, customer_id from changed on conflict do nothing
     ), outcome as (
       select exists (select 1 from book) as found,
              exists (select 1 from rentals r join book on r.book_id = book.id where r.customer_id = ? and r.returned_at is null) as already_rented
     )
     select outcome.*, rented.* from outcome left join (${CHANGED_RENTAL}) rented on true`,
    [args.libraryId, isbnKey(args.isbn), args.customerId, args.customerId],
    { prepared: true },
  );
  if (!row.found) throw notFound((await libraryExists(em, args.libraryId)) ? bookNotInLibrary(args.isbn) : libraryNotFound(args.libraryId));
  if (row.id === null) throw conflict(row.already_rented ? ALREADY_RENTED : NO_COPIES);
  return toRentalRecord(row);
}

/**
 * Sets returned_at only while it is empty, and gives the copy back exactly once. The book row is
 * locked first (the exists below runs before the rental row is updated), as renting does.
 */
export async function returnRental(em: EntityManager, rentalId: number): Promise<RentalRecord> {
  const [row] = await query<RentalRow>(
    em,
    `with book as (
       select b.id from books b join rentals r on r.book_id = b.id where r.id = ? for update of b
     ), changed as (
       update rentals set returned_at = now() where id = ? and returned_at is null and exists (select 1 from book)
       returning id, book_id, library_id, customer_id, rented_at, returned_at
     ), book_changed as (
       update books b set available_count = b.available_count + 1 from changed where b.id = changed.book_id
       returning b.id, b.title, b.author, b.isbn, b.thumbnail_url, b.full_image_url
     )
     ${CHANGED_RENTAL}`,
    [rentalId, rentalId],
    { prepared: true },
  );
  if (!row) throw conflict(ALREADY_RETURNED);
  return toRentalRecord(row);
}

interface RentalFilter {
  libraryId?: number;
  customerId?: number;
  includeReturned?: boolean;
  /**
   * Page size, and the rental the page follows in the newest-first order. Without a limit, a
   * library's list is cut at RENTALS_PAGE_DEFAULT; one customer's list is whole, so its count is exact
   * (the kiosk shows it).
   */
  limit?: number;
  after?: number;
  /** Text the book's title or author, or the customer's name or email, holds (any case). */
  search?: string;
}

/** How many rentals a list answers: its limit, or a page of a library's rentals, or (null) the whole of one customer's. */
export const rentalsLimit = (filter: { customerId?: unknown; limit?: number }): number | null =>
  filter.limit ?? (filter.customerId === undefined ? RENTALS_PAGE_DEFAULT : null);

/** The rentals after rental `a` in the latest-rented-first order; `a` must also meet `scope`, the list's own. */
const listedAfter = (scope: string) => `(r.rented_at, r.id) < (select a.rented_at, a.id from rentals a where a.id = ? and ${scope})`;

/**
 * Newest first, the id breaking ties; active ones only unless includeReturned. A page starts after
 * its `after` rental's place, so rentals made or returned meanwhile neither repeat nor skip a row.
 */
export async function listRentals(em: EntityManager, filter: RentalFilter): Promise<Rental[]> {
  const where: string[] = [];
  const params: unknown[] = [];
  if (filter.libraryId !== undefined) {
    where.push('r.library_id = ?');
    params.push(filter.libraryId);
  }
  if (filter.customerId !== undefined) {
    where.push('r.customer_id = ?');
    params.push(filter.customerId);
  }
  if (!filter.includeReturned) where.push('r.returned_at is null');
  for (const word of filter.search ? searchWords(filter.search) : []) {
    // The book's title or author (its folded search text), or the customer's name or email, holding each
    // word, whatever the accents (search_fold, as the books' and customers' searches match).
    where.push('(b.search_text like search_fold(?) or search_fold(u.display_name) like search_fold(?) or lower(u.email) like lower(?))');
    const pattern = containsPattern(word);
    params.push(pattern, pattern, pattern);
  }
  if (filter.after !== undefined) {
    // Only a rental of the same list marks a place: another library's rental ids reveal nothing here.
    const scope = filter.libraryId !== undefined ? 'a.library_id = ?' : 'a.customer_id = ?';
    where.push(listedAfter(scope));
    params.push(filter.after, filter.libraryId ?? filter.customerId);
  }
  const clause = where.length ? `where ${where.join(' and ')}` : '';
  // A null limit is PostgreSQL's LIMIT ALL, so paged and whole lists share one prepared statement.
  params.push(rentalsLimit(filter));
  const rows = await query<RentalRow>(em, `${rentalSelect} ${clause} order by r.rented_at desc, r.id desc limit ?`, params, { prepared: true });
  return rows.map(toRental);
}

/**
 * A user's rentals at every library, latest rented first, with each library's name: the active ones
 * (whole), or the returned ones (`returned`, a page of `limit` after the user's own rental `after`).
 * Whatever their role now: a customer who became a library admin keeps the books they rented, and
 * returns them on the profile.
 */
export async function listOwnRentals(
  em: EntityManager,
  userId: number,
  options: { returned?: boolean; limit?: number | null; after?: number } = {},
): Promise<OwnRental[]> {
  const params: unknown[] = [userId];
  let after = '';
  if (options.after !== undefined) {
    // Only the user's own rental marks a place: another's rental id reveals nothing (no rows).
    after = `and ${listedAfter('a.customer_id = ?')}`;
    params.push(options.after, userId);
  }
  params.push(options.limit ?? null);
  const rows = await query<RentalRow & { library_name: string }>(
    em,
    `select ${RENTAL_COLUMNS}, l.name as library_name
       from ${RENTALS_WITH_BOOK_AND_CUSTOMER} join libraries l on l.id = r.library_id
      where r.customer_id = ? and r.returned_at is ${options.returned ? 'not null' : 'null'} ${after}
      order by r.rented_at desc, r.id desc limit ?`,
    params,
  );
  // The user's own: their name and email are not repeated on each row; the library's name is added.
  return rows.map((row) => {
    const { userId, userDisplayName, userEmail, ...rental } = toRental(row);
    return { ...rental, libraryName: row.library_name };
  });
}
