import type { EntityManager } from '@mikro-orm/postgresql';
import type { Rental } from '../../shared/schemas';
import { query, toDate, toDateOrNull } from '../db/sql';
import { conflict, isUniqueViolation, notFound } from '../errors';
import { findBookByIsbn } from './books';
import { addMember } from './libraries';

export const NO_COPIES = 'No copies of this book are available right now.';
export const ALREADY_RENTED = 'You have already rented this book.';
export const ALREADY_RETURNED = 'This rental has already been returned.';
export const RENTAL_NOT_FOUND = 'Rental not found.';

interface RentalRow {
  id: number;
  book_id: number;
  library_id: number;
  customer_id: number;
  title: string;
  author: string;
  isbn: string;
  thumbnail_url: string | null;
  full_image_url: string | null;
  rented_at: string;
  returned_at: string | null;
  display_name: string;
  email: string;
}

const rentalSelect = `
  select r.id, r.book_id, r.library_id, r.customer_id, r.rented_at, r.returned_at,
         b.title, b.author, b.isbn, b.thumbnail_url, b.full_image_url, u.display_name, u.email
    from rentals r join books b on b.id = r.book_id join users u on u.id = r.customer_id`;

function toRental(row: RentalRow): Rental {
  return {
    rentalId: row.id,
    bookId: row.book_id,
    libraryId: row.library_id,
    userId: row.customer_id,
    bookTitle: row.title,
    bookAuthor: row.author,
    bookIsbn: row.isbn,
    thumbnailUrl: row.thumbnail_url,
    fullImageUrl: row.full_image_url,
    rentedAt: toDate(row.rented_at),
    returnedAt: toDateOrNull(row.returned_at),
    userDisplayName: row.display_name,
    userEmail: row.email,
  };
}

async function rentalById(em: EntityManager, rentalId: number): Promise<Rental> {
  const [row] = await query<RentalRow>(em, `${rentalSelect} where r.id = ?`, [rentalId]);
  if (!row) throw notFound(RENTAL_NOT_FOUND);
  return toRental(row);
}

/** Who may act on a rental is decided from these (trpc/procedures.ts). */
export async function findRentalOwner(em: EntityManager, rentalId: number) {
  const [row] = await query<{ id: number; library_id: number; customer_id: number }>(
    em,
    `select id, library_id, customer_id from rentals where id = ?`,
    [rentalId],
  );
  return row ?? null;
}

/**
 * One transaction: the rental row first (the partial unique index refuses a second active
 * rental of the book by this customer), then a copy taken only where one is left, then the
 * membership. Rows are locked in the order a return locks them (rental, then book), so a
 * rent and a return of the same book by the same customer cannot deadlock. Any refusal
 * rolls the whole transaction back.
 */
export async function rentBook(em: EntityManager, args: { libraryId: number; isbn: string; customerId: number }): Promise<Rental> {
  const book = await findBookByIsbn(em, args.libraryId, args.isbn);
  return em.transactional(async (tx) => {
    const [rental] = await query<{ id: number }>(tx, `insert into rentals (book_id, library_id, customer_id) values (?, ?, ?) returning id`, [
      book.id,
      book.library_id,
      args.customerId,
    ]).catch((error) => {
      throw isUniqueViolation(error, 'rentals_one_active_per_customer_book') ? conflict(ALREADY_RENTED) : error;
    });
    const taken = await query(tx, `update books set available_count = available_count - 1 where id = ? and available_count > 0 returning id`, [book.id]);
    if (taken.length === 0) throw conflict(NO_COPIES);
    await addMember(tx, book.library_id, args.customerId);
    return rentalById(tx, rental.id);
  });
}

/** Sets returned_at only while it is empty, and gives the copy back exactly once. */
export async function returnRental(em: EntityManager, rentalId: number): Promise<Rental> {
  return em.transactional(async (tx) => {
    const [returned] = await query<{ book_id: number }>(
      tx,
      `update rentals set returned_at = now() where id = ? and returned_at is null returning book_id`,
      [rentalId],
    );
    if (!returned) throw conflict(ALREADY_RETURNED);
    await query(tx, `update books set available_count = available_count + 1 where id = ?`, [returned.book_id]);
    return rentalById(tx, rentalId);
  });
}

export interface RentalFilter {
  libraryId?: number;
  customerId?: number;
  includeReturned?: boolean;
}

/** Newest first; active ones only unless includeReturned. */
export async function listRentals(em: EntityManager, filter: RentalFilter): Promise<Rental[]> {
  const where: string[] = [];
  const params: unknown[] = [];
  if (filter.libraryId !== undefined) {
    where.push('r.library_id = ?');
    params.push(filter.libraryId);
  }
  if (filter.customerId !== undefined) {
    where.push('r.customer_id = ?');
    params.push(filter.customerId);
  }
  if (!filter.includeReturned) where.push('r.returned_at is null');
  const clause = where.length ? `where ${where.join(' and ')}` : '';
  const rows = await query<RentalRow>(em, `${rentalSelect} ${clause} order by r.rented_at desc, r.id desc`, params);
  return rows.map(toRental);
}
