import { beforeAll, describe, expect, it } from 'vitest';
import { isbn13To10 } from '../../shared/isbn';
import { bookSchema } from '../../shared/schemas';
import { newBook, newIsbn13, newLibrary, newRental, newUser, signedIn } from '../test/factories';
import { type Client, createTestApp, type TestApp } from '../test/harness';

let t: TestApp;
let staff: Client;
let reader: Client;
let libraryId: number;
beforeAll(async () => {
  t = await createTestApp();
  const admin = await signedIn(t, { role: 'library_admin' });
  staff = admin.client;
  reader = (await signedIn(t)).client;
  libraryId = (await newLibrary(t, { staff: [admin.user.id] })).id;
});

const post = (client: Client, path: string, input: unknown) => client.rest('POST', path, input, { superjson: true });
const list = async (client: Client, query: string) => {
  const res = await client.rest('GET', `/_api/books?${query}`, undefined, { superjson: true });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { id: number; title: string }[];
};

describe('add a book', () => {
  it('adds a book with every field of the spec, and the same ISBN in either form adds copies', async () => {
    const isbn = newIsbn13();
    const added = await post(staff, '/_api/library/books', {
      libraryId,
      isbn,
      title: 'The Left Hand of Darkness',
      author: 'Ursula K. Le Guin',
      thumbnailUrl: 'https://covers.example.test/s.jpg',
      fullImageUrl: 'https://covers.example.test/l.jpg',
      acquisitionDate: new Date('2024-03-05T00:00:00Z'),
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(Object.keys(added.body).sort()).toEqual(Object.keys(bookSchema.shape).sort());
    expect(added.body).toMatchObject({
      isbn,
      quantity: 1,
      availableCount: 1,
      available: true,
      libraryId,
      averageRating: null,
      ratingsCount: 0,
      categories: [],
      acquisitionDate: new Date('2024-03-05T00:00:00Z'),
      thumbnailUrl: 'https://covers.example.test/s.jpg',
    });
    expect(added.body.createdAt).toBeInstanceOf(Date);

    const more = await post(staff, '/_api/library/books', { libraryId, isbn: isbn13To10(isbn), title: 'Another title', author: 'X', quantity: 3 });
    expect(more.body).toMatchObject({ id: added.body.id, title: 'The Left Hand of Darkness', quantity: 4, availableCount: 4 });
    expect(await t.sql(`select 1 from books where library_id = ? and isbn13 = ?`, [libraryId, isbn])).toHaveLength(1);
  });

  it('adding copies of a book that is out on rent keeps the rented ones rented', async () => {
    const book = await newBook(t, { libraryId, quantity: 1 });
    await newRental(t, { bookId: book.id, customerId: (await newUser(t)).id });
    const more = await post(staff, '/_api/library/books', { libraryId, isbn: book.isbn, title: book.title, author: book.author, quantity: 2 });
    expect(more.body).toMatchObject({ quantity: 3, availableCount: 2 });
  });
});

describe('list books', () => {
  it('filters by availability and finds title or author substrings in any case, with % and _ taken literally', async () => {
    const { id: lib } = await newLibrary(t);
    const gatsby = await newBook(t, { libraryId: lib, title: 'The Great Gatsby', author: 'F. Scott Fitzgerald' });
    const percent = await newBook(t, { libraryId: lib, title: '100% Pure', author: 'Someone', quantity: 2 });
    const under = await newBook(t, { libraryId: lib, title: 'snake_case for beginners', author: 'Anon' });
    const rented = await newBook(t, { libraryId: lib, title: 'Out Now', author: 'Scott Lynch' });
    await newRental(t, { bookId: rented.id, customerId: (await newUser(t)).id });

    expect((await list(reader, `libraryId=${lib}`)).map((b) => b.title)).toEqual(['100% Pure', 'Out Now', 'snake_case for beginners', 'The Great Gatsby']);
    expect((await list(reader, `libraryId=${lib}&search=GATSBY`)).map((b) => b.id)).toEqual([gatsby.id]);
    expect((await list(reader, `libraryId=${lib}&search=scott`)).map((b) => b.id).sort()).toEqual([gatsby.id, rented.id].sort());
    expect((await list(reader, `libraryId=${lib}&search=${encodeURIComponent('0%')}`)).map((b) => b.id)).toEqual([percent.id]);
    expect((await list(reader, `libraryId=${lib}&search=e_c`)).map((b) => b.id)).toEqual([under.id]);
    expect(await list(reader, `libraryId=${lib}&search=${encodeURIComponent('%')}`)).toHaveLength(1);
    expect((await list(reader, `libraryId=${lib}&available=false`)).map((b) => b.id)).toEqual([rented.id]);
    expect((await list(reader, `libraryId=${lib}&available=true`)).map((b) => b.id)).not.toContain(rented.id);
  });

  it('carries the average rating and count of its reviews', async () => {
    const book = await newBook(t, { libraryId });
    for (const rating of [5, 4]) {
      const { client } = await signedIn(t);
      expect((await post(client, '/_api/book/reviews', { bookId: book.id, rating })).status).toBe(200);
    }
    const found = (await list(reader, `libraryId=${libraryId}`)).find((b) => b.id === book.id);
    expect(found).toMatchObject({ averageRating: 4.5, ratingsCount: 2 });
  });

  it('answers 404 for a library that does not exist', async () => {
    const res = await reader.rest('GET', '/_api/books?libraryId=999999', undefined, { superjson: true });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('No library found with the ID: 999999.');
  });
});

describe('book status by ISBN', () => {
  it('says whether a copy is out and to whom (the most recent rental), by either ISBN form', async () => {
    const book = await newBook(t, { libraryId, quantity: 3, title: 'Kindred' });
    const free = await post(staff, '/_api/book/status', { libraryId, isbn: book.isbn });
    expect(free.body).toEqual({ isRented: false, book: { id: book.id, isbn: book.isbn, title: 'Kindred' } });

    const first = await newUser(t, { displayName: 'First Reader' });
    const second = await newUser(t, { displayName: 'Second Reader' });
    await newRental(t, { bookId: book.id, customerId: first.id });
    await t.sql(`update rentals set rented_at = now() - interval '1 day' where customer_id = ?`, [first.id]);
    const latest = await newRental(t, { bookId: book.id, customerId: second.id });
    const rented = await post(staff, '/_api/book/status', { libraryId, isbn: isbn13To10(book.isbn) });
    expect(rented.body).toEqual({
      isRented: true,
      book: { id: book.id, isbn: book.isbn, title: 'Kindred' },
      rental: { rentalId: latest.id, user: { id: second.id, displayName: 'Second Reader' } },
    });
  });

  it('answers 404 when the library has no book with that ISBN', async () => {
    const isbn = newIsbn13();
    const res = await post(staff, '/_api/book/status', { libraryId, isbn });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe(`No book with ISBN ${isbn} was found in this library.`);
  });
});
