import { beforeAll, describe, expect, it } from 'vitest';
import { LIBRARY_STAFF_MAX } from '../../shared/schemas';
import { newLibrary, newUser, signedIn, snapshot, staffedLibrary } from '../test/factories';
import { createTestApp, type TestApp } from '../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

const NO_LIBRARY_ADMIN = 'No library admin account uses this email. They can sign up, upgrade their account to library admin, then be added.';

/** A library run by two signed-in library admins, the first its creator. */
async function twoStaffLibrary() {
  const first = await signedIn(t, { role: 'library_admin', displayName: 'Ruth Founder' });
  const second = await signedIn(t, { role: 'library_admin', displayName: 'Sam Second' });
  const library = await newLibrary(t, { staff: [first.user.id] });
  expect((await first.client.trpc('mutation', 'libraries.addStaff', { libraryId: library.id, email: second.user.email })).status).toBe(200);
  return { first, second, library };
}

const staffIds = async (libraryId: number) =>
  (await t.sql<{ user_id: number }>(`select user_id from library_staff where library_id = ? order by created_at, user_id`, [libraryId])).map((row) => row.user_id);

describe('library staff', () => {
  it('lists a library’s staff to its staff, the creator first, and to nobody else', async () => {
    const { first, second, library } = await twoStaffLibrary();
    const list = await second.client.trpc('query', 'libraries.staff', { libraryId: library.id });
    expect(list.status).toBe(200);
    expect(list.body.staff).toEqual([
      { id: first.user.id, displayName: 'Ruth Founder', email: first.user.email, since: expect.any(Date) },
      { id: second.user.id, displayName: 'Sam Second', email: second.user.email, since: expect.any(Date) },
    ]);
    const { client: patron } = await signedIn(t);
    const { client: otherLibrarian } = await signedIn(t, { role: 'library_admin' });
    for (const outsider of [patron, otherLibrarian]) {
      const refused = await outsider.trpc('query', 'libraries.staff', { libraryId: library.id });
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe('You are not a staff member of this library.');
    }
    expect((await first.client.trpc('query', 'libraries.staff', { libraryId: 999_999 })).status).toBe(404);
  });

  it('adds a library admin by their email, written any case: the library is theirs to run at once', async () => {
    const { staff, library } = await staffedLibrary(t);
    const colleague = await signedIn(t, { role: 'library_admin', displayName: 'Colm Colleague' });
    expect((await colleague.client.rest('GET', `/_api/customers?libraryId=${library.id}`)).status).toBe(403);
    const added = await staff.trpc('mutation', 'libraries.addStaff', { libraryId: library.id, email: `  ${colleague.user.email.toUpperCase()} ` });
    expect(added.status).toBe(200);
    expect(added.body).toEqual({ id: colleague.user.id, displayName: 'Colm Colleague', email: colleague.user.email, since: expect.any(Date) });
    // Their session reads the staff row on each call: no sign-in again.
    const theirs = await colleague.client.rest('GET', '/_api/libraries', undefined, { superjson: true });
    expect(theirs.body).toEqual([library]);
    expect((await colleague.client.rest('GET', `/_api/customers?libraryId=${library.id}`)).status).toBe(200);
  });

  it('refuses an email no library admin has, in one text whatever the account, and changes nothing', async () => {
    const { staff, library } = await staffedLibrary(t);
    const customer = await newUser(t);
    const admin = await newUser(t, { role: 'admin' });
    const before = await snapshot(t);
    for (const email of ['nobody.here@example.test', customer.email, admin.email]) {
      const refused = await staff.trpc('mutation', 'libraries.addStaff', { libraryId: library.id, email });
      expect(refused.status, email).toBe(404);
      expect(refused.body.message).toBe(NO_LIBRARY_ADMIN);
    }
    const malformed = await staff.trpc('mutation', 'libraries.addStaff', { libraryId: library.id, email: 'not an email' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toBe('Please enter a valid email address.');
    expect(await snapshot(t)).toEqual(before);
  });

  it('says who is already on the staff, and lets no outsider add anyone', async () => {
    const { first, second, library } = await twoStaffLibrary();
    const again = await first.client.trpc('mutation', 'libraries.addStaff', { libraryId: library.id, email: second.user.email });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Sam Second is already staff of this library.');
    const outsider = await signedIn(t, { role: 'library_admin' });
    const selfInvited = await outsider.client.trpc('mutation', 'libraries.addStaff', { libraryId: library.id, email: outsider.user.email });
    expect(selfInvited.status).toBe(403);
    expect(await staffIds(library.id)).toEqual([first.user.id, second.user.id]);
  });

  it('lets the deployment’s admins add staff to any library', async () => {
    const { client: admin } = await signedIn(t, { role: 'admin' });
    const library = await newLibrary(t);
    const librarian = await newUser(t, { role: 'library_admin' });
    expect((await admin.trpc('mutation', 'libraries.addStaff', { libraryId: library.id, email: librarian.email })).status).toBe(200);
    expect(await staffIds(library.id)).toEqual([librarian.id]);
  });

  it(`holds a library to ${LIBRARY_STAFF_MAX} staff`, async () => {
    const { staff, library } = await staffedLibrary(t);
    for (let i = 1; i < LIBRARY_STAFF_MAX; i++) {
      const member = await newUser(t, { role: 'library_admin' });
      await t.sql(`insert into library_staff (library_id, user_id) values (?, ?)`, [library.id, member.id]);
    }
    const oneMore = await newUser(t, { role: 'library_admin' });
    const refused = await staff.trpc('mutation', 'libraries.addStaff', { libraryId: library.id, email: oneMore.email });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(`A library can have at most ${LIBRARY_STAFF_MAX} staff members.`);
    expect(await staffIds(library.id)).toHaveLength(LIBRARY_STAFF_MAX);
  });

  it('counts each staff member’s adds: the thirty-first in an hour waits', async () => {
    const { staff, library } = await staffedLibrary(t);
    for (let i = 0; i < 30; i++) {
      const res = await staff.trpc('mutation', 'libraries.addStaff', { libraryId: library.id, email: `nobody${i}@example.test` });
      expect(res.status).toBe(404);
    }
    const librarian = await newUser(t, { role: 'library_admin' });
    const waited = await staff.trpc('mutation', 'libraries.addStaff', { libraryId: library.id, email: librarian.email });
    expect(waited.status).toBe(429);
    expect(waited.body.message).toMatch(/^Too many attempts\. Please try again in \d+ minutes?\.$/);
    expect(await staffIds(library.id)).toHaveLength(1);
  });

  it('removes a staff member, whose session loses the library at once; they may also leave themself', async () => {
    const { first, second, library } = await twoStaffLibrary();
    const third = await newUser(t, { role: 'library_admin' });
    await first.client.trpc('mutation', 'libraries.addStaff', { libraryId: library.id, email: third.email });
    const removed = await first.client.trpc('mutation', 'libraries.removeStaff', { libraryId: library.id, userId: second.user.id });
    expect(removed.status).toBe(200);
    expect(removed.body.staff.map((member: { id: number }) => member.id)).toEqual([first.user.id, third.id]);
    expect((await second.client.rest('GET', '/_api/libraries', undefined, { superjson: true })).body).toEqual([]);
    const refused = await second.client.trpc('query', 'libraries.staff', { libraryId: library.id });
    expect(refused.status).toBe(403);
    // The creator leaves: the one who stays runs it.
    const left = await first.client.trpc('mutation', 'libraries.removeStaff', { libraryId: library.id, userId: first.user.id });
    expect(left.status).toBe(200);
    expect(await staffIds(library.id)).toEqual([third.id]);
  });

  it('never leaves a library without staff, even when its last two remove each other at once', async () => {
    const { first, second, library } = await twoStaffLibrary();
    const [one, other] = await Promise.all([
      first.client.trpc('mutation', 'libraries.removeStaff', { libraryId: library.id, userId: second.user.id }),
      second.client.trpc('mutation', 'libraries.removeStaff', { libraryId: library.id, userId: first.user.id }),
    ]);
    // The one taken second finds its caller no longer staff.
    expect([one.status, other.status].sort()).toEqual([200, 403]);
    expect([one.body.message, other.body.message]).toContain('You are not a staff member of this library.');
    expect(await staffIds(library.id)).toHaveLength(1);
    const [last] = await staffIds(library.id);
    const lastClient = last === first.user.id ? first.client : second.client;
    const before = await snapshot(t);
    const refused = await lastClient.trpc('mutation', 'libraries.removeStaff', { libraryId: library.id, userId: last });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('A library needs at least one staff member: add another before this one leaves.');
    expect(await snapshot(t)).toEqual(before);
  });

  it('says so when the person named is not on the staff', async () => {
    const { staff, library } = await staffedLibrary(t);
    const stranger = await newUser(t, { role: 'library_admin' });
    const res = await staff.trpc('mutation', 'libraries.removeStaff', { libraryId: library.id, userId: stranger.id });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('This person is not staff of this library.');
  });
});
