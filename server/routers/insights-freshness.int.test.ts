import { beforeAll, describe, expect, it } from 'vitest';
import { newBook, newLibrary, newUser, signedIn, type TestBook } from '../test/factories';
import { type Client, createTestApp, type TestApp } from '../test/harness';

/** The never-rented figure as books are rented, returned, resized and deleted; and insight answers under concurrency. */
let t: TestApp;
let staff: Client;
let library: { id: number };

beforeAll(async () => {
  t = await createTestApp();
  const librarian = await signedIn(t, { role: 'library_admin' });
  staff = librarian.client;
  library = await newLibrary(t, { staff: [librarian.user.id] });
});

const post = (client: Client, path: string, input: unknown) => client.rest('POST', path, input, { superjson: true });
const ask = async (procedure: string, input: Record<string, unknown> = {}) => {
  const res = await staff.trpc('query', `insights.${procedure}`, { libraryId: library.id, ...input });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};
const neverRented = async () => (await ask('collection')).neverRented;

async function rent(book: TestBook) {
  const { client } = await signedIn(t);
  const res = await post(client, '/_api/books/rent', { isbn: book.isbn, libraryId: library.id, customerId: 0 });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { client, rentalId: res.body.rental.rentalId as number };
}

describe('never rented', () => {
  it('follows rents, returns, quantity changes and deletions', async () => {
    const [alpha, beta, gamma] = [
      await newBook(t, { libraryId: library.id, title: 'Alpha', quantity: 2 }),
      await newBook(t, { libraryId: library.id, title: 'Beta' }),
      await newBook(t, { libraryId: library.id, title: 'Gamma' }),
    ];
    expect(await neverRented()).toEqual({ count: 3, titles: ['Alpha', 'Beta', 'Gamma'] });

    const first = await rent(alpha);
    expect(await neverRented()).toEqual({ count: 2, titles: ['Beta', 'Gamma'] });
    await rent(alpha);
    expect((await post(first.client, '/_api/books/return', { rentalId: first.rentalId })).status).toBe(200);
    expect(await neverRented()).toEqual({ count: 2, titles: ['Beta', 'Gamma'] });

    expect((await post(staff, '/_api/book/quantity', { bookId: beta.id, libraryId: library.id, quantity: 3 })).status).toBe(200);
    expect(await ask('collection')).toMatchObject({ books: 3, copies: 6, neverRented: { count: 2, titles: ['Beta', 'Gamma'] } });

    // A deleted account takes its rentals with it: a book whose every rental went is never rented again.
    const [ana, ben] = [await newUser(t), await newUser(t)];
    await t.sql(`insert into rentals (book_id, library_id, customer_id, returned_at) values (?, ?, ?, now()), (?, ?, ?, now())`, [
      beta.id, library.id, ana.id, beta.id, library.id, ben.id,
    ]);
    expect(await neverRented()).toEqual({ count: 1, titles: ['Gamma'] });
    await t.sql(`delete from users where id = ?`, [ana.id]);
    expect(await neverRented()).toEqual({ count: 1, titles: ['Gamma'] });
    await t.sql(`delete from users where id = ?`, [ben.id]);
    expect(await neverRented()).toEqual({ count: 2, titles: ['Beta', 'Gamma'] });

    await t.sql(`delete from books where id in (?, ?)`, [alpha.id, gamma.id]);
    expect(await ask('collection')).toMatchObject({ books: 1, copies: 3, neverRented: { count: 1, titles: ['Beta'] } });
  });

  it('a statement inserting many rentals marks every book in it', async () => {
    const other = await newLibrary(t);
    const books = [await newBook(t, { libraryId: other.id }), await newBook(t, { libraryId: other.id }), await newBook(t, { libraryId: other.id })];
    const reader = await newUser(t);
    await t.sql(
      `insert into rentals (book_id, library_id, customer_id, returned_at) select id, library_id, ?, now() from books where id in (?, ?)`,
      [reader.id, books[0].id, books[1].id],
    );
    const rows = await t.sql<{ id: number; ever_rented: boolean }>(`select id, ever_rented from books where library_id = ? order by id`, [other.id]);
    expect(rows.map((r) => r.ever_rented)).toEqual([true, true, false]);
  });

  it('emptying the rentals table leaves every book never rented', async () => {
    const other = await newLibrary(t);
    const book = await newBook(t, { libraryId: other.id });
    await t.sql(`insert into rentals (book_id, library_id, customer_id, returned_at) values (?, ?, ?, now())`, [book.id, other.id, (await newUser(t)).id]);
    await t.sql(`truncate rentals`);
    const [row] = await t.sql<{ rented: number }>(`select count(*)::int as rented from books where ever_rented`);
    expect(row.rented).toBe(0);
  });
});

describe('insights under concurrency', () => {
  it('identical and different requests made at once each get their own right answer', async () => {
    for (let i = 0; i < 4; i++) await rent(await newBook(t, { libraryId: library.id, title: `Concurrent ${i}` }));
    const requests = [
      ['summary', { days: 7 }],
      ['summary', { days: 30, timeZone: 'Asia/Tokyo' }],
      ['popularBooks', { days: 7 }],
      ['rentalsPerDay', { days: 7 }],
      ['membersPerWeek', { days: 30 }],
      ['collection', {}],
      ['longRentals', {}],
    ] as const;
    const alone = await Promise.all(requests.map(([procedure, input]) => ask(procedure, input)));
    const burst = Array.from({ length: 60 }, (_, i) => i % requests.length);
    const answers = await Promise.all(burst.map((k) => ask(requests[k][0], requests[k][1])));
    answers.forEach((answer, i) => expect(answer).toEqual(alone[burst[i]]));
  });

  it('a request made right after a rent counts it, with identical requests in flight', async () => {
    const book = await newBook(t, { libraryId: library.id, title: 'Fresh', quantity: 50 });
    for (let round = 0; round < 5; round++) {
      const { rentals } = await ask('summary', { days: 7 });
      const inFlight = Array.from({ length: 10 }, () => ask('summary', { days: 7 }));
      await rent(book);
      expect((await ask('summary', { days: 7 })).rentals).toBe(rentals + 1);
      await Promise.all(inFlight);
    }
  });
});
