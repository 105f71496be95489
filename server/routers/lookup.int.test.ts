import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createLookupTestApp, type FakeBookProviders, resetLookups } from '../test/book-providers';
import { signedIn, staffedLibrary } from '../test/factories';
import { Client, signUp, type TestApp } from '../test/harness';

let t: TestApp;
let providers: FakeBookProviders;
let reader: Client;

beforeAll(async () => {
  ({ t, providers } = await createLookupTestApp());
  reader = (await signUp(t)).client;
});
beforeEach(() => resetLookups(t, providers));

describe.each(['rest', 'trpc'] as const)('book lookup through %s', (door) => {
  const lookup = (client: Client, input: unknown) =>
    door === 'rest' ? client.rest('POST', '/_api/book/lookup', input, { superjson: true }) : client.trpc('query', 'lookup.lookup', input);

  it('finds a book by a scanned or typed ISBN, in the shape the confirm step shows', async () => {
    const res = await lookup(reader, { isbn: '978-0-547-92822-7' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      book: {
        isbn: '9780547928227',
        title: 'The Hobbit: or There and Back Again',
        authors: ['J.R.R. Tolkien'],
        publishedDate: '2012',
        coverUrl: 'https://covers.openlibrary.org/b/id/8406786-M.jpg',
        thumbnailUrl: 'https://covers.openlibrary.org/b/id/8406786-M.jpg',
        fullImageUrl: 'https://covers.openlibrary.org/b/id/8406786-L.jpg',
      },
    });
  });

  it('answers book: null when no provider knows the ISBN', async () => {
    const res = await lookup(reader, { isbn: '0306406152' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ book: null });
    expect(providers.hits()).toBe(2);
  });

  it('fails with a 503 that says so, without waiting for an answer, when the providers are down; asked again once they are back', async () => {
    providers.behave('openLibrary', 'slow');
    providers.behave('googleBooks', 'error');
    const res = await lookup(reader, { isbn: '9780547928227' });
    // Open Library's answer never comes: the lookup gave up on it at its timeout.
    expect(providers.held()).toBe(1);
    expect(res.status).toBe(503);
    const message = 'The book details services are not answering right now. Try again in a moment.';
    if (door === 'rest') expect(res.body).toEqual({ error: message, message, code: 'SERVICE_UNAVAILABLE' });
    else expect(res.body.message).toBe(message);
    expect(JSON.stringify(res.body)).not.toMatch(/stack|at \/|HTTP 500/);

    providers.behave('openLibrary', 'normal');
    providers.behave('googleBooks', 'normal');
    const again = await lookup(reader, { isbn: '9780547928227' });
    expect(again.status).toBe(200);
    expect(again.body.book).toMatchObject({ title: 'The Hobbit: or There and Back Again' });
  });

  it("refuses empty and malformed ISBNs with the spec's messages", async () => {
    const empty = await lookup(reader, { isbn: '  ' });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('ISBN cannot be empty');
    for (const isbn of ['12345', '978054792822', 'not an isbn', '97805479282271']) {
      const wrongLength = await lookup(reader, { isbn });
      expect(wrongLength.status, isbn).toBe(400);
      expect(wrongLength.body.message, isbn).toBe('Please enter a valid ISBN (10 or 13 digits).');
    }
    const noLibrary = await lookup(reader, { isbn: '9780547928227', libraryId: 0 });
    expect(noLibrary.status).toBe(400);
    expect(noLibrary.body.message).toBe('Library ID must be a positive integer');
    expect(providers.hits()).toBe(0);
  });

  it("a patron's scan for a library answers with that library's copy, which its book list shows them anyway", async () => {
    const { library } = await staffedLibrary(t);
    await t.sql(`insert into books (library_id, isbn, isbn13, title, author) values (?, '9780306406157', '9780306406157', 'Shelved Here', 'A. Local')`, [library.id]);
    const res = await lookup(reader, { isbn: '0306406152', libraryId: library.id });
    expect(res.status).toBe(200);
    expect(res.body.book).toMatchObject({ isbn: '0306406152', title: 'Shelved Here', authors: ['A. Local'] });
    expect(providers.hits()).toBe(0);
  });

  it('is for signed-in users only', async () => {
    const res = await lookup(new Client(t), { isbn: '9780547928227' });
    expect(res.status).toBe(401);
    expect(providers.hits()).toBe(0);
  });
});

it('the REST door also reads a plain JSON body', async () => {
  const res = await reader.rest('POST', '/_api/book/lookup', { isbn: '9780547928227' });
  expect(res.status).toBe(200);
  expect(res.body.json.book.title).toBe('The Hobbit: or There and Back Again');
});

it("a library's own titles answer its staff's lookups only once they joined it: an invitation not yet accepted reads none", async () => {
  const { staff, library } = await staffedLibrary(t);
  await t.sql(`insert into books (library_id, isbn, isbn13, title, author) values (?, '9780306406157', '9780306406157', 'Their Own Words', 'A. Stranger')`, [library.id]);
  const invitee = await signedIn(t, { role: 'library_admin' });
  expect((await staff.trpc('mutation', 'staff.invite', { libraryId: library.id, email: invitee.user.email })).status).toBe(200);
  const invited = await invitee.client.trpc('query', 'lookup.lookup', { isbn: '9780306406157' });
  expect(invited.status).toBe(200);
  expect(invited.body).toEqual({ book: null });
  expect(providers.hits()).toBe(2);

  await resetLookups(t, providers);
  expect((await invitee.client.trpc('mutation', 'staff.accept', { libraryId: library.id })).status).toBe(200);
  const joined = await invitee.client.trpc('query', 'lookup.lookup', { isbn: '9780306406157' });
  expect(joined.body.book).toMatchObject({ title: 'Their Own Words', authors: ['A. Stranger'] });
  expect(providers.hits()).toBe(0);
});
