import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_BOOK_QUANTITY } from '../../shared/constants';
import { periodDay } from '../../shared/schemas';
import { EXPORT_HEADER } from '../services/insights-export';
import { awayFromMidnight } from '../test/clock';
import { newBook, newLibrary, newUser, signedIn } from '../test/factories';
import { Client, createTestApp, type TestApp } from '../test/harness';

/**
 * A small history at one library, every figure worked out by hand. T is today (UTC):
 *   Emma (3 copies)        r1 Ada T-5 -> returned T-3; r2 Bob T-5 -> returned T-1; r4 Cy now (out); r7 Ada 200 days ago -> 190
 *   Persuasion (2 copies)  r3 Ada T-1 (out); r6 Cy T-40 -> returned T-35
 *   Middlemarch (1)        r5 Bob exactly 60 days ago, still out
 *   Anne of Green Gables, Zebra Tales, "Vol 1" (1 each): never rented
 * Members: Ada joined 100 days ago, Bob T-5, Cy now. Ratings: Emma 9 over 2, Persuasion 2 over 1.
 */
let t: TestApp;
let staff: Client;
let librarianId: number;
let library: { id: number; name: string };
const DAY = 86_400_000;
const utcDay = (daysAgo: number) => new Date(Date.now() - daysAgo * DAY).toISOString().slice(0, 10);
/** Noon UTC, `daysAgo` days before today. */
const noon = (daysAgo: number) => `((now() at time zone 'UTC')::date - ${daysAgo} + time '12:00') at time zone 'UTC'`;

async function rental(bookId: number, customerId: number, rentedAt: string, returnedAt: string | null = null) {
  const [row] = await t.sql<{ id: number }>(
    `insert into rentals (book_id, library_id, customer_id, rented_at, returned_at) values (?, ?, ?, ${rentedAt}, ${returnedAt ?? 'null'}) returning id`,
    [bookId, library.id, customerId],
  );
  return row.id;
}

async function member(userId: number, joinedAt: string) {
  await t.sql(`insert into library_members (library_id, user_id, created_at) values (?, ?, ${joinedAt})`, [library.id, userId]);
}

/** The zones whose days these tests count. */
const ZONES = ['UTC', 'Asia/Tokyo', 'America/New_York', 'Australia/Sydney', 'America/Los_Angeles', 'Asia/Shanghai', 'Asia/Kolkata'];

const ids: Record<string, number> = {};
beforeAll(async () => {
  // The history is written relative to the database's now() and checked against today worked out here.
  await awayFromMidnight(ZONES);
  t = await createTestApp();
  const librarian = await signedIn(t, { role: 'library_admin' });
  staff = librarian.client;
  librarianId = librarian.user.id;
  library = await newLibrary(t, { name: 'Hill Top Library', staff: [librarian.user.id] });
  const [ada, bob, cy] = [await newUser(t, { displayName: 'Ada' }), await newUser(t, { displayName: 'Bob' }), await newUser(t, { displayName: 'Cy' })];
  Object.assign(ids, { ada: ada.id, bob: bob.id, cy: cy.id });
  const emma = await newBook(t, { libraryId: library.id, title: 'Emma', quantity: 3 });
  const persuasion = await newBook(t, { libraryId: library.id, title: 'Persuasion', quantity: 2 });
  const middlemarch = await newBook(t, { libraryId: library.id, title: 'Middlemarch' });
  await newBook(t, { libraryId: library.id, title: 'Anne of Green Gables' });
  await newBook(t, { libraryId: library.id, title: 'Zebra Tales, "Vol 1"' });
  Object.assign(ids, { emma: emma.id, persuasion: persuasion.id, middlemarch: middlemarch.id });
  await member(ada.id, `now() - interval '100 days'`);
  await member(bob.id, noon(5));
  await member(cy.id, 'now()');
  ids.r1 = await rental(emma.id, ada.id, noon(5), noon(3));
  ids.r2 = await rental(emma.id, bob.id, noon(5), noon(1));
  ids.r3 = await rental(persuasion.id, ada.id, noon(1));
  ids.r4 = await rental(emma.id, cy.id, 'now()');
  ids.r5 = await rental(middlemarch.id, bob.id, `now() - interval '1440 hours'`);
  ids.r6 = await rental(persuasion.id, cy.id, noon(40), noon(35));
  ids.r7 = await rental(emma.id, ada.id, noon(200), noon(190));
  await t.sql(`update books b set available_count = quantity - (select count(*) from rentals r where r.book_id = b.id and r.returned_at is null) where library_id = ?`, [library.id]);
  await t.sql(`update books set ratings_sum = 9, ratings_count = 2 where id = ?`, [emma.id]);
  await t.sql(`update books set ratings_sum = 2, ratings_count = 1 where id = ?`, [persuasion.id]);

  // Another library's activity by the same people must not count here.
  const elsewhere = await newLibrary(t);
  const other = await newBook(t, { libraryId: elsewhere.id, title: 'Emma' });
  await t.sql(`insert into rentals (book_id, library_id, customer_id, rented_at) values (?, ?, ?, now())`, [other.id, elsewhere.id, ada.id]);
  await t.sql(`insert into library_members (library_id, user_id) values (?, ?)`, [elsewhere.id, bob.id]);
}, 5 * 60_000);

const ask = async (procedure: string, input: Record<string, unknown>, client = staff) => {
  const res = await client.trpc('query', `insights.${procedure}`, { libraryId: library.id, ...input });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};

describe('insights figures', () => {
  it('summary: rentals, returns, active and new members in each period; copies out now', async () => {
    expect(await ask('summary', { days: 7, timeZone: 'UTC' })).toEqual({ rentals: 4, returns: 2, activeMembers: 3, newMembers: 2, currentRentals: 3 });
    expect(await ask('summary', { days: 30 })).toEqual({ rentals: 4, returns: 2, activeMembers: 3, newMembers: 2, currentRentals: 3 });
    expect(await ask('summary', { days: 90 })).toEqual({ rentals: 6, returns: 3, activeMembers: 3, newMembers: 2, currentRentals: 3 });
    expect(await ask('summary', { days: 365 })).toEqual({ rentals: 7, returns: 4, activeMembers: 3, newMembers: 3, currentRentals: 3 });
  });

  it('popular books: most rented first, counted within the period only', async () => {
    expect((await ask('popularBooks', { days: 7 })).books).toEqual([
      { bookId: ids.emma, title: 'Emma', author: expect.any(String), rentals: 3 },
      { bookId: ids.persuasion, title: 'Persuasion', author: expect.any(String), rentals: 1 },
    ]);
    expect((await ask('popularBooks', { days: 365 })).books.map((b: { title: string; rentals: number }) => [b.title, b.rentals])).toEqual([
      ['Emma', 4],
      ['Persuasion', 2],
      ['Middlemarch', 1],
    ]);
  });

  it('rentals and returns per day: every day of the period, zeros included', async () => {
    expect(await ask('rentalsPerDay', { days: 7, timeZone: 'UTC' })).toEqual({
      firstDay: utcDay(6),
      // T-6 .. T: rentals r1 r2 on T-5, r3 on T-1, r4 today; returns r1 on T-3, r2 on T-1.
      rentals: [0, 2, 0, 0, 0, 1, 1],
      returns: [0, 0, 0, 1, 0, 1, 0],
    });
    const year = await ask('rentalsPerDay', { days: 365 });
    expect(year.firstDay).toBe(utcDay(364));
    expect(year.rentals).toHaveLength(365);
    expect(year.returns).toHaveLength(365);
    expect(year.rentals.reduce((sum: number, n: number) => sum + n, 0)).toBe(7);
    expect(year.returns.reduce((sum: number, n: number) => sum + n, 0)).toBe(4);
    // r7, rented 200 days ago and returned 190 days ago, on its own days.
    expect([year.rentals[364 - 200], year.returns[364 - 190]]).toEqual([1, 1]);
  });

  it('active and new members per week (weeks from Monday), only the period counted', async () => {
    const monday = (daysAgo: number) => {
      const date = new Date(`${utcDay(daysAgo)}T00:00:00Z`);
      return new Date(date.getTime() - ((date.getUTCDay() + 6) % 7) * DAY).toISOString().slice(0, 10);
    };
    // By hand: renters Ada and Bob on T-5, Ada on T-1, Cy on T; joiners Bob on T-5, Cy on T.
    const expected = new Map<string, { active: Set<string>; joined: number }>();
    for (const d of [6, 5, 4, 3, 2, 1, 0]) expected.set(monday(d), { active: new Set(), joined: 0 });
    for (const [d, who] of [[5, 'ada'], [5, 'bob'], [1, 'ada'], [0, 'cy']] as const) expected.get(monday(d))!.active.add(who);
    for (const d of [5, 0]) expected.get(monday(d))!.joined++;
    const { weeks } = await ask('membersPerWeek', { days: 7, timeZone: 'UTC' });
    expect(weeks).toEqual([...expected].map(([weekStart, v]) => ({ weekStart, activeMembers: v.active.size, newMembers: v.joined })));
    const year = (await ask('membersPerWeek', { days: 365 })).weeks;
    expect(year.length).toBeGreaterThanOrEqual(53);
    expect(year.reduce((sum: number, w: { newMembers: number }) => sum + w.newMembers, 0)).toBe(3);
  });

  it('collection: size, average rating over every rating, books never rented', async () => {
    expect(await ask('collection', {})).toEqual({
      books: 5,
      copies: 8,
      averageRating: 3.67,
      ratingsCount: 3,
      neverRented: { count: 2, titles: ['Anne of Green Gables', 'Zebra Tales, "Vol 1"'] },
    });
  });

  it('long rentals: copies out for more than 30 days, with the customer and the days out', async () => {
    expect(await ask('longRentals', {})).toEqual({
      total: 1,
      rentals: [{ rentalId: ids.r5, bookTitle: 'Middlemarch', customerName: 'Bob', customerEmail: expect.any(String), rentedAt: expect.any(Date), daysOut: 60 }],
    });
  });

  it("counts days in the caller's time zone", async () => {
    // 01:00 yesterday in Tokyo is 16:00 the day before in UTC: each zone puts the rental on its own date.
    const own = await newLibrary(t, { staff: [librarianId] });
    const book = await newBook(t, { libraryId: own.id });
    const rentedAt = `(date_trunc('day', now() at time zone 'Asia/Tokyo') - interval '23 hours') at time zone 'Asia/Tokyo'`;
    const [row] = await t.sql<{ ms: string }>(
      `insert into rentals (book_id, library_id, customer_id, rented_at) values (?, ?, ?, ${rentedAt}) returning extract(epoch from rented_at) * 1000 as ms`,
      [book.id, own.id, ids.ada],
    );
    const at = new Date(Number(row.ms));
    const dayIn = (timeZone: string, at: Date) => new Intl.DateTimeFormat('en-CA', { timeZone }).format(at);
    const daysWithRentals = async (timeZone: string) => {
      const perDay = await ask('rentalsPerDay', { libraryId: own.id, days: 7, timeZone });
      const dates: string[] = perDay.rentals.map((_: number, i: number) => periodDay(perDay.firstDay, i));
      expect(dates.at(-1), `${timeZone}'s last day is its today`).toBe(dayIn(timeZone, new Date()));
      return Object.fromEntries(dates.flatMap((date, i) => (perDay.rentals[i] ? [[date, perDay.rentals[i]]] : [])));
    };
    expect(dayIn('UTC', at)).not.toBe(dayIn('Asia/Tokyo', at));
    expect(await daysWithRentals('Asia/Tokyo')).toEqual({ [dayIn('Asia/Tokyo', at)]: 1 });
    expect(await daysWithRentals('UTC')).toEqual({ [dayIn('UTC', at)]: 1 });
  });

  it('reads a short or old zone name as the runtime does: the same days as its canonical zone, never a database error', async () => {
    // PostgreSQL knows none of the first three, and reads IST as Israel time; the runtime reads them as these zones.
    for (const [alias, zone] of [['AET', 'Australia/Sydney'], ['US/Pacific-New', 'America/Los_Angeles'], ['CTT', 'Asia/Shanghai'], ['IST', 'Asia/Kolkata']]) {
      for (const figure of ['summary', 'rentalsPerDay', 'membersPerWeek', 'popularBooks']) {
        expect(await ask(figure, { days: 7, timeZone: alias }), `${figure} ${alias}`).toEqual(await ask(figure, { days: 7, timeZone: zone }));
      }
      const csv = await staff.trpc('query', 'insights.exportCsv', { libraryId: library.id, days: 7, timeZone: alias });
      expect(csv.status, alias).toBe(200);
    }
  });

  it('days and weeks in a time zone with summer time: a minute either side of local midnight, all year', async () => {
    const tz = 'America/New_York';
    const { client, user } = await signedIn(t, { role: 'library_admin' });
    const edges = await newLibrary(t, { staff: [user.id] });
    const book = await newBook(t, { libraryId: edges.id, title: 'Edges', quantity: 400 });
    const readers = [await newUser(t), await newUser(t), await newUser(t)];
    // Every third day of the year: one rental a minute before local midnight and one a minute after,
    // by different readers, returned two days later (the last few still out).
    const localMidnight = (daysAgo: string) => `((now() at time zone ?)::date - ${daysAgo})::timestamp at time zone ?`;
    await t.sql(
      `insert into rentals (book_id, library_id, customer_id, rented_at, returned_at)
         select ?, ?, (array[?, ?, ?]::int[])[1 + (d + (s + 1) / 2) % 3], at, case when d >= 3 then at + interval '2 days' end
           from generate_series(0, 362, 3) d, (values (-1), (1)) v(s), lateral (select ${localMidnight('d')} + s * interval '1 minute' as at) x`,
      [book.id, edges.id, ...readers.map((r) => r.id), tz, tz],
    );
    for (const [i, daysAgo] of [0, 1, 6, 7, 120, 250, 364].entries()) {
      const joiner = await newUser(t);
      await t.sql(`insert into library_members (library_id, user_id, created_at) values (?, ?, ${localMidnight('?')} + ? * interval '1 minute')`, [
        edges.id,
        joiner.id,
        tz,
        daysAgo,
        tz,
        i % 2 ? 1 : -1,
      ]);
    }

    // Expectations from the stored instants, each put on its day by the JavaScript time zone database.
    const localDate = new Intl.DateTimeFormat('en-CA', { timeZone: tz });
    const rentals = await t.sql<{ rented_at: Date; returned_at: Date | null; customer_id: number }>(
      `select rented_at, returned_at, customer_id from rentals where library_id = ?`,
      [edges.id],
    );
    const joined = await t.sql<{ created_at: Date }>(`select created_at from library_members where library_id = ?`, [edges.id]);
    const ask365 = async (figure: string) => (await client.trpc('query', `insights.${figure}`, { libraryId: edges.id, days: 365, timeZone: tz })).body;

    const perDay = await ask365('rentalsPerDay');
    expect(periodDay(perDay.firstDay, 364)).toBe(localDate.format(new Date()));
    const dayOf = (at: Date) => (Date.parse(localDate.format(at)) - Date.parse(perDay.firstDay)) / DAY;
    const expectedDays = (instants: Date[]) => {
      const counts = Array(365).fill(0);
      for (const at of instants) if (dayOf(at) >= 0) counts[dayOf(at)]++;
      return counts;
    };
    expect(perDay.rentals).toEqual(expectedDays(rentals.map((r) => new Date(r.rented_at))));
    expect(perDay.returns).toEqual(expectedDays(rentals.filter((r) => r.returned_at && new Date(r.returned_at) <= new Date()).map((r) => new Date(r.returned_at!))));
    expect(perDay.rentals.filter((n: number) => n === 1).length).toBeGreaterThan(200);

    const mondayOf = (at: Date) => {
      const day = new Date(`${localDate.format(at)}T00:00:00Z`);
      return new Date(day.getTime() - ((day.getUTCDay() + 6) % 7) * DAY).toISOString().slice(0, 10);
    };
    const weeks = new Map<string, { active: Set<number>; joined: number }>();
    const week = (at: Date) => weeks.get(mondayOf(at)) ?? weeks.set(mondayOf(at), { active: new Set(), joined: 0 }).get(mondayOf(at))!;
    for (const r of rentals) if (dayOf(new Date(r.rented_at)) >= 0) week(new Date(r.rented_at)).active.add(r.customer_id);
    for (const m of joined) if (dayOf(new Date(m.created_at)) >= 0) week(new Date(m.created_at)).joined++;
    const { weeks: answered } = await ask365('membersPerWeek');
    const counted = answered.filter((w: { activeMembers: number; newMembers: number }) => w.activeMembers || w.newMembers);
    expect(counted).toEqual(
      [...weeks].sort(([a], [b]) => a.localeCompare(b)).map(([weekStart, v]) => ({ weekStart, activeMembers: v.active.size, newMembers: v.joined })),
    );
    expect(answered[0].weekStart).toBe(mondayOf(new Date(Date.parse(`${perDay.firstDay}T12:00:00Z`))));
  });

  it('a new library reads as empty, not as an error', async () => {
    const { client, user } = await signedIn(t, { role: 'library_admin' });
    const fresh = await newLibrary(t, { staff: [user.id] });
    const input = { libraryId: fresh.id, days: 30 };
    expect((await client.trpc('query', 'insights.summary', input)).body).toEqual({ rentals: 0, returns: 0, activeMembers: 0, newMembers: 0, currentRentals: 0 });
    expect((await client.trpc('query', 'insights.popularBooks', input)).body).toEqual({ books: [] });
    const perDay = (await client.trpc('query', 'insights.rentalsPerDay', input)).body;
    expect(perDay.rentals).toEqual(Array(30).fill(0));
    expect(perDay.returns).toEqual(Array(30).fill(0));
    expect((await client.trpc('query', 'insights.collection', { libraryId: fresh.id })).body).toEqual({
      books: 0,
      copies: 0,
      averageRating: null,
      ratingsCount: 0,
      neverRented: { count: 0, titles: [] },
    });
    expect((await client.trpc('query', 'insights.longRentals', { libraryId: fresh.id })).body).toEqual({ total: 0, rentals: [] });
  });

  it("counts the library's customers as its members, not its own staff who rent there too (as its customer list does)", async () => {
    const { client, user: librarian } = await signedIn(t, { role: 'library_admin' });
    const customer = await newUser(t);
    const branch = await newLibrary(t, { staff: [librarian.id], members: [librarian.id, customer.id] });
    const book = await newBook(t, { libraryId: branch.id, quantity: 2 });
    for (const renter of [librarian.id, customer.id]) {
      await t.sql(`insert into rentals (book_id, library_id, customer_id, rented_at) values (?, ?, ?, now())`, [book.id, branch.id, renter]);
    }
    const input = { libraryId: branch.id, days: 7, timeZone: 'UTC' };
    // Both rentals count as rentals; only the customer as a member.
    expect((await client.trpc('query', 'insights.summary', input)).body).toMatchObject({ rentals: 2, activeMembers: 1, newMembers: 1 });
    const { weeks } = (await client.trpc('query', 'insights.membersPerWeek', input)).body;
    expect(weeks.reduce((sum: number, w: { activeMembers: number }) => sum + w.activeMembers, 0)).toBe(1);
    expect(weeks.reduce((sum: number, w: { newMembers: number }) => sum + w.newMembers, 0)).toBe(1);
    const customers = await client.rest('GET', `/_api/customers?libraryId=${branch.id}`);
    expect(customers.status).toBe(200);
    expect(JSON.stringify(customers.body)).toContain(customer.email);
    expect(JSON.stringify(customers.body)).not.toContain(librarian.email);
  });

  it('counts a collection of more copies than a 32-bit integer holds', async () => {
    const { client, user } = await signedIn(t, { role: 'library_admin' });
    const big = await newLibrary(t, { staff: [user.id] });
    // 21,475 books at the most copies a book may have: 2,147,500,000 copies, past 2^31 - 1.
    await t.sql(
      `insert into books (library_id, isbn, isbn13, title, author, quantity, available_count)
       select ?, n::text, '978' || lpad(n::text, 10, '0'), 'Book ' || n, 'Author', ?, ? from generate_series(1, 21475) n`,
      [big.id, MAX_BOOK_QUANTITY, MAX_BOOK_QUANTITY],
    );
    const res = await client.trpc('query', 'insights.collection', { libraryId: big.id });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ books: 21_475, copies: 21_475 * MAX_BOOK_QUANTITY });
  });

  it('refuses a period other than 7, 30, 90 or 365 days, and an unknown time zone', async () => {
    const period = await staff.trpc('query', 'insights.summary', { libraryId: library.id, days: 14 });
    expect(period.status).toBe(400);
    expect(period.body.message).toBe('Period must be 7, 30, 90 or 365 days');
    const zone = await staff.trpc('query', 'insights.summary', { libraryId: library.id, days: 7, timeZone: 'Mars/Olympus' });
    expect(zone.status).toBe(400);
    expect(zone.body.message).toBe('Unknown time zone');
  });
});

/** Splits one CSV line (no line breaks inside fields) as a spreadsheet would. */
function parseCsvLine(line: string): string[] {
  return [...line.matchAll(/(?:^|,)(?:"((?:[^"]|"")*)"|([^,]*))/g)].map((m) => (m[1] !== undefined ? m[1].replace(/""/g, '"') : m[2]));
}

describe('CSV export', () => {
  it("holds the library's books, each with its rentals in the period, escaped, under a dated file name", async () => {
    const { filename, csv } = await ask('exportCsv', { days: 7, timeZone: 'UTC' });
    expect(filename).toBe(`hill-top-library-rentals-last-7-days-${utcDay(0)}.csv`);
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const lines = csv.slice(1).split('\r\n');
    expect(lines[0]).toBe(EXPORT_HEADER.join(','));
    expect(lines[0]).toBe('Book ID,Title,Author,ISBN,Copies,Available,Rental ID,Customer,Customer Email,Rented At,Returned At');
    expect(lines.at(-1)).toBe('');
    const rows = lines.slice(1, -1).map(parseCsvLine);
    // Anne; Emma x3 (r1, r2, r4); Middlemarch (r5, rented 60 days ago and still out); Persuasion (r3;
    // r6 was returned before the week); Zebra. Emma's r7 ended months ago.
    expect(rows.map((r: string[]) => [r[1], r[6]])).toEqual([
      ['Anne of Green Gables', ''],
      ['Emma', String(ids.r1)],
      ['Emma', String(ids.r2)],
      ['Emma', String(ids.r4)],
      ['Middlemarch', String(ids.r5)],
      ['Persuasion', String(ids.r3)],
      ['Zebra Tales, "Vol 1"', ''],
    ]);
    // The 13-digit ISBN, as spreadsheets keep it.
    const [emma] = await t.sql<{ isbn13: string }>(`select isbn13 from books where id = ?`, [ids.emma]);
    expect(rows[1][3]).toBe(emma.isbn13);
    expect(rows[1][3]).toMatch(/^\d{13}$/);
    expect(lines[7]).toContain(',"Zebra Tales, ""Vol 1""",');
    expect(lines[2]).toMatch(new RegExp(`,3,2,${ids.r1},Ada,[^,]+,${utcDay(5)}T12:00:00.000Z,${utcDay(3)}T12:00:00.000Z$`));
  });

  it('holds a rental returned in the period though rented before it, as the summary counts it', async () => {
    const { client, user } = await signedIn(t, { role: 'library_admin' });
    const lib = await newLibrary(t, { name: 'Bibliothèque Étoile', staff: [user.id] });
    const book = await newBook(t, { libraryId: lib.id, title: 'Long Loan' });
    const [{ id }] = await t.sql<{ id: number }>(
      `insert into rentals (book_id, library_id, customer_id, rented_at, returned_at) values (?, ?, ?, ${noon(10)}, ${noon(2)}) returning id`,
      [book.id, lib.id, ids.ada],
    );
    const summary = (await client.trpc('query', 'insights.summary', { libraryId: lib.id, days: 7, timeZone: 'UTC' })).body;
    expect(summary.returns).toBe(1);
    const { filename, csv } = (await client.trpc('query', 'insights.exportCsv', { libraryId: lib.id, days: 7, timeZone: 'UTC' })).body;
    expect(filename).toBe(`bibliotheque-etoile-rentals-last-7-days-${utcDay(0)}.csv`);
    expect(parseCsvLine(csv.slice(1).split('\r\n')[1])[6]).toBe(String(id));
  });
});

describe('who may see insights', () => {
  const procedures = ['summary', 'popularBooks', 'rentalsPerDay', 'membersPerWeek', 'collection', 'longRentals', 'exportCsv'];
  const periodless = new Set(['collection', 'longRentals']);

  it.each(procedures)('%s: anonymous 401, customer and other staff 403, staff and admin 200', async (procedure) => {
    const otherStaff = await signedIn(t, { role: 'library_admin' });
    await newLibrary(t, { staff: [otherStaff.user.id] });
    const callers: [Client, number][] = [
      [new Client(t), 401],
      [(await signedIn(t)).client, 403],
      [otherStaff.client, 403],
      [staff, 200],
      [(await signedIn(t, { role: 'admin' })).client, 200],
    ];
    const input = periodless.has(procedure) ? { libraryId: library.id } : { libraryId: library.id, days: 30 };
    for (const [client, status] of callers) {
      expect((await client.trpc('query', `insights.${procedure}`, input)).status).toBe(status);
    }
  });

  it('an unknown library is 404', async () => {
    const res = await staff.trpc('query', 'insights.collection', { libraryId: 2_000_000_000 });
    expect(res.status).toBe(404);
  });
});
