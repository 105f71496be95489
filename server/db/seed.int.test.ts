import { beforeAll, describe, expect, it } from 'vitest';
import { invariantViolations } from '../test/factories';
import { Client, createTestApp, type TestApp } from '../test/harness';
import { demoSignIns, seedDemoData } from './seed';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  expect(await seedDemoData(t.orm.em.fork())).toBe(true);
});

async function signInAs(role: string) {
  const { email, password } = demoSignIns.find((s) => s.role === role)!;
  const client = new Client(t);
  const res = await client.rest('POST', '/_api/auth/login_with_password', { email, password });
  expect(res.status).toBe(200);
  return client;
}

describe('the demo seed', () => {
  it('is consistent: every book has available_count = quantity - active rentals', async () => {
    expect(await invariantViolations(t)).toEqual([]);
    expect(await seedDemoData(t.orm.em.fork())).toBe(false);
  });

  it('gives the demo librarian two libraries with about forty books, rentals and members', async () => {
    const librarian = await signInAs('library_admin');
    const libraries = (await librarian.rest('GET', '/_api/libraries', undefined, { superjson: true })).body as { id: number; name: string }[];
    expect(libraries.map((l) => l.name).sort()).toEqual(['Central Library', 'Riverside Branch']);
    const central = libraries.find((l) => l.name === 'Central Library')!;
    const books = (await librarian.rest('GET', `/_api/books?libraryId=${central.id}`, undefined, { superjson: true })).body;
    expect(books.length).toBeGreaterThanOrEqual(35);
    expect(books.some((b: { averageRating: number | null }) => b.averageRating !== null)).toBe(true);
    const rentals = await librarian.rest('GET', `/_api/rentals?libraryId=${central.id}`, undefined, { superjson: true });
    expect(rentals.body.length).toBeGreaterThan(0);
    const customers = await librarian.rest('GET', `/_api/customers?libraryId=${central.id}`, undefined, { superjson: true });
    expect(customers.body.customers.length).toBeGreaterThan(0);
  });

  it("tells one story of each member: joined the library when their account opened, and rented only after", async () => {
    // 'Joined:' on the customer list is the account's date; the insights' new members count memberships.
    expect(await t.sql(`select m.user_id from library_members m join users u on u.id = m.user_id where m.created_at <> u.created_at`)).toEqual([]);
    expect(
      await t.sql(
        `select r.id from rentals r join library_members m on m.library_id = r.library_id and m.user_id = r.customer_id where r.rented_at < m.created_at`,
      ),
    ).toEqual([]);
  });

  it("starts the demo reader with nothing out anywhere (the dashboard's welcome banner shows), and a rental history", async () => {
    const reader = await signInAs('customer');
    expect((await reader.trpc('query', 'rentals.mineEverywhere', {})).body).toEqual([]);
    expect((await reader.trpc('query', 'rentals.myHistory', {})).body.length).toBeGreaterThan(0);
  });

  it('lets the demo reader browse and rent at once', async () => {
    const reader = await signInAs('customer');
    const libraries = (await reader.rest('GET', '/_api/libraries', undefined, { superjson: true })).body as { id: number }[];
    const books = (await reader.rest('GET', `/_api/books?libraryId=${libraries[0].id}&available=true`, undefined, { superjson: true })).body;
    const rent = await reader.rest('POST', '/_api/books/rent', { isbn: books[0].isbn, libraryId: libraries[0].id, customerId: 0 }, { superjson: true });
    expect(rent.status).toBe(200);
    expect((await reader.trpc('query', 'rentals.mine', { libraryId: libraries[0].id })).body.length).toBeGreaterThan(0);
  });
});
