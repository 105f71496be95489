import { beforeAll, describe, expect, it } from 'vitest';
import { newBook, newLibrary, newUser, signedIn, snapshot } from '../test/factories';
import { type Client, createTestApp, type TestApp, uniqueEmail } from '../test/harness';

/** SPEC section 5, row by row, for the calls of the library domain: each refused with its exact message, changing nothing. */
let t: TestApp;
let staff: Client;
let libraryId: number;
let bookId: number;
let isbn: string;
let customerId: number;
beforeAll(async () => {
  t = await createTestApp();
  const admin = await signedIn(t, { role: 'library_admin' });
  staff = admin.client;
  libraryId = (await newLibrary(t, { staff: [admin.user.id] })).id;
  const book = await newBook(t, { libraryId, quantity: 2 });
  bookId = book.id;
  isbn = book.isbn;
  customerId = (await newUser(t)).id;
});

type Row = [rule: string, method: 'GET' | 'POST', path: string, input: () => Record<string, unknown>, message: string];

const book = () => ({ libraryId, isbn: '9780441013593', title: 'Dune', author: 'Frank Herbert', quantity: 1 });
const rent = () => ({ isbn, libraryId, customerId: 0 });
const register = () => ({ libraryId, displayName: 'Mae Jemison', email: uniqueEmail(), phoneNumber: '5550107777' });
const long = 'x'.repeat(5001);
const UNPAIRED = 'Text cannot contain an unpaired surrogate (a half of a UTF-16 character).';

const ROWS: Row[] = [
  ['library name', 'POST', '/_api/libraries', () => ({ name: 'ab' }), 'Library name must be at least 3 characters long'],
  ['library name (blank)', 'POST', '/_api/libraries', () => ({ name: '     ' }), 'Library name must be at least 3 characters long'],
  // Zero-width spaces, the braille blank, a Hangul filler: characters that show nothing.
  ['library name (nothing visible)', 'POST', '/_api/libraries', () => ({ name: '\u200b\u200b\u2800\u3164\ufeff' }), 'Library name must be at least 3 characters long'],
  ['add book libraryId', 'POST', '/_api/library/books', () => ({ ...book(), libraryId: 0 }), 'Library ID must be a positive integer'],
  ['add book libraryId (text)', 'POST', '/_api/library/books', () => ({ ...book(), libraryId: 'one' }), 'Library ID must be a positive integer'],
  ['add book isbn (short)', 'POST', '/_api/library/books', () => ({ ...book(), isbn: '123456789' }), 'ISBN must be at least 10 characters'],
  ['add book isbn (long)', 'POST', '/_api/library/books', () => ({ ...book(), isbn: '97804410135930' }), 'ISBN must be at most 13 characters'],
  ['add book isbn (not 10 or 13 digits)', 'POST', '/_api/library/books', () => ({ ...book(), isbn: 'ISBN 12345' }), 'Please enter a valid ISBN (10 or 13 digits).'],
  ['add book title', 'POST', '/_api/library/books', () => ({ ...book(), title: '' }), 'Title is required'],
  ['add book title (missing)', 'POST', '/_api/library/books', () => ({ ...book(), title: undefined }), 'Title is required'],
  ['add book author', 'POST', '/_api/library/books', () => ({ ...book(), author: '   ' }), 'Author is required'],
  // Characters that show nothing alone would catalogue a blank card.
  ['add book title (invisible)', 'POST', '/_api/library/books', () => ({ ...book(), title: '\u200b\u200b\u2060' }), 'Title is required'],
  ['add book author (invisible)', 'POST', '/_api/library/books', () => ({ ...book(), author: '\u200b \u00ad' }), 'Author is required'],
  ['add book thumbnailUrl', 'POST', '/_api/library/books', () => ({ ...book(), thumbnailUrl: 'not a url' }), 'Invalid thumbnail URL format'],
  ['add book fullImageUrl', 'POST', '/_api/library/books', () => ({ ...book(), fullImageUrl: 'javascript:alert(1)' }), 'Invalid full image URL format'],
  ['add book acquisitionDate (year 0)', 'POST', '/_api/library/books', () => ({ ...book(), acquisitionDate: new Date('0000-12-31T23:59:59.999Z') }), 'Invalid acquisition date'],
  ['add book acquisitionDate (year 10000)', 'POST', '/_api/library/books', () => ({ ...book(), acquisitionDate: new Date('+010000-01-01T00:00:00.000Z') }), 'Invalid acquisition date'],
  // Plain JSON: what `new Date` would read as another date is refused, not stored as that date.
  ['add book acquisitionDate (30 February)', 'POST', '/_api/library/books', () => ({ ...book(), acquisitionDate: '2026-02-30' }), 'Invalid acquisition date'],
  ['add book acquisitionDate (a flag)', 'POST', '/_api/library/books', () => ({ ...book(), acquisitionDate: true }), 'Invalid acquisition date'],
  ['add book acquisitionDate (a number)', 'POST', '/_api/library/books', () => ({ ...book(), acquisitionDate: 2024 }), 'Invalid acquisition date'],
  ['add book acquisitionDate (a month)', 'POST', '/_api/library/books', () => ({ ...book(), acquisitionDate: '2024-13-01' }), 'Invalid acquisition date'],
  ['add book acquisitionDate (words)', 'POST', '/_api/library/books', () => ({ ...book(), acquisitionDate: 'March 5, 2024' }), 'Invalid acquisition date'],
  ['add book quantity (zero)', 'POST', '/_api/library/books', () => ({ ...book(), quantity: 0 }), 'Quantity must be a positive integer'],
  ['add book quantity (fraction)', 'POST', '/_api/library/books', () => ({ ...book(), quantity: 1.5 }), 'Quantity must be a positive integer'],
  ['rent isbn', 'POST', '/_api/books/rent', () => ({ ...rent(), isbn: '12345' }), 'ISBN must be at least 10 characters'],
  ['rent isbn (long)', 'POST', '/_api/books/rent', () => ({ ...rent(), isbn: '12345678901234' }), 'ISBN must be at most 13 characters'],
  ['rent libraryId', 'POST', '/_api/books/rent', () => ({ ...rent(), libraryId: -3 }), 'Library ID must be a positive integer'],
  ['rent customerId', 'POST', '/_api/books/rent', () => ({ ...rent(), customerId: -1 }), 'Customer ID must be a positive integer'],
  ['kiosk rental customerId', 'POST', '/_api/kiosk/rental', () => ({ ...rent(), customerId: 0 }), 'Customer ID must be a positive integer'],
  ['kiosk rental isbn', 'POST', '/_api/kiosk/rental', () => ({ ...rent(), customerId, isbn: '' }), 'ISBN must be at least 10 characters'],
  ['return rentalId', 'POST', '/_api/books/return', () => ({ rentalId: 0 }), 'Rental ID must be a positive integer'],
  ['return-by-rental rentalId', 'POST', '/_api/book/return-by-rental', () => ({ rentalId: 'abc' }), 'Rental ID must be a positive integer'],
  ['review bookId', 'POST', '/_api/book/reviews', () => ({ bookId: 0, rating: 3 }), 'Book ID must be a positive integer'],
  ['review rating (low)', 'POST', '/_api/book/reviews', () => ({ bookId, rating: 0 }), 'Rating must be at least 1'],
  ['review rating (high)', 'POST', '/_api/book/reviews', () => ({ bookId, rating: 6 }), 'Rating must be at most 5'],
  ['review rating (missing)', 'POST', '/_api/book/reviews', () => ({ bookId }), 'Rating is required.'],
  ['review rating (null)', 'POST', '/_api/book/reviews', () => ({ bookId, rating: null }), 'Rating is required.'],
  // A value of another type was sent, not left out: it is named as not valid rather than as missing.
  ['review rating (text)', 'POST', '/_api/book/reviews', () => ({ bookId, rating: '3' }), 'The field rating is not valid.'],
  ['status isbn (a number)', 'POST', '/_api/book/status', () => ({ libraryId, isbn: 9780306406157 }), 'The field isbn is not valid.'],
  ['lookup phoneNumber (a number)', 'POST', '/_api/customer/lookup', () => ({ libraryId, phoneNumber: 5550100000 }), 'The field phoneNumber is not valid.'],
  ['review text', 'POST', '/_api/book/reviews', () => ({ bookId, rating: 3, reviewText: long }), 'Review text cannot exceed 5000 characters.'],
  ['reviews query bookId', 'GET', '/_api/book/reviews', () => ({ bookId: 'x' }), 'Book ID must be a positive integer'],
  ['set quantity negative', 'POST', '/_api/book/quantity', () => ({ bookId, libraryId, quantity: -1 }), 'Quantity cannot be negative.'],
  ['set quantity bookId', 'POST', '/_api/book/quantity', () => ({ bookId: 0, libraryId, quantity: 1 }), 'Book ID must be a positive integer'],
  ['set quantity libraryId', 'POST', '/_api/book/quantity', () => ({ bookId, libraryId: 0, quantity: 1 }), 'Library ID must be a positive integer'],
  ['books query libraryId', 'GET', '/_api/books', () => ({ libraryId: 'abc' }), 'Library ID must be a positive integer'],
  ['books query available', 'GET', '/_api/books', () => ({ libraryId, available: 'maybe' }), 'The field available is not valid.'],
  ['rentals query libraryId', 'GET', '/_api/rentals', () => ({ libraryId: '0' }), 'Library ID must be a positive integer'],
  ['rentals query includeReturned', 'GET', '/_api/rentals', () => ({ libraryId, includeReturned: 'yes please' }), 'The field includeReturned is not valid.'],
  ['customers query libraryId', 'GET', '/_api/customers', () => ({ libraryId: '' }), 'Library ID must be a positive integer'],
  ['status isbn', 'POST', '/_api/book/status', () => ({ libraryId, isbn: '' }), 'ISBN is required'],
  ['status isbn (missing)', 'POST', '/_api/book/status', () => ({ libraryId }), 'ISBN is required'],
  ['status libraryId', 'POST', '/_api/book/status', () => ({ libraryId: 1.5, isbn }), 'Library ID must be a positive integer'],
  ['lookup phoneNumber', 'POST', '/_api/customer/lookup', () => ({ libraryId, phoneNumber: '' }), 'Phone number is required'],
  ['lookup phoneNumber (missing)', 'POST', '/_api/customer/lookup', () => ({ libraryId }), 'Phone number is required'],
  ['lookup libraryId', 'POST', '/_api/customer/lookup', () => ({ libraryId: 0, phoneNumber: '5550100000' }), 'Library ID must be a positive integer'],
  ['register displayName', 'POST', '/_api/customer/register', () => ({ ...register(), displayName: 'M' }), 'Display name must be at least 2 characters'],
  ['register displayName (nothing visible)', 'POST', '/_api/customer/register', () => ({ ...register(), displayName: '\u200b\u2060\u200b' }), 'Display name must be at least 2 characters'],
  ['register email', 'POST', '/_api/customer/register', () => ({ ...register(), email: 'not-an-email' }), 'Invalid email address'],
  ['register phoneNumber', 'POST', '/_api/customer/register', () => ({ ...register(), phoneNumber: '555-0101' }), 'Phone number seems too short'],
  // Ids are PostgreSQL integers: past the largest one the database could not even compare them.
  ['rent libraryId (past the largest id)', 'POST', '/_api/books/rent', () => ({ ...rent(), libraryId: 2 ** 31 }), 'Library ID must be a positive integer'],
  ['rent customerId (past the largest id)', 'POST', '/_api/books/rent', () => ({ ...rent(), customerId: 2 ** 31 }), 'Customer ID must be a positive integer'],
  ['books query libraryId (past the largest id)', 'GET', '/_api/books', () => ({ libraryId: String(2 ** 31) }), 'Library ID must be a positive integer'],
  // A field no call takes is named, and refused rather than dropped.
  ['status with a field it does not take', 'POST', '/_api/book/status', () => ({ libraryId, isbn, copies: 2 }), 'Unknown field: copies.'],
  // PostgreSQL text cannot hold U+0000.
  ['books query search (NUL character)', 'GET', '/_api/books', () => ({ libraryId, search: 'a\u0000b' }), 'Text cannot contain the NUL character.'],
  ['review text (NUL character)', 'POST', '/_api/book/reviews', () => ({ bookId, rating: 3, reviewText: 'fine\u0000' }), 'Text cannot contain the NUL character.'],
  // The driver would write a half of a UTF-16 character as U+FFFD: stored, it would not be the text checked.
  ['review text (unpaired surrogate)', 'POST', '/_api/book/reviews', () => ({ bookId, rating: 3, reviewText: 'fine \ud83d' }), UNPAIRED],
  ['add book title (unpaired low surrogate)', 'POST', '/_api/library/books', () => ({ ...book(), title: '\udc00 Emma' }), UNPAIRED],
  ['register displayName (unpaired surrogate)', 'POST', '/_api/customer/register', () => ({ ...register(), displayName: 'Ada \ud800' }), UNPAIRED],
];

/** The values at each limit, on the allowed side: taken, and kept as sent. */
type Accepted = [rule: string, path: string, input: () => Record<string, unknown>, kept: (body: any) => unknown, expected: unknown];
const ACCEPTED: Accepted[] = [
  ['library name of 3 characters', '/_api/libraries', () => ({ name: 'Oak' }), (body) => body.name, 'Oak'],
  ['register displayName of 2 characters, phone number of 10 digits', '/_api/customer/register', () => ({ ...register(), displayName: 'Al' }), (body) => [body.user.displayName, body.user.phoneNumber], ['Al', '5550107777']],
  ['review text of 5000 characters, rating 5', '/_api/book/reviews', () => ({ bookId, rating: 5, reviewText: 'x'.repeat(5000) }), (body) => [body.review.rating, body.review.reviewText.length], [5, 5000]],
  // SPEC section 9: the kiosk keypad holds 15 characters; a number that fills it registers.
  ['register phone number of 15 digits', '/_api/customer/register', () => ({ ...register(), phoneNumber: '447700900123456' }), (body) => body.user.phoneNumber, '447700900123456'],
  ['add book by a 10-character ISBN, 1 copy', '/_api/library/books', () => ({ ...book(), isbn: '0306406152', title: 'Ten Digits', quantity: 1 }), (body) => [body.title, body.quantity], ['Ten Digits', 1]],
];

describe('SPEC section 5 limits, on the allowed side', () => {
  it.for(ACCEPTED)('%s', async ([, path, input, kept, expected]) => {
    const res = await staff.rest('POST', path, input(), { superjson: true });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(kept(res.body)).toEqual(expected);
  });
});

describe('SPEC section 5 rules of the library calls', () => {
  it.for(ROWS)('%s', async ([, method, path, input, message]) => {
    const before = await snapshot(t);
    const payload = input();
    const res =
      method === 'POST'
        ? await staff.rest('POST', path, payload, { superjson: true })
        : await staff.rest('GET', `${path}?${new URLSearchParams(payload as Record<string, string>)}`, undefined, { superjson: true });
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.message).toBe(message);
    expect(res.body.error).toBe(message);
    expect(await snapshot(t)).toEqual(before);
  });

  it('the same rules hold through tRPC', async () => {
    const res = await staff.trpc('mutation', 'books.add', { ...book(), title: '' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Title is required');
  });

  it('NUL characters and unpaired surrogates are refused through tRPC too', async () => {
    const res = await staff.trpc('query', 'books.list', { libraryId, search: '\u0000' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Text cannot contain the NUL character.');
    const half = await staff.trpc('query', 'books.list', { libraryId, search: 'Em\ud800ma' });
    expect(half.status).toBe(400);
    expect(half.body.message).toBe(UNPAIRED);
  });

  it('a status check for an ISBN the library lacks names it, but never echoes other text', async () => {
    const missing = await staff.rest('POST', '/_api/book/status', { libraryId, isbn: '978-0-00-000001-9' }, { superjson: true });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('No book with ISBN 978-0-00-000001-9 was found in this library.');
    const text = await staff.rest('POST', '/_api/book/status', { libraryId, isbn: '<b>not an isbn</b>' }, { superjson: true });
    expect(text.status).toBe(404);
    expect(text.body.message).toBe('No book with this ISBN was found in this library.');
  });

  it('a book quantity defaults to 1', async () => {
    const res = await staff.rest('POST', '/_api/library/books', { ...book(), quantity: undefined }, { superjson: true });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ quantity: 1, availableCount: 1 });
  });
});
