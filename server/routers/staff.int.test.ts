import { beforeAll, describe, expect, it } from 'vitest';
import { LIBRARY_STAFF_MAX } from '../../shared/schemas';
import { newLibrary, newUser, signedIn, snapshot, staffedLibrary } from '../test/factories';
import { type Client, createTestApp, type TestApp } from '../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

const NO_LIBRARY_ADMIN = 'No library admin account uses this email. They can sign up, upgrade their account to library admin, then be invited.';
const CLOSED = 'This invitation is no longer open.';

const staffIds = async (libraryId: number) =>
  (await t.sql<{ user_id: number }>(`select user_id from library_staff where library_id = ? order by created_at, user_id`, [libraryId])).map((row) => row.user_id);

/** `staff` invites the library admin `invitee` by email, who accepts. */
async function join(staff: Client, invitee: { client: Client; user: { email: string } }, libraryId: number) {
  expect((await staff.trpc('mutation', 'staff.invite', { libraryId, email: invitee.user.email })).status).toBe(200);
  expect((await invitee.client.trpc('mutation', 'staff.accept', { libraryId })).status).toBe(200);
}

/** A library run by two signed-in library admins, the first its creator. */
async function twoStaffLibrary() {
  const first = await signedIn(t, { role: 'library_admin', displayName: 'Ruth Founder' });
  const second = await signedIn(t, { role: 'library_admin', displayName: 'Sam Second' });
  const library = await newLibrary(t, { staff: [first.user.id] });
  await join(first.client, second, library.id);
  return { first, second, library };
}

describe('inviting staff', () => {
  it('a library admin invited by email, written any case, joins only once they accept', async () => {
    const { staff, library } = await staffedLibrary(t);
    const colleague = await signedIn(t, { role: 'library_admin', displayName: 'Colm Colleague' });
    const invited = await staff.trpc('mutation', 'staff.invite', { libraryId: library.id, email: `  ${colleague.user.email.toUpperCase()} ` });
    expect(invited.status).toBe(200);
    // The inviter learns no more than the email they typed: not the account's name.
    expect(invited.body).toEqual({ id: colleague.user.id, email: colleague.user.email, invitedAt: expect.any(Date) });
    const list = await staff.trpc('query', 'staff.list', { libraryId: library.id });
    expect(list.body.invitations).toEqual([invited.body]);

    // Invited is not yet staff: the library is not theirs to run or pick.
    expect((await colleague.client.rest('GET', `/_api/customers?libraryId=${library.id}`)).status).toBe(403);
    expect((await colleague.client.rest('GET', '/_api/libraries', undefined, { superjson: true })).body).toEqual([]);
    const mine = await colleague.client.trpc('query', 'staff.myInvitations');
    expect(mine.body.invitations).toEqual([{ libraryId: library.id, libraryName: library.name, invitedBy: expect.any(String), invitedAt: expect.any(Date) }]);

    const accepted = await colleague.client.trpc('mutation', 'staff.accept', { libraryId: library.id });
    expect(accepted.status).toBe(200);
    expect(accepted.body).toEqual(library);
    // Their session reads the staff row on each call: no sign-in again.
    expect((await colleague.client.rest('GET', '/_api/libraries', undefined, { superjson: true })).body).toEqual([library]);
    expect((await colleague.client.rest('GET', `/_api/customers?libraryId=${library.id}`)).status).toBe(200);
    expect((await colleague.client.trpc('query', 'staff.myInvitations')).body.invitations).toEqual([]);
    const after = await staff.trpc('query', 'staff.list', { libraryId: library.id });
    expect(after.body.invitations).toEqual([]);
    expect(after.body.staff.at(-1)).toEqual({ id: colleague.user.id, displayName: 'Colm Colleague', email: colleague.user.email, since: expect.any(Date) });
  });

  it('names the inviter to the invitee, and lets them decline; they may be invited again', async () => {
    const inviter = await signedIn(t, { role: 'library_admin', displayName: 'Ines Inviter' });
    const library = await newLibrary(t, { staff: [inviter.user.id] });
    const invitee = await signedIn(t, { role: 'library_admin' });
    await inviter.client.trpc('mutation', 'staff.invite', { libraryId: library.id, email: invitee.user.email });
    expect((await invitee.client.trpc('query', 'staff.myInvitations')).body.invitations[0].invitedBy).toBe('Ines Inviter');
    expect((await invitee.client.trpc('mutation', 'staff.decline', { libraryId: library.id })).status).toBe(200);
    expect(await staffIds(library.id)).toEqual([inviter.user.id]);
    const again = await invitee.client.trpc('mutation', 'staff.accept', { libraryId: library.id });
    expect(again.status).toBe(404);
    expect(again.body.message).toBe(CLOSED);
    expect((await inviter.client.trpc('mutation', 'staff.invite', { libraryId: library.id, email: invitee.user.email })).status).toBe(200);
  });

  it('refuses an email no library admin has, in one text whatever the account, and changes nothing', async () => {
    const { staff, library } = await staffedLibrary(t);
    const customer = await newUser(t);
    const admin = await newUser(t, { role: 'admin' });
    const before = await snapshot(t);
    for (const email of ['nobody.here@example.test', customer.email, admin.email]) {
      const refused = await staff.trpc('mutation', 'staff.invite', { libraryId: library.id, email });
      expect(refused.status, email).toBe(404);
      expect(refused.body.message).toBe(NO_LIBRARY_ADMIN);
    }
    const malformed = await staff.trpc('mutation', 'staff.invite', { libraryId: library.id, email: 'not an email' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toBe('Please enter a valid email address.');
    expect(await snapshot(t)).toEqual(before);
  });

  it('says who is already on the staff or invited, and lets no outsider invite anyone, nor accept for another', async () => {
    const { first, second, library } = await twoStaffLibrary();
    const again = await first.client.trpc('mutation', 'staff.invite', { libraryId: library.id, email: second.user.email });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(`${second.user.email} is already staff of this library.`);
    const invitee = await newUser(t, { role: 'library_admin' });
    await first.client.trpc('mutation', 'staff.invite', { libraryId: library.id, email: invitee.email });
    const twice = await second.client.trpc('mutation', 'staff.invite', { libraryId: library.id, email: invitee.email });
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe(`${invitee.email} is already invited to this library's staff.`);

    const outsider = await signedIn(t, { role: 'library_admin' });
    expect((await outsider.client.trpc('mutation', 'staff.invite', { libraryId: library.id, email: outsider.user.email })).status).toBe(403);
    // Accepting is for the invitee alone: anyone else has no invitation to accept.
    const grabbed = await outsider.client.trpc('mutation', 'staff.accept', { libraryId: library.id });
    expect(grabbed.status).toBe(404);
    expect(grabbed.body.message).toBe(CLOSED);
    const { client: customer } = await signedIn(t);
    expect((await customer.trpc('query', 'staff.myInvitations')).status).toBe(403);
    expect(await staffIds(library.id)).toEqual([first.user.id, second.user.id]);
  });

  it('lets staff take an invitation back before it is answered', async () => {
    const { staff, library } = await staffedLibrary(t);
    const invitee = await signedIn(t, { role: 'library_admin' });
    await staff.trpc('mutation', 'staff.invite', { libraryId: library.id, email: invitee.user.email });
    const cancelled = await staff.trpc('mutation', 'staff.cancelInvitation', { libraryId: library.id, userId: invitee.user.id });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.invitations).toEqual([]);
    expect((await invitee.client.trpc('query', 'staff.myInvitations')).body.invitations).toEqual([]);
    expect((await invitee.client.trpc('mutation', 'staff.accept', { libraryId: library.id })).status).toBe(404);
    const twice = await staff.trpc('mutation', 'staff.cancelInvitation', { libraryId: library.id, userId: invitee.user.id });
    expect(twice.status).toBe(404);
    expect(twice.body.message).toBe(CLOSED);
  });

  it('lets the deployment’s admins invite staff to any library', async () => {
    const { client: admin } = await signedIn(t, { role: 'admin' });
    const library = await newLibrary(t);
    const librarian = await signedIn(t, { role: 'library_admin' });
    await join(admin, librarian, library.id);
    expect(await staffIds(library.id)).toEqual([librarian.user.id]);
  });

  it(`holds a library to ${LIBRARY_STAFF_MAX} staff and invitations`, async () => {
    const { staff, library } = await staffedLibrary(t);
    for (let i = 1; i < LIBRARY_STAFF_MAX - 1; i++) {
      const member = await newUser(t, { role: 'library_admin' });
      await t.sql(`insert into library_staff (library_id, user_id) values (?, ?)`, [library.id, member.id]);
    }
    const lastPlace = await newUser(t, { role: 'library_admin' });
    expect((await staff.trpc('mutation', 'staff.invite', { libraryId: library.id, email: lastPlace.email })).status).toBe(200);
    const oneMore = await newUser(t, { role: 'library_admin' });
    const refused = await staff.trpc('mutation', 'staff.invite', { libraryId: library.id, email: oneMore.email });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(`A library can have at most ${LIBRARY_STAFF_MAX} staff members, invitations included.`);
  });

  it('counts each staff member’s invitations: the thirty-first in an hour waits', async () => {
    const { staff, library } = await staffedLibrary(t);
    for (let i = 0; i < 30; i++) {
      const res = await staff.trpc('mutation', 'staff.invite', { libraryId: library.id, email: `nobody${i}@example.test` });
      expect(res.status).toBe(404);
    }
    const librarian = await newUser(t, { role: 'library_admin' });
    const waited = await staff.trpc('mutation', 'staff.invite', { libraryId: library.id, email: librarian.email });
    expect(waited.status).toBe(429);
    expect(waited.body.message).toMatch(/^Too many attempts\. Please try again in \d+ minutes?\.$/);
    expect((await t.sql(`select 1 from staff_invitations where library_id = ?`, [library.id])).length).toBe(0);
  });
});

describe('removing staff', () => {
  it('removes a staff member, whose session loses the library at once; they may also leave themself', async () => {
    const { first, second, library } = await twoStaffLibrary();
    const third = await signedIn(t, { role: 'library_admin' });
    await join(first.client, third, library.id);
    const removed = await first.client.trpc('mutation', 'staff.remove', { libraryId: library.id, userId: second.user.id });
    expect(removed.status).toBe(200);
    expect(removed.body.staff.map((member: { id: number }) => member.id)).toEqual([first.user.id, third.user.id]);
    expect((await second.client.rest('GET', '/_api/libraries', undefined, { superjson: true })).body).toEqual([]);
    const refused = await second.client.trpc('query', 'staff.list', { libraryId: library.id });
    expect(refused.status).toBe(403);
    // The creator leaves: the one who stays runs it.
    const left = await first.client.trpc('mutation', 'staff.remove', { libraryId: library.id, userId: first.user.id });
    expect(left.status).toBe(200);
    expect(await staffIds(library.id)).toEqual([third.user.id]);
  });

  it('never leaves a library without staff, even when its last two remove each other at once', async () => {
    const { first, second, library } = await twoStaffLibrary();
    const [one, other] = await Promise.all([
      first.client.trpc('mutation', 'staff.remove', { libraryId: library.id, userId: second.user.id }),
      second.client.trpc('mutation', 'staff.remove', { libraryId: library.id, userId: first.user.id }),
    ]);
    // The one taken second finds its caller no longer staff.
    expect([one.status, other.status].sort()).toEqual([200, 403]);
    expect([one.body.message, other.body.message]).toContain('You are not a staff member of this library.');
    expect(await staffIds(library.id)).toHaveLength(1);
    const [last] = await staffIds(library.id);
    const lastClient = last === first.user.id ? first.client : second.client;
    const before = await snapshot(t);
    const refused = await lastClient.trpc('mutation', 'staff.remove', { libraryId: library.id, userId: last });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('A library needs at least one staff member: another must join before its last one can leave.');
    expect(await snapshot(t)).toEqual(before);
  });

  it('says so when the person named is not on the staff; an invitee is not', async () => {
    const { staff, library } = await staffedLibrary(t);
    const invitee = await newUser(t, { role: 'library_admin' });
    await staff.trpc('mutation', 'staff.invite', { libraryId: library.id, email: invitee.email });
    const res = await staff.trpc('mutation', 'staff.remove', { libraryId: library.id, userId: invitee.id });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('This person is not staff of this library.');
  });
});
