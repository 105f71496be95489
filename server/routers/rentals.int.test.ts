import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { isbn13To10 } from '../../shared/isbn';
import { buildApp } from '../app';
import { initOrm } from '../db/orm';
import { quantityBelowRented } from '../services/books';
import { ALREADY_RENTED, ALREADY_RETURNED, NO_COPIES } from '../services/rentals';
import { addMember, invariantViolations, newBook, newRental, newUser, signedIn, snapshot, staffedLibrary } from '../test/factories';
import { Client, createTestApp, followPages, TEST_POOL, type TestApp } from '../test/harness';

/** Waits until `check` holds, asking every 10 ms, for at most 5 s. */
async function until(check: () => Promise<boolean>) {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('The condition did not hold within 15 s.');
}

let t: TestApp;
/** A second server process's worth of app: its own Fastify instance and connection pool on the same database. */
let t2: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  const orm = await initOrm(t.url, TEST_POOL);
  const app = await buildApp({ orm, config: t.config });
  await app.ready();
  t2 = { ...t, app, orm };
  return async () => {
    await app.close();
    await orm.close();
  };
});

const post = (client: Client, path: string, input: unknown) => client.rest('POST', path, input, { superjson: true });
const get = (client: Client, path: string) => client.rest('GET', path, undefined, { superjson: true });
/** The same session, talking to the other server. */
const onSecondServer = (client: Client) => Object.assign(new Client(t2), { cookie: client.cookie });

/** A small seeded generator, so a failing random mix can be replayed. */
function random(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1_103_515_245 + 12_345) % 2 ** 31;
    return s / 2 ** 31;
  };
}

describe('renting never oversells', () => {
  it('50 customers rent the last 3 copies at once, across two servers: exactly 3 get one', async () => {
    const { library } = await staffedLibrary(t);
    const book = await newBook(t, { libraryId: library.id, quantity: 3 });
    const customers = await Promise.all(Array.from({ length: 50 }, () => signedIn(t)));
    const results = await Promise.all(
      customers.map(({ client }, i) =>
        post(i % 2 ? onSecondServer(client) : client, '/_api/books/rent', { isbn: book.isbn, libraryId: library.id, customerId: 0 }),
      ),
    );
    const ok = results.filter((r) => r.status === 200);
    const refused = results.filter((r) => r.status !== 200);
    expect(ok).toHaveLength(3);
    expect(refused).toHaveLength(47);
    for (const r of refused) {
      expect(r.status).toBe(409);
      expect(r.body.message).toBe(NO_COPIES);
    }
    const [row] = await t.sql(`select available_count, (select count(*)::int from rentals where book_id = ?) as rentals from books where id = ?`, [book.id, book.id]);
    expect(row).toEqual({ available_count: 0, rentals: 3 });
    expect(await invariantViolations(t)).toEqual([]);
  });

  it('keeps available_count = quantity - active rentals after a random mix of rents, returns and quantity changes', async () => {
    const seed = Date.now() % 100_000;
    const rnd = random(seed);
    const pick = <T>(list: T[]) => list[Math.floor(rnd() * list.length)];
    const { staff, library } = await staffedLibrary(t);
    const books = await Promise.all([1, 2, 3, 4].map((quantity) => newBook(t, { libraryId: library.id, quantity })));
    const customers = await Promise.all(Array.from({ length: 12 }, () => signedIn(t)));
    const rentals: { id: number; client: Client }[] = [];
    for (const [i, book] of books.entries()) {
      const { client, user } = customers[i];
      rentals.push({ id: (await newRental(t, { bookId: book.id, customerId: user.id })).id, client });
    }

    type Kind = 'rent' | 'return' | 'quantity';
    const calls = Array.from({ length: 150 }, (): Promise<{ kind: Kind; status: number }> => {
      const tag = (kind: Kind) => (res: { status: number }) => ({ kind, status: res.status });
      const kind = rnd();
      const server = rnd() < 0.5 ? (c: Client) => c : onSecondServer;
      if (kind < 0.5) {
        const { client } = pick(customers);
        return post(server(client), '/_api/books/rent', { isbn: pick(books).isbn, libraryId: library.id, customerId: 0 }).then(tag('rent'));
      }
      if (kind < 0.8) {
        const rental = pick(rentals);
        return post(server(rental.client), pick(['/_api/books/return', '/_api/book/return-by-rental']), { rentalId: rental.id }).then(tag('return'));
      }
      return post(server(staff), '/_api/book/quantity', { bookId: pick(books).id, libraryId: library.id, quantity: Math.floor(rnd() * 6) }).then(
        tag('quantity'),
      );
    });
    const results = await Promise.all(calls);
    const statuses = new Set(results.map((r) => r.status));
    expect([...statuses].every((s) => s === 200 || s === 409), `seed ${seed}: statuses ${[...statuses]}`).toBe(true);
    // A server refusing everything with 409 would keep the stock consistent too: each kind of call must succeed at least once.
    // (Each seeded rental's first return always succeeds; 6 copies start free; a quantity of 5 is never below the rented count.)
    for (const kind of ['rent', 'return', 'quantity'] as const) {
      const ofKind = results.filter((r) => r.kind === kind);
      expect(ofKind.length, `seed ${seed}: no ${kind} call in the mix`).toBeGreaterThan(0);
      expect(
        ofKind.some((r) => r.status === 200),
        `seed ${seed}: no ${kind} call succeeded (statuses ${ofKind.map((r) => r.status)})`,
      ).toBe(true);
    }
    expect(await invariantViolations(t), `seed ${seed}`).toEqual([]);
  });

  it('a return and a rent of the same book by one customer, queued behind a lock on the book, never deadlock', async () => {
    const { library } = await staffedLibrary(t);
    const book = await newBook(t, { libraryId: library.id, quantity: 2 });
    const { client, user } = await signedIn(t);
    const rental = await newRental(t, { bookId: book.id, customerId: user.id });
    // A staff member's copy change holds the book: the rent waits for it; then the return comes.
    const holder = new pg.Client({ connectionString: t.url });
    await holder.connect();
    try {
      await holder.query('begin');
      await holder.query('select 1 from books where id = $1 for update', [book.id]);
      const rent = post(client, '/_api/books/rent', { isbn: book.isbn, libraryId: library.id, customerId: 0 });
      const lockWaiters = async (query = '%') =>
        (await t.sql<{ n: number }>(`select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database() and query like ?`, [query]))[0]!.n;
      await until(async () => (await lockWaiters('%membership as%')) > 0);
      const returned = post(client, '/_api/books/return', { rentalId: rental.id });
      // The return has taken whatever it takes before it waits too (it changes the book's count: it must).
      await until(async () => (await lockWaiters()) >= 2);
      await holder.query('commit');
      const [rentAnswer, returnAnswer] = await Promise.all([rent, returned]);
      expect(returnAnswer.status, JSON.stringify(returnAnswer.body)).toBe(200);
      expect([200, 409], JSON.stringify(rentAnswer.body)).toContain(rentAnswer.status);
    } finally {
      await holder.end();
    }
    expect(await invariantViolations(t)).toEqual([]);
  });

  it('one customer returning and re-renting the same book at the same moment, on two servers, gets an answer to each, and the counts hold', async () => {
    const { library } = await staffedLibrary(t);
    const book = await newBook(t, { libraryId: library.id, quantity: 2 });
    const { client, user } = await signedIn(t);
    for (let round = 0; round < 15; round++) {
      const [active] = await t.sql<{ id: number }>(`select id from rentals where book_id = ? and customer_id = ? and returned_at is null`, [book.id, user.id]);
      const rentalId = active?.id ?? (await newRental(t, { bookId: book.id, customerId: user.id })).id;
      const [returned, rented] = await Promise.all([
        post(client, '/_api/books/return', { rentalId }),
        post(onSecondServer(client), '/_api/books/rent', { isbn: book.isbn, libraryId: library.id, customerId: 0 }),
      ]);
      expect(returned.status).toBe(200);
      expect([200, 409]).toContain(rented.status);
      if (rented.status === 409) expect(rented.body.message).toBe(ALREADY_RENTED);
    }
    expect(await invariantViolations(t)).toEqual([]);
  });
});

describe('rent', () => {
  it('rents a copy for the signed-in customer, by either ISBN form, and makes them a member', async () => {
    const { library } = await staffedLibrary(t);
    const book = await newBook(t, { libraryId: library.id, quantity: 2, title: 'Dune', author: 'Frank Herbert' });
    const { client, user } = await signedIn(t, { displayName: 'Paul Atreides' });
    const res = await post(client, '/_api/books/rent', { isbn: isbn13To10(book.isbn), libraryId: library.id, customerId: user.id });
    expect(res.status).toBe(200);
    expect(res.body.rental).toMatchObject({
      bookId: book.id,
      libraryId: library.id,
      customerId: user.id,
      bookTitle: 'Dune',
      bookAuthor: 'Frank Herbert',
      bookIsbn: book.isbn,
      returnedAt: null,
      userDisplayName: 'Paul Atreides',
      userEmail: user.email,
    });
    expect(res.body.rental.rentedAt).toBeInstanceOf(Date);
    // A rental on its own names its customer customerId (SPEC section 3); only the list shape says userId.
    expect(res.body.rental).not.toHaveProperty('userId');
    const books = await get(client, `/_api/books?libraryId=${library.id}`);
    expect(books.body.find((b: { id: number }) => b.id === book.id)).toMatchObject({ availableCount: 1, available: true, quantity: 2 });
    expect(await t.sql(`select 1 from library_members where library_id = ? and user_id = ?`, [library.id, user.id])).toHaveLength(1);
  });

  it('reads an ISBN typed in full-width or Arabic-Indic digits as the same book', async () => {
    const { library } = await staffedLibrary(t);
    const book = await newBook(t, { libraryId: library.id, quantity: 2 });
    const { client, user } = await signedIn(t);
    const inScript = (zero: number) => [...book.isbn].map((d) => String.fromCodePoint(zero + Number(d))).join('');
    for (const isbn of [inScript(0xff10), inScript(0x0660)]) {
      const res = await post(client, '/_api/books/rent', { isbn, libraryId: library.id, customerId: user.id });
      expect(res.status).toBe(200);
      expect(res.body.rental.bookId).toBe(book.id);
      expect((await post(client, '/_api/books/return', { rentalId: res.body.rental.rentalId })).status).toBe(200);
    }
  });

  it('refuses a second active rental of the same book, and the copy taken is given back', async () => {
    const { library } = await staffedLibrary(t);
    const book = await newBook(t, { libraryId: library.id, quantity: 3 });
    const { client } = await signedIn(t);
    expect((await post(client, '/_api/books/rent', { isbn: book.isbn, libraryId: library.id, customerId: 0 })).status).toBe(200);
    const before = await snapshot(t);
    const again = await post(client, '/_api/books/rent', { isbn: book.isbn, libraryId: library.id, customerId: 0 });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(ALREADY_RENTED);
    expect(await snapshot(t)).toEqual(before);
    expect((await t.sql(`select available_count from books where id = ?`, [book.id]))[0].available_count).toBe(2);
  });

  it('a customer holding the last copy who asks for it again is told they have it, not that no copy is left', async () => {
    const { library } = await staffedLibrary(t);
    const book = await newBook(t, { libraryId: library.id, quantity: 1 });
    const { client } = await signedIn(t);
    expect((await post(client, '/_api/books/rent', { isbn: book.isbn, libraryId: library.id, customerId: 0 })).status).toBe(200);
    const before = await snapshot(t);
    const again = await post(client, '/_api/books/rent', { isbn: book.isbn, libraryId: library.id, customerId: 0 });
    expect([again.status, again.body.message]).toEqual([409, ALREADY_RENTED]);
    expect(await snapshot(t)).toEqual(before);
  });

  it('refuses when no copy is left, changing nothing', async () => {
    const { library } = await staffedLibrary(t);
    const book = await newBook(t, { libraryId: library.id, quantity: 1 });
    await newRental(t, { bookId: book.id, customerId: (await newUser(t)).id });
    const { client } = await signedIn(t);
    const before = await snapshot(t);
    const res = await post(client, '/_api/books/rent', { isbn: book.isbn, libraryId: library.id, customerId: 0 });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(NO_COPIES);
    expect(await snapshot(t)).toEqual(before);
  });

  it('a customer who had the book before, and returned it, is told no copy is left, not that they have it', async () => {
    const { library } = await staffedLibrary(t);
    const book = await newBook(t, { libraryId: library.id, quantity: 1 });
    const { client } = await signedIn(t);
    const first = await post(client, '/_api/books/rent', { isbn: book.isbn, libraryId: library.id, customerId: 0 });
    expect(first.status).toBe(200);
    expect((await post(client, '/_api/books/return', { rentalId: first.body.rental.rentalId })).status).toBe(200);
    await newRental(t, { bookId: book.id, customerId: (await newUser(t)).id });
    const again = await post(client, '/_api/books/rent', { isbn: book.isbn, libraryId: library.id, customerId: 0 });
    expect([again.status, again.body.message]).toEqual([409, NO_COPIES]);
  });

  it('a book the library lacks and a library that does not exist are each named as not found', async () => {
    const { library } = await staffedLibrary(t);
    const { client } = await signedIn(t);
    const before = await snapshot(t);
    const missingBook = await post(client, '/_api/books/rent', { isbn: '9780306406157', libraryId: library.id, customerId: 0 });
    expect(missingBook.status).toBe(404);
    expect(missingBook.body.message).toBe('No book with ISBN 9780306406157 was found in this library.');
    const missingLibrary = await post(client, '/_api/books/rent', { isbn: '9780306406157', libraryId: 999_999, customerId: 0 });
    expect(missingLibrary.status).toBe(404);
    expect(missingLibrary.body.message).toBe('No library found with the ID: 999999.');
    expect(await snapshot(t)).toEqual(before);
  });

  it('staff rent only for a member of their library: one identified at its kiosk is, anyone else reads as not found', async () => {
    const { staff, library } = await staffedLibrary(t);
    const book = await newBook(t, { libraryId: library.id, quantity: 3 });
    const customer = await newUser(t, { phoneNumber: String(5_550_000_000 + Math.floor(Math.random() * 9_999_999)) });
    const admin = await newUser(t, { role: 'admin' });

    // A rental answers with the renter's name and email: naming any user id must not reach them.
    const before = await snapshot(t);
    for (const customerId of [customer.id, admin.id]) {
      for (const path of ['/_api/kiosk/rental', '/_api/books/rent']) {
        const res = await post(staff, path, { isbn: book.isbn, libraryId: library.id, customerId });
        expect(res.status, `${path} for ${customerId}`).toBe(404);
        expect(res.body.message).toBe('Customer not found.');
        expect(JSON.stringify(res.body)).not.toContain('@');
      }
    }
    expect(await snapshot(t)).toEqual(before);

    const lookup = await post(staff, '/_api/customer/lookup', { libraryId: library.id, phoneNumber: customer.phoneNumber });
    expect(lookup.status).toBe(200);
    expect(await t.sql(`select 1 from library_members where library_id = ? and user_id = ?`, [library.id, customer.id])).toHaveLength(1);
    const res = await post(staff, '/_api/kiosk/rental', { isbn: book.isbn, libraryId: library.id, customerId: customer.id });
    expect(res.status).toBe(200);
    expect(res.body.rental.customerId).toBe(customer.id);
  });

  it('a member of another library is not a member of this one: staff cannot rent for them, nor read their name or email', async () => {
    const { staff, library } = await staffedLibrary(t);
    const book = await newBook(t, { libraryId: library.id, quantity: 3 });
    const elsewhere = await staffedLibrary(t);
    const patron = await newUser(t);
    await addMember(t, elsewhere.library.id, patron.id);

    const before = await snapshot(t);
    for (const path of ['/_api/kiosk/rental', '/_api/books/rent']) {
      const res = await post(staff, path, { isbn: book.isbn, libraryId: library.id, customerId: patron.id });
      expect([res.status, res.body.message], path).toEqual([404, 'Customer not found.']);
      expect(JSON.stringify(res.body)).not.toContain('@');
    }
    expect(await snapshot(t)).toEqual(before);
  });
});

describe('return', () => {
  it('a double return changes nothing and says so, on either path', async () => {
    const { library } = await staffedLibrary(t);
    const book = await newBook(t, { libraryId: library.id, quantity: 2 });
    const { client, user } = await signedIn(t);
    const rental = await newRental(t, { bookId: book.id, customerId: user.id });
    const first = await post(client, '/_api/books/return', { rentalId: rental.id });
    expect(first.status).toBe(200);
    expect(first.body.rental.returnedAt).toBeInstanceOf(Date);
    expect(first.body.rental).toMatchObject({ rentalId: rental.id, bookId: book.id, customerId: user.id });
    const before = await snapshot(t);
    for (const path of ['/_api/books/return', '/_api/book/return-by-rental']) {
      const again = await post(client, path, { rentalId: rental.id });
      expect(again.status).toBe(409);
      expect(again.body.message).toBe(ALREADY_RETURNED);
    }
    expect(await snapshot(t)).toEqual(before);
    expect((await t.sql(`select available_count from books where id = ?`, [book.id]))[0].available_count).toBe(2);
  });

  it('ten simultaneous returns of one rental give the copy back once', async () => {
    const { staff, library } = await staffedLibrary(t);
    const book = await newBook(t, { libraryId: library.id, quantity: 1 });
    const rental = await newRental(t, { bookId: book.id, customerId: (await newUser(t)).id });
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => post(i % 2 ? onSecondServer(staff) : staff, '/_api/book/return-by-rental', { rentalId: rental.id })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, ...Array(9).fill(409)]);
    expect((await t.sql(`select available_count from books where id = ?`, [book.id]))[0].available_count).toBe(1);
  });
});

describe('quantity', () => {
  it('cannot go below the copies currently rented; available copies move with it', async () => {
    const { staff, library } = await staffedLibrary(t);
    const book = await newBook(t, { libraryId: library.id, quantity: 3 });
    for (let i = 0; i < 2; i++) await newRental(t, { bookId: book.id, customerId: (await newUser(t)).id });
    const before = await snapshot(t);
    const below = await post(staff, '/_api/book/quantity', { bookId: book.id, libraryId: library.id, quantity: 1 });
    expect(below.status).toBe(409);
    expect(below.body.message).toBe(quantityBelowRented(2));
    expect(await snapshot(t)).toEqual(before);

    const down = await post(staff, '/_api/book/quantity', { bookId: book.id, libraryId: library.id, quantity: 2 });
    expect(down.body).toMatchObject({ quantity: 2, availableCount: 0, available: false });
    const up = await post(staff, '/_api/book/quantity', { bookId: book.id, libraryId: library.id, quantity: 7 });
    expect(up.body).toMatchObject({ quantity: 7, availableCount: 5, available: true });
    expect(await invariantViolations(t)).toEqual([]);
  });

  it('a refusal names the copies out when it was decided, though returns come at the same moment', async () => {
    const { staff, library } = await staffedLibrary(t);
    for (let round = 0; round < 10; round++) {
      const book = await newBook(t, { libraryId: library.id, quantity: 6 });
      const rentals = [];
      for (let i = 0; i < 6; i++) rentals.push(await newRental(t, { bookId: book.id, customerId: (await newUser(t)).id }));
      const [set] = await Promise.all([
        post(onSecondServer(staff), '/_api/book/quantity', { bookId: book.id, libraryId: library.id, quantity: 2 }),
        ...rentals.map((rental) => post(staff, '/_api/book/return-by-rental', { rentalId: rental.id })),
      ]);
      // Either the change found at most 2 copies out, or it names a count above 2: never "below 2 or fewer".
      if (set.status === 409) expect(set.body.message).toMatch(/\([3-6]\)\.$/);
      else expect(set.body).toMatchObject({ quantity: 2, availableCount: expect.toSatisfy((n: number) => n >= 0 && n <= 2) });
    }
    expect(await invariantViolations(t)).toEqual([]);
  });
});

describe('rental lists', () => {
  it("lists a library's active rentals newest first, returned ones on request, and one customer's on request", async () => {
    const { staff, library } = await staffedLibrary(t);
    const [a, b, c] = await Promise.all([1, 2, 3].map(() => newBook(t, { libraryId: library.id, quantity: 2 })));
    const alice = await newUser(t);
    const bob = await newUser(t);
    const r1 = await newRental(t, { bookId: a.id, customerId: alice.id });
    const r2 = await newRental(t, { bookId: b.id, customerId: bob.id });
    const r3 = await newRental(t, { bookId: c.id, customerId: alice.id });
    await t.sql(`update rentals set rented_at = now() - make_interval(days => ?) where id = ?`, [3, r1.id]);
    await t.sql(`update rentals set rented_at = now() - make_interval(days => ?) where id = ?`, [2, r2.id]);
    await post(staff, '/_api/books/return', { rentalId: r2.id });

    const active = await get(staff, `/_api/rentals?libraryId=${library.id}`);
    expect(active.body.map((r: { rentalId: number }) => r.rentalId)).toEqual([r3.id, r1.id]);
    const all = await get(staff, `/_api/rentals?libraryId=${library.id}&includeReturned=true`);
    expect(all.body.map((r: { rentalId: number }) => r.rentalId)).toEqual([r3.id, r2.id, r1.id]);
    // An empty flag, as an HTML form sends one left unset, is not sent: the active ones.
    const unset = await get(staff, `/_api/rentals?libraryId=${library.id}&includeReturned=`);
    expect(unset.body.map((r: { rentalId: number }) => r.rentalId)).toEqual([r3.id, r1.id]);
    const alices = await get(staff, `/_api/rentals?libraryId=${library.id}&customerId=${alice.id}`);
    expect(alices.body.map((r: { rentalId: number }) => r.rentalId)).toEqual([r3.id, r1.id]);
  });

  it("searches a library's rentals by the book's title or author or the customer's name or email, in any case, a page at a time", async () => {
    const { staff, library } = await staffedLibrary(t);
    const dune = await newBook(t, { libraryId: library.id, title: 'Dune', author: 'Frank Herbert', quantity: 3 });
    const emma = await newBook(t, { libraryId: library.id, title: 'Emma', author: 'Jane Austen', quantity: 3 });
    const alice = await newUser(t, { displayName: 'Alice Smith', email: `alice.${Date.now()}@example.test` });
    const bob = await newUser(t, { displayName: 'Bob 100% Jones' });
    const day = 86_400_000;
    const aliceDune = await newRental(t, { bookId: dune.id, customerId: alice.id, rentedAt: new Date(Date.now() - 3 * day) });
    const bobDune = await newRental(t, { bookId: dune.id, customerId: bob.id, rentedAt: new Date(Date.now() - 2 * day) });
    const aliceEmma = await newRental(t, { bookId: emma.id, customerId: alice.id, rentedAt: new Date(Date.now() - day) });
    // Elsewhere, a rental of a book of the same title.
    const { library: other } = await staffedLibrary(t);
    await newRental(t, { bookId: (await newBook(t, { libraryId: other.id, title: 'Dune' })).id, customerId: alice.id });

    const found = async (search: string, more = '') => {
      const res = await get(staff, `/_api/rentals?libraryId=${library.id}&search=${encodeURIComponent(search)}${more}`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.map((r: { rentalId: number }) => r.rentalId);
    };
    expect(await found('dUNE')).toEqual([bobDune.id, aliceDune.id]);
    expect(await found('herbert')).toEqual([bobDune.id, aliceDune.id]);
    expect(await found('AUSTEN')).toEqual([aliceEmma.id]);
    expect(await found('alice s')).toEqual([aliceEmma.id, aliceDune.id]);
    // Each word on its own, in any of the four, in any order: a book's author and its renter's name.
    expect(await found('herbert alice')).toEqual([aliceDune.id]);
    expect(await found('smith emma')).toEqual([aliceEmma.id]);
    expect(await found('dune austen')).toEqual([]);
    expect(await found(alice.email.slice(0, 12).toUpperCase())).toEqual([aliceEmma.id, aliceDune.id]);
    // % and _ are the text's own, not patterns.
    expect(await found('100%')).toEqual([bobDune.id]);
    expect(await found('1%0')).toEqual([]);
    expect(await found('  ')).toEqual([aliceEmma.id, bobDune.id, aliceDune.id]);
    // Whatever the accents, in the search or in the names.
    expect(await found('Dunë')).toEqual([bobDune.id, aliceDune.id]);
    expect(await found('ÁLICE')).toEqual([aliceEmma.id, aliceDune.id]);
    // A page of a search, then the next after its last row.
    expect(await found('dune', '&limit=1')).toEqual([bobDune.id]);
    expect(await found('dune', `&limit=1&cursor=${bobDune.id}`)).toEqual([aliceDune.id]);
    // Returned ones on request, through tRPC as well.
    await post(staff, '/_api/books/return', { rentalId: bobDune.id });
    expect(await found('dune')).toEqual([aliceDune.id]);
    const all = await staff.trpc('query', 'rentals.list', { libraryId: library.id, search: 'dune', includeReturned: true });
    expect(all.body.map((r: { rentalId: number }) => r.rentalId)).toEqual([bobDune.id, aliceDune.id]);
    const long = await get(staff, `/_api/rentals?libraryId=${library.id}&search=${'x'.repeat(201)}`);
    expect([long.status, long.body.message]).toEqual([400, 'Search text is too long']);
  });

  it("rentals.mine gives the signed-in user's own rentals, optionally at one library", async () => {
    const { library } = await staffedLibrary(t);
    const { library: other } = await staffedLibrary(t);
    const { client, user } = await signedIn(t);
    const here = await newRental(t, { bookId: (await newBook(t, { libraryId: library.id })).id, customerId: user.id });
    const there = await newRental(t, { bookId: (await newBook(t, { libraryId: other.id })).id, customerId: user.id });
    await newRental(t, { bookId: (await newBook(t, { libraryId: library.id })).id, customerId: (await newUser(t)).id });

    const mine = await client.trpc('query', 'rentals.mine', {});
    expect(mine.body.map((r: { rentalId: number }) => r.rentalId).sort()).toEqual([here.id, there.id].sort());
    const mineHere = await client.trpc('query', 'rentals.mine', { libraryId: library.id });
    expect(mineHere.body.map((r: { rentalId: number }) => r.rentalId)).toEqual([here.id]);
  });

  it("rentals.mineEverywhere gives the user's active rentals at every library, newest first, named by library, whatever their role now", async () => {
    const { library } = await staffedLibrary(t);
    const { library: other } = await staffedLibrary(t);
    // A customer who rented at two libraries, then became a library admin: the books are still theirs to return.
    const { client, user } = await signedIn(t, { role: 'library_admin' });
    const older = await newRental(t, { bookId: (await newBook(t, { libraryId: library.id, title: 'Older Loan' })).id, customerId: user.id, rentedAt: new Date(Date.now() - 86_400_000) });
    const newer = await newRental(t, { bookId: (await newBook(t, { libraryId: other.id, title: 'Newer Loan' })).id, customerId: user.id });
    const returned = await newRental(t, { bookId: (await newBook(t, { libraryId: other.id })).id, customerId: user.id });
    await post(client, '/_api/book/return-by-rental', { rentalId: returned.id });
    await newRental(t, { bookId: (await newBook(t, { libraryId: library.id })).id, customerId: (await newUser(t)).id });

    const mine = await client.trpc('query', 'rentals.mineEverywhere');
    expect(mine.status).toBe(200);
    expect(mine.body.map((r: { rentalId: number; bookTitle: string; libraryName: string }) => [r.rentalId, r.bookTitle, r.libraryName])).toEqual([
      [newer.id, 'Newer Loan', other.name],
      [older.id, 'Older Loan', library.name],
    ]);
    expect(mine.body[0].rentedAt).toBeInstanceOf(Date);
    expect(mine.body[0].returnedAt).toBeNull();
    // Not another user's: one who rented nothing has none.
    const stranger = await signedIn(t);
    expect((await stranger.client.trpc('query', 'rentals.mineEverywhere')).body).toEqual([]);
  });

  it("rentals.myHistory pages through the user's returned rentals at every library, latest rented first, and only theirs", async () => {
    const { library } = await staffedLibrary(t);
    const { library: other } = await staffedLibrary(t);
    const { client, user } = await signedIn(t);
    const day = 86_400_000;
    // Five returned (rented 5 to 1 days ago, at either library), one still out.
    const returned: number[] = [];
    for (let daysAgo = 5; daysAgo >= 1; daysAgo--) {
      const book = await newBook(t, { libraryId: daysAgo % 2 ? library.id : other.id, title: `Read ${daysAgo} days ago` });
      const rental = await newRental(t, { bookId: book.id, customerId: user.id, rentedAt: new Date(Date.now() - daysAgo * day) });
      expect((await post(client, '/_api/book/return-by-rental', { rentalId: rental.id })).status).toBe(200);
      returned.unshift(rental.id);
    }
    await newRental(t, { bookId: (await newBook(t, { libraryId: library.id })).id, customerId: user.id });
    const someoneElses = await newRental(t, { bookId: (await newBook(t, { libraryId: library.id })).id, customerId: (await newUser(t)).id });
    await post((await staffedLibrary(t)).staff, '/_api/book/return-by-rental', { rentalId: someoneElses.id });

    const first = await client.trpc('query', 'rentals.myHistory', { limit: 2 });
    expect(first.status).toBe(200);
    expect(first.body.map((r: { rentalId: number }) => r.rentalId)).toEqual(returned.slice(0, 2));
    expect(first.body.map((r: { bookTitle: string; libraryName: string }) => [r.bookTitle, r.libraryName])).toEqual([['Read 1 days ago', library.name], ['Read 2 days ago', other.name]]);
    expect(first.body[0].returnedAt).toBeInstanceOf(Date);
    const rest = await client.trpc('query', 'rentals.myHistory', { limit: 10, cursor: returned[1] });
    expect(rest.body.map((r: { rentalId: number }) => r.rentalId)).toEqual(returned.slice(2));
    // The still-active rental is not history; the default page holds all five.
    expect((await client.trpc('query', 'rentals.myHistory', {})).body.map((r: { rentalId: number }) => r.rentalId)).toEqual(returned);
    // Another's rental marks no place here.
    expect((await client.trpc('query', 'rentals.myHistory', { cursor: someoneElses.id })).body).toEqual([]);
    const bad = await client.trpc('query', 'rentals.myHistory', { limit: 0 });
    expect([bad.status, bad.body.message]).toEqual([400, 'Limit must be between 1 and 200']);
  });
});

describe('rental list pages', () => {
  let staff: Client;
  let libraryId: number;
  let reader: { client: Client; id: number };
  /** The library's active rental ids, newest first, ties by id descending: the order every page follows. */
  let active: number[];
  const ids = (body: { rentalId: number }[]) => body.map((r) => r.rentalId);
  const page = async (query: string) => {
    const res = await get(staff, `/_api/rentals?libraryId=${libraryId}${query}`);
    expect(res.status).toBe(200);
    return ids(res.body);
  };

  beforeAll(async () => {
    ({ staff, library: { id: libraryId } } = await staffedLibrary(t));
    const signedInReader = await signedIn(t);
    reader = { client: signedInReader.client, id: signedInReader.user.id };
    const others = await Promise.all(Array.from({ length: 9 }, () => newUser(t)));
    await t.sql(
      `insert into books (library_id, isbn, isbn13, title, author, quantity, available_count)
       select ?, 'R' || g, 'R' || g, 'Paged ' || g, 'Pager', 10, 10 from generate_series(1, 60) g`,
      [libraryId],
    );
    // The reader has 60 books out, more than a default page; nine others have 8 each. Rental times
    // repeat in groups (book id mod 7 hours ago), so the order rests on the id tie-breaker too.
    for (const [customerId, books] of [[reader.id, 60], ...others.map((u) => [u.id, 8])]) {
      await t.sql(
        `insert into rentals (book_id, library_id, customer_id, rented_at)
         select b.id, b.library_id, ?, timestamptz '2026-01-01' - (b.id % 7) * interval '1 hour'
           from books b where b.library_id = ? and b.isbn in (select 'R' || g from generate_series(1, ?) g)`,
        [customerId, libraryId, books],
      );
    }
    await t.sql(`update rentals set returned_at = now() where id in (select id from rentals where library_id = ? and customer_id <> ? order by id limit 12)`, [
      libraryId,
      reader.id,
    ]);
    await t.sql(
      `update books b set available_count = b.quantity - (select count(*) from rentals r where r.book_id = b.id and r.returned_at is null) where b.library_id = ?`,
      [libraryId],
    );
    const rows = await t.sql<{ id: number; rented_at: Date | string }>(`select id, rented_at from rentals where library_id = ? and returned_at is null`, [libraryId]);
    active = rows
      .map((r) => ({ id: r.id, at: new Date(r.rented_at).getTime() }))
      .sort((a, b) => b.at - a.at || b.id - a.id)
      .map((r) => r.id);
    expect(active).toHaveLength(120);
    expect(new Set(rows.map((r) => new Date(r.rented_at).getTime())).size).toBe(7);
  });

  it('answers the first 50, newest first, when no limit is given, through both doors', async () => {
    expect(await page('')).toEqual(active.slice(0, 50));
    const viaTrpc = await staff.trpc('query', 'rentals.list', { libraryId });
    expect(viaTrpc.status).toBe(200);
    expect(ids(viaTrpc.body)).toEqual(active.slice(0, 50));
  });

  it('answers the page size asked for, up to 200', async () => {
    expect(await page('&limit=7')).toEqual(active.slice(0, 7));
    expect(await page('&limit=200')).toEqual(active);
    const viaTrpc = await staff.trpc('query', 'rentals.list', { libraryId, limit: 7 });
    expect(ids(viaTrpc.body)).toEqual(active.slice(0, 7));
  });

  it('continues after the cursor (the last rental of the page before) with no row repeated or skipped, through both doors', async () => {
    const seen: number[] = [];
    for (let query = '&limit=33'; ; ) {
      const next = await page(query);
      seen.push(...next);
      if (next.length < 33) break;
      query = `&limit=33&cursor=${next.at(-1)}`;
    }
    expect(seen).toEqual(active);

    // tRPC 11's infinite queries send a direction along with the cursor.
    const viaTrpc: number[] = [];
    for (let cursor: number | undefined; ; ) {
      const res = await staff.trpc('query', 'rentals.list', { libraryId, limit: 50, cursor, direction: 'forward' });
      expect(res.status).toBe(200);
      viaTrpc.push(...ids(res.body));
      if (res.body.length < 50) break;
      cursor = viaTrpc.at(-1);
    }
    expect(viaTrpc).toEqual(active);
    expect(await page(`&limit=10&cursor=${active.at(-1)}`)).toEqual([]);
  });

  it("a full page names the next in a Link header; one customer's list, answered whole, names none", async () => {
    const { rows, urls } = await followPages<{ rentalId: number }>(staff, `/_api/rentals?libraryId=${libraryId}&limit=40`);
    expect(ids(rows)).toEqual(active);
    // 120 rentals: three full pages, then an empty one that names none.
    expect(urls).toHaveLength(4);
    const whole = await followPages<{ rentalId: number }>(staff, `/_api/rentals?libraryId=${libraryId}&customerId=${reader.id}`);
    expect(whole.urls).toHaveLength(1);
    expect(whole.rows).toHaveLength(60);
  });

  it('the next page neither repeats nor skips a rental when rentals are made or returned meanwhile', async () => {
    const { staff: librarian, library } = await staffedLibrary(t);
    const book = await newBook(t, { libraryId: library.id, quantity: 10 });
    const rentAt = async (hour: number) =>
      (await newRental(t, { bookId: book.id, customerId: (await newUser(t)).id, rentedAt: new Date(Date.UTC(2026, 0, 1, hour)) })).id;
    const [r1, r2, r3, r4] = [await rentAt(1), await rentAt(2), await rentAt(3), await rentAt(4)];
    const list = async (query: string) => ids((await get(librarian, `/_api/rentals?libraryId=${library.id}&limit=2${query}`)).body);
    expect(await list('')).toEqual([r4, r3]);
    // A new rental at the top, and the next one returned, between the two pages.
    await rentAt(5);
    await t.sql(`update rentals set returned_at = now() where id = ?`, [r2]);
    expect(await list(`&cursor=${r3}`)).toEqual([r1]);

    // Another library's rental marks no place here: it reads like an id that names no rental.
    const elsewhere = await newBook(t, { libraryId: (await staffedLibrary(t)).library.id });
    const foreign = (await newRental(t, { bookId: elsewhere.id, customerId: (await newUser(t)).id, rentedAt: new Date(Date.UTC(2026, 0, 1, 3)) })).id;
    expect(await list(`&cursor=${foreign}`)).toEqual([]);
    expect(await list(`&cursor=${2_000_000_000}`)).toEqual([]);
  });

  it('pages the list with returned rentals the same way', async () => {
    const all = await page('&includeReturned=true&limit=200');
    expect(all).toHaveLength(132);
    const paged = [...(await page('&includeReturned=true&limit=100')), ...(await page(`&includeReturned=true&limit=100&cursor=${all[99]}`))];
    expect(paged).toEqual(all);
  });

  it("answers one customer's list whole when no limit is given, so the kiosk's count is exact", async () => {
    const readers = await page(`&customerId=${reader.id}`);
    expect(readers).toHaveLength(60);
    expect(readers).toEqual(active.filter((id) => readers.includes(id)));
    expect(await page(`&customerId=${reader.id}&limit=10&cursor=${readers[54]}`)).toEqual(readers.slice(55));
    const mine = await reader.client.trpc('query', 'rentals.mine', { libraryId });
    expect(ids(mine.body)).toEqual(readers);
  });

  it('refuses a bad limit or cursor with a clear message, through both doors, changing nothing', async () => {
    const before = await snapshot(t);
    const refusals: [Record<string, unknown>, string][] = [
      [{ limit: 0 }, 'Limit must be between 1 and 200'],
      [{ limit: 201 }, 'Limit must be between 1 and 200'],
      [{ limit: 'ten' }, 'Limit must be between 1 and 200'],
      [{ limit: 2.5 }, 'Limit must be between 1 and 200'],
      [{ cursor: -1 }, 'Cursor must be the id of the last row of the page before'],
      [{ cursor: 0 }, 'Cursor must be the id of the last row of the page before'],
      [{ cursor: 'next' }, 'Cursor must be the id of the last row of the page before'],
    ];
    for (const [bad, message] of refusals) {
      const query = Object.entries(bad).map(([k, v]) => `&${k}=${v}`).join('');
      const rest = await get(staff, `/_api/rentals?libraryId=${libraryId}${query}`);
      expect(rest.status, query).toBe(400);
      expect(rest.body.message, query).toBe(message);
      const rpc = await staff.trpc('query', 'rentals.list', { libraryId, ...bad });
      expect(rpc.status, query).toBe(400);
      expect(rpc.body.message, query).toBe(message);
    }
    expect(await snapshot(t)).toEqual(before);
  });
});
