import { beforeAll, describe, expect, it } from 'vitest';
import { type RestRoute, restRoutes } from '../rest/adapter';
import { appRouter } from './index';
import { RENTAL_NOT_FOUND } from '../services/rentals';
import { addMember, newBook, newIsbn13, newLibrary, newRental, newUser, signedIn, snapshot } from '../test/factories';
import { Client, createTestApp, type TestApp, uniqueEmail } from '../test/harness';

/**
 * Every procedure beyond accounts, called by each kind of caller, through both doors.
 * "Library A" is the library the call is about; "library B" is someone else's.
 */
const ACTORS = ['anonymous', 'customer', 'memberOfOther', 'staff', 'otherStaff', 'admin'] as const;
type Actor = (typeof ACTORS)[number];
type Expectation = Record<Actor, number>;

const SIGNED_IN: Expectation = { anonymous: 401, customer: 200, memberOfOther: 200, staff: 200, otherStaff: 200, admin: 200 };
const ANYONE: Expectation = { ...SIGNED_IN, anonymous: 200 };
const STAFF: Expectation = { anonymous: 401, customer: 403, memberOfOther: 403, staff: 200, otherStaff: 403, admin: 200 };
const LIBRARY_ADMINS: Expectation = { ...STAFF, otherStaff: 200 };
/** Library admins' own, whatever library they staff: not the deployment's admins, who join no staff. */
const INVITEES: Expectation = { anonymous: 401, customer: 403, memberOfOther: 403, staff: 200, otherStaff: 200, admin: 403 };
/** Someone else's rental at library A: only its library's staff (and admins) see it; for others it does not exist. */
const RENTAL_STAFF: Expectation = { anonymous: 401, customer: 404, memberOfOther: 404, staff: 200, otherStaff: 404, admin: 200 };

let t: TestApp;
let libraryA: { id: number };
let libraryB: { id: number };
let clients: Record<Actor, Client>;
let ids: { customer: number; memberOfB: number; staff: number; otherStaff: number };
/** Each library a case creates has a name of its own: names are unique. */
let branches = 0;

beforeAll(async () => {
  t = await createTestApp();
  const staff = await signedIn(t, { role: 'library_admin' });
  const otherStaff = await signedIn(t, { role: 'library_admin' });
  const member = await signedIn(t);
  const customer = await signedIn(t);
  ids = { customer: customer.user.id, memberOfB: member.user.id, staff: staff.user.id, otherStaff: otherStaff.user.id };
  libraryA = await newLibrary(t, { staff: [staff.user.id] });
  libraryB = await newLibrary(t, { staff: [otherStaff.user.id], members: [member.user.id] });
  clients = {
    anonymous: new Client(t),
    customer: customer.client,
    memberOfOther: member.client,
    staff: staff.client,
    otherStaff: otherStaff.client,
    admin: (await signedIn(t, { role: 'admin' })).client,
  };
});

const bookInA = (quantity = 1) => newBook(t, { libraryId: libraryA.id, quantity });
const someoneElsesRental = async () => (await newRental(t, { bookId: (await bookInA()).id, customerId: (await newUser(t)).id })).id;
/** A new customer who is a member of library A, as staff may rent for. */
async function newMemberOfA() {
  const { id } = await newUser(t);
  await addMember(t, libraryA.id, id);
  return id;
}
/** A new library admin invited to library A's staff, as its staff may take back. */
async function newInviteeOfA() {
  const { id } = await newUser(t, { role: 'library_admin' });
  await t.sql(`insert into staff_invitations (library_id, user_id) values (?, ?)`, [libraryA.id, id]);
  return id;
}
/** A new library that has invited both library admins (staff of A, and of B) to its staff. */
async function libraryInvitingBoth() {
  const library = await newLibrary(t, { name: `Inviting Branch ${++branches}` });
  for (const id of [ids.staff, ids.otherStaff]) await t.sql(`insert into staff_invitations (library_id, user_id) values (?, ?)`, [library.id, id]);
  return library.id;
}
/** A new library admin on library A's staff, beside its own, as staff may remove. */
async function newStaffOfA() {
  const { id } = await newUser(t, { role: 'library_admin' });
  await t.sql(`insert into library_staff (library_id, user_id) values (?, ?)`, [libraryA.id, id]);
  return id;
}
const phone = () => String(5_550_000_000 + Math.floor(Math.random() * 9_999_999));

interface Case {
  procedure: string;
  kind: 'query' | 'mutation';
  /** A fresh input for each call, so one caller's success does not change the next caller's answer. */
  input: () => Promise<unknown>;
  expected: Expectation;
}

const CASES: Case[] = [
  { procedure: 'libraries.list', kind: 'query', input: async () => undefined, expected: SIGNED_IN },
  { procedure: 'libraries.get', kind: 'query', input: async () => ({ libraryId: libraryA.id }), expected: STAFF },
  { procedure: 'libraries.create', kind: 'mutation', input: async () => ({ name: `New Branch ${++branches}` }), expected: LIBRARY_ADMINS },
  { procedure: 'staff.list', kind: 'query', input: async () => ({ libraryId: libraryA.id }), expected: STAFF },
  {
    procedure: 'staff.invite',
    kind: 'mutation',
    input: async () => ({ libraryId: libraryA.id, email: (await newUser(t, { role: 'library_admin' })).email }),
    expected: STAFF,
  },
  { procedure: 'staff.cancelInvitation', kind: 'mutation', input: async () => ({ libraryId: libraryA.id, userId: await newInviteeOfA() }), expected: STAFF },
  { procedure: 'staff.remove', kind: 'mutation', input: async () => ({ libraryId: libraryA.id, userId: await newStaffOfA() }), expected: STAFF },
  // An invitation is answered by its invitee, a library admin: each case's library invites both library admins.
  { procedure: 'staff.myInvitations', kind: 'query', input: async () => undefined, expected: INVITEES },
  { procedure: 'staff.accept', kind: 'mutation', input: async () => ({ libraryId: await libraryInvitingBoth() }), expected: INVITEES },
  { procedure: 'staff.decline', kind: 'mutation', input: async () => ({ libraryId: await libraryInvitingBoth() }), expected: INVITEES },
  { procedure: 'books.list', kind: 'query', input: async () => ({ libraryId: libraryA.id }), expected: SIGNED_IN },
  {
    procedure: 'books.add',
    kind: 'mutation',
    input: async () => ({ libraryId: libraryA.id, isbn: newIsbn13(), title: 'Emma', author: 'Jane Austen', quantity: 1 }),
    expected: STAFF,
  },
  {
    procedure: 'books.setQuantity',
    kind: 'mutation',
    input: async () => ({ libraryId: libraryA.id, bookId: (await bookInA()).id, quantity: 4 }),
    expected: STAFF,
  },
  {
    procedure: 'books.updateDetails',
    kind: 'mutation',
    input: async () => ({ libraryId: libraryA.id, bookId: (await bookInA()).id, title: 'Emma', author: 'Jane Austen' }),
    expected: STAFF,
  },
  { procedure: 'books.status', kind: 'query', input: async () => ({ libraryId: libraryA.id, isbn: (await bookInA()).isbn }), expected: SIGNED_IN },
  {
    procedure: 'rentals.rent',
    kind: 'mutation',
    input: async () => ({ libraryId: libraryA.id, isbn: (await bookInA()).isbn, customerId: 0 }),
    expected: SIGNED_IN,
  },
  {
    procedure: 'rentals.rent',
    kind: 'mutation',
    input: async () => ({ libraryId: libraryA.id, isbn: (await bookInA()).isbn, customerId: await newMemberOfA() }),
    expected: STAFF,
  },
  {
    procedure: 'rentals.kioskRent',
    kind: 'mutation',
    input: async () => ({ libraryId: libraryA.id, isbn: (await bookInA()).isbn, customerId: await newMemberOfA() }),
    expected: STAFF,
  },
  { procedure: 'rentals.return', kind: 'mutation', input: async () => ({ rentalId: await someoneElsesRental() }), expected: RENTAL_STAFF },
  { procedure: 'rentals.returnByRental', kind: 'mutation', input: async () => ({ rentalId: await someoneElsesRental() }), expected: RENTAL_STAFF },
  { procedure: 'rentals.list', kind: 'query', input: async () => ({ libraryId: libraryA.id, includeReturned: true }), expected: STAFF },
  { procedure: 'rentals.mine', kind: 'query', input: async () => ({}), expected: SIGNED_IN },
  { procedure: 'rentals.mineEverywhere', kind: 'query', input: async () => undefined, expected: SIGNED_IN },
  { procedure: 'rentals.myHistory', kind: 'query', input: async () => ({ limit: 5 }), expected: SIGNED_IN },
  { procedure: 'books.rentedByMe', kind: 'query', input: async () => ({ libraryId: libraryA.id }), expected: SIGNED_IN },
  { procedure: 'reviews.list', kind: 'query', input: async () => ({ bookId: (await bookInA()).id }), expected: ANYONE },
  { procedure: 'reviews.post', kind: 'mutation', input: async () => ({ bookId: (await bookInA()).id, rating: 4, reviewText: 'Good.' }), expected: SIGNED_IN },
  { procedure: 'customers.list', kind: 'query', input: async () => ({ libraryId: libraryA.id }), expected: STAFF },
  {
    procedure: 'kiosk.lookupCustomer',
    kind: 'mutation',
    input: async () => ({ libraryId: libraryA.id, phoneNumber: (await newUser(t, { phoneNumber: phone() })).phoneNumber }),
    expected: STAFF,
  },
  {
    procedure: 'kiosk.registerCustomer',
    kind: 'mutation',
    input: async () => ({ libraryId: libraryA.id, displayName: 'Walk In', email: uniqueEmail('walkin'), phoneNumber: phone() }),
    expected: STAFF,
  },
];

/** Through /trpc, or through one of the procedure's /_api paths (`route`). */
function callThrough(route: RestRoute | undefined, client: Client, c: Case, input: unknown) {
  if (!route) return client.trpc(c.kind, c.procedure, input);
  if (route.method === 'POST') return client.rest('POST', route.path, input, { superjson: true });
  const query = new URLSearchParams(Object.entries((input ?? {}) as Record<string, unknown>).map(([k, v]) => [k, String(v)]));
  return client.rest('GET', `${route.path}?${query}`, undefined, { superjson: true });
}

describe('who may call what', () => {
  it('covers every procedure of the domain routers', () => {
    const covered = new Set(CASES.map((c) => c.procedure));
    const domain = ['libraries', 'staff', 'books', 'rentals', 'reviews', 'customers', 'kiosk'];
    const procedures = Object.keys(appRouter._def.procedures).filter((p) => domain.includes(p.split('.')[0]));
    expect([...covered].sort()).toEqual(procedures.sort());
  });

  for (const door of ['trpc', 'rest'] as const) {
    const name = (c: Case) => `${c.procedure}${c.procedure === 'rentals.rent' ? (c.expected === STAFF ? ' for someone else' : ' for oneself') : ''}`;
    // Through /_api, at each of the procedure's paths.
    const runs: [string, Case, RestRoute | undefined][] =
      door === 'rest'
        ? CASES.flatMap((c) => restRoutes().filter((r) => r.procedure === c.procedure).map((route): [string, Case, RestRoute] => [`${name(c)} at ${route.path}`, c, route]))
        : CASES.map((c) => [name(c), c, undefined]);
    describe.each(runs)(
      `through ${door}: %s`,
      (_name, c, route) => {
        it.each(ACTORS)('%s', async (actor) => {
          const input = await c.input();
          const before = c.expected[actor] === 200 ? undefined : await snapshot(t);
          const res = await callThrough(route, clients[actor], c, input);
          expect(res.status, JSON.stringify(res.body)).toBe(c.expected[actor]);
          if (before) expect(await snapshot(t)).toEqual(before);
        });
      },
    );
  }
});

describe('objects of another library are out of reach through their ids', () => {
  it("a customer's status check tells only of their own rental, never who else holds the book", async () => {
    const rented = await bookInA(2);
    await newRental(t, { bookId: rented.id, customerId: (await newUser(t)).id });
    const customerView = await clients.customer.trpc('query', 'books.status', { libraryId: libraryA.id, isbn: rented.isbn });
    expect(customerView.status).toBe(200);
    expect(customerView.body).toMatchObject({ isRented: false });
    expect(customerView.body.rental).toBeUndefined();
    expect(customerView.body.rentals).toEqual([]);
    const staffView = await clients.staff.trpc('query', 'books.status', { libraryId: libraryA.id, isbn: rented.isbn });
    expect(staffView.body).toMatchObject({ isRented: true });
  });

  it("staff's status check names every patron holding a copy, the latest first", async () => {
    const book = await bookInA(3);
    const early = await newUser(t, { displayName: 'Early Reader' });
    const late = await newUser(t, { displayName: 'Late Reader' });
    await addMember(t, libraryA.id, early.id);
    await addMember(t, libraryA.id, late.id);
    const first = await newRental(t, { bookId: book.id, customerId: early.id, rentedAt: new Date(Date.now() - 86_400_000) });
    const second = await newRental(t, { bookId: book.id, customerId: late.id });
    const staffView = await clients.staff.trpc('query', 'books.status', { libraryId: libraryA.id, isbn: book.isbn });
    expect(staffView.status).toBe(200);
    expect(staffView.body.rental.rentalId).toBe(second.id);
    expect(staffView.body.rentals.map((r: { rentalId: number; user: { displayName: string; email: string } }) => [r.rentalId, r.user.displayName, r.user.email])).toEqual([
      [second.id, 'Late Reader', late.email],
      [first.id, 'Early Reader', early.email],
    ]);
  });

  it("another library's staff cannot reach library A's books by naming their own library", async () => {
    const book = await bookInA(2);
    const other = clients.otherStaff;
    const memberOfB = (await newUser(t)).id;
    await addMember(t, libraryB.id, memberOfB);
    const before = await snapshot(t);
    const quantity = await other.trpc('mutation', 'books.setQuantity', { libraryId: libraryB.id, bookId: book.id, quantity: 9 });
    expect(quantity.status).toBe(404);
    const details = await other.trpc('mutation', 'books.updateDetails', { libraryId: libraryB.id, bookId: book.id, title: 'Renamed', author: 'Someone' });
    expect(details.status).toBe(404);
    const status = await other.trpc('query', 'books.status', { libraryId: libraryB.id, isbn: book.isbn });
    expect(status.status).toBe(404);
    const kiosk = await other.trpc('mutation', 'rentals.kioskRent', { libraryId: libraryB.id, isbn: book.isbn, customerId: memberOfB });
    expect(kiosk.status).toBe(404);
    const rent = await clients.memberOfOther.trpc('mutation', 'rentals.rent', { libraryId: libraryB.id, isbn: book.isbn, customerId: 0 });
    expect(rent.status).toBe(404);
    expect((await t.sql(`select quantity, available_count from books where id = ?`, [book.id]))[0]).toEqual({ quantity: 2, available_count: 2 });
    const after = await snapshot(t);
    expect({ ...after, users: '' }).toEqual({ ...before, users: '' });
  });

  it('a rental id the caller may not see reads exactly like one that does not exist', async () => {
    const rentalId = await someoneElsesRental();
    const hidden = await clients.otherStaff.rest('POST', '/_api/books/return', { rentalId }, { superjson: true });
    const missing = await clients.otherStaff.rest('POST', '/_api/books/return', { rentalId: 2_000_000_000 }, { superjson: true });
    expect(hidden.status).toBe(404);
    expect(hidden.body).toEqual(missing.body);
    expect(hidden.body.message).toBe(RENTAL_NOT_FOUND);
  });

  it('the renter may return their own rental at any library', async () => {
    const { client, user } = await signedIn(t);
    const rental = await newRental(t, { bookId: (await bookInA()).id, customerId: user.id });
    expect((await client.trpc('mutation', 'rentals.return', { rentalId: rental.id })).status).toBe(200);
  });

  it("lists show only the caller's own library's rentals, members and, for library admins, libraries", async () => {
    const memberOfA = await newUser(t, { displayName: 'Only In A' });
    await addMember(t, libraryA.id, memberOfA.id);
    const rentalId = await someoneElsesRental();
    // What each list may show is in it, so leaving the others out is the scope, not an empty list.
    const rentalInB = await newRental(t, { bookId: (await newBook(t, { libraryId: libraryB.id })).id, customerId: ids.memberOfB });
    const ownRental = await newRental(t, { bookId: (await bookInA()).id, customerId: ids.customer });

    const rentals = await clients.otherStaff.trpc('query', 'rentals.list', { libraryId: libraryB.id, includeReturned: true });
    expect(rentals.body.map((r: { rentalId: number }) => r.rentalId)).toContain(rentalInB.id);
    expect(rentals.body.map((r: { rentalId: number }) => r.rentalId)).not.toContain(rentalId);
    const customers = await clients.otherStaff.trpc('query', 'customers.list', { libraryId: libraryB.id });
    expect(customers.body.customers.map((c: { id: number }) => c.id)).toContain(ids.memberOfB);
    expect(customers.body.customers.map((c: { id: number }) => c.id)).not.toContain(memberOfA.id);
    const libraries = await clients.otherStaff.trpc('query', 'libraries.list');
    expect(libraries.body.map((l: { id: number }) => l.id)).toContain(libraryB.id);
    expect(libraries.body.map((l: { id: number }) => l.id)).not.toContain(libraryA.id);
    const all = await clients.admin.trpc('query', 'libraries.list');
    expect(all.body.map((l: { id: number }) => l.id)).toEqual(expect.arrayContaining([libraryA.id, libraryB.id]));
    const forCustomers = await clients.customer.trpc('query', 'libraries.list');
    expect(forCustomers.body.map((l: { id: number }) => l.id)).toEqual(expect.arrayContaining([libraryA.id, libraryB.id]));
    const mine = await clients.customer.trpc('query', 'rentals.mine', {});
    expect(mine.body.map((r: { rentalId: number }) => r.rentalId)).toContain(ownRental.id);
    expect(mine.body.map((r: { rentalId: number }) => r.rentalId)).not.toContain(rentalId);
  });
});
