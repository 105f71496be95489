import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { startFakeBookProviders, type FakeBookProviders, TEST_LOOKUP_TIMEOUT_MS } from '../../test/book-providers';
import { ProviderUnavailable } from './fetch-json';
import { findInOpenLibrary } from './open-library';

let providers: FakeBookProviders;
const config = () => ({ ...loadConfig({}), openLibraryBaseUrl: providers.url, lookupTimeoutMs: TEST_LOOKUP_TIMEOUT_MS });
const hobbit = { isbn13: '9780547928227', isbn10: '054792822X' };

beforeAll(async () => {
  providers = await startFakeBookProviders();
});
beforeEach(() => providers.reset());

describe('Open Library', () => {
  it('reads title and subtitle, authors, publish date and cover from a jscmd=data answer', async () => {
    expect(await findInOpenLibrary(config(), hobbit)).toEqual({
      title: 'The Hobbit: or There and Back Again',
      authors: ['J.R.R. Tolkien'],
      publishedDate: '2012',
      thumbnailUrl: 'https://covers.openlibrary.org/b/id/8406786-M.jpg',
      fullImageUrl: 'https://covers.openlibrary.org/b/id/8406786-L.jpg',
      coverGuessed: false,
    });
    const [request] = providers.requests;
    expect(request.url.pathname).toBe('/api/books');
    expect(request.url.searchParams.get('bibkeys')).toBe('ISBN:9780547928227,ISBN:054792822X');
    expect(request.url.searchParams.get('format')).toBe('json');
    expect(request.url.searchParams.get('jscmd')).toBe('data');
  });

  it('asks once, by the ISBN-13 alone, when the ISBN has no ISBN-10 form', async () => {
    expect(await findInOpenLibrary(config(), { isbn13: '9791032305690', isbn10: null })).toBeNull();
    expect(providers.requests.map((r) => r.url.searchParams.get('bibkeys'))).toEqual(['ISBN:9791032305690']);
  });

  it('treats {} as not found', async () => {
    expect(await findInOpenLibrary(config(), { isbn13: '9780306406157', isbn10: '0306406152' })).toBeNull();
    providers.behave('openLibrary', 'notFound');
    expect(await findInOpenLibrary(config(), hobbit)).toBeNull();
  });

  it('falls back to the cover service by ISBN when the edition has no cover, and leaves missing fields out', async () => {
    providers.know('openLibrary', '9780306406157', {
      'ISBN:0306406152': { url: 'https://openlibrary.org/books/OL4580427M/Tables', key: '/books/OL4580427M', title: 'Tables', publishers: [{ name: 'Plenum Press' }] },
    });
    expect(await findInOpenLibrary(config(), { isbn13: '9780306406157', isbn10: '0306406152' })).toEqual({
      title: 'Tables',
      authors: undefined,
      publishedDate: undefined,
      thumbnailUrl: 'https://covers.openlibrary.org/b/isbn/9780306406157-M.jpg?default=false',
      fullImageUrl: 'https://covers.openlibrary.org/b/isbn/9780306406157-L.jpg?default=false',
      coverGuessed: true,
    });
  });

  it.each([
    ['slow', 'TimeoutError'],
    ['error', 'HTTP 500'],
    ['malformed', 'SyntaxError'],
    ['truncated', 'SyntaxError'],
  ] as const)('reports %s answers as unavailable, not as not found', async (behaviour, reason) => {
    providers.behave('openLibrary', behaviour);
    const error = await findInOpenLibrary(config(), hobbit).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderUnavailable);
    expect((error as Error).message).toContain(reason);
    // A slow provider's answer never comes: the call gave up on it.
    expect(providers.held()).toBe(behaviour === 'slow' ? 1 : 0);
  });
});
