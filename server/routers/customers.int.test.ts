import { beforeAll, describe, expect, it } from 'vitest';
import { customerSchema } from '../../shared/schemas';
import { addMember, newLibrary, newUser, signedIn, snapshot, staffedLibrary } from '../test/factories';
import { type Client, createTestApp, followPages, type TestApp } from '../test/harness';

let t: TestApp;
let staff: Client;
let libraryId: number;
beforeAll(async () => {
  t = await createTestApp();
  ({ staff, library: { id: libraryId } } = await staffedLibrary(t));
});

const customers = async (query: string) => {
  const res = await staff.rest('GET', `/_api/customers?libraryId=${libraryId}${query}`, undefined, { superjson: true });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.customers as { id: number; displayName: string }[];
};

describe('customers of a library', () => {
  it("lists the library's members only, searchable by name or email in any case", async () => {
    const grace = await newUser(t, { displayName: 'Grace Hopper', email: 'grace.h@navy.example', phoneNumber: '5550001111' });
    const alan = await newUser(t, { displayName: 'alan turing', email: 'enigma@bletchley.example' });
    const percent = await newUser(t, { displayName: '100% Reader', email: 'pct@example.test' });
    const stranger = await newUser(t, { displayName: 'Grace Stranger' });
    for (const u of [grace, alan, percent]) await addMember(t, libraryId, u.id);
    await addMember(t, (await newLibrary(t)).id, stranger.id);

    const all = await customers('');
    expect(all.map((c) => c.displayName)).toEqual(['100% Reader', 'alan turing', 'Grace Hopper']);
    const first = all.find((c) => c.id === grace.id)!;
    expect(Object.keys(first).sort()).toEqual(Object.keys(customerSchema.shape).sort());
    expect(first).toMatchObject({ email: 'grace.h@navy.example', phoneNumber: '5550001111', role: 'customer' });

    expect((await customers('&search=GRACE')).map((c) => c.id)).toEqual([grace.id]);
    expect((await customers('&search=BLETCHLEY')).map((c) => c.id)).toEqual([alan.id]);
    expect((await customers(`&search=${encodeURIComponent('%')}`)).map((c) => c.id)).toEqual([percent.id]);
    expect(await customers('&search=nobody-like-this')).toEqual([]);
  });

  it('dates each customer from the day they joined this library, not from their account', async () => {
    const ada = await newUser(t, { displayName: 'Ada Joiner' });
    await t.sql(`update users set created_at = '2020-01-02T10:00:00Z' where id = ?`, [ada.id]);
    await addMember(t, libraryId, ada.id);
    await t.sql(`update library_members set created_at = '2025-06-07T10:00:00Z' where library_id = ? and user_id = ?`, [libraryId, ada.id]);
    const [listed] = await customers('&search=ada%20joiner');
    expect(listed).toMatchObject({ id: ada.id, createdAt: new Date('2025-06-07T10:00:00Z') });
  });

  it('finds a customer by name whatever the accents, in the name or in the search', async () => {
    const jose = await newUser(t, { displayName: 'José Núñez' });
    const zoe = await newUser(t, { displayName: 'Zoe Ortiz' });
    for (const u of [jose, zoe]) await addMember(t, libraryId, u.id);
    for (const search of ['jose nunez', 'JOSÉ', 'núñ', 'Nu\u0301n\u0303ez']) expect((await customers(`&search=${encodeURIComponent(search)}`)).map((c) => c.id), search).toEqual([jose.id]);
    expect((await customers(`&search=${encodeURIComponent('Zoë')}`)).map((c) => c.id)).toEqual([zoe.id]);
    // Each word on its own, in any order.
    expect((await customers(`&search=${encodeURIComponent('nunez jose')}`)).map((c) => c.id)).toEqual([jose.id]);
    expect(await customers(`&search=${encodeURIComponent('ortiz jose')}`)).toEqual([]);
  });

  it("finds a customer by name whatever the apostrophes and hyphens: 'obrien' finds Siobhán O'Brien-Kelly", async () => {
    const siobhan = await newUser(t, { displayName: "Siobhán O'Brien-Kelly" });
    await addMember(t, libraryId, siobhan.id);
    for (const search of ['obrien', "O'Brien", 'o\u2019brien kelly', 'brienkelly', 'siobhan obrien-kelly']) {
      expect((await customers(`&search=${encodeURIComponent(search)}`)).map((c) => c.id), search).toEqual([siobhan.id]);
    }
  });
});

describe('customer pages', () => {
  let librarian: Client;
  let library: number;
  /** The library's customers' ids in name order, the id breaking ties: the order every page follows. */
  let byName: number[];
  const page = async (query: string) => {
    const res = await librarian.rest('GET', `/_api/customers?libraryId=${library}${query}`, undefined, { superjson: true });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return (res.body.customers as { id: number }[]).map((c) => c.id);
  };

  beforeAll(async () => {
    ({ staff: librarian, library: { id: library } } = await staffedLibrary(t));
    // 120 customers, their names repeating in threes in mixed case, so the order rests on case and the id too.
    const rows = await t.sql<{ id: number }>(
      `insert into users (email, display_name, role) select 'paged' || g || '.' || ? || '@example.test',
              case when g % 2 = 0 then 'Reader ' else 'reader ' end || lpad((g / 3)::text, 3, '0'), 'customer'
         from generate_series(1, 120) g returning id`,
      [library],
    );
    for (const { id } of rows) await addMember(t, library, id);
    byName = (
      await t.sql<{ id: number }>(
        `select u.id from library_members m join users u on u.id = m.user_id where m.library_id = ? and u.email like 'paged%' order by search_fold(u.display_name), u.id`,
        [library],
      )
    ).map((r) => r.id);
  });

  it('answers the first 50 by name when no limit is given, and the page size asked for, up to 200', async () => {
    expect(await page('')).toEqual(byName.slice(0, 50));
    expect(await page('&limit=7')).toEqual(byName.slice(0, 7));
    expect(await page('&limit=200')).toEqual(byName);
  });

  it('continues after the cursor, through both doors, with no customer repeated or skipped', async () => {
    expect(await page(`&limit=30&cursor=${byName[29]}`)).toEqual(byName.slice(30, 60));
    const viaTrpc = await librarian.trpc('query', 'customers.list', { libraryId: library, limit: 30, cursor: byName[89] });
    expect(viaTrpc.body.customers.map((c: { id: number }) => c.id)).toEqual(byName.slice(90));
    const { rows, urls } = await followPages(librarian, `/_api/customers?libraryId=${library}&limit=40`, (body) => body.customers);
    expect(rows.map((c: { id: number }) => c.id)).toEqual(byName);
    // Three full pages, then an empty one that names none.
    expect(urls).toHaveLength(4);
    // A search pages the same way: 'reader 003' is three customers (9, 10 and 11 of them, by number).
    const searched = await t.sql<{ id: number }>(
      `select u.id from users u where u.email like 'paged%.' || ? || '@example.test' and lower(u.display_name) = 'reader 003' order by u.id`,
      [library],
    );
    expect(searched).toHaveLength(3);
    const first = await page('&search=READER%20003&limit=2');
    expect(first).toEqual(searched.slice(0, 2).map((r) => r.id));
    expect(await page(`&search=READER%20003&limit=2&cursor=${first[1]}`)).toEqual([searched[2]!.id]);
  });

  it('orders names by their letters whatever their accents, as a search reads them: Élodie among the E\'s', async () => {
    const { staff, library: other } = await staffedLibrary(t);
    for (const displayName of ['Zoe Zimmer', 'Élodie Roux', 'adam Ant', 'Eve Ellis']) await addMember(t, other.id, (await newUser(t, { displayName })).id);
    const res = await staff.rest('GET', `/_api/customers?libraryId=${other.id}`, undefined, { superjson: true });
    expect(res.body.customers.map((c: { displayName: string }) => c.displayName)).toEqual(['adam Ant', 'Élodie Roux', 'Eve Ellis', 'Zoe Zimmer']);
  });

  it('a user who is not a customer of this library marks no place: the page is empty, as for an id that names no one', async () => {
    const elsewhere = await newUser(t, { displayName: 'Aaron Elsewhere' });
    await addMember(t, (await newLibrary(t)).id, elsewhere.id);
    expect(await page(`&cursor=${elsewhere.id}`)).toEqual([]);
    expect(await page(`&cursor=${2_000_000_000}`)).toEqual([]);
  });

  it('refuses a bad limit or cursor with a clear message, changing nothing', async () => {
    const before = await snapshot(t);
    for (const [query, message] of [
      ['&limit=0', 'Limit must be between 1 and 200'],
      ['&limit=201', 'Limit must be between 1 and 200'],
      ['&cursor=abc', 'Cursor must be the id of the last row of the page before'],
    ]) {
      const res = await librarian.rest('GET', `/_api/customers?libraryId=${library}${query}`, undefined, { superjson: true });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
    }
    expect(await snapshot(t)).toEqual(before);
  });
});

describe('customers and staff', () => {
  it("a library's own staff are not its customers, though they rent there; staff of another library who rent here are", async () => {
    const { client: librarian, user: librarianUser } = await signedIn(t, { role: 'library_admin' });
    const here = await newLibrary(t, { staff: [librarianUser.id] });
    const otherStaff = await newUser(t, { role: 'library_admin', displayName: 'Visiting Librarian' });
    await newLibrary(t, { staff: [otherStaff.id] });
    const patron = await newUser(t, { displayName: 'Plain Patron' });
    for (const u of [librarianUser.id, otherStaff.id, patron.id]) await addMember(t, here.id, u);
    const res = await librarian.rest('GET', `/_api/customers?libraryId=${here.id}`, undefined, { superjson: true });
    expect(res.body.customers.map((c: { displayName: string }) => c.displayName)).toEqual(['Plain Patron', 'Visiting Librarian']);
  });
});
