import type { EntityManager } from '@mikro-orm/postgresql';
import { query, toDate } from '../db/sql';
import { toCsv } from './csv';
import { type Period, PERIOD, periodParams, periodZone } from './insights';

export const EXPORT_HEADER = ['Book ID', 'Title', 'Author', 'ISBN', 'Copies', 'Available', 'Rental ID', 'Customer', 'Customer Email', 'Rented At', 'Returned At'];

interface ExportRow {
  book_id: number;
  title: string;
  author: string;
  isbn: string;
  quantity: number;
  available_count: number;
  rental_id: number | null;
  display_name: string | null;
  email: string | null;
  rented_at: string | null;
  returned_at: string | null;
}

const iso = (value: string | null) => (value === null ? null : toDate(value).toISOString());

/** 'Central Library' -> 'central-library', 'Bibliothèque Étoile' -> 'bibliotheque-etoile'. */
const slug = (name: string) =>
  name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '') || 'library';

/**
 * Every book of the library, each with the rentals that were out at some time in the period (rented
 * in it, returned in it, or still out; one row per rental; a book with none has one row with the
 * rental columns empty), as the summary counts them, over the same period. Times in UTC, ISO 8601.
 * The ISBN is the 13-digit form: spreadsheets read the column as numbers, and an ISBN-10's leading 0 would be lost
 * (a library's own record with a wrong check digit has no 13-digit form and keeps the one it has).
 */
export async function exportCsv(em: EntityManager, p: Period & { libraryName: string }): Promise<{ filename: string; csv: string }> {
  const rows = await query<ExportRow>(
    em,
    `with ${PERIOD}
     select b.id as book_id, b.title, b.author, b.isbn13 as isbn, b.quantity, b.available_count,
            r.id as rental_id, u.display_name, u.email, r.rented_at, r.returned_at
       from period p
       cross join books b
       left join rentals r on r.book_id = b.id and (r.returned_at is null or r.returned_at >= p.starts_at)
       left join users u on u.id = r.customer_id
      where b.library_id = ?
      order by b.sort_title, b.id, r.rented_at, r.id`,
    [...periodParams(p), p.libraryId],
  );
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: periodZone(p), year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
  const csv = toCsv(
    EXPORT_HEADER,
    rows.map((r) => [r.book_id, r.title, r.author, r.isbn, r.quantity, r.available_count, r.rental_id, r.display_name, r.email, iso(r.rented_at), iso(r.returned_at)]),
  );
  return { filename: `${slug(p.libraryName)}-rentals-last-${p.days}-days-${today}.csv`, csv };
}
