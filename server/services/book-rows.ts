import type { Book } from '../../shared/schemas';
import { toDate, toDateOrNull } from '../db/sql';

/**
 * The columns a Book is read from, in the order BookRow lists them. Book rows come back as arrays
 * (`rowMode: 'array'`): for a page of 50 the driver then builds 50 arrays rather than 50 objects of 27
 * named fields, and toBook reads them by position (measured: 5 to 9% less server CPU per search by a
 * fragment, in four alternating pairs of runs). A test reads every field back from its own column.
 */
const BOOK_COLUMNS = [
  'id', 'title', 'author', 'isbn', 'quantity', 'available_count', 'thumbnail_url', 'full_image_url', 'acquisition_date',
  'library_id', 'created_at', 'updated_at', 'ratings_count', 'ratings_sum', 'categories', 'description', 'publisher',
  'published_date', 'page_count', 'language', 'format', 'edition', 'subtitle', 'info_link', 'maturity_rating',
  'preview_link', 'print_type',
] as const;
export const BOOK_SELECT = BOOK_COLUMNS.map((column) => `b.${column}`).join(', ');
export const BOOK_RETURNING = BOOK_COLUMNS.join(', ');

export type BookRow = [
  id: number,
  title: string,
  author: string,
  isbn: string,
  quantity: number,
  availableCount: number,
  thumbnailUrl: string | null,
  fullImageUrl: string | null,
  acquisitionDate: string | null,
  libraryId: number,
  createdAt: string,
  updatedAt: string,
  ratingsCount: number,
  ratingsSum: number,
  categories: string[],
  description: string | null,
  publisher: string | null,
  publishedDate: string | null,
  pageCount: number | null,
  language: string | null,
  format: string | null,
  edition: string | null,
  subtitle: string | null,
  infoLink: string | null,
  maturityRating: string | null,
  previewLink: string | null,
  printType: string | null,
];

export const AS_ARRAYS = { rowMode: 'array' } as const;

export function toBook(row: BookRow): Book {
  const [
    id, title, author, isbn, quantity, availableCount, thumbnailUrl, fullImageUrl, acquisitionDate, libraryId, createdAt,
    updatedAt, ratingsCount, ratingsSum, categories, description, publisher, publishedDate, pageCount, language, format,
    edition, subtitle, infoLink, maturityRating, previewLink, printType,
  ] = row;
  return {
    id,
    title,
    author,
    isbn,
    available: availableCount > 0,
    quantity,
    availableCount,
    thumbnailUrl,
    fullImageUrl,
    acquisitionDate: toDateOrNull(acquisitionDate),
    libraryId,
    createdAt: toDate(createdAt),
    updatedAt: toDate(updatedAt),
    averageRating: ratingsCount > 0 ? ratingsSum / ratingsCount : null,
    ratingsCount,
    categories,
    description,
    publisher,
    publishedDate,
    pageCount,
    language,
    format,
    edition,
    subtitle,
    infoLink,
    maturityRating,
    previewLink,
    printType,
  };
}
