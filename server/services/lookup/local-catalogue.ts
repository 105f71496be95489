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
 * The copy of the book, matched by its ISBN-13 key, in a library `userId` staffs; the most recently edited
 * copy wins. Only their own libraries' copies: anyone may open a library, so another library's title,
 * author and cover address (a tracking image, say) would be a stranger's words in this staff's form.
 * The stored author is already the authors joined with ', ', so it is kept whole.
 */
export async function findInCatalogue(em: EntityManager, isbn13: string, userId: number): Promise<BookDetails | null> {
  const [row] = await query<CatalogueRow>(
    em,
    `select b.title, b.author, b.published_date, b.description, b.thumbnail_url, b.full_image_url
       from books b join library_staff s on s.library_id = b.library_id and s.user_id = ?
      where b.isbn13 = ? order by b.updated_at desc, b.id desc limit 1`,
    [userId, isbn13],
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
