import type { EntityManager } from '@mikro-orm/postgresql';
import type { Review } from '../../shared/schemas';
import { query, toDate } from '../db/sql';
import { notFound } from '../errors';
import { BOOK_NOT_FOUND } from './books';

export const ALREADY_REVIEWED = 'You have already reviewed this book.';

interface ReviewRow {
  id: number;
  book_id: number;
  rating: number;
  review_text: string | null;
  created_at: string;
  user_id: number;
  display_name: string;
  avatar_url: string | null;
}

const reviewSelect = `
  select rv.id, rv.book_id, rv.rating, rv.review_text, rv.created_at, u.id as user_id, u.display_name, u.avatar_url
    from reviews rv join users u on u.id = rv.user_id`;

function toReview(row: ReviewRow): Review {
  return {
    id: row.id,
    bookId: row.book_id,
    rating: row.rating,
    reviewText: row.review_text,
    createdAt: toDate(row.created_at),
    user: { id: row.user_id, displayName: row.display_name, avatarUrl: row.avatar_url },
  };
}

async function assertBookExists(em: EntityManager, bookId: number) {
  const rows = await query(em, `select 1 from books where id = ?`, [bookId]);
  if (rows.length === 0) throw notFound(BOOK_NOT_FOUND);
}

/** Newest first. */
export async function listReviews(em: EntityManager, bookId: number): Promise<Review[]> {
  await assertBookExists(em, bookId);
  const rows = await query<ReviewRow>(em, `${reviewSelect} where rv.book_id = ? order by rv.created_at desc, rv.id desc`, [bookId]);
  return rows.map(toReview);
}

/**
 * One review per user per book: the database's unique constraint decides (a 409, see
 * http/error-response.ts). The book's rating totals move with it.
 */
export async function postReview(
  em: EntityManager,
  userId: number,
  input: { bookId: number; rating: number; reviewText: string | null },
): Promise<Review> {
  await assertBookExists(em, input.bookId);
  return em.transactional(async (tx) => {
    const [review] = await query<{ id: number }>(tx, `insert into reviews (book_id, user_id, rating, review_text) values (?, ?, ?, ?) returning id`, [
      input.bookId,
      userId,
      input.rating,
      input.reviewText,
    ]);
    await query(tx, `update books set ratings_count = ratings_count + 1, ratings_sum = ratings_sum + ? where id = ?`, [input.rating, input.bookId]);
    const [row] = await query<ReviewRow>(tx, `${reviewSelect} where rv.id = ?`, [review.id]);
    return toReview(row);
  });
}
