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
 * The copy of the book, matched by its ISBN-13 key, that `userId` may take its details from: the copy of the
 * library the book is scanned for (any signed-in user may browse a library's books, and a patron renting there
 * is shown its copy), else the most recently edited copy in a library they staff. Never any other library's:
 * anyone may open a library, so its title, author and cover address (a tracking image, say) would be a
 * stranger's words in this staff's form. The stored author is already the authors joined with ', ', so it
 * is kept whole.
 */
export async function findInCatalogue(em: EntityManager, isbn13: string, userId: number, libraryId?: number): Promise<BookDetails | null> {
  const asked = libraryId ?? null;
  const [row] = await query<CatalogueRow>(
    em,
    `select b.title, b.author, b.published_date, b.description, b.thumbnail_url, b.full_image_url
       from books b
      where b.isbn13 = ?
        and (b.library_id = ? or exists (select 1 from library_staff s where s.library_id = b.library_id and s.user_id = ?))
      order by b.library_id = ? desc, b.updated_at desc, b.id desc limit 1`,
    [isbn13, asked, userId, asked],
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
