import { randomUUID } from 'node:crypto';
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
    // Even by its creator, a moment later: only the same create sent again with its request key is answered (below).
    const before = await snapshot(t);
    for (const lookalike of ['River\u00a0Bend Branch', 'River Bend\u2060 Branch', 'river\tbend branch']) {
      const res = await client.rest('POST', '/_api/libraries', { name: lookalike }, { superjson: true });
      expect(res.status, JSON.stringify(lookalike)).toBe(409);
    }
    expect(await snapshot(t)).toEqual(before);
  });

  it("refuses a name that passes for another's on screen: full-width letters, and a word mixing look-alike alphabets", async () => {
    const { client } = await signedIn(t, { role: 'library_admin' });
    expect((await client.rest('POST', '/_api/libraries', { name: 'Harbour Library' }, { superjson: true })).status).toBe(200);
    const { client: another } = await signedIn(t, { role: 'library_admin' });
    const before = await snapshot(t);
    // Full-width H: the same name once read as the letters it stands for.
    const wide = await another.rest('POST', '/_api/libraries', { name: '\uff28arbour Library' }, { superjson: true });
    expect(wide.status).toBe(409);
    expect(wide.body.message).toBe('A library with this name already exists.');
    // A Cyrillic Н (U+041D) among Latin letters.
    const mixed = await another.rest('POST', '/_api/libraries', { name: '\u041darbour Library' }, { superjson: true });
    expect(mixed.status).toBe(400);
    expect(mixed.body.message).toBe('Library name must not mix letters of different alphabets in one word.');
    expect(await snapshot(t)).toEqual(before);
    // A name wholly in another alphabet, or words each in their own (a hyphen ends a word), is a name of its own,
    // kept as written: № and º are not made the letters 'No'.
    for (const own of ['Центральная библиотека', 'Harbour Библиотека', 'Детская IT-библиотека', 'e-Βιβλιοθήκη Πάτρας', 'Библиотека №1', 'Biblioteca Nº 5']) {
      const created = await another.rest('POST', '/_api/libraries', { name: own }, { superjson: true });
      expect(created.status, own).toBe(200);
      expect(created.body.name).toBe(own);
    }
  });

  it('of two look-alike names created at once, one library is made and the other create is refused', async () => {
    const { client } = await signedIn(t, { role: 'library_admin' });
    const { client: another } = await signedIn(t, { role: 'library_admin' });
    for (const round of [1, 2, 3, 4, 5]) {
      const name = `Quayside Library ${round}`;
      const answers = await Promise.all([
        client.rest('POST', '/_api/libraries', { name }, { superjson: true }),
        another.rest('POST', '/_api/libraries', { name: `\uff31uayside library ${round}` }, { superjson: true }),
      ]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
      expect(answers.find((answer) => answer.status === 409)?.body.message).toBe('A library with this name already exists.');
      expect(await t.sql(`select count(*)::int as n from libraries where name ilike ?`, [`%uayside library ${round}`])).toEqual([{ n: 1 }]);
    }
  });

  it('a create sent again with its request key after a lost answer answers the library it made, through either door, however late', async () => {
    const { client } = await signedIn(t, { role: 'library_admin' });
    const requestKey = randomUUID();
    const first = await client.rest('POST', '/_api/libraries', { name: 'Dockside Reading Room', requestKey }, { superjson: true });
    expect(first.status).toBe(200);
    const before = await snapshot(t);
    // The same create again, as the dialog sends it when the first answer never came.
    const again = await client.trpc('mutation', 'libraries.create', { name: ' Dockside Reading Room', requestKey });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(await snapshot(t)).toEqual(before);
    // The key names that one create, so a resend an hour on (the dialog left open) is still that create.
    await t.sql(`update libraries set created_at = created_at - interval '1 hour' where id = ?`, [first.body.id]);
    await t.sql(`update library_staff set created_at = created_at - interval '1 hour' where library_id = ?`, [first.body.id]);
    const late = await client.rest('POST', '/_api/libraries', { name: 'Dockside Reading Room', requestKey: requestKey.toUpperCase() }, { superjson: true });
    expect(late.status).toBe(200);
    expect(late.body).toEqual(first.body);
    expect(await t.sql(`select id from libraries where lower(name) = 'dockside reading room'`)).toEqual([{ id: first.body.id }]);
  });

  it('a name taken a moment ago is refused to its own creator too, unless it is the same create sent again: no key, another key, another creator', async () => {
    const { client } = await signedIn(t, { role: 'library_admin' });
    const requestKey = randomUUID();
    const first = await client.rest('POST', '/_api/libraries', { name: 'Quayside Branch', requestKey }, { superjson: true });
    expect(first.status).toBe(200);
    const { client: another } = await signedIn(t, { role: 'library_admin' });
    const before = await snapshot(t);
    const refusals: [string, typeof client, Record<string, unknown>][] = [
      // A second create on purpose, sent with no key (a REST caller) or with a key of its own (the dialog, opened again).
      ['its creator, no key', client, { name: 'Quayside Branch' }],
      ['its creator, another key', client, { name: 'Quayside Branch', requestKey: randomUUID() }],
      // Another case is another name, and so another create.
      ['its creator, its key, another case', client, { name: 'quayside branch', requestKey }],
      ['another librarian, its key', another, { name: 'Quayside Branch', requestKey }],
    ];
    for (const [who, caller, input] of refusals) {
      const res = await caller.rest('POST', '/_api/libraries', input, { superjson: true });
      expect(res.status, who).toBe(409);
      expect(res.body.message, who).toBe('A library with this name already exists.');
    }
    expect(await snapshot(t)).toEqual(before);
  });

  it('a request key sent again with another name is a create of that name, not an answer with the first library', async () => {
    const { client } = await signedIn(t, { role: 'library_admin' });
    const requestKey = randomUUID();
    const first = await client.rest('POST', '/_api/libraries', { name: 'Wharf Street Library', requestKey }, { superjson: true });
    const other = await client.rest('POST', '/_api/libraries', { name: 'Wharf Street Annex', requestKey }, { superjson: true });
    expect(other.status).toBe(200);
    expect(other.body).toEqual({ id: expect.any(Number), name: 'Wharf Street Annex' });
    expect(other.body.id).not.toBe(first.body.id);
    // Each, sent again, answers its own.
    expect((await client.rest('POST', '/_api/libraries', { name: 'Wharf Street Library', requestKey }, { superjson: true })).body).toEqual(first.body);
    expect((await client.rest('POST', '/_api/libraries', { name: 'Wharf Street Annex', requestKey }, { superjson: true })).body).toEqual(other.body);
  });

  it('a request key that is not a UUID is refused, saying so, and nothing is created', async () => {
    const { client } = await signedIn(t, { role: 'library_admin' });
    const before = await snapshot(t);
    for (const requestKey of ['', 'retry-1', `${randomUUID()}x`, 42, null]) {
      const res = await client.rest('POST', '/_api/libraries', { name: 'Keyless Corner', requestKey }, { superjson: true });
      expect(res.status, JSON.stringify(requestKey)).toBe(400);
      expect(res.body.message, JSON.stringify(requestKey)).toBe('Request key must be a UUID.');
    }
    expect(await snapshot(t)).toEqual(before);
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
