import { z } from 'zod';
import { BOOK_NAME_MAX_LENGTH, DEFAULT_BOOK_QUANTITY, ISBN_MAX_LENGTH, ISBN_MIN_LENGTH, MAX_BOOK_QUANTITY } from '../constants';
import { hasIsbnLength, INVALID_ISBN_MESSAGE } from '../isbn';
import { asName, libraryIdField, missing, optionalQueryBoolean, pageFields, positiveId, searchField } from './common';

export const bookSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  author: z.string(),
  isbn: z.string(),
  available: z.boolean(),
  quantity: z.number().int(),
  availableCount: z.number().int(),
  thumbnailUrl: z.string().nullable().optional(),
  fullImageUrl: z.string().nullable().optional(),
  acquisitionDate: z.date().nullable().optional(),
  libraryId: z.number().int(),
  createdAt: z.date(),
  updatedAt: z.date(),
  averageRating: z.number().nullable(),
  ratingsCount: z.number().int(),
  categories: z.array(z.string()),
  description: z.string().nullable(),
  publisher: z.string().nullable(),
  publishedDate: z.string().nullable(),
  pageCount: z.number().int().nullable(),
  language: z.string().nullable(),
  format: z.string().nullable(),
  edition: z.string().nullable(),
  subtitle: z.string().nullable(),
  infoLink: z.string().nullable(),
  maturityRating: z.string().nullable(),
  previewLink: z.string().nullable(),
  printType: z.string().nullable(),
});
export type Book = z.infer<typeof bookSchema>;
export const booksResponse = z.array(bookSchema);

/** Payload ISBNs: 10 to 13 characters (SPEC section 5). */
export const payloadIsbn = z
  .string({ error: 'ISBN must be at least 10 characters' })
  .trim()
  .min(ISBN_MIN_LENGTH, 'ISBN must be at least 10 characters')
  .max(ISBN_MAX_LENGTH, 'ISBN must be at most 13 characters');

/** The scanner and manual-entry rule (SPEC section 5), after a field's own text rules: 10 or 13 digits once stripped. */
export const isbnDigits = z.string().refine(hasIsbnLength, INVALID_ISBN_MESSAGE);

/** The page the app's own lists ask for (dashboards, the kiosk's search), and what a list without a limit gets. */
export const BOOKS_PAGE_DEFAULT = 50;
const BOOKS_PAGE_MAX = 200;

export const booksQuery = z.strictObject({
  libraryId: libraryIdField(),
  available: optionalQueryBoolean(),
  search: searchField,
  /** The library's copy of this ISBN, in either form: a list of one book, or none. */
  isbn: payloadIsbn.pipe(isbnDigits).optional(),
  /** The server applies BOOKS_PAGE_DEFAULT when no limit is given. */
  ...pageFields(BOOKS_PAGE_MAX),
});

/**
 * A cover's address, http or https; kept as https, as the lookup keeps Google's: the app's pages allow
 * images only over https (and a browser would not load an http one into an https page).
 */
const optionalUrl = (message: string) =>
  z.preprocess(
    (v) => (v === '' ? null : v),
    z
      .url({ error: message, protocol: /^https?$/ })
      .max(2048, message)
      .transform((url) => url.replace(/^http:/i, 'https:'))
      .nullable()
      .optional(),
  );

export const QUANTITY_TOO_LARGE = 'Quantity is too large';

const INVALID_ACQUISITION_DATE = 'Invalid acquisition date';

/**
 * An acquisition date: a Date, as superjson sends it, or as plain JSON writes one, an ISO 8601 date
 * (`2024-03-05`) or date and time with its zone, on a day the calendar has. Not `true` or 2024 (which
 * `new Date` reads as moments of 1970), not 30 February (which it reads as 2 March). A text names its day
 * as written (`2024-03-05T20:00:00-05:00` is 5 March, though in UTC it is the 6th): the day is all that is
 * stored. A Date is a moment, its day the one in UTC.
 * PostgreSQL has no year 0 and the app no use for dates before the common era; a year past 9999
 * has no YYYY-MM-DD form to store the day by.
 */
const acquisitionDate = z
  .union(
    [
      z.date({ error: INVALID_ACQUISITION_DATE }),
      z
        .union([z.iso.date({ error: INVALID_ACQUISITION_DATE }), z.iso.datetime({ offset: true, error: INVALID_ACQUISITION_DATE })])
        .transform((text) => new Date(`${text.slice(0, 10)}T00:00:00Z`)),
    ],
    { error: INVALID_ACQUISITION_DATE },
  )
  .pipe(
    z
      .date({ error: INVALID_ACQUISITION_DATE })
      .min(new Date('0001-01-01T00:00:00Z'), INVALID_ACQUISITION_DATE)
      .max(new Date('9999-12-31T23:59:59.999Z'), INVALID_ACQUISITION_DATE),
  );

/**
 * A book's title and author, as added and as corrected later: read as people read them (asName), so that
 * one of characters that show nothing alone is refused as empty rather than catalogued as a blank card.
 */
const bookTitle = z.string(missing('Title is required')).overwrite(asName).min(1, 'Title is required').max(BOOK_NAME_MAX_LENGTH, 'Title is too long');
const bookAuthor = z.string(missing('Author is required')).overwrite(asName).min(1, 'Author is required').max(BOOK_NAME_MAX_LENGTH, 'Author is too long');

export const addBookInput = z.strictObject({
  libraryId: libraryIdField(),
  /** Catalogued under its ISBN-13 form (isbnKey), so it must be a real ISBN length. */
  isbn: payloadIsbn.pipe(isbnDigits),
  title: bookTitle,
  author: bookAuthor,
  thumbnailUrl: optionalUrl('Invalid thumbnail URL format'),
  fullImageUrl: optionalUrl('Invalid full image URL format'),
  acquisitionDate: acquisitionDate.nullable().optional(),
  quantity: z
    .number({ error: 'Quantity must be a positive integer' })
    .int('Quantity must be a positive integer')
    .positive('Quantity must be a positive integer')
    .max(MAX_BOOK_QUANTITY, QUANTITY_TOO_LARGE)
    .default(DEFAULT_BOOK_QUANTITY),
});
export type AddBookInput = z.infer<typeof addBookInput>;

export const setQuantityInput = z.strictObject({
  bookId: positiveId('Book ID must be a positive integer'),
  libraryId: libraryIdField(),
  quantity: z
    .number({ error: 'Quantity must be an integer' })
    .int('Quantity must be an integer')
    .min(0, 'Quantity cannot be negative.')
    .max(MAX_BOOK_QUANTITY, QUANTITY_TOO_LARGE),
  /**
   * Not in SPEC's payload, so optional: the count the change was made from (the app's + and − send it). When
   * the book's count is no longer that (changed in another tab, by another librarian), nothing is saved (409),
   * rather than undo their change with a count worked out from an old one.
   */
  previousQuantity: z
    .number({ error: 'Invalid previous quantity' })
    .int('Invalid previous quantity')
    .min(0, 'Invalid previous quantity')
    .max(MAX_BOOK_QUANTITY, 'Invalid previous quantity')
    .optional(),
});

/** Staff correct a catalogued book's title and author (a typo typed by hand, or a lookup's odd wording). */
export const updateBookDetailsInput = z.strictObject({
  bookId: positiveId('Book ID must be a positive integer'),
  libraryId: libraryIdField(),
  title: bookTitle,
  author: bookAuthor,
  /**
   * Optional, as previousQuantity is: the title and author the edit was made from, as the book had them (the
   * app's 'Edit details' sends them). When the book no longer has them (corrected meanwhile in another tab, by
   * another librarian), nothing is saved (409), rather than put back the details they corrected.
   */
  previousTitle: z.string({ error: 'Invalid previous title' }).max(500, 'Invalid previous title').optional(),
  previousAuthor: z.string({ error: 'Invalid previous author' }).max(500, 'Invalid previous author').optional(),
});
export type BookDetails = Pick<z.infer<typeof updateBookDetailsInput>, 'title' | 'author'>;

export const bookStatusInput = z.strictObject({
  isbn: z.string(missing('ISBN is required')).trim().min(1, 'ISBN is required').max(32, 'ISBN is too long'),
  libraryId: libraryIdField(),
});

/**
 * A status check, a rental or a return of an ISBN the library does not hold. Names the ISBN as it was sent when
 * it looks like one; any other text is not echoed back. The dashboard's scan offers its staff to add the book.
 */
export const bookNotInLibrary = (isbn: string) =>
  /^[0-9Xx -]+$/.test(isbn) ? `No book with ISBN ${isbn} was found in this library.` : 'No book with this ISBN was found in this library.';

/** The most active rentals of one book a status check names (the latest first): whose copy is brought back. */
export const STATUS_RENTALS_MAX = 100;

const statusRental = z.object({
  rentalId: z.number().int(),
  rentedAt: z.date(),
  user: z.object({ id: z.number().int(), displayName: z.string(), email: z.string() }),
});

/**
 * `rental` is the latest of the book's active rentals the caller may return (a customer's own; any, for
 * the library's staff); `rentals` is all of them, so that staff can pick whose copy was brought back.
 */
export const bookStatusResponse = z.object({
  isRented: z.boolean(),
  /** The book, and how many of its copies are in (0: none to rent). */
  book: z.object({ id: z.number().int(), isbn: z.string(), title: z.string(), availableCount: z.number().int() }),
  rental: statusRental.optional(),
  rentals: z.array(statusRental),
});
export type BookStatus = z.infer<typeof bookStatusResponse>;

export const lookupInput = z.strictObject({
  isbn: z.string(missing('ISBN cannot be empty')).trim().min(1, 'ISBN cannot be empty').max(32, 'ISBN is too long').pipe(isbnDigits),
  /** The library the book is scanned for (to rent, return or add): its own copy of the ISBN answers first. */
  libraryId: libraryIdField().optional(),
});

export const bookLookupResult = z.object({
  isbn: z.string(),
  title: z.string(),
  authors: z.array(z.string()),
  publishedDate: z.string().optional(),
  description: z.string().optional(),
  coverUrl: z.string().nullable().optional(),
  thumbnailUrl: z.string().nullable().optional(),
  fullImageUrl: z.string().nullable().optional(),
});
export type BookLookupResult = z.infer<typeof bookLookupResult>;
export const lookupResponse = z.object({ book: bookLookupResult.nullable() });
