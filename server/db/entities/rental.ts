import { defineEntity } from '@mikro-orm/core';
import { BookEntity } from './book';
import { LibraryEntity } from './library';
import { UserEntity } from './user';

export const RentalEntity = defineEntity({
  name: 'Rental',
  tableName: 'rentals',
  properties: (p) => ({
    id: p.integer().primary().autoincrement(),
    book: p.manyToOne(BookEntity).deleteRule('cascade'),
    library: p.manyToOne(LibraryEntity).deleteRule('cascade'),
    customer: p.manyToOne(UserEntity).deleteRule('cascade'),
    rentedAt: p.datetime().onCreate(() => new Date()),
    returnedAt: p.datetime().nullable(),
  }),
});
