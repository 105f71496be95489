import { z } from 'zod';
import type { Config } from '../../config';
import { type BookDetails, fullTitle, type IsbnForms } from './book-details';
import { fetchJson, providerUrl } from './fetch-json';

const imageLinks = z.object({
  smallThumbnail: z.string().optional(),
  thumbnail: z.string().optional(),
  small: z.string().optional(),
  medium: z.string().optional(),
  large: z.string().optional(),
  extraLarge: z.string().optional(),
});

const volume = z.object({
  volumeInfo: z.object({
    title: z.string().optional(),
    subtitle: z.string().optional(),
    authors: z.array(z.string()).optional(),
    publishedDate: z.string().optional(),
    description: z.string().optional(),
    imageLinks: imageLinks.optional(),
  }),
});

/** Not found is `totalItems: 0` with no `items`. */
const volumesResponse = z.object({ totalItems: z.number(), items: z.array(volume).optional() });

/** Google serves image links as http://; the page is https and its CSP allows https images only. */
const https = (url: string | undefined) => url?.replace(/^http:\/\//i, 'https://');

/** Google indexes every identifier of a volume, so the ISBN-13 finds ISBN-10-only records too. */
export async function findInGoogleBooks(config: Config, forms: IsbnForms): Promise<BookDetails | null> {
  const url = providerUrl(config.googleBooksBaseUrl, '/books/v1/volumes');
  url.searchParams.set('q', `isbn:${forms.isbn13}`);

  const body = await fetchJson(url, volumesResponse, config.lookupTimeoutMs);
  const info = body.items?.[0]?.volumeInfo;
  if (!info) return null;
  const images = info.imageLinks;
  const thumbnail = https(images?.thumbnail ?? images?.smallThumbnail);
  return {
    title: fullTitle(info.title, info.subtitle),
    authors: info.authors,
    publishedDate: info.publishedDate,
    description: info.description,
    thumbnailUrl: thumbnail ?? null,
    fullImageUrl: https(images?.extraLarge ?? images?.large ?? images?.medium ?? images?.small) ?? thumbnail ?? null,
  };
}
