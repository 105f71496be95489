import { z } from 'zod';
import { RATING_MAX, RATING_MIN, REVIEW_TEXT_MAX_LENGTH } from '../constants';
import { missing, positiveId } from './common';

const reviewSchema = z.object({
  id: z.number().int(),
  bookId: z.number().int(),
  rating: z.number().int(),
  reviewText: z.string().nullable(),
  createdAt: z.date(),
  user: z.object({ id: z.number().int(), displayName: z.string(), avatarUrl: z.string().nullable().optional() }),
});
export type Review = z.infer<typeof reviewSchema>;

export const reviewsQuery = z.strictObject({ bookId: positiveId('Book ID must be a positive integer') });
export const reviewsResponse = z.object({ reviews: z.array(reviewSchema) });
export const reviewResponse = z.object({ review: reviewSchema });

export const postReviewInput = z.strictObject({
  bookId: positiveId('Book ID must be a positive integer'),
  rating: z
    .number(missing('Rating is required.'))
    .int('Rating must be a whole number')
    .min(RATING_MIN, 'Rating must be at least 1')
    .max(RATING_MAX, 'Rating must be at most 5'),
  reviewText: z
    .string()
    .max(REVIEW_TEXT_MAX_LENGTH, 'Review text cannot exceed 5000 characters.')
    .nullable()
    .optional()
    .transform((v) => (v && v.trim() ? v.trim() : null)),
});

/** The form variant of the same rules, with the form's own wording (SPEC section 5). */
export const reviewFormSchema = z.object({
  rating: z.number(missing('Rating is required.')).int().min(RATING_MIN, 'Rating is required.').max(RATING_MAX, 'Rating must be at most 5'),
  reviewText: z.string().max(REVIEW_TEXT_MAX_LENGTH, 'Review cannot exceed 5000 characters.'),
});
