import { defineEntity } from '@mikro-orm/core';
import { BookEntity } from './book';
import { LibraryEntity } from './library';
import { UserEntity } from './user';

export const RentalEntity = defineEntity({
  name: 'Rental',
  tableName: 'rentals',
  uniques: [
    // A customer holds at most one active rental of a book: rentBook (services/rentals.ts) maps its violation to "already rented".
    {
      name: 'rentals_one_active_per_customer_book',
      expression: `create unique index "rentals_one_active_per_customer_book" on "rentals" ("book_id", "customer_id") where "returned_at" is null`,
    },
  ],
  indexes: [
    // Rentals of a book: the book's current renter (services/books.ts), and the triggers that keep books.ever_rented.
    { properties: ['book'], name: 'rentals_book_id_index' },
    // listRentals (services/rentals.ts) of a customer, newest first.
    {
      name: 'rentals_customer_rented_at',
      expression: `create index "rentals_customer_rented_at" on "rentals" ("customer_id", "rented_at" desc)`,
    },
    // listRentals of a library's active rentals, newest first; the current and overdue rentals insights.
    {
      name: 'rentals_library_active',
      expression: `create index "rentals_library_active" on "rentals" ("library_id", "rented_at" desc) where "returned_at" is null`,
    },
    // The insights by rental time (services/insights.ts), index-only; listRentals with returned ones.
    {
      name: 'rentals_library_rented_at_covering',
      expression: `create index "rentals_library_rented_at_covering" on "rentals" ("library_id", "rented_at" desc) include ("book_id", "customer_id", "returned_at")`,
    },
    // The returns per day and per period insights.
    {
      name: 'rentals_library_returned_at',
      expression: `create index "rentals_library_returned_at" on "rentals" ("library_id", "returned_at") where "returned_at" is not null`,
    },
  ],
  properties: (p) => ({
    id: p.integer().primary().autoincrement(),
    book: p.manyToOne(BookEntity).deleteRule('cascade'),
    library: p.manyToOne(LibraryEntity).deleteRule('cascade'),
    customer: p.manyToOne(UserEntity).deleteRule('cascade'),
    rentedAt: p.datetime().defaultRaw('now()').onCreate(() => new Date()),
    returnedAt: p.datetime().nullable(),
  }),
});
