import type { EntityManager } from '@mikro-orm/postgresql';
import { query } from '../../db/sql';
import type { BookDetails } from './book-details';

interface CatalogueRow {
  title: string;
  author: string;
  published_date: string | null;
  description: string | null;
  thumbnail_url: string | null;
  full_image_url: string | null;
}

/**
 * Any library's copy of the book, matched by its ISBN-13 key; the most recently edited copy wins.
 * The stored author is already the authors joined with ', ', so it is kept whole.
 */
export async function findInCatalogue(em: EntityManager, isbn13: string): Promise<BookDetails | null> {
  const [row] = await query<CatalogueRow>(
    em,
    `select title, author, published_date, description, thumbnail_url, full_image_url
       from books where isbn13 = ? order by updated_at desc, id desc limit 1`,
    [isbn13],
  );
  if (!row) return null;
  return {
    title: row.title,
    authors: [row.author],
    publishedDate: row.published_date ?? undefined,
    description: row.description ?? undefined,
    thumbnailUrl: row.thumbnail_url ?? row.full_image_url,
    fullImageUrl: row.full_image_url,
  };
}
