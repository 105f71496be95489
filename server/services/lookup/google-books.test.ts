import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { startFakeBookProviders, type FakeBookProviders, TEST_LOOKUP_TIMEOUT_MS } from '../../test/book-providers';
import { ProviderUnavailable } from './fetch-json';
import { findInGoogleBooks } from './google-books';

let providers: FakeBookProviders;
const config = () => ({ ...loadConfig({}), googleBooksBaseUrl: providers.url, lookupTimeoutMs: TEST_LOOKUP_TIMEOUT_MS });
const hobbit = { isbn13: '9780547928227', isbn10: '054792822X' };
const thumbnail = 'https://books.google.com/books/content?id=pD6arNyKyi8C&printsec=frontcover&img=1&zoom=1&edge=curl&source=gbs_api';

beforeAll(async () => {
  providers = await startFakeBookProviders();
});
beforeEach(() => providers.reset());

describe('Google Books', () => {
  it('reads the first volume, with its image links moved to https', async () => {
    expect(await findInGoogleBooks(config(), hobbit)).toEqual({
      title: 'The Hobbit',
      authors: ['J.R.R. Tolkien'],
      publishedDate: '2012-09-18',
      description: expect.stringMatching(/^A great modern classic/),
      thumbnailUrl: thumbnail,
      fullImageUrl: thumbnail,
    });
    const [request] = providers.requests;
    expect(request.url.pathname).toBe('/books/v1/volumes');
    expect(request.url.searchParams.get('q')).toBe('isbn:9780547928227');
  });

  it('prefers the largest image for the full image, and joins a subtitle', async () => {
    providers.know('googleBooks', '9780306406157', {
      kind: 'books#volumes',
      totalItems: 1,
      items: [
        {
          kind: 'books#volume',
          id: 'x1',
          volumeInfo: {
            title: 'Tables',
            subtitle: 'A Second Look',
            imageLinks: { thumbnail: 'http://books.google.com/t.jpg', large: 'http://books.google.com/l.jpg' },
          },
        },
      ],
    });
    expect(await findInGoogleBooks(config(), { isbn13: '9780306406157', isbn10: '0306406152' })).toMatchObject({
      title: 'Tables: A Second Look',
      authors: undefined,
      thumbnailUrl: 'https://books.google.com/t.jpg',
      fullImageUrl: 'https://books.google.com/l.jpg',
    });
  });

  it('treats totalItems: 0 as not found', async () => {
    expect(await findInGoogleBooks(config(), { isbn13: '9780306406157', isbn10: '0306406152' })).toBeNull();
    providers.behave('googleBooks', 'notFound');
    expect(await findInGoogleBooks(config(), hobbit)).toBeNull();
  });

  it.each([
    ['slow', 'TimeoutError'],
    ['error', 'HTTP 500'],
    ['malformed', 'SyntaxError'],
    ['truncated', 'SyntaxError'],
  ] as const)('reports %s answers as unavailable, not as not found', async (behaviour, reason) => {
    providers.behave('googleBooks', behaviour);
    const error = await findInGoogleBooks(config(), hobbit).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderUnavailable);
    expect((error as Error).message).toContain(reason);
    // A slow provider's answer never comes: the call gave up on it.
    expect(providers.held()).toBe(behaviour === 'slow' ? 1 : 0);
  });

  it('reports JSON of another shape as unavailable', async () => {
    providers.know('googleBooks', '9780547928227', { error: { code: 403, message: 'Daily Limit Exceeded' } });
    await expect(findInGoogleBooks(config(), hobbit)).rejects.toThrow('unexpected response shape');
  });
});
