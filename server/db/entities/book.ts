import { defineEntity } from '@mikro-orm/core';
import { LibraryEntity } from './library';

export const BookEntity = defineEntity({
  name: 'Book',
  tableName: 'books',
  uniques: [{ properties: ['library', 'isbn13'], name: 'books_library_isbn13_unique' }],
  indexes: [
    // The local catalogue's lookup of an ISBN across every library (services/lookup/local-catalogue.ts).
    { properties: ['isbn13'], name: 'books_isbn13_index' },
    // listBooks (services/book-list.ts): a page of a library's books in title order.
    { name: 'books_library_title_order', expression: `create index "books_library_title_order" on "books" ("library_id", "sort_title", "id")` },
    // listBooks search: the three-character windows of title and author, under the library (Migration20261124000000).
    {
      name: 'books_library_trigrams',
      expression: `create index "books_library_trigrams" on "books" using gin (library_trigrams("library_id", "title" || E'\\x1f' || "author"))`,
    },
    // Collection insight (services/insights.ts): the never-rented count and first titles.
    {
      name: 'books_library_never_rented',
      expression: `create index "books_library_never_rented" on "books" ("library_id", "sort_title", "id") where not "ever_rented"`,
    },
    // Collection insight totals, read by an index-only scan.
    {
      name: 'books_library_totals',
      expression: `create index "books_library_totals" on "books" ("library_id") include ("quantity", "ratings_sum", "ratings_count")`,
    },
  ],
  checks: [
    { name: 'books_quantity_check', expression: '"quantity" >= 0' },
    // PostgreSQL stores the migration's `between 0 and "quantity"` in this form.
    { name: 'books_available_count_check', expression: '"available_count" >= 0 and "available_count" <= "quantity"' },
  ],
  properties: (p) => ({
    id: p.integer().primary().autoincrement(),
    library: p.manyToOne(LibraryEntity).deleteRule('cascade'),
    /** The ISBN as catalogued (digits, final X kept). */
    isbn: p.text(),
    /** The ISBN-13 form, so the ISBN-10 and ISBN-13 of one book match. */
    isbn13: p.text(),
    title: p.text(),
    author: p.text(),
    /**
     * Title and author folded as a search matches them, lower case without accents (search_fold,
     * Migration20261128000000); the separator written as the character itself, as PostgreSQL gives the
     * expression back.
     */
    searchText: p.text().generated(`(search_fold("title" || '\u001f' || "author")) stored`),
    /** The title's place in title order, folded as searches are, which every book list reads (Migration20261129000000). */
    sortTitle: p.text().generated(`(search_fold("title")) stored`),
    quantity: p.integer().default(1),
    availableCount: p.integer().default(1),
    thumbnailUrl: p.text().nullable(),
    fullImageUrl: p.text().nullable(),
    acquisitionDate: p.date().nullable(),
    categories: p.array().default([]),
    description: p.text().nullable(),
    publisher: p.text().nullable(),
    publishedDate: p.text().nullable(),
    pageCount: p.integer().nullable(),
    language: p.text().nullable(),
    format: p.text().nullable(),
    edition: p.text().nullable(),
    subtitle: p.text().nullable(),
    infoLink: p.text().nullable(),
    maturityRating: p.text().nullable(),
    previewLink: p.text().nullable(),
    printType: p.text().nullable(),
    /** Kept with each review in the same transaction, so lists need no aggregate. */
    ratingsCount: p.integer().default(0),
    ratingsSum: p.integer().default(0),
    /** Set by a book's first rental, kept by triggers on rentals (Migration20261122030000). */
    everRented: p.boolean().default(false),
    createdAt: p.datetime().defaultRaw('now()').onCreate(() => new Date()),
    updatedAt: p.datetime().defaultRaw('now()').onCreate(() => new Date()).onUpdate(() => new Date()),
  }),
});
