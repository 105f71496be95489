import { z } from 'zod';
import type { Config } from '../../config';
import { type BookDetails, fullTitle, type IsbnForms } from './book-details';
import { fetchJson, providerUrl } from './fetch-json';

const edition = z.object({
  title: z.string().optional(),
  subtitle: z.string().optional(),
  authors: z.array(z.object({ name: z.string() })).optional(),
  publish_date: z.string().optional(),
  cover: z.object({ small: z.string().optional(), medium: z.string().optional(), large: z.string().optional() }).optional(),
});

/** `jscmd=data` answers with one entry per bibkey it knows; `{}` when it knows none. */
const booksResponse = z.record(z.string(), edition);

/** Open Library's cover service; `default=false` makes a missing cover a 404 rather than a blank image. */
const coverByIsbn = (isbn: string, size: 'M' | 'L') => `https://covers.openlibrary.org/b/isbn/${isbn}-${size}.jpg?default=false`;

/** Asks for both ISBN forms in one request: an edition may be filed under either. */
export async function findInOpenLibrary(config: Config, forms: IsbnForms): Promise<BookDetails | null> {
  const isbns = [forms.isbn13, forms.isbn10].filter((isbn): isbn is string => isbn !== null);
  const url = providerUrl(config.openLibraryBaseUrl, '/api/books');
  url.searchParams.set('bibkeys', isbns.map((isbn) => `ISBN:${isbn}`).join(','));
  url.searchParams.set('format', 'json');
  url.searchParams.set('jscmd', 'data');

  const body = await fetchJson(url, booksResponse, config.lookupTimeoutMs);
  const isbn = isbns.find((candidate) => body[`ISBN:${candidate}`]);
  if (!isbn) return null;
  const book = body[`ISBN:${isbn}`];
  return {
    title: fullTitle(book.title, book.subtitle),
    authors: book.authors?.map((author) => author.name),
    publishedDate: book.publish_date,
    thumbnailUrl: book.cover?.medium ?? book.cover?.small ?? coverByIsbn(isbn, 'M'),
    fullImageUrl: book.cover?.large ?? book.cover?.medium ?? coverByIsbn(isbn, 'L'),
    coverGuessed: !book.cover,
  };
}
