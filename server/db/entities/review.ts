import { defineEntity } from '@mikro-orm/core';
import { BookEntity } from './book';
import { UserEntity } from './user';

export const ReviewEntity = defineEntity({
  name: 'Review',
  tableName: 'reviews',
  uniques: [{ properties: ['book', 'user'], name: 'reviews_book_user_unique' }],
  properties: (p) => ({
    id: p.integer().primary().autoincrement(),
    book: p.manyToOne(BookEntity).deleteRule('cascade'),
    user: p.manyToOne(UserEntity).deleteRule('cascade').index(),
    rating: p.smallint(),
    reviewText: p.text().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
  }),
});
