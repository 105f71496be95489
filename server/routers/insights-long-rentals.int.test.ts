import { beforeAll, describe, expect, it } from 'vitest';
import type { LongRental } from '../../shared/schemas';
import { query } from '../db/sql';
import { longRentals, longRentalsPage } from '../services/insights';
import { newBook, newLibrary, newRental, newUser, signedIn } from '../test/factories';
import { type Client, createTestApp, type TestApp } from '../test/harness';

/**
 * One library with 60 copies out for more than 30 days (rented 31 to 90 days ago, two on each day, so the
 * order rests on the id too), one out for 10 days, and one returned after 100; another library has one out
 * for 200 days.
 */
let t: TestApp;
let staff: Client;
let library: { id: number };
/** The long rentals' ids, longest out first, ties by id: the order every page follows. */
let longest: number[];
let foreign: number;

beforeAll(async () => {
  t = await createTestApp();
  const librarian = await signedIn(t, { role: 'library_admin' });
  staff = librarian.client;
  library = await newLibrary(t, { staff: [librarian.user.id] });
  const reader = await newUser(t, { displayName: 'Long Reader' });
  const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);
  const out: { id: number; days: number }[] = [];
  for (let i = 0; i < 60; i++) {
    const days = 90 - Math.floor(i / 2);
    const book = await newBook(t, { libraryId: library.id, title: `Overdue ${i}` });
    out.push({ id: (await newRental(t, { bookId: book.id, customerId: reader.id, rentedAt: daysAgo(days) })).id, days });
  }
  await newRental(t, { bookId: (await newBook(t, { libraryId: library.id })).id, customerId: reader.id, rentedAt: daysAgo(10) });
  const returned = await newRental(t, { bookId: (await newBook(t, { libraryId: library.id })).id, customerId: reader.id, rentedAt: daysAgo(100) });
  await t.sql(`update rentals set returned_at = now() where id = ?`, [returned.id]);
  const elsewhere = await newLibrary(t, { staff: [librarian.user.id] });
  foreign = (await newRental(t, { bookId: (await newBook(t, { libraryId: elsewhere.id })).id, customerId: reader.id, rentedAt: daysAgo(200) })).id;
  longest = out.sort((a, b) => b.days - a.days || a.id - b.id).map((r) => r.id);
});

const page = async (input: { cursor?: number; limit?: number }) => {
  const res = await staff.trpc<LongRental[]>('query', 'insights.longRentalsPage', { libraryId: library.id, ...input });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};

describe('insights.longRentalsPage', () => {
  it('pages through every copy out more than 30 days once, longest out first; shorter, returned and other libraries left out', async () => {
    const first = await page({});
    expect(first.map((r) => r.rentalId)).toEqual(longest.slice(0, 50));
    expect(first[0]).toMatchObject({ bookTitle: 'Overdue 0', customerName: 'Long Reader', daysOut: 90, rentedAt: expect.any(Date) });
    const rest = await page({ cursor: first.at(-1)!.rentalId });
    expect(rest.map((r) => r.rentalId)).toEqual(longest.slice(50));
    expect(await page({ limit: 7, cursor: longest[2] })).toHaveLength(7);
    // The summary's total counts the same rentals.
    expect((await staff.trpc('query', 'insights.longRentals', { libraryId: library.id })).body.total).toBe(60);
  });

  it("a rental returned since still marks its place; another library's rental marks none", async () => {
    await t.sql(`update rentals set returned_at = now() where id = ?`, [longest[9]]);
    expect((await page({ cursor: longest[9], limit: 3 })).map((r) => r.rentalId)).toEqual(longest.slice(10, 13));
    await t.sql(`update rentals set returned_at = null where id = ?`, [longest[9]]);
    expect(await page({ cursor: foreign })).toEqual([]);
  });

  it('is for the library staff only, and refuses a bad limit', async () => {
    const { client: reader } = await signedIn(t);
    expect((await reader.trpc('query', 'insights.longRentalsPage', { libraryId: library.id })).status).toBe(403);
    const bad = await staff.trpc('query', 'insights.longRentalsPage', { libraryId: library.id, limit: 0 });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Limit must be between 1 and 200');
  });
});

/**
 * A POSIX time zone whose summer time began 10 days ago (at local 02:00) and ends in 100 days: whatever the
 * date the test runs, the last 30 days hold a change of the clocks.
 */
function zoneChangedTenDaysAgo() {
  const dayOfYear = (at: number) => {
    const date = new Date(at);
    return Math.floor((at - Date.UTC(date.getUTCFullYear(), 0, 1)) / 86_400_000);
  };
  return `STD0DST-1,${dayOfYear(Date.now() - 10 * 86_400_000)},${dayOfYear(Date.now() + 100 * 86_400_000)}`;
}

describe('out for more than 30 days', () => {
  it('is 30 times 24 hours, as its days out are counted, whatever the clocks did meanwhile in the database session', async () => {
    const { id: libraryId } = await newLibrary(t);
    const reader = await newUser(t);
    const outFor = async (hours: number) =>
      (await newRental(t, { bookId: (await newBook(t, { libraryId })).id, customerId: reader.id, rentedAt: new Date(Date.now() - hours * 3_600_000) })).id;
    const justOver = await outFor(30 * 24 + 0.5);
    await outFor(30 * 24 - 0.5);
    for (const zone of [zoneChangedTenDaysAgo(), 'America/New_York', 'UTC']) {
      const { shown, paged } = await t.orm.em.fork().transactional(async (tx) => {
        await query(tx, `select set_config('TimeZone', ?, true)`, [zone]);
        return { shown: await longRentals(tx, libraryId), paged: await longRentalsPage(tx, { libraryId }) };
      });
      expect(shown.rentals.map((r) => [r.rentalId, r.daysOut]), zone).toEqual([[justOver, 30]]);
      expect(shown.total, zone).toBe(1);
      expect(paged.map((r) => r.rentalId), zone).toEqual([justOver]);
    }
  });
});
