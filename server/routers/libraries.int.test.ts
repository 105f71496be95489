import { beforeAll, describe, expect, it } from 'vitest';
import { newLibrary, signedIn, snapshot } from '../test/factories';
import { createTestApp, type TestApp } from '../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

describe('libraries', () => {
  it('a library admin creates a library, becomes its staff and sees it in their list', async () => {
    const { client, user } = await signedIn(t, { role: 'library_admin' });
    const created = await client.rest('POST', '/_api/libraries', { name: '  Harbour Reading Room ' }, { superjson: true });
    expect(created.status).toBe(200);
    expect(created.body).toEqual({ id: expect.any(Number), name: 'Harbour Reading Room' });
    expect(await t.sql(`select user_id from library_staff where library_id = ?`, [created.body.id])).toEqual([{ user_id: user.id }]);
    const list = await client.rest('GET', '/_api/libraries', undefined, { superjson: true });
    expect(list.body).toEqual([created.body]);
  });

  it('customers see every library, sorted by name, to pick one to rent from', async () => {
    const { client: oneLibrarian } = await signedIn(t, { role: 'library_admin' });
    const { client: another } = await signedIn(t, { role: 'library_admin' });
    await oneLibrarian.rest('POST', '/_api/libraries', { name: 'Zephyr Hall' }, { superjson: true });
    await another.rest('POST', '/_api/libraries', { name: 'aardvark branch' }, { superjson: true });
    await oneLibrarian.rest('POST', '/_api/libraries', { name: 'Maple Row' }, { superjson: true });
    await another.rest('POST', '/_api/libraries', { name: 'Évora Annex' }, { superjson: true });
    const { client } = await signedIn(t);
    const list = await client.rest('GET', '/_api/libraries', undefined, { superjson: true });
    expect(list.status).toBe(200);
    const names: string[] = list.body.map((l: { name: string }) => l.name);
    // Every library, whoever runs it, by name regardless of case or accents (Évora among the E's, not after Z).
    const ours = ['Zephyr Hall', 'aardvark branch', 'Maple Row', 'Évora Annex'];
    expect(names.filter((name) => ours.includes(name))).toEqual(['aardvark branch', 'Évora Annex', 'Maple Row', 'Zephyr Hall']);
    expect(names).toEqual([...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
  });

  it('refuses a name another library has, whatever its case, and changes nothing', async () => {
    const { client } = await signedIn(t, { role: 'library_admin' });
    expect((await client.rest('POST', '/_api/libraries', { name: 'Lighthouse Library' }, { superjson: true })).status).toBe(200);
    const { client: another } = await signedIn(t, { role: 'library_admin' });
    const before = await snapshot(t);
    const res = await another.rest('POST', '/_api/libraries', { name: '  lighthouse LIBRARY ' }, { superjson: true });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('A library with this name already exists.');
    expect(await snapshot(t)).toEqual(before);
    expect((await another.rest('POST', '/_api/libraries', { name: 'Lighthouse Library Annex' }, { superjson: true })).status).toBe(200);
  });

  it('reads a name as people see it: spaces of any kind and invisible characters make no new name', async () => {
    const { client } = await signedIn(t, { role: 'library_admin' });
    const created = await client.rest('POST', '/_api/libraries', { name: '\u200bRiver\n\nBend\u00a0 Branch\ufeff' }, { superjson: true });
    expect(created.status).toBe(200);
    expect(created.body.name).toBe('River Bend Branch');
    // Another librarian's: the creator's own, a moment later, reads as a retry (below).
    const { client: another } = await signedIn(t, { role: 'library_admin' });
    const before = await snapshot(t);
    for (const lookalike of ['River\u00a0Bend Branch', 'River Bend\u2060 Branch', 'river\tbend branch']) {
      const res = await another.rest('POST', '/_api/libraries', { name: lookalike }, { superjson: true });
      expect(res.status, JSON.stringify(lookalike)).toBe(409);
    }
    expect(await snapshot(t)).toEqual(before);
  });

  it('a create sent again after a lost answer answers the library it made, not a conflict; only its creator, only the same name, only for a while', async () => {
    const { client } = await signedIn(t, { role: 'library_admin' });
    const first = await client.rest('POST', '/_api/libraries', { name: 'Dockside Reading Room' }, { superjson: true });
    expect(first.status).toBe(200);
    const before = await snapshot(t);
    // The same request again, as a browser sends it when the first answer never came.
    const again = await client.rest('POST', '/_api/libraries', { name: ' Dockside Reading Room' }, { superjson: true });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(await snapshot(t)).toEqual(before);

    // Another case is another name: refused, as another librarian's taking of it is.
    expect((await client.rest('POST', '/_api/libraries', { name: 'dockside reading room' }, { superjson: true })).status).toBe(409);
    const { client: another } = await signedIn(t, { role: 'library_admin' });
    const taken = await another.rest('POST', '/_api/libraries', { name: 'Dockside Reading Room' }, { superjson: true });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe('A library with this name already exists.');
    // Made long enough ago, it is a library the creator already has, not a retry.
    await t.sql(`update libraries set created_at = created_at - interval '11 minutes' where id = ?`, [first.body.id]);
    await t.sql(`update library_staff set created_at = created_at - interval '11 minutes' where library_id = ?`, [first.body.id]);
    expect((await client.rest('POST', '/_api/libraries', { name: 'Dockside Reading Room' }, { superjson: true })).status).toBe(409);
    expect(await t.sql(`select id from libraries where lower(name) = 'dockside reading room'`)).toEqual([{ id: first.body.id }]);
  });

  it('customers cannot create libraries', async () => {
    const { client } = await signedIn(t);
    const res = await client.rest('POST', '/_api/libraries', { name: 'My Own' }, { superjson: true });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('Only library admins can create libraries.');
    expect(await t.sql(`select 1 from libraries where name = 'My Own'`)).toEqual([]);
  });

  it("names one library for its staff (the kiosk's header), and tells an unknown id from someone else's library", async () => {
    const { client, user } = await signedIn(t, { role: 'library_admin' });
    const library = await newLibrary(t, { name: 'Kiosk Corner', staff: [user.id] });
    const own = await client.trpc('query', 'libraries.get', { libraryId: library.id });
    expect(own.status).toBe(200);
    expect(own.body).toEqual({ id: library.id, name: 'Kiosk Corner' });

    const missing = await client.trpc('query', 'libraries.get', { libraryId: 999_999 });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('No library found with the ID: 999999.');

    const elsewhere = await client.trpc('query', 'libraries.get', { libraryId: (await newLibrary(t)).id });
    expect(elsewhere.status).toBe(403);
  });
});
