import { defineEntity } from '@mikro-orm/core';
import { BookEntity } from './book';
import { UserEntity } from './user';

export const ReviewEntity = defineEntity({
  name: 'Review',
  tableName: 'reviews',
  uniques: [{ properties: ['book', 'user'], name: 'reviews_book_user_unique' }],
  checks: [
    // PostgreSQL stores the migration's `between 1 and 5` in this form.
    { name: 'reviews_rating_check', expression: '"rating" >= 1 and "rating" <= 5' },
    { name: 'reviews_text_length_check', expression: 'char_length("review_text") <= 5000' },
  ],
  properties: (p) => ({
    id: p.integer().primary().autoincrement(),
    book: p.manyToOne(BookEntity).deleteRule('cascade'),
    user: p.manyToOne(UserEntity).deleteRule('cascade').index(),
    rating: p.smallint(),
    reviewText: p.text().nullable(),
    createdAt: p.datetime().defaultRaw('now()').onCreate(() => new Date()),
  }),
});
