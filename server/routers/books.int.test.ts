import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_BOOK_QUANTITY } from '../../shared/constants';
import { isbn13To10 } from '../../shared/isbn';
import { type Book, bookSchema } from '../../shared/schemas';
import { newBook, newIsbn13, newLibrary, newRental, newUser, signedIn } from '../test/factories';
import { type Client, createTestApp, followPages, type TestApp } from '../test/harness';

let t: TestApp;
let staff: Client;
let reader: Client;
let libraryId: number;
beforeAll(async () => {
  t = await createTestApp();
  const admin = await signedIn(t, { role: 'library_admin' });
  staff = admin.client;
  reader = (await signedIn(t)).client;
  libraryId = (await newLibrary(t, { staff: [admin.user.id] })).id;
});

const post = (client: Client, path: string, input: unknown) => client.rest('POST', path, input, { superjson: true });
const list = async (client: Client, query: string) => {
  const res = await client.rest('GET', `/_api/books?${query}`, undefined, { superjson: true });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as Pick<Book, 'id' | 'title' | 'categories'>[];
};
/** The ids of the library's books a patron's search finds, in list order. */
const found = async (libraryId: number, search: string) =>
  (await list(reader, `libraryId=${libraryId}&search=${encodeURIComponent(search)}`)).map((b) => b.id);

describe('add a book', () => {
  it('adds a book with every field of the spec, and the same ISBN in either form adds copies', async () => {
    const isbn = newIsbn13();
    const added = await post(staff, '/_api/library/books', {
      libraryId,
      isbn,
      title: 'The Left Hand of Darkness',
      author: 'Ursula K. Le Guin',
      thumbnailUrl: 'https://covers.example.test/s.jpg',
      fullImageUrl: 'https://covers.example.test/l.jpg',
      acquisitionDate: new Date('2024-03-05T00:00:00Z'),
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(Object.keys(added.body).sort()).toEqual(Object.keys(bookSchema.shape).sort());
    expect(added.body).toMatchObject({
      isbn,
      quantity: 1,
      availableCount: 1,
      available: true,
      libraryId,
      averageRating: null,
      ratingsCount: 0,
      categories: [],
      acquisitionDate: new Date('2024-03-05T00:00:00Z'),
      thumbnailUrl: 'https://covers.example.test/s.jpg',
    });
    expect(added.body.createdAt).toBeInstanceOf(Date);

    const more = await post(staff, '/_api/library/books', { libraryId, isbn: isbn13To10(isbn), title: 'Another title', author: 'X', quantity: 3 });
    expect(more.body).toMatchObject({ id: added.body.id, title: 'The Left Hand of Darkness', quantity: 4, availableCount: 4 });
    expect(await t.sql(`select 1 from books where library_id = ? and isbn13 = ?`, [libraryId, isbn])).toHaveLength(1);
  });

  it('keeps a cover given over http as https, the only images its pages load', async () => {
    const res = await post(staff, '/_api/library/books', { libraryId, isbn: newIsbn13(), title: 'Plain Cover', author: 'A', thumbnailUrl: 'http://covers.example.test/s.jpg', fullImageUrl: 'HTTP://covers.example.test/l.jpg' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ thumbnailUrl: 'https://covers.example.test/s.jpg', fullImageUrl: 'https://covers.example.test/l.jpg' });
  });

  it('takes an acquisition date written as plain JSON does, as the day it names, whatever its zone', async () => {
    const days = {
      '2024-02-29': '2024-02-29T00:00:00.000Z',
      '1999-07-04T12:00:00Z': '1999-07-04T00:00:00.000Z',
      // An evening in New York is the next day in UTC; a morning in Tokyo, the day before.
      '2024-03-05T20:00:00-05:00': '2024-03-05T00:00:00.000Z',
      '2024-03-05T08:00:00+09:00': '2024-03-05T00:00:00.000Z',
      '0001-01-01T00:30:00+01:00': '0001-01-01T00:00:00.000Z',
    };
    for (const [written, stored] of Object.entries(days)) {
      const res = await staff.rest('POST', '/_api/library/books', { libraryId, isbn: newIsbn13(), title: 'Dated', author: 'A', acquisitionDate: written });
      expect(res.status, `${written}: ${JSON.stringify(res.body)}`).toBe(200);
      expect(res.body.json.acquisitionDate, written).toBe(stored);
    }
  });

  it('adding copies of a book that is out on rent keeps the rented ones rented', async () => {
    const book = await newBook(t, { libraryId, quantity: 1 });
    await newRental(t, { bookId: book.id, customerId: (await newUser(t)).id });
    const more = await post(staff, '/_api/library/books', { libraryId, isbn: book.isbn, title: book.title, author: book.author, quantity: 2 });
    expect(more.body).toMatchObject({ quantity: 3, availableCount: 2 });
  });

  it('adds copies up to the most a library may hold of a book, and refuses what would pass it, changing nothing', async () => {
    const book = await newBook(t, { libraryId, quantity: 1 });
    const add = (quantity: number) => post(staff, '/_api/library/books', { libraryId, isbn: book.isbn, title: book.title, author: book.author, quantity });
    expect((await add(MAX_BOOK_QUANTITY - 2)).body).toMatchObject({ quantity: MAX_BOOK_QUANTITY - 1, availableCount: MAX_BOOK_QUANTITY - 1 });
    const over = await add(2);
    expect(over.status).toBe(409);
    expect(over.body.message).toBe('Quantity is too large: this library already holds 99,999 copies of this book, and may hold at most 100,000.');
    expect((await add(1)).body).toMatchObject({ quantity: MAX_BOOK_QUANTITY, availableCount: MAX_BOOK_QUANTITY });
    expect((await add(MAX_BOOK_QUANTITY)).status).toBe(409);
    // Whatever was added, the copies can still be set to what the library holds.
    const set = await post(staff, '/_api/book/quantity', { bookId: book.id, libraryId, quantity: MAX_BOOK_QUANTITY });
    expect(set.body).toMatchObject({ quantity: MAX_BOOK_QUANTITY, availableCount: MAX_BOOK_QUANTITY });
  });
});

describe('list books', () => {
  it('filters by availability and finds title or author substrings in any case, with % and _ taken literally', async () => {
    const { id: lib } = await newLibrary(t);
    const gatsby = await newBook(t, { libraryId: lib, title: 'The Great Gatsby', author: 'F. Scott Fitzgerald' });
    const percent = await newBook(t, { libraryId: lib, title: '100% Pure', author: 'Someone', quantity: 2 });
    const under = await newBook(t, { libraryId: lib, title: 'snake_case for beginners', author: 'Anon' });
    const rented = await newBook(t, { libraryId: lib, title: 'Out Now', author: 'Scott Lynch' });
    await newRental(t, { bookId: rented.id, customerId: (await newUser(t)).id });

    expect((await list(reader, `libraryId=${lib}`)).map((b) => b.title)).toEqual(['100% Pure', 'Out Now', 'snake_case for beginners', 'The Great Gatsby']);
    expect((await list(reader, `libraryId=${lib}&search=GATSBY`)).map((b) => b.id)).toEqual([gatsby.id]);
    expect((await list(reader, `libraryId=${lib}&search=scott`)).map((b) => b.id).sort()).toEqual([gatsby.id, rented.id].sort());
    expect((await list(reader, `libraryId=${lib}&search=${encodeURIComponent('0%')}`)).map((b) => b.id)).toEqual([percent.id]);
    expect((await list(reader, `libraryId=${lib}&search=e_c`)).map((b) => b.id)).toEqual([under.id]);
    expect(await list(reader, `libraryId=${lib}&search=${encodeURIComponent('%')}`)).toHaveLength(1);
    // The search index joins title and author with U+001F: a text holding it still matches neither across the two.
    expect(await list(reader, `libraryId=${lib}&search=${encodeURIComponent('Gatsby\u001fF. Scott')}`)).toEqual([]);
    expect(await list(reader, `libraryId=${lib}&search=${encodeURIComponent('Gatsby\u001f')}`)).toEqual([]);
    expect((await list(reader, `libraryId=${lib}&available=false`)).map((b) => b.id)).toEqual([rented.id]);
    expect((await list(reader, `libraryId=${lib}&available=true`)).map((b) => b.id)).toEqual([percent.id, under.id, gatsby.id]);
    // Empty fields, as an HTML form sends those left unset: not sent.
    expect((await list(reader, `libraryId=${lib}&available=&search=`)).map((b) => b.id)).toEqual([percent.id, rented.id, under.id, gatsby.id]);
  });

  it("searches only the library's own books, by a text of any length", async () => {
    const { id: lib } = await newLibrary(t);
    const { id: other } = await newLibrary(t);
    const ours = await newBook(t, { libraryId: lib, title: 'Kindred Spirits', author: 'Octavia Walsh' });
    await newBook(t, { libraryId: other, title: 'Kindred Spirits', author: 'Octavia Walsh' });
    for (const search of ['K', 'Ki', 'Kin', 'kindred spirits', 'walsh']) {
      expect(await found(lib, search)).toEqual([ours.id]);
    }
  });

  it('finds a search only where the text holds it whole, in any case, counting characters not bytes', async () => {
    const { id: lib } = await newLibrary(t);
    // Holds every three-letter window of 'abcd' ('abc' and 'bcd') but not 'abcd' itself.
    await newBook(t, { libraryId: lib, title: 'abcX bcd', author: 'Nobody' });
    const ebene = await newBook(t, { libraryId: lib, title: 'Ébène et Ivoire', author: 'Zoë Ñúñez' });
    expect(await list(reader, `libraryId=${lib}&search=abcd`)).toEqual([]);
    for (const search of ['ÉBÈ', 'ébène', 'Ñú', 'zoë ñ', 'ÑÚÑEZ']) {
      expect(await found(lib, search)).toEqual([ebene.id]);
    }
  });

  it('finds every word of a search, in any order, each in the title or the author', async () => {
    const { id: lib } = await newLibrary(t);
    const miserables = await newBook(t, { libraryId: lib, title: 'Les Misérables', author: 'Victor Hugo' });
    const crime = await newBook(t, { libraryId: lib, title: 'Crime and Punishment', author: 'Fyodor Dostoevsky' });
    const rashid = await newBook(t, { libraryId: lib, title: 'Desert Notes', author: 'Jamal Al-Rashid' });
    const victorian = await newBook(t, { libraryId: lib, title: 'A Victorian Crime', author: 'Ann Other' });
    const ids = (search: string) => found(lib, search);
    for (const search of ['hugo miserables', 'Misérables  HUGO', 'victor les', 'les misérables']) expect(await ids(search), search).toEqual([miserables.id]);
    expect(await ids('crime punishment')).toEqual([crime.id]);
    expect(await ids('crime victor')).toEqual([victorian.id]);
    // A word of one or two letters stays with the word before it, as typed: alone it would match nearly every book.
    expect(await ids('crime a')).toEqual([crime.id]);
    expect(await ids('desert n')).toEqual([rashid.id]);
    // Every word, not any: two books' words together find neither.
    expect(await ids('hugo punishment')).toEqual([]);
    expect(await ids('crime victor nowhere')).toEqual([]);
  });

  it('finds titles and authors whatever their accents, typed with them or without, composed or not', async () => {
    const { id: lib } = await newLibrary(t);
    const anos = await newBook(t, { libraryId: lib, title: 'Cien años de soledad', author: 'Gabriel García Márquez' });
    const aesop = await newBook(t, { libraryId: lib, title: 'Æsop\'s Fables', author: 'Æsop' });
    // Written as Open Library sometimes gives it: letters followed by combining accents (NFD).
    const miserables = await newBook(t, { libraryId: lib, title: 'Les Mise\u0301rables', author: 'Victor Hugo' });
    const bronte = await newBook(t, { libraryId: lib, title: 'Wuthering Heights', author: 'Emily Brontë' });
    const ids = (search: string) => found(lib, search);
    for (const search of ['garcia marquez', 'GARCÍA MÁRQUEZ', 'anos de', 'años', 'Cien anos']) expect(await ids(search), search).toEqual([anos.id]);
    for (const search of ['aesop', 'Æsop', 'AESOP\'S']) expect(await ids(search), search).toEqual([aesop.id]);
    for (const search of ['miserables', 'Misérables', 'Mise\u0301rables', 'e\u0301rab']) expect(await ids(search), search).toEqual([miserables.id]);
    for (const search of ['bronte', 'BRONTË', 'të']) expect(await ids(search), search).toEqual([bronte.id]);
    // Shorter than a window, read without the index: folded the same way.
    expect(await ids('ñ')).toEqual(await ids('n'));
    expect(await ids('ë')).toEqual(await ids('e'));
    // Two accented letters typed as four characters (letter, mark, letter, mark) are two: found, not refused as windowless.
    const decomposed = await newBook(t, { libraryId: lib, title: 'Éé', author: 'Anon' });
    expect(await ids('E\u0301e\u0301')).toEqual([decomposed.id]);
    // Folding is not loosening: a letter still differs from another.
    expect(await ids('garcio')).toEqual([]);
  });

  it('finds titles and authors whatever their apostrophes, full stops and hyphens, typed with them or without', async () => {
    const { id: lib } = await newLibrary(t);
    const weep = await newBook(t, { libraryId: lib, title: 'Weep Not, Child', author: "Ngũgĩ wa Thiong'o" });
    const seuss = await newBook(t, { libraryId: lib, title: 'Green Eggs and Ham', author: 'Dr. Seuss' });
    const spider = await newBook(t, { libraryId: lib, title: 'Spider-Man: Blue', author: 'Jeph Loeb' });
    const potter = await newBook(t, { libraryId: lib, title: "Harry Potter and the Philosopher\u2019s Stone", author: 'J.K. Rowling' });
    const ids = (search: string) => found(lib, search);
    for (const search of ['thiongo', "Thiong'o", 'thiong\u2019o', 'ngugi wa thiongo']) expect(await ids(search), search).toEqual([weep.id]);
    for (const search of ['dr seuss', 'Dr. Seuss', 'd.r', 'dr.']) expect(await ids(search), search).toEqual([seuss.id]);
    for (const search of ['spiderman', 'Spider-Man', 'spider man', 'spider\u2010man']) expect(await ids(search), search).toEqual([spider.id]);
    for (const search of ['philosophers stone', "philosopher's", 'jk rowling', 'j.k.']) expect(await ids(search), search).toEqual([potter.id]);
    // Written with modifier letters (the ʻokina), which fold to apostrophes and go: "aa" has no window, and is still found.
    const hawaii = await newBook(t, { libraryId: lib, title: 'ʻAʻā Flows', author: 'Anon' });
    expect(await ids('ʻaʻā')).toEqual([hawaii.id]);
    // What is left still has to match: the marks go, not the letters.
    expect(await ids('thiongx')).toEqual([]);
    // Title order files them by their letters too: O'Brien among the O's, before 'Oc', not after every O.
    const { id: shelf } = await newLibrary(t);
    const obrien = await newBook(t, { libraryId: shelf, title: "O'Brien's Stories", author: 'Anon' });
    const ocean = await newBook(t, { libraryId: shelf, title: 'Ocean', author: 'Anon' });
    const oak = await newBook(t, { libraryId: shelf, title: 'Oak', author: 'Anon' });
    expect((await list(reader, `libraryId=${shelf}`)).map((b) => b.id)).toEqual([oak.id, obrien.id, ocean.id]);
  });

  it("reads a text's windows from it as every search folds it, lower case without accents, for any text", async () => {
    // The index's first definition (Migration20261124000000) over the folded text: an index built by it must still be read right.
    const firstDefinition = `nullif(array(select ?::int || ':' || substr(search_fold(?), i, 3) from generate_series(1, length(search_fold(?)) - 2) as i), '{}')`;
    const texts = ['', 'a', 'ab', 'abc', 'Dune', 'ÉBÈNE et Ivoire', 'İstanbul ŞİŞLİ', 'Straße ΣΊΣΥΦΟΣ', '📚 Bücher 🐉', 'e\u0301te\u0301', 'Title\u001fAuthor', 'x'.repeat(1000)];
    for (const text of texts) {
      const [row] = await t.sql<{ now: string[] | null; first: string[] | null }>(
        `select library_trigrams(?, ?) as now, ${firstDefinition} as first`,
        [7, text, 7, text, text],
      );
      expect(row!.now, text).toEqual(row!.first);
    }
    expect((await t.sql<{ w: string[] }>(`select library_trigrams(3, 'ÉbÈn') as w`))[0]!.w).toEqual(['3:ebe', '3:ben']);
    expect((await t.sql<{ w: string[] }>(`select library_trigrams(3, 'Straße') as w`))[0]!.w).toEqual(['3:str', '3:tra', '3:ras', '3:ass', '3:sse']);
  });

  it('keeps the search indexes maintainable: PostgreSQL runs their functions with only its own schema on the path', async () => {
    const { id: lib } = await newLibrary(t);
    await newBook(t, { libraryId: lib, title: 'Mañana', author: 'Anon' });
    await newUser(t, { displayName: 'Renée' });
    // As autovacuum does after many writes, and as an operator would after a crash.
    await t.sql('analyze books, users');
    await t.sql('reindex table books');
    await t.sql('reindex table users');
    expect((await list(reader, `libraryId=${lib}&search=manana`)).map((b) => b.title)).toEqual(['Mañana']);
  });

  it('pages through a search, and through the available books that match it', async () => {
    const { id: lib } = await newLibrary(t);
    const matching: number[] = [];
    for (const n of [1, 2, 3, 4, 5]) matching.push((await newBook(t, { libraryId: lib, title: `Harbour Tale ${n}`, author: 'Mara Quinn' })).id);
    await newBook(t, { libraryId: lib, title: 'Unrelated', author: 'Someone' });
    await newRental(t, { bookId: matching[1]!, customerId: (await newUser(t)).id });

    const pages = async (filters: string) => {
      const seen: number[] = [];
      for (let cursor = ''; ; ) {
        const page = await list(reader, `libraryId=${lib}&search=harbour&limit=2${filters}${cursor}`);
        seen.push(...page.map((b) => b.id));
        if (page.length < 2) return seen;
        cursor = `&cursor=${page.at(-1)!.id}`;
      }
    };
    expect(await pages('')).toEqual(matching);
    expect(await pages('&available=true')).toEqual(matching.filter((id) => id !== matching[1]));
  });

  it('finds the copy of one ISBN, in either form, and refuses a text that is not an ISBN', async () => {
    const { id: lib } = await newLibrary(t);
    const isbn = newIsbn13();
    const book = await newBook(t, { libraryId: lib, isbn, quantity: 3 });
    await newBook(t, { libraryId: lib });
    await newBook(t, { libraryId, isbn });

    expect(await list(reader, `libraryId=${lib}&isbn=${isbn}`)).toMatchObject([{ id: book.id, quantity: 3 }]);
    expect(await list(reader, `libraryId=${lib}&isbn=${isbn13To10(isbn)}`)).toMatchObject([{ id: book.id }]);
    expect(await list(reader, `libraryId=${lib}&isbn=${newIsbn13()}`)).toEqual([]);
    const refused = await reader.rest('GET', `/_api/books?libraryId=${lib}&isbn=12345678901`, undefined, { superjson: true });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain('Please enter a valid ISBN (10 or 13 digits).');
  });

  it('carries the average rating and count of its reviews', async () => {
    const book = await newBook(t, { libraryId });
    for (const rating of [5, 4]) {
      const { client } = await signedIn(t);
      expect((await post(client, '/_api/book/reviews', { bookId: book.id, rating })).status).toBe(200);
    }
    const listed = (await list(reader, `libraryId=${libraryId}`)).find((b) => b.id === book.id);
    expect(listed).toMatchObject({ averageRating: 4.5, ratingsCount: 2 });
  });

  it('carries every catalogue field a book has, each from its own column, in a list, a status and a change of copies', async () => {
    const { user, client: librarian } = await signedIn(t, { role: 'library_admin' });
    const lib = (await newLibrary(t, { staff: [user.id] })).id;
    const isbn = newIsbn13();
    const [{ id }] = await t.sql<{ id: number }>(
      `insert into books (library_id, isbn, isbn13, title, author, quantity, available_count, thumbnail_url, full_image_url,
         acquisition_date, categories, description, publisher, published_date, page_count, language, format, edition, subtitle,
         info_link, maturity_rating, preview_link, print_type, ratings_count, ratings_sum, created_at, updated_at)
       values (?, ?, ?, 'Title', 'Author', 5, 3, 'https://t.example.test/s.jpg', 'https://t.example.test/l.jpg', '2021-02-03',
         '{Fiction,Classics}', 'Description', 'Publisher', '1961', 321, 'en', 'Paperback', 'Second', 'Subtitle',
         'https://info.example.test', 'NOT_MATURE', 'https://preview.example.test', 'BOOK', 4, 14,
         '2020-01-02T03:04:05.678Z', '2022-06-07T08:09:10.111Z')
       returning id`,
      [lib, isbn, isbn],
    );
    const expected = {
      id,
      title: 'Title',
      author: 'Author',
      isbn,
      available: true,
      quantity: 5,
      availableCount: 3,
      thumbnailUrl: 'https://t.example.test/s.jpg',
      fullImageUrl: 'https://t.example.test/l.jpg',
      acquisitionDate: new Date('2021-02-03T00:00:00Z'),
      libraryId: lib,
      createdAt: new Date('2020-01-02T03:04:05.678Z'),
      updatedAt: new Date('2022-06-07T08:09:10.111Z'),
      averageRating: 3.5,
      ratingsCount: 4,
      categories: ['Fiction', 'Classics'],
      description: 'Description',
      publisher: 'Publisher',
      publishedDate: '1961',
      pageCount: 321,
      language: 'en',
      format: 'Paperback',
      edition: 'Second',
      subtitle: 'Subtitle',
      infoLink: 'https://info.example.test',
      maturityRating: 'NOT_MATURE',
      previewLink: 'https://preview.example.test',
      printType: 'BOOK',
    };
    expect(await list(reader, `libraryId=${lib}`)).toEqual([expected]);
    expect(await list(reader, `libraryId=${lib}&search=itl`)).toEqual([expected]);

    const status = await post(librarian, '/_api/book/status', { libraryId: lib, isbn });
    expect(status.body).toEqual({ isRented: false, book: { id, isbn, title: 'Title', availableCount: 3 }, rentals: [] });
    const changed = await post(librarian, '/_api/book/quantity', { libraryId: lib, bookId: id, quantity: 6 });
    expect(changed.body).toEqual({ ...expected, quantity: 6, availableCount: 4, updatedAt: changed.body.updatedAt });
    expect(changed.body.updatedAt.getTime()).toBeGreaterThan(expected.updatedAt.getTime());
  });

  it('reads back categories holding what an array’s text form escapes: commas, quotes, backslashes, braces, NULL, blanks', async () => {
    const lib = (await newLibrary(t)).id;
    const categories = ['Fiction, Classics', 'Say "hello"', 'back\\slash', '{braced}', 'NULL', 'null', '', '  spaced  ', 'Émile & Zoë', '日本語'];
    const isbn = newIsbn13();
    await t.sql(`insert into books (library_id, isbn, isbn13, title, author, quantity, available_count, categories) values (?, ?, ?, 'Odd', 'Cats', 1, 1,
         array(select c from json_array_elements_text(?::json) with ordinality as e(c, n) order by n))`,
      [lib, isbn, isbn, JSON.stringify(categories)],
    );
    expect((await list(reader, `libraryId=${lib}`)).map((b) => b.categories)).toEqual([categories]);
  });

  describe('paging', () => {
    let lib: number;
    let all: number[];
    beforeAll(async () => {
      lib = (await newLibrary(t)).id;
      // Every title the same, so the order rests on the id tie-breaker.
      await t.sql(
        `insert into books (library_id, isbn, isbn13, title, author, quantity, available_count)
         select ?, 'P' || g, 'P' || g, case when g % 2 = 0 then 'Same Title' else 'same title' end, 'Pager', 1, 1 from generate_series(1, 105) g`,
        [lib],
      );
      all = (await t.sql<{ id: number }>(`select id from books where library_id = ? order by id`, [lib])).map((r) => r.id);
    });

    it('answers a default page of 50, in title then id order', async () => {
      const page = await list(reader, `libraryId=${lib}`);
      expect(page.map((b) => b.id)).toEqual(all.slice(0, 50));
    });

    it('pages by limit and cursor (the last book of the page before) without overlap, covering every book, through both doors', async () => {
      const seen: number[] = [];
      for (let query = `libraryId=${lib}&limit=40`; ; ) {
        const page = await list(reader, query);
        seen.push(...page.map((b) => b.id));
        if (page.length < 40) break;
        query = `libraryId=${lib}&limit=40&cursor=${page.at(-1)!.id}`;
      }
      expect(seen).toEqual(all);

      const viaTrpc = await reader.trpc('query', 'books.list', { libraryId: lib, limit: 40, cursor: all[79] });
      expect(viaTrpc.status).toBe(200);
      expect(viaTrpc.body.map((b: { id: number }) => b.id)).toEqual(all.slice(80));
      // tRPC 11's infinite queries send a direction along with the cursor.
      const infinite = await reader.trpc('query', 'books.list', { libraryId: lib, limit: 40, cursor: all[39], direction: 'forward' });
      expect(infinite.body.map((b: { id: number }) => b.id)).toEqual(all.slice(40, 80));
      const past = await reader.trpc('query', 'books.list', { libraryId: lib, limit: 200, cursor: all[104] });
      expect(past.body).toEqual([]);
    });

    it('a full page names the next in a Link header, through the documented path; the last names none', async () => {
      const { rows, urls } = await followPages<{ id: number }>(reader, `/_api/books?libraryId=${lib}`);
      expect(rows.map((b) => b.id)).toEqual(all);
      expect(urls).toEqual([`/_api/books?libraryId=${lib}`, `/_api/books?libraryId=${lib}&cursor=${all[49]}`, `/_api/books?libraryId=${lib}&cursor=${all[99]}`]);
      // The query it was asked with is kept: the limit, a filter.
      const limited = await followPages<{ id: number }>(reader, `/_api/books?libraryId=${lib}&limit=40&search=title`);
      expect(limited.urls).toHaveLength(3);
      expect(limited.urls[1]).toBe(`/_api/books?libraryId=${lib}&limit=40&search=title&cursor=${all[39]}`);
      expect(limited.rows.map((b) => b.id)).toEqual(all);
    });

    it('the next page neither repeats nor skips a book when books are added before it or leave the list meanwhile', async () => {
      const library = (await newLibrary(t)).id;
      const add = (title: string) => newBook(t, { libraryId: library, title, quantity: 1 });
      const [, c, d, e] = [await add('B'), await add('C'), await add('D'), await add('E')];
      const first = await list(reader, `libraryId=${library}&available=true&limit=2`);
      expect(first.map((b) => b.title)).toEqual(['B', 'C']);
      // A book added before the page, and the next book rented out, between the two pages.
      await add('A');
      await t.sql(`update books set available_count = 0 where id = ?`, [d.id]);
      const next = await list(reader, `libraryId=${library}&available=true&limit=2&cursor=${c.id}`);
      expect(next.map((b) => b.id)).toEqual([e.id]);
      // Even the book the page follows may have left the list.
      await t.sql(`update books set available_count = 0 where id = ?`, [c.id]);
      expect((await list(reader, `libraryId=${library}&available=true&limit=2&cursor=${c.id}`)).map((b) => b.id)).toEqual([e.id]);
    });

    it('refuses a limit outside 1..200 and a cursor that is not an id, through both doors', async () => {
      for (const limit of [0, 201]) {
        const rest = await reader.rest('GET', `/_api/books?libraryId=${lib}&limit=${limit}`, undefined, { superjson: true });
        expect(rest.status).toBe(400);
        expect(rest.body.message).toBe('Limit must be between 1 and 200');
        const rpc = await reader.trpc('query', 'books.list', { libraryId: lib, limit });
        expect(rpc.status).toBe(400);
        expect(rpc.body.message).toBe('Limit must be between 1 and 200');
      }
      for (const cursor of ['-1', '0', 'next']) {
        const bad = await reader.rest('GET', `/_api/books?libraryId=${lib}&cursor=${cursor}`, undefined, { superjson: true });
        expect(bad.status).toBe(400);
        expect(bad.body.message).toBe('Cursor must be the id of the last row of the page before');
      }
      expect(await list(reader, `libraryId=${lib}&limit=200`)).toHaveLength(105);
    });
  });

  it('answers 404 for a library that does not exist', async () => {
    const res = await reader.rest('GET', '/_api/books?libraryId=999999', undefined, { superjson: true });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('No library found with the ID: 999999.');
  });
});

describe('set the number of copies', () => {
  // SPEC section 5: 'Set quantity ... quantity integer at least 0'; 'The server-side schema allows 0; the interface does not.'
  it('accepts 0 copies: the book then reads available: false everywhere, cannot be rented, and comes back with copies', async () => {
    // A library of its own, so its list holds this book only.
    const { client: librarian, user } = await signedIn(t, { role: 'library_admin' });
    const { id: lib } = await newLibrary(t, { staff: [user.id] });
    const book = await newBook(t, { libraryId: lib, quantity: 2 });

    const zero = await post(librarian, '/_api/book/quantity', { bookId: book.id, libraryId: lib, quantity: 0 });
    expect(zero.status, JSON.stringify(zero.body)).toBe(200);
    expect(zero.body).toMatchObject({ id: book.id, quantity: 0, availableCount: 0, available: false });
    expect(await t.sql(`select quantity, available_count from books where id = ?`, [book.id])).toEqual([{ quantity: 0, available_count: 0 }]);

    // Read back through the list, by anyone: unavailable, and filtered as such.
    expect(await list(reader, `libraryId=${lib}`)).toEqual([expect.objectContaining({ id: book.id, quantity: 0, availableCount: 0, available: false })]);
    expect((await list(reader, `libraryId=${lib}&available=false`)).map((b) => b.id)).toEqual([book.id]);
    expect(await list(reader, `libraryId=${lib}&available=true`)).toEqual([]);

    // SPEC section 4: a book can be rented only when available.
    const rent = await post(reader, '/_api/books/rent', { isbn: book.isbn, libraryId: lib, customerId: 0 });
    expect(rent.status).toBe(409);
    expect(rent.body.message).toBe('No copies of this book are available right now.');
    expect(await t.sql(`select 1 from rentals where book_id = ?`, [book.id])).toEqual([]);

    const back = await post(librarian, '/_api/book/quantity', { bookId: book.id, libraryId: lib, quantity: 1 });
    expect(back.status).toBe(200);
    expect(back.body).toMatchObject({ quantity: 1, availableCount: 1, available: true });
    expect(await list(reader, `libraryId=${lib}&available=true`)).toEqual([expect.objectContaining({ id: book.id, available: true })]);
  });

  it('refuses a change made from a count the book no longer has, and saves nothing', async () => {
    const book = await newBook(t, { libraryId, quantity: 4 });
    // Another librarian raised it to 7 meanwhile.
    expect((await post(staff, '/_api/book/quantity', { bookId: book.id, libraryId, quantity: 7 })).status).toBe(200);
    const stale = await post(staff, '/_api/book/quantity', { bookId: book.id, libraryId, quantity: 5, previousQuantity: 4 });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe('The number of copies was changed meanwhile, to 7. Nothing was saved: check it and try again.');
    expect(await t.sql(`select quantity, available_count from books where id = ?`, [book.id])).toEqual([{ quantity: 7, available_count: 7 }]);

    const current = await staff.trpc('mutation', 'books.setQuantity', { bookId: book.id, libraryId, quantity: 8, previousQuantity: 7 });
    expect(current.status).toBe(200);
    expect(current.body).toMatchObject({ quantity: 8, availableCount: 8 });
    const bad = await post(staff, '/_api/book/quantity', { bookId: book.id, libraryId, quantity: 9, previousQuantity: 'seven' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Invalid previous quantity');
  });

  it('accepts 0 through tRPC as well', async () => {
    const book = await newBook(t, { libraryId, quantity: 1 });
    const zero = await staff.trpc('mutation', 'books.setQuantity', { bookId: book.id, libraryId, quantity: 0 });
    expect(zero.status, JSON.stringify(zero.body)).toBe(200);
    expect(zero.body).toMatchObject({ id: book.id, quantity: 0, availableCount: 0, available: false });
  });
});

describe('title order', () => {
  it('reads accents and case as searches do: Émile among the E\'s, not after Zebra', async () => {
    const { id: lib } = await newLibrary(t);
    for (const title of ['Zebra Crossing', 'Émile', 'apple stone', 'Ábaco', 'apple ábaco', 'Eclipse']) await newBook(t, { libraryId: lib, title });
    expect((await list(reader, `libraryId=${lib}`)).map((b) => b.title)).toEqual(['Ábaco', 'apple ábaco', 'apple stone', 'Eclipse', 'Émile', 'Zebra Crossing']);
    // The next page follows the same order.
    const [, second] = await list(reader, `libraryId=${lib}&limit=2`);
    expect((await list(reader, `libraryId=${lib}&cursor=${second!.id}`)).map((b) => b.title)).toEqual(['apple stone', 'Eclipse', 'Émile', 'Zebra Crossing']);
  });
});

describe("correct a book's title and author", () => {
  it('saves them trimmed, and search, title order and rentals read the new ones at once', async () => {
    const { client: librarian, user } = await signedIn(t, { role: 'library_admin' });
    const { id: lib } = await newLibrary(t, { staff: [user.id] });
    const book = await newBook(t, { libraryId: lib, quantity: 2, title: 'The Hobbitt', author: 'J. R. Tolkein' });
    await newBook(t, { libraryId: lib, title: 'Middlemarch', author: 'George Eliot' });
    const rental = await newRental(t, { bookId: book.id, customerId: (await newUser(t)).id });

    const saved = await librarian.trpc('mutation', 'books.updateDetails', { libraryId: lib, bookId: book.id, title: '  The Hobbit ', author: 'J. R. R. Tolkien' });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toMatchObject({ id: book.id, title: 'The Hobbit', author: 'J. R. R. Tolkien', quantity: 2, availableCount: 1 });
    expect(bookSchema.safeParse(saved.body).success).toBe(true);

    expect((await list(reader, `libraryId=${lib}&search=hobbit`)).map((b) => b.id)).toEqual([book.id]);
    expect(await list(reader, `libraryId=${lib}&search=tolkein`)).toEqual([]);
    expect((await list(reader, `libraryId=${lib}&search=R. Tolk`)).map((b) => b.id)).toEqual([book.id]);
    expect((await list(reader, `libraryId=${lib}`)).map((b) => b.title)).toEqual(['Middlemarch', 'The Hobbit']);
    const rentals = await librarian.rest('GET', `/_api/rentals?libraryId=${lib}`, undefined, { superjson: true });
    expect(rentals.body).toEqual([expect.objectContaining({ rentalId: rental.id, bookTitle: 'The Hobbit', bookAuthor: 'J. R. R. Tolkien' })]);
  });

  it('refuses a correction made from details the book no longer has, naming the current ones, and saves nothing', async () => {
    const { client: librarian, user } = await signedIn(t, { role: 'library_admin' });
    const { id: lib } = await newLibrary(t, { staff: [user.id] });
    const book = await newBook(t, { libraryId: lib, title: 'The Hobbitt', author: 'J. R. Tolkein' });
    const edit = (input: object) => librarian.trpc('mutation', 'books.updateDetails', { libraryId: lib, bookId: book.id, ...input });
    // Librarian A fixes the title; librarian B's form was filled before that, and fixes the author.
    const first = await edit({ title: 'The Hobbit', author: 'J. R. Tolkein', previousTitle: 'The Hobbitt', previousAuthor: 'J. R. Tolkein' });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const stale = await edit({ title: 'The Hobbitt', author: 'J. R. R. Tolkien', previousTitle: 'The Hobbitt', previousAuthor: 'J. R. Tolkein' });
    expect([stale.status, stale.body.message]).toEqual([409, 'The details were changed meanwhile, to "The Hobbit" by J. R. Tolkein. Nothing was saved: check them and try again.']);
    expect(await t.sql(`select title, author from books where id = ?`, [book.id])).toEqual([{ title: 'The Hobbit', author: 'J. R. Tolkein' }]);

    const current = await edit({ title: 'The Hobbit', author: 'J. R. R. Tolkien', previousTitle: 'The Hobbit', previousAuthor: 'J. R. Tolkein' });
    expect(current.status, JSON.stringify(current.body)).toBe(200);
    expect(current.body).toMatchObject({ title: 'The Hobbit', author: 'J. R. R. Tolkien' });
    const bad = await edit({ title: 'X', author: 'Y', previousTitle: 7 });
    expect([bad.status, bad.body.message]).toEqual([400, 'Invalid previous title']);
    expect(await t.sql(`select title, author from books where id = ?`, [book.id])).toEqual([{ title: 'The Hobbit', author: 'J. R. R. Tolkien' }]);
  });

  it('refuses an empty or overlong field, a book of another library and anyone but its staff, changing nothing', async () => {
    const { client: librarian, user } = await signedIn(t, { role: 'library_admin' });
    const { id: lib } = await newLibrary(t, { staff: [user.id] });
    const book = await newBook(t, { libraryId: lib, title: 'Persuasion', author: 'Jane Austen' });
    const elsewhere = await newBook(t, { libraryId, title: 'Emma', author: 'Jane Austen' });
    const change = (client: Client, input: object) => client.trpc('mutation', 'books.updateDetails', { libraryId: lib, bookId: book.id, title: 'Changed', author: 'Changed', ...input });

    const blank = await change(librarian, { title: '   ' });
    expect([blank.status, blank.body.message]).toEqual([400, 'Title is required']);
    const long = await change(librarian, { author: 'a'.repeat(501) });
    expect([long.status, long.body.message]).toEqual([400, 'Author is too long']);
    const missingAuthor = await librarian.trpc('mutation', 'books.updateDetails', { libraryId: lib, bookId: book.id, title: 'Changed' });
    expect([missingAuthor.status, missingAuthor.body.message]).toEqual([400, 'Author is required']);
    const notHere = await change(librarian, { bookId: elsewhere.id });
    expect([notHere.status, notHere.body.message]).toEqual([404, 'Book not found.']);
    expect((await change(reader, {})).status).toBe(403);
    expect((await change(staff, {})).status).toBe(403);

    expect(await t.sql(`select title, author from books where id in (?, ?) order by id`, [book.id, elsewhere.id])).toEqual([
      { title: 'Persuasion', author: 'Jane Austen' },
      { title: 'Emma', author: 'Jane Austen' },
    ]);
  });
});

describe('book status by ISBN', () => {
  it('says whether a copy is out and to whom (the most recent rental), by either ISBN form', async () => {
    const book = await newBook(t, { libraryId, quantity: 3, title: 'Kindred' });
    const free = await post(staff, '/_api/book/status', { libraryId, isbn: book.isbn });
    expect(free.body).toEqual({ isRented: false, book: { id: book.id, isbn: book.isbn, title: 'Kindred', availableCount: 3 }, rentals: [] });

    const first = await newUser(t, { displayName: 'First Reader' });
    const second = await newUser(t, { displayName: 'Second Reader' });
    await newRental(t, { bookId: book.id, customerId: first.id });
    await t.sql(`update rentals set rented_at = now() - interval '1 day' where customer_id = ?`, [first.id]);
    const latest = await newRental(t, { bookId: book.id, customerId: second.id });
    const [earlier] = await t.sql<{ id: number }>(`select id from rentals where customer_id = ?`, [first.id]);
    const rented = await post(staff, '/_api/book/status', { libraryId, isbn: isbn13To10(book.isbn) });
    const latestRental = { rentalId: latest.id, rentedAt: expect.any(Date), user: { id: second.id, displayName: 'Second Reader', email: second.email } };
    expect(rented.body).toEqual({
      isRented: true,
      book: { id: book.id, isbn: book.isbn, title: 'Kindred', availableCount: 1 },
      rental: latestRental,
      rentals: [latestRental, { rentalId: earlier!.id, rentedAt: expect.any(Date), user: { id: first.id, displayName: 'First Reader', email: first.email } }],
    });
  });

  it('once the copy is returned, says it is no longer out: the scan offers to rent it, not to return it again', async () => {
    const book = await newBook(t, { libraryId, quantity: 1, title: 'Parable of the Sower' });
    const customer = await signedIn(t);
    const rent = await post(customer.client, '/_api/books/rent', { isbn: book.isbn, libraryId, customerId: 0 });
    expect(rent.status).toBe(200);
    expect((await post(staff, '/_api/book/status', { libraryId, isbn: book.isbn })).body).toMatchObject({ isRented: true });
    expect((await post(customer.client, '/_api/book/return-by-rental', { rentalId: rent.body.rental.rentalId })).status).toBe(200);

    const free = { isRented: false, book: { id: book.id, isbn: book.isbn, title: 'Parable of the Sower', availableCount: 1 }, rentals: [] };
    expect((await post(staff, '/_api/book/status', { libraryId, isbn: book.isbn })).body).toEqual(free);
    expect((await post(customer.client, '/_api/book/status', { libraryId, isbn: book.isbn })).body).toEqual(free);
  });

  it('answers 404 when the library has no book with that ISBN', async () => {
    const isbn = newIsbn13();
    const res = await post(staff, '/_api/book/status', { libraryId, isbn });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe(`No book with ISBN ${isbn} was found in this library.`);
  });
});

describe("the customer's rented books", () => {
  it('lists only the books this customer has out here, even the last copy, and none of anyone else', async () => {
    const { client, user } = await signedIn(t);
    const lastCopy = await newBook(t, { libraryId, quantity: 1 });
    const returned = await newBook(t, { libraryId, quantity: 2 });
    const othersBook = await newBook(t, { libraryId, quantity: 2 });
    await newRental(t, { bookId: lastCopy.id, customerId: user.id });
    const old = await newRental(t, { bookId: returned.id, customerId: user.id });
    await t.sql(`update rentals set returned_at = now() where id = ?`, [old.id]);
    await t.sql(`update books set available_count = available_count + 1 where id = ?`, [returned.id]);
    await newRental(t, { bookId: othersBook.id, customerId: (await newUser(t)).id });

    const res = await client.trpc('query', 'books.rentedByMe', { libraryId });
    expect(res.status).toBe(200);
    expect(res.body.map((b: { id: number }) => b.id)).toEqual([lastCopy.id]);
    expect(res.body[0]).toMatchObject({ available: false, availableCount: 0 });
  });

  it('lists every one, however many: more than a page holds is still each a Return Book', async () => {
    const { client, user } = await signedIn(t);
    const library = await newLibrary(t);
    await t.sql(
      `insert into books (library_id, isbn, isbn13, title, author, quantity, available_count)
       select ?, 'M' || g, 'M' || g, 'Many ' || lpad(g::text, 3, '0'), 'Author', 1, 0 from generate_series(1, 210) g`,
      [library.id],
    );
    await t.sql(`insert into rentals (book_id, library_id, customer_id) select id, library_id, ? from books where library_id = ?`, [user.id, library.id]);
    const res = await client.trpc('query', 'books.rentedByMe', { libraryId: library.id });
    expect(res.body).toHaveLength(210);
    expect(res.body.at(-1)).toMatchObject({ title: 'Many 210' });
  });
});
