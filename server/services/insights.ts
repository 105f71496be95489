import type { EntityManager } from '@mikro-orm/postgresql';
import type { z } from 'zod';
import {
  type CollectionInsights,
  type InsightsSummary,
  LONG_RENTAL_DAYS,
  type LongRental,
  LONG_RENTALS_PAGE_DEFAULT,
  type longRentalsResponse,
  type membersPerWeekResponse,
  NEVER_RENTED_PAGE_DEFAULT,
  type NeverRentedBook,
  type popularBooksResponse,
  type RentalsPerDay,
} from '../../shared/schemas';
import { query, toDate } from '../db/sql';
import { AFTER_BOOK_IN_TITLE_ORDER } from './book-list';
import { notStaffOf } from './customers';

/** A library, a period of the last `days` days (today included) and the time zone its days are counted in. */
export interface Period {
  libraryId: number;
  days: number;
  timeZone?: string;
}

/**
 * `period` holds the first and last day (dates in the time zone) and the instant the first day
 * starts, so every filter is a plain range on an indexed timestamptz column.
 * Its bindings, in order: days, days, time zone, time zone.
 */
export const PERIOD = `period as (
  select today - (?::int - 1) as first_day, today as last_day, ((today - (?::int - 1))::timestamp at time zone ?) as starts_at
    from (select (now() at time zone ?)::date as today) clock
)`;
export const periodParams = (p: Period) => [p.days, p.days, periodZone(p), periodZone(p)];
/** The time zone a period's days are counted in. */
export const periodZone = (p: Period) => p.timeZone ?? 'UTC';

/**
 * Members are the library's customers, as its customer list has them: its own staff (the library is the
 * next parameter), who may rent there too, are not counted among them. Renters are told apart once each
 * (after `distinct`), not once a rental.
 */
const notStaff = (user: string) => notStaffOf('?', user);

export async function summary(em: EntityManager, p: Period): Promise<InsightsSummary> {
  const [row] = await query<InsightsSummary>(
    em,
    `with ${PERIOD}
     select (select count(*) from rentals r where r.library_id = ? and r.rented_at >= p.starts_at)::int as "rentals",
            (select count(*) from rentals r where r.library_id = ? and r.returned_at >= p.starts_at)::int as "returns",
            (select count(*) from (select distinct r.customer_id from rentals r where r.library_id = ? and r.rented_at >= p.starts_at) r
              where ${notStaff('r.customer_id')})::int as "activeMembers",
            (select count(*) from library_members m where m.library_id = ? and m.created_at >= p.starts_at and ${notStaff('m.user_id')})::int as "newMembers",
            (select count(*) from rentals r where r.library_id = ? and r.returned_at is null)::int as "currentRentals"
       from period p`,
    [...periodParams(p), ...Array<number>(7).fill(p.libraryId)],
    { prepared: true },
  );
  return row;
}

/**
 * The ten books rented most often in the period; ties by title. Only the books tied with the
 * tenth count or above are looked up (`with ties`), not every book rented in the period.
 */
export async function popularBooks(em: EntityManager, p: Period): Promise<z.infer<typeof popularBooksResponse>> {
  const books = await query<{ bookId: number; title: string; author: string; rentals: number }>(
    em,
    `with ${PERIOD}, top as (
       select r.book_id, count(*)::int as rentals from rentals r, period p
        where r.library_id = ? and r.rented_at >= p.starts_at group by r.book_id
        order by rentals desc fetch first 10 rows with ties)
     select b.id as "bookId", b.title, b.author, t.rentals from top t join books b on b.id = t.book_id
      order by t.rentals desc, b.sort_title, b.id limit 10`,
    [...periodParams(p), p.libraryId],
    { prepared: true },
  );
  return { books };
}

/**
 * Every day of the period, days without rentals or returns as zeros. Each day is counted by its own
 * range on the indexes (the instants its start and the next day's start are in the time zone), so no
 * rental's time is converted or grouped: a third cheaper than bucketing every row, and in order.
 */
export async function rentalsPerDay(em: EntityManager, p: Period): Promise<RentalsPerDay> {
  const [row] = await query<RentalsPerDay>(
    em,
    `with ${PERIOD},
     day as (select i, (p.first_day + i)::timestamp at time zone ? as starts, (p.first_day + i + 1)::timestamp at time zone ? as ends
               from period p, generate_series(0, ?::int - 1) as i)
     select to_char(p.first_day, 'YYYY-MM-DD') as "firstDay",
            array(select (select count(*) from rentals r where r.library_id = ? and r.rented_at >= d.starts and r.rented_at < d.ends)::int
                    from day d order by d.i) as rentals,
            array(select (select count(*) from rentals r where r.library_id = ? and r.returned_at >= d.starts and r.returned_at < d.ends)::int
                    from day d order by d.i) as returns
       from period p`,
    [...periodParams(p), periodZone(p), periodZone(p), p.days, p.libraryId, p.libraryId],
    { prepared: true },
  );
  return row;
}

/**
 * Weeks start on Monday; the first and last may be partial (only the period's days count).
 * Active members rented at least one book that week; new members joined the library that week.
 * Each week is counted by its own range on the indexes (its start and the next week's, as instants
 * in the time zone): four times cheaper than converting every rental's time to its week.
 */
export async function membersPerWeek(em: EntityManager, p: Period): Promise<z.infer<typeof membersPerWeekResponse>> {
  const weeks = await query<{ weekStart: string; activeMembers: number; newMembers: number }>(
    em,
    `with ${PERIOD},
     week as (select w.week, greatest(w.week at time zone ?, p.starts_at) as starts, (w.week + interval '1 week') at time zone ? as ends
                from period p, generate_series(date_trunc('week', p.first_day::timestamp), date_trunc('week', p.last_day::timestamp), interval '1 week') as w(week))
     select to_char(w.week, 'YYYY-MM-DD') as "weekStart",
            (select count(*) from (select distinct r.customer_id from rentals r where r.library_id = ? and r.rented_at >= w.starts and r.rented_at < w.ends) r
              where ${notStaff('r.customer_id')})::int as "activeMembers",
            (select count(*) from library_members m where m.library_id = ? and m.created_at >= w.starts and m.created_at < w.ends and ${notStaff('m.user_id')})::int as "newMembers"
       from week w
      order by w.week`,
    [...periodParams(p), periodZone(p), periodZone(p), ...Array<number>(4).fill(p.libraryId)],
    { prepared: true },
  );
  return { weeks };
}

const NEVER_RENTED_TITLES = 5;

/**
 * The collection as it stands: size, average rating, and the books no one has ever rented.
 * One statement, so every figure comes from the same snapshot; each part reads an index of
 * its own (books_library_totals, books_library_never_rented: see their migration). The sums are read as
 * float8, exact to 2^53: a library's copies can pass a 32-bit integer, and the driver reads a bigint as text.
 */
export async function collection(em: EntityManager, libraryId: number): Promise<CollectionInsights> {
  const [totals] = await query<{ books: number; copies: number; ratings_sum: number; ratings_count: number; never_rented: number; titles: string[] }>(
    em,
    `select count(*)::int as books, coalesce(sum(b.quantity), 0)::float8 as copies,
            coalesce(sum(b.ratings_sum), 0)::float8 as ratings_sum, coalesce(sum(b.ratings_count), 0)::int as ratings_count,
            (select count(*) from books n where n.library_id = ? and not n.ever_rented)::int as never_rented,
            array(select n.title from books n where n.library_id = ? and not n.ever_rented order by n.sort_title, n.id limit ${NEVER_RENTED_TITLES}) as titles
       from books b where b.library_id = ?`,
    [libraryId, libraryId, libraryId],
    { prepared: true },
  );
  return {
    books: totals.books,
    copies: totals.copies,
    averageRating: totals.ratings_count > 0 ? Math.round((totals.ratings_sum / totals.ratings_count) * 100) / 100 : null,
    ratingsCount: totals.ratings_count,
    neverRented: { count: totals.never_rented, titles: totals.titles },
  };
}

/**
 * A page of the books no one has ever rented, in title order from after the book `after` (whose place
 * holds though it has been rented since): keyset paging as listBooks pages the catalogue, so each page
 * is read in order from books_library_never_rented.
 */
export async function neverRentedBooks(em: EntityManager, page: { libraryId: number; after?: number; limit?: number }): Promise<NeverRentedBook[]> {
  const where = ['b.library_id = ?', 'not b.ever_rented'];
  const params: unknown[] = [page.libraryId];
  if (page.after !== undefined) {
    where.push(AFTER_BOOK_IN_TITLE_ORDER);
    params.push(page.after);
  }
  params.push(page.limit ?? NEVER_RENTED_PAGE_DEFAULT);
  const rows = await query<Omit<NeverRentedBook, 'createdAt'> & { createdAt: string }>(
    em,
    `select b.id as "bookId", b.title, b.author, b.isbn, b.quantity, b.created_at as "createdAt"
       from books b where ${where.join(' and ')} order by b.sort_title, b.id limit ?`,
    params,
    { prepared: true },
  );
  return rows.map((row) => ({ ...row, createdAt: toDate(row.createdAt) }));
}

/** The dashboard's section shows the first page of them. */
const LONG_RENTALS_SHOWN = LONG_RENTALS_PAGE_DEFAULT;
/**
 * A rental of the library (the first parameter) out for more days than the second. Days of 24 hours, as
 * its days out are counted: make_interval(days => n) steps calendar days in the session's time zone,
 * which across a change of the clocks moves the cutoff by an hour.
 */
const OUT_TOO_LONG = 'r.library_id = ? and r.returned_at is null and r.rented_at < now() - make_interval(hours => 24 * ?)';

type LongRentalRow = Omit<LongRental, 'rentedAt'> & { rentedAt: string };
// In the schema's order, so the output check answers the rows as they are (trpc/output-check.ts).
const toLongRental = (row: LongRentalRow): LongRental => ({
  rentalId: row.rentalId,
  bookTitle: row.bookTitle,
  customerName: row.customerName,
  customerEmail: row.customerEmail,
  rentedAt: toDate(row.rentedAt),
  daysOut: row.daysOut,
});
const LONG_RENTAL_COLUMNS = `b.title as "bookTitle", u.display_name as "customerName", u.email as "customerEmail",
  floor(extract(epoch from now() - r.rented_at) / 86400)::int as "daysOut"`;

/**
 * Copies still out after more than 30 days, longest out first. Only the rows shown are joined
 * to their book and customer; the total is counted on the rentals alone.
 */
export async function longRentals(em: EntityManager, libraryId: number): Promise<z.infer<typeof longRentalsResponse>> {
  const rows = await query<LongRentalRow & { total: number }>(
    em,
    `with overdue as (
       select r.id, r.book_id, r.customer_id, r.rented_at from rentals r where ${OUT_TOO_LONG}),
     shown as (select * from overdue order by rented_at, id limit ${LONG_RENTALS_SHOWN})
     select r.id as "rentalId", r.rented_at as "rentedAt", ${LONG_RENTAL_COLUMNS}, (select count(*) from overdue)::int as total
       from shown r join books b on b.id = r.book_id join users u on u.id = r.customer_id
      order by r.rented_at, r.id`,
    [libraryId, LONG_RENTAL_DAYS],
    { prepared: true },
  );
  return { total: rows[0]?.total ?? 0, rentals: rows.map(toLongRental) };
}

/**
 * Every copy out too long, a page at a time, longest out first, from after the rental `after` (whose
 * place holds though it has been returned since; only a rental of this library marks one).
 */
export async function longRentalsPage(em: EntityManager, page: { libraryId: number; after?: number; limit?: number }): Promise<LongRental[]> {
  const where = [OUT_TOO_LONG];
  const params: unknown[] = [page.libraryId, LONG_RENTAL_DAYS];
  if (page.after !== undefined) {
    where.push('(r.rented_at, r.id) > (select a.rented_at, a.id from rentals a where a.id = ? and a.library_id = ?)');
    params.push(page.after, page.libraryId);
  }
  params.push(page.limit ?? LONG_RENTALS_PAGE_DEFAULT);
  const rows = await query<LongRentalRow>(
    em,
    `select r.id as "rentalId", r.rented_at as "rentedAt", ${LONG_RENTAL_COLUMNS}
       from rentals r join books b on b.id = r.book_id join users u on u.id = r.customer_id
      where ${where.join(' and ')} order by r.rented_at, r.id limit ?`,
    params,
    { prepared: true },
  );
  return rows.map(toLongRental);
}
