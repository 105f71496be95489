import { beforeAll, describe, expect, it } from 'vitest';
import type { NeverRentedBook } from '../../shared/schemas';
import { addMember, newBook, newLibrary, newRental, newUser, signedIn } from '../test/factories';
import { type Client, createTestApp, type TestApp } from '../test/harness';

/**
 * One library's books, by creation order: 'apple orchards', Middlemarch (rented), Zebra Tales,
 * 'Apple Orchards' (a second edition: the same title but for case), Emma (3 copies), 'banana bread',
 * Dune (rented), Cider Press. Another library holds 'Apple Pie', never rented either.
 */
let t: TestApp;
let staff: Client;
let library: { id: number };
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  const librarian = await signedIn(t, { role: 'library_admin' });
  staff = librarian.client;
  library = await newLibrary(t, { staff: [librarian.user.id] });
  const reader = await newUser(t);
  const book = async (key: string, title: string, quantity = 1) => (ids[key] = (await newBook(t, { libraryId: library.id, title, quantity })).id);
  await book('appleLower', 'apple orchards');
  await book('middlemarch', 'Middlemarch');
  await book('zebra', 'Zebra Tales');
  await book('appleUpper', 'Apple Orchards');
  await book('emma', 'Emma', 3);
  await book('banana', 'banana bread');
  await book('dune', 'Dune');
  await book('cider', 'Cider Press');
  await newRental(t, { bookId: ids.middlemarch, customerId: reader.id });
  await newRental(t, { bookId: ids.dune, customerId: reader.id });
  const elsewhere = await newLibrary(t, { staff: [librarian.user.id] });
  ids.applePie = (await newBook(t, { libraryId: elsewhere.id, title: 'Apple Pie' })).id;
});

const page = async (input: { cursor?: number; limit?: number }, client = staff, libraryId = library.id) => {
  const res = await client.trpc<NeverRentedBook[]>('query', 'insights.neverRented', { libraryId, ...input });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};

/** Every page of `limit` books, each asked after the last book of the one before, until a short page. */
async function allPages(limit: number) {
  const pages: NeverRentedBook[][] = [await page({ limit })];
  while (pages.at(-1)!.length === limit) pages.push(await page({ limit, cursor: pages.at(-1)!.at(-1)!.bookId }));
  return pages;
}

describe('insights.neverRented', () => {
  it('pages through every never-rented book once, in title order (case aside, then by id); rented books and other libraries are left out', async () => {
    const pages = await allPages(2);
    expect(pages.map((p) => p.length)).toEqual([2, 2, 2, 0]);
    const books = pages.flat();
    expect(books.map((b) => b.bookId)).toEqual([ids.appleLower, ids.appleUpper, ids.banana, ids.cider, ids.emma, ids.zebra]);
    expect(books.map((b) => b.title)).toEqual(['apple orchards', 'Apple Orchards', 'banana bread', 'Cider Press', 'Emma', 'Zebra Tales']);
    const collection = (await staff.trpc('query', 'insights.collection', { libraryId: library.id })).body;
    expect(collection.neverRented.count).toBe(books.length);
  });

  it('gives each book its author, ISBN, copies and the day it was added', async () => {
    const [emma] = await t.sql<{ author: string; isbn: string; created_at: Date }>(`select author, isbn, created_at from books where id = ?`, [ids.emma]);
    const books = await page({});
    expect(books.find((b) => b.bookId === ids.emma)).toEqual({
      bookId: ids.emma,
      title: 'Emma',
      author: emma.author,
      isbn: emma.isbn,
      quantity: 3,
      createdAt: new Date(emma.created_at),
    });
  });

  it('a book rented after its page was read leaves the list, and the next page still starts after it', async () => {
    const own = await newLibrary(t);
    const [first, second, third] = await Promise.all(['A', 'B', 'C'].map(async (title) => (await newBook(t, { libraryId: own.id, title })).id));
    const admin = (await signedIn(t, { role: 'admin' })).client;
    const firstPage = await page({ limit: 2 }, admin, own.id);
    expect(firstPage.map((b) => b.bookId)).toEqual([first, second]);
    await newRental(t, { bookId: second, customerId: (await newUser(t)).id });
    expect((await page({ limit: 2, cursor: second }, admin, own.id)).map((b) => b.bookId)).toEqual([third]);
    expect((await page({}, admin, own.id)).map((b) => b.bookId)).toEqual([first, third]);
  });

  it('refuses customers, a member of the library included, and staff of other libraries', async () => {
    const member = await signedIn(t);
    await addMember(t, library.id, member.user.id);
    const otherStaff = await signedIn(t, { role: 'library_admin' });
    await newLibrary(t, { staff: [otherStaff.user.id] });
    for (const client of [member.client, otherStaff.client]) {
      const res = await client.trpc('query', 'insights.neverRented', { libraryId: library.id });
      expect(res.status).toBe(403);
    }
  });
});
