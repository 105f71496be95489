import { beforeAll, describe, expect, it } from 'vitest';
import { customerSchema } from '../../shared/schemas';
import { addMember, newLibrary, newUser, staffedLibrary } from '../test/factories';
import { type Client, createTestApp, type TestApp } from '../test/harness';

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
});
