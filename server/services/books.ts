import type { EntityManager } from '@mikro-orm/postgresql';
import { isbnKey, normalizeIsbn } from '../../shared/isbn';
import { MAX_BOOK_QUANTITY } from '../../shared/constants';
import { type AddBookInput, BOOKS_PAGE_DEFAULT, type Book, type BookDetails, type BookStatus, QUANTITY_TOO_LARGE, STATUS_RENTALS_MAX } from '../../shared/schemas';
import { containsPattern, query, toDate, toDateOrNull } from '../db/sql';
import { conflict, notFound } from '../errors';

/**
 * The columns a Book is read from, in the order BookRow lists them. Book rows come back as arrays
 * (`rowMode: 'array'`): for a page of 50 the driver then builds 50 arrays rather than 50 objects of 27
 * named fields, and toBook reads them by position (measured: 5 to 9% less server CPU per search by a
 * fragment, in four alternating pairs of runs). A test reads every field back from its own column.
 */
const BOOK_COLUMNS = [
  'id', 'title', 'author', 'isbn', 'quantity', 'available_count', 'thumbnail_url', 'full_image_url', 'acquisition_date',
  'library_id', 'created_at', 'updated_at', 'ratings_count', 'ratings_sum', 'categories', 'description', 'publisher',
  'published_date', 'page_count', 'language', 'format', 'edition', 'subtitle', 'info_link', 'maturity_rating',
  'preview_link', 'print_type',
] as const;
const BOOK_SELECT = BOOK_COLUMNS.map((column) => `b.${column}`).join(', ');
const BOOK_RETURNING = BOOK_COLUMNS.join(', ');

type BookRow = [
  id: number,
  title: string,
  author: string,
  isbn: string,
  quantity: number,
  availableCount: number,
  thumbnailUrl: string | null,
  fullImageUrl: string | null,
  acquisitionDate: string | null,
  libraryId: number,
  createdAt: string,
  updatedAt: string,
  ratingsCount: number,
  ratingsSum: number,
  categories: string[],
  description: string | null,
  publisher: string | null,
  publishedDate: string | null,
  pageCount: number | null,
  language: string | null,
  format: string | null,
  edition: string | null,
  subtitle: string | null,
  infoLink: string | null,
  maturityRating: string | null,
  previewLink: string | null,
  printType: string | null,
];

const AS_ARRAYS = { rowMode: 'array' } as const;

function toBook(row: BookRow): Book {
  const [
    id, title, author, isbn, quantity, availableCount, thumbnailUrl, fullImageUrl, acquisitionDate, libraryId, createdAt,
    updatedAt, ratingsCount, ratingsSum, categories, description, publisher, publishedDate, pageCount, language, format,
    edition, subtitle, infoLink, maturityRating, previewLink, printType,
  ] = row;
  return {
    id,
    title,
    author,
    isbn,
    available: availableCount > 0,
    quantity,
    availableCount,
    thumbnailUrl,
    fullImageUrl,
    acquisitionDate: toDateOrNull(acquisitionDate),
    libraryId,
    createdAt: toDate(createdAt),
    updatedAt: toDate(updatedAt),
    averageRating: ratingsCount > 0 ? ratingsSum / ratingsCount : null,
    ratingsCount,
    categories,
    description,
    publisher,
    publishedDate,
    pageCount,
    language,
    format,
    edition,
    subtitle,
    infoLink,
    maturityRating,
    previewLink,
    printType,
  };
}

export const BOOK_NOT_FOUND = 'Book not found.';
/** Names the ISBN as it was sent when it looks like one; any other text is not echoed back. */
export const bookNotInLibrary = (isbn: string) =>
  /^[0-9Xx -]+$/.test(isbn) ? `No book with ISBN ${isbn} was found in this library.` : 'No book with this ISBN was found in this library.';

export interface BookFilter {
  libraryId: number;
  available?: boolean;
  /** Substring of the title or the author, whatever the case and accents (served by the trigram indexes). */
  search?: string;
  /** Only the book catalogued under this ISBN, in either form. */
  isbn?: string;
  /** Page size (default BOOKS_PAGE_DEFAULT; null: every one), and the book the page follows in the title-then-id order. */
  limit?: number | null;
  after?: number;
  /** Only the books this customer holds an active rental of. */
  rentedBy?: number;
}

/**
 * Title and author joined as the search reads them, by a separator no typed text holds; `search_text`
 * stores it folded as every search matches, lower case without accents (search_fold,
 * Migration20261128000000), and `sort_title` the lower-cased title, as each row is written
 * (Migration20261125000000), so a search does not fold each book it reads, nor lower-case it for the order.
 */
const SEARCH_TEXT = `(b.title || E'\\x1f' || b.author)`;
const SEARCH_SEPARATOR = '\u001f';
/** A book list's order: by title, then id. */
const TITLE_ORDER = 'b.sort_title, b.id';

/**
 * The books whose search text holds every three-character window of the bound library's search text
 * (as `library_trigrams` writes them, each under its library), read from books_library_trigrams
 * (Migration20261124000000). The windows are the library's too, so this finds only its books. Not a
 * match by itself: the search text must still hold the whole search.
 * The windows are a sub-select so that the plan does not depend on them: the statement is prepared,
 * and after its first runs PostgreSQL reuses one plan instead of planning each search.
 */
const HOLDS_SEARCH_WINDOWS = `library_trigrams(b.library_id, ${SEARCH_TEXT}) @> (select library_trigrams(?, ?))`;
/** A search this long has a window (counted in characters, as PostgreSQL counts them). */
const WINDOW_LENGTH = 3;

/**
 * Title order, as the lists page through it: the book `b` comes after the book whose id is bound, at that
 * book's place now. It holds even if the book has left the list since (rented, say); retitled since, the
 * next page follows its new title, and the client drops the rows it already lists (lib/paging.ts).
 */
export const AFTER_BOOK_IN_TITLE_ORDER = `(${TITLE_ORDER}) > (select a.sort_title, a.id from books a where a.id = ?)`;

/**
 * Each list's statement by its conditions, built once (they are a few fixed texts): its text keys the
 * prepared statement (db/sql.ts), and a text of 27 columns built anew would be hashed in full each call.
 */
const listStatements = new Map<string, string>();

/** How many books a list answers: its limit, or a page (null: every one, PostgreSQL's LIMIT ALL). */
export const booksLimit = (filter: { limit?: number | null }): number | null => (filter.limit === undefined ? BOOKS_PAGE_DEFAULT : filter.limit);

/** The statement listBooks runs for `filter` (the benchmark runs it too, as its floor): `?` placeholders. */
export function bookListStatement(filter: BookFilter): { sql: string; params: unknown[]; prepared: boolean } {
  // A search of a window or more reads the library's books that hold its windows; any other list
  // reads the library's books.
  const byWindows = !!filter.search && [...filter.search].length >= WINDOW_LENGTH;
  const where = [byWindows ? HOLDS_SEARCH_WINDOWS : 'b.library_id = ?'];
  const params: unknown[] = byWindows ? [filter.libraryId, filter.search] : [filter.libraryId];
  if (filter.available !== undefined) where.push(filter.available ? 'b.available_count > 0' : 'b.available_count = 0');
  if (filter.isbn !== undefined) {
    where.push('b.isbn13 = ?');
    params.push(isbnKey(filter.isbn));
  }
  if (filter.rentedBy !== undefined) {
    where.push('exists (select 1 from rentals r where r.book_id = b.id and r.customer_id = ? and r.returned_at is null)');
    params.push(filter.rentedBy);
  }
  if (filter.search) {
    // Both sides folded (search_fold), then `like`, as PostgreSQL runs `ilike`. A prepared search folds
    // its pattern once, in a sub-select (`search_fold(?)` would be run for each book read); one planned
    // for its pattern keeps it in sight of the planner.
    const pattern = containsPattern(filter.search);
    where.push(byWindows ? 'b.search_text like (select search_fold(?))' : 'b.search_text like search_fold(?)');
    params.push(pattern);
    // A match can span title and author only when the text holds their separator; only then are the
    // two also tested apart.
    if (filter.search.includes(SEARCH_SEPARATOR)) {
      where.push('(search_fold(b.title) like search_fold(?) or search_fold(b.author) like search_fold(?))');
      params.push(pattern, pattern);
    }
  }
  if (filter.after !== undefined) {
    where.push(AFTER_BOOK_IN_TITLE_ORDER);
    params.push(filter.after);
  }
  params.push(booksLimit(filter));
  const conditions = where.join(' and ');
  let sql = listStatements.get(conditions);
  if (!sql) listStatements.set(conditions, (sql = `select ${BOOK_SELECT} from books b where ${conditions} order by ${TITLE_ORDER} limit ?`));
  return {
    sql,
    params,
    // A search shorter than a window is planned for its pattern (a common letter is best read in title
    // order); every other list has one best plan, and is prepared.
    prepared: !filter.search || byWindows,
  };
}

export async function listBooks(em: EntityManager, filter: BookFilter): Promise<Book[]> {
  const { sql, params, prepared } = bookListStatement(filter);
  const rows = await query<BookRow>(em, sql, params, { prepared, ...AS_ARRAYS });
  return rows.map(toBook);
}

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

export const quantityAboveMaximum = (held: number) =>
  `${QUANTITY_TOO_LARGE}: this library already holds ${held.toLocaleString('en-US')} copies of this book, and may hold at most ${MAX_BOOK_QUANTITY.toLocaleString('en-US')}.`;

export const quantityBelowRented = (rented: number) => `Quantity cannot be less than the number of copies currently rented (${rented}).`;

export const quantityChangedMeanwhile = (quantity: number) =>
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

/** A book's title and author, corrected by its library's staff. Its search keys follow (generated columns, an expression index). */
export async function updateBookDetails(em: EntityManager, libraryId: number, bookId: number, details: BookDetails): Promise<Book> {
  const [row] = await query<BookRow>(
    em,
    `update books set title = ?, author = ?, updated_at = now() where id = ? and library_id = ? returning ${BOOK_RETURNING}`,
    [details.title, details.author, bookId, libraryId],
    AS_ARRAYS,
  );
  if (!row) throw notFound(BOOK_NOT_FOUND);
  return toBook(row);
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
