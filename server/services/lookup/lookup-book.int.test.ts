import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createLookupTestApp, type FakeBookProviders, PROVIDER_FAILURES, resetLookups } from '../../test/book-providers';
import { newLibrary, newUser } from '../../test/factories';
import type { TestApp } from '../../test/harness';
import { lookupBook } from './lookup-book';

let t: TestApp;
let providers: FakeBookProviders;
/** The staff member who looks books up (newBook puts its copies in libraries they staff). */
let staffId: number;
const lookup = (isbn: string, userId = staffId, libraryId?: number) => lookupBook(t.orm.em.fork(), t.config, isbn, { userId, libraryId });

beforeAll(async () => {
  ({ t, providers } = await createLookupTestApp());
  staffId = (await newUser(t, { role: 'library_admin' })).id;
});
beforeEach(async () => {
  await resetLookups(t, providers);
  await t.sql(`delete from books`);
});

/** A library's copy of a book (in a library of its own, staffed by `staff`), as the add-book flow stores it. */
async function newBook(values: { isbn: string; isbn13: string; title: string; author: string; thumbnailUrl?: string }, staff = [staffId]) {
  const library = await newLibrary(t, { staff });
  await t.sql(`insert into books (library_id, isbn, isbn13, title, author, thumbnail_url) values (?, ?, ?, ?, ?, ?)`, [
    library.id,
    values.isbn,
    values.isbn13,
    values.title,
    values.author,
    values.thumbnailUrl ?? null,
  ]);
  return library;
}

const cacheRows = () => t.sql<{ isbn13: string; source: string | null; result: unknown; days: number }>(
  `select isbn13, source, result, round(extract(epoch from expires_at - now()) / 86400)::int as days from isbn_lookups`,
);

describe('lookupBook', () => {
  it('answers from a library catalogue first, by either ISBN form', async () => {
    await newBook({ isbn: '9780547928227', isbn13: '9780547928227', title: 'The Hobbit (staff edition)', author: 'Tolkien, J. R. R.', thumbnailUrl: 'https://example.test/h.jpg' });
    for (const isbn of ['978-0-547-92822-7', '054792822x']) {
      expect(await lookup(isbn)).toEqual({
        isbn: isbn === '054792822x' ? '054792822X' : '9780547928227',
        title: 'The Hobbit (staff edition)',
        authors: ['Tolkien, J. R. R.'],
        coverUrl: 'https://example.test/h.jpg',
        thumbnailUrl: 'https://example.test/h.jpg',
        fullImageUrl: 'https://example.test/h.jpg',
      });
    }
    expect(providers.hits()).toBe(0);
  });

  it("answers from the libraries the caller staffs, never from another library's copy", async () => {
    const stranger = await newUser(t, { role: 'library_admin' });
    // Anyone may open a library: a copy there, with a cover on a host of its owner's choosing.
    await newBook({ isbn: '9780547928227', isbn13: '9780547928227', title: 'Planted', author: 'Mallory', thumbnailUrl: 'https://tracker.example/p.png' }, [stranger.id]);
    const book = await lookup('9780547928227');
    expect(book).toMatchObject({ title: 'The Hobbit: or There and Back Again', authors: ['J.R.R. Tolkien'], coverUrl: 'https://covers.openlibrary.org/b/id/8406786-M.jpg' });
    expect(providers.hits('openLibrary')).toBe(1);
    // Its own staff still get their copy; a customer, who staffs nothing, the provider's answer.
    expect(await lookup('9780547928227', stranger.id)).toMatchObject({ title: 'Planted', coverUrl: 'https://tracker.example/p.png' });
    const customer = await newUser(t);
    expect(await lookup('9780547928227', customer.id)).toEqual(book);
    // Of two libraries the caller staffs, the copy edited last answers.
    await newBook({ isbn: '9780547928227', isbn13: '9780547928227', title: 'The Hobbit (branch copy)', author: 'Tolkien' }, [staffId, stranger.id]);
    expect(await lookup('9780547928227')).toMatchObject({ title: 'The Hobbit (branch copy)' });
    await newBook({ isbn: '054792822X', isbn13: '9780547928227', title: 'The Hobbit (main copy)', author: 'Tolkien' });
    expect(await lookup('9780547928227')).toMatchObject({ title: 'The Hobbit (main copy)' });
  });

  it('answers from the copy of the library the scan is for, to anyone signed in, before the libraries the caller staffs', async () => {
    const hobbit = { isbn: '9780547928227', isbn13: '9780547928227', author: 'Tolkien' };
    // A library nobody here staffs: a patron renting there scans its copy.
    const shelf = await newBook({ ...hobbit, title: 'The Hobbit (shelf copy)' }, []);
    const patron = await newUser(t);
    expect(await lookup('054792822X', patron.id, shelf.id)).toMatchObject({ isbn: '054792822X', title: 'The Hobbit (shelf copy)' });
    expect(providers.hits()).toBe(0);
    // Staff adding copies to a library of theirs see its copy, though another of theirs edited its own later.
    const own = await newBook({ ...hobbit, title: 'The Hobbit (own copy)' });
    await newBook({ ...hobbit, title: 'The Hobbit (branch copy)' });
    expect(await lookup('9780547928227', staffId, own.id)).toMatchObject({ title: 'The Hobbit (own copy)' });
    expect(await lookup('9780547928227', staffId)).toMatchObject({ title: 'The Hobbit (branch copy)' });
    // Scanned for a library without a copy: staff get their own libraries' copy, a patron the provider's answer.
    const elsewhere = await newLibrary(t);
    expect(await lookup('9780547928227', staffId, elsewhere.id)).toMatchObject({ title: 'The Hobbit (branch copy)' });
    expect(await lookup('9780547928227', patron.id, elsewhere.id)).toMatchObject({ title: 'The Hobbit: or There and Back Again' });
    expect(providers.hits('openLibrary')).toBe(1);
  });

  it("fills in what a library's copy does not record from a provider's cached answer, asking no one", async () => {
    providers.behave('openLibrary', 'notFound');
    const known = await lookup('9780547928227');
    expect(known).toMatchObject({ publishedDate: expect.any(String), description: expect.any(String), coverUrl: expect.stringMatching(/^https:/) });
    const asked = providers.hits();
    // Added by hand after "Book not found", say: no date, description or cover.
    await newBook({ isbn: '054792822X', isbn13: '9780547928227', title: 'The Hobbit (staff edition)', author: 'Tolkien, J. R. R.' });
    expect(await lookup('054792822X')).toEqual({
      isbn: '054792822X',
      title: 'The Hobbit (staff edition)',
      authors: ['Tolkien, J. R. R.'],
      publishedDate: known!.publishedDate,
      description: known!.description,
      coverUrl: known!.thumbnailUrl,
      thumbnailUrl: known!.thumbnailUrl,
      fullImageUrl: known!.fullImageUrl,
    });
    expect(providers.hits()).toBe(asked);
    // Nothing renews the provider's answer while a library's copy answers: it still fills in once expired.
    await t.sql(`update isbn_lookups set expires_at = now() - interval '1 day'`);
    expect(await lookup('054792822X')).toMatchObject({ description: known!.description, coverUrl: known!.thumbnailUrl });
  });

  it("drops control characters from a provider's answer (PostgreSQL refuses a NUL in the cache)", async () => {
    providers.behave('openLibrary', 'notFound');
    providers.know('googleBooks', '9780306406157', {
      kind: 'books#volumes',
      totalItems: 1,
      items: [{ kind: 'books#volume', id: 'x', volumeInfo: { title: 'Bad\u0000Title', authors: ['A.\u0007 Author', '\u0000'], description: 'Line one\nline two\u0000' } }],
    });
    const book = { isbn: '9780306406157', title: 'BadTitle', authors: ['A. Author'], description: 'Line one\nline two', coverUrl: null, thumbnailUrl: null, fullImageUrl: null };
    expect(await lookup('9780306406157')).toEqual(book);
    expect((await cacheRows())[0]).toMatchObject({ source: 'googlebooks', result: book });
  });

  it('asks Open Library before Google Books, and caches what it finds for 30 days', async () => {
    const book = await lookup('9780547928227');
    expect(book).toMatchObject({ isbn: '9780547928227', title: 'The Hobbit: or There and Back Again', authors: ['J.R.R. Tolkien'], publishedDate: '2012' });
    expect(book?.coverUrl).toBe('https://covers.openlibrary.org/b/id/8406786-M.jpg');
    expect(providers.hits('openLibrary')).toBe(1);
    expect(providers.hits('googleBooks')).toBe(0);
    expect(await cacheRows()).toEqual([{ isbn13: '9780547928227', source: 'openlibrary', result: book, days: 30 }]);

    expect(await lookup('9780547928227')).toEqual(book);
    expect(await lookup('054792822X')).toEqual({ ...book, isbn: '054792822X' });
    expect(providers.hits()).toBe(1);
  });

  it("fills in what Open Library's sparse record lacks (an author, a description, a cover it only guesses) from Google Books, asking it only then", async () => {
    providers.know('openLibrary', '9780306406157', { 'ISBN:9780306406157': { key: '/books/OL1M', title: 'Signal Theory', publish_date: '1971' } });
    providers.know('googleBooks', '9780306406157', {
      kind: 'books#volumes',
      totalItems: 1,
      items: [{ kind: 'books#volume', id: 'x', volumeInfo: { title: 'Signal theory (2nd printing)', authors: ['L. E. Franks'], publishedDate: '1969', description: 'A text.', imageLinks: { thumbnail: 'https://books.google.com/t.jpg' } } }],
    });
    const book = await lookup('9780306406157');
    // Open Library's title and date stand; what it lacked comes from Google Books, the cover too: Open Library's
    // record has none, and its address by ISBN is only a guess.
    expect(book).toMatchObject({ isbn: '9780306406157', title: 'Signal Theory', authors: ['L. E. Franks'], publishedDate: '1971', description: 'A text.' });
    expect(book?.coverUrl).toBe('https://books.google.com/t.jpg');
    expect(providers.hits('googleBooks')).toBe(1);
    expect((await cacheRows())[0]).toMatchObject({ source: 'openlibrary', result: book });
  });

  it.each(['notFound', ...PROVIDER_FAILURES] as const)('moves on to Google Books when Open Library is %s', async (behaviour) => {
    providers.behave('openLibrary', behaviour);
    const book = await lookup('054792822X');
    expect(book).toMatchObject({
      isbn: '054792822X',
      title: 'The Hobbit',
      description: expect.stringMatching(/^A great modern classic/),
      coverUrl: expect.stringMatching(/^https:\/\/books\.google\.com\//),
    });
    expect(providers.hits('googleBooks')).toBe(1);
    expect((await cacheRows())[0]).toMatchObject({ source: 'googlebooks', days: 30 });
  });

  it('remembers "not found" for a day when every provider answered', async () => {
    expect(await lookup('9780306406157')).toBeNull();
    expect(providers.hits()).toBe(2);
    expect(await cacheRows()).toEqual([{ isbn13: '9780306406157', source: null, result: null, days: 1 }]);
    expect(await lookup('0-306-40615-2')).toBeNull();
    expect(providers.hits()).toBe(2);
  });

  it.each(PROVIDER_FAILURES)('says the providers are not answering, rather than "not found", and remembers nothing, when one was %s', async (behaviour) => {
    providers.behave('openLibrary', behaviour);
    providers.behave('googleBooks', 'notFound');
    await expect(lookup('9780547928227')).rejects.toMatchObject({
      kind: 'SERVICE_UNAVAILABLE',
      message: 'The book details services are not answering right now. Try again in a moment.',
    });
    // A slow provider's answer never comes (it would hold the test to its timeout): the lookup gave up on it.
    expect(providers.held()).toBe(behaviour === 'slow' ? 1 : 0);
    expect(await cacheRows()).toEqual([]);

    providers.behave('openLibrary', 'normal');
    expect(await lookup('9780547928227')).toMatchObject({ title: 'The Hobbit: or There and Back Again' });
  });

  it('asks again once a cached answer has expired', async () => {
    await t.sql(`insert into isbn_lookups (isbn13, result, source, expires_at) values ('9780547928227', null, null, now() - interval '1 second')`);
    expect(await lookup('9780547928227')).toMatchObject({ title: 'The Hobbit: or There and Back Again' });
    expect(providers.hits()).toBe(1);
  });

  it('gives up quickly on an ISBN with a wrong check digit, unless a library catalogued it', async () => {
    expect(await lookup('9780547928228')).toBeNull();
    expect(providers.hits()).toBe(0);
    expect(await cacheRows()).toEqual([]);
    await newBook({ isbn: '9780547928228', isbn13: '9780547928228', title: 'Misprinted', author: 'A. Printer' });
    expect(await lookup('9780547928228')).toMatchObject({ title: 'Misprinted', authors: ['A. Printer'], coverUrl: null });
  });

  it("fills in the spec's defaults for what a provider leaves out", async () => {
    providers.behave('openLibrary', 'notFound');
    providers.know('googleBooks', '9780306406157', { kind: 'books#volumes', totalItems: 1, items: [{ kind: 'books#volume', id: 'x', volumeInfo: {} }] });
    expect(await lookup('9780306406157')).toEqual({
      isbn: '9780306406157',
      title: 'Unknown Title',
      authors: ['Unknown Author'],
      coverUrl: null,
      thumbnailUrl: null,
      fullImageUrl: null,
    });
  });
});
