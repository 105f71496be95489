import type { EntityManager } from '@mikro-orm/postgresql';
import { isbnKey, normalizeIsbn } from '../../shared/isbn';
import { MAX_BOOK_QUANTITY } from '../../shared/constants';
import { type AddBookInput, type Book, type BookDetails, type BookStatus, bookNotInLibrary, QUANTITY_TOO_LARGE, STATUS_RENTALS_MAX } from '../../shared/schemas';
import { query, toDate } from '../db/sql';
import { conflict, notFound } from '../errors';
import { AS_ARRAYS, BOOK_RETURNING, BOOK_SELECT, type BookRow, toBook } from './book-rows';

export const BOOK_NOT_FOUND = 'Book not found.';
/** The library's copy of a book, by either ISBN form. */
async function findBookByIsbn(em: EntityManager, libraryId: number, isbn: string): Promise<Book> {
  const [row] = await query<BookRow>(em, `select ${BOOK_SELECT} from books b where b.library_id = ? and b.isbn13 = ?`, [libraryId, isbnKey(isbn)], AS_ARRAYS);
  if (!row) throw notFound(bookNotInLibrary(isbn));
  return toBook(row);
}

/** A new ISBN adds a book; one the library already holds (in either ISBN form) adds copies to it. */
export async function addBook(em: EntityManager, input: AddBookInput): Promise<Book> {
  const [row] = await query<BookRow>(
    em,
    `insert into books (library_id, isbn, isbn13, title, author, quantity, available_count, thumbnail_url, full_image_url, acquisition_date)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
     on conflict (library_id, isbn13) do update set
       quantity = books.quantity + excluded.quantity,
       available_count = books.available_count + excluded.quantity,
       thumbnail_url = coalesce(books.thumbnail_url, excluded.thumbnail_url),
       full_image_url = coalesce(books.full_image_url, excluded.full_image_url),
       updated_at = now()
     where books.quantity + excluded.quantity <= ${MAX_BOOK_QUANTITY}
     returning ${BOOK_RETURNING}`,
    [
      input.libraryId,
      normalizeIsbn(input.isbn),
      isbnKey(input.isbn),
      input.title,
      input.author,
      input.quantity,
      input.quantity,
      input.thumbnailUrl ?? null,
      input.fullImageUrl ?? null,
      input.acquisitionDate ? input.acquisitionDate.toISOString().slice(0, 10) : null,
    ],
    AS_ARRAYS,
  );
  if (row) return toBook(row);
  // The library holds the book already, and the copies would pass the most it may hold.
  const held = await findBookByIsbn(em, input.libraryId, input.isbn);
  throw conflict(quantityAboveMaximum(held.quantity));
}

const quantityAboveMaximum = (held: number) =>
  `${QUANTITY_TOO_LARGE}: this library already holds ${held.toLocaleString('en-US')} copies of this book, and may hold at most ${MAX_BOOK_QUANTITY.toLocaleString('en-US')}.`;

export const quantityBelowRented = (rented: number) => `Quantity cannot be less than the number of copies currently rented (${rented}).`;

const quantityChangedMeanwhile = (quantity: number) =>
  `The number of copies was changed meanwhile, to ${quantity.toLocaleString('en-US')}. Nothing was saved: check it and try again.`;

/**
 * Sets a book's number of copies to `quantity`, available_count moving by the same delta. Refused when
 * `previousQuantity` is given and the book no longer has that many, and below the copies out on rent,
 * counted under the row's lock: the refusal names the count it was decided on, though returns come at
 * the same moment, and no rent or return slips in between the count and the change.
 */
export async function setQuantity(em: EntityManager, libraryId: number, bookId: number, quantity: number, previousQuantity?: number): Promise<Book> {
  return em.transactional(async (tx) => {
    const [book] = await query<{ quantity: number; rented: number }>(
      tx,
      `select quantity, quantity - available_count as rented from books where id = ? and library_id = ? for update`,
      [bookId, libraryId],
    );
    if (!book) throw notFound(BOOK_NOT_FOUND);
    if (previousQuantity !== undefined && book.quantity !== previousQuantity) throw conflict(quantityChangedMeanwhile(book.quantity));
    if (book.rented > quantity) throw conflict(quantityBelowRented(book.rented));
    const [row] = await query<BookRow>(
      tx,
      `update books set quantity = ?, available_count = available_count + (?::int - quantity), updated_at = now() where id = ? returning ${BOOK_RETURNING}`,
      [quantity, quantity, bookId],
      AS_ARRAYS,
    );
    return toBook(row);
  });
}

const detailsChangedMeanwhile = (details: BookDetails) =>
  `The details were changed meanwhile, to "${details.title}" by ${details.author}. Nothing was saved: check them and try again.`;

/**
 * A book's title and author, corrected by its library's staff. Its search keys follow (generated columns, an
 * expression index). Refused when `previous` names a title or author the book no longer has, checked under
 * the row's lock: the refusal names the details it was decided on.
 */
export async function updateBookDetails(
  em: EntityManager,
  libraryId: number,
  bookId: number,
  details: BookDetails,
  previous: Partial<BookDetails> = {},
): Promise<Book> {
  return em.transactional(async (tx) => {
    const [book] = await query<BookDetails>(tx, `select title, author from books where id = ? and library_id = ? for update`, [bookId, libraryId]);
    if (!book) throw notFound(BOOK_NOT_FOUND);
    const changed = (previous.title !== undefined && book.title !== previous.title) || (previous.author !== undefined && book.author !== previous.author);
    if (changed) throw conflict(detailsChangedMeanwhile(book));
    const [row] = await query<BookRow>(
      tx,
      `update books set title = ?, author = ?, updated_at = now() where id = ? returning ${BOOK_RETURNING}`,
      [details.title, details.author, bookId],
      AS_ARRAYS,
    );
    return toBook(row);
  });
}

/**
 * Whether some copy is out, and to whom: the book's active rentals, the most recent first (`rental`), only
 * `renterId`'s own when given.
 */
export async function bookStatus(em: EntityManager, libraryId: number, isbn: string, renterId?: number): Promise<BookStatus> {
  const book = await findBookByIsbn(em, libraryId, isbn);
  const rows = await query<{ id: number; rented_at: string; user_id: number; display_name: string; email: string }>(
    em,
    `select r.id, r.rented_at, u.id as user_id, u.display_name, u.email from rentals r join users u on u.id = r.customer_id
      where r.book_id = ? and r.returned_at is null ${renterId === undefined ? '' : 'and r.customer_id = ?'}
      order by r.rented_at desc, r.id desc limit ${STATUS_RENTALS_MAX}`,
    renterId === undefined ? [book.id] : [book.id, renterId],
  );
  const rentals = rows.map((row) => ({
    rentalId: row.id,
    rentedAt: toDate(row.rented_at),
    user: { id: row.user_id, displayName: row.display_name, email: row.email },
  }));
  return {
    isRented: rentals.length > 0,
    book: { id: book.id, isbn: book.isbn, title: book.title, availableCount: book.availableCount },
    ...(rentals.length ? { rental: rentals[0] } : {}),
    rentals,
  };
}
