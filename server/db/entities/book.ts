import { defineEntity } from '@mikro-orm/core';
import { LibraryEntity } from './library';

export const BookEntity = defineEntity({
  name: 'Book',
  tableName: 'books',
  uniques: [{ properties: ['library', 'isbn13'], name: 'books_library_isbn13_unique' }],
  properties: (p) => ({
    id: p.integer().primary().autoincrement(),
    library: p.manyToOne(LibraryEntity).deleteRule('cascade'),
    /** The ISBN as catalogued (digits, final X kept). */
    isbn: p.text(),
    /** The ISBN-13 form, so the ISBN-10 and ISBN-13 of one book match. */
    isbn13: p.text(),
    title: p.text(),
    author: p.text(),
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
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p.datetime().onCreate(() => new Date()).onUpdate(() => new Date()),
  }),
});
