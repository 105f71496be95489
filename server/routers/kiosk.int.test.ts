import { beforeAll, describe, expect, it } from 'vitest';
import { NO_CUSTOMER_WITH_PHONE, STAFF_ACCOUNT_AT_KIOSK, STAFF_PHONE_AT_KIOSK } from '../services/customers';
import { addMember, newBook, newUser, snapshot, staffedLibrary } from '../test/factories';
import { type Client, createTestApp, signUp, type TestApp, uniqueEmail } from '../test/harness';

let t: TestApp;
let staff: Client;
let libraryId: number;
beforeAll(async () => {
  t = await createTestApp();
  ({ staff, library: { id: libraryId } } = await staffedLibrary(t));
});

const post = (client: Client, path: string, input: unknown) => client.rest('POST', path, input, { superjson: true });

describe('kiosk customers', () => {
  it('finds a customer by phone number however it is typed', async () => {
    const customer = await newUser(t, { displayName: 'Katherine Johnson', phoneNumber: '5550104444' });
    const res = await post(staff, '/_api/customer/lookup', { libraryId, phoneNumber: '(555) 010-4444' });
    expect(res.status).toBe(200);
    expect(res.body.customer).toMatchObject({ id: customer.id, displayName: 'Katherine Johnson', phoneNumber: '5550104444', role: 'customer' });
    expect(res.body.customer.createdAt).toBeInstanceOf(Date);
    // Written in another script's digits (an Arabic-Indic keyboard), the same number.
    const arabic = await post(staff, '/_api/customer/lookup', { libraryId, phoneNumber: '٥٥٥ ٠١٠ ٤٤٤٤' });
    expect(arabic.status).toBe(200);
    expect(arabic.body.customer).toMatchObject({ id: customer.id });
  });

  it('finds a patron who joined online once they add their phone number on their profile', async () => {
    const { client: patron, user } = await signUp(t, { displayName: 'Online Patron' });
    const before = await post(staff, '/_api/customer/lookup', { libraryId, phoneNumber: '5550108800' });
    expect(before.status).toBe(404);
    // Registering at the kiosk instead is refused: the email has an account.
    const register = await post(staff, '/_api/customer/register', { libraryId, displayName: 'Online Patron', email: user.email, phoneNumber: '5550108800' });
    expect(register.status).toBe(409);

    const saved = await patron.rest('POST', '/_api/customer/profile', { displayName: user.displayName, email: user.email, phoneNumber: '555 010 8800' });
    expect(saved.status).toBe(200);
    const found = await post(staff, '/_api/customer/lookup', { libraryId, phoneNumber: '5550108800' });
    expect(found.status).toBe(200);
    expect(found.body.customer).toMatchObject({ id: user.id, email: user.email });
  });

  it('says so when nobody has that phone number', async () => {
    const res = await post(staff, '/_api/customer/lookup', { libraryId, phoneNumber: '5559999999' });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe(NO_CUSTOMER_WITH_PHONE);
  });

  it('finds only customers: the number of a staff or admin account is refused as such (not offered for registration) and joins nothing', async () => {
    for (const [role, phoneNumber] of [['library_admin', '5550105551'], ['admin', '5550105552']] as const) {
      const privileged = await newUser(t, { role, phoneNumber });
      const res = await post(staff, '/_api/customer/lookup', { libraryId, phoneNumber });
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(STAFF_PHONE_AT_KIOSK);
      expect(JSON.stringify(res.body)).not.toContain(privileged.email);
      expect(await t.sql(`select 1 from library_members where user_id = ?`, [privileged.id])).toHaveLength(0);
    }
  });

  it('rents only to customers: not to the staff member at the kiosk, nor to a member whose account has become a staff one', async () => {
    const book = await newBook(t, { libraryId, quantity: 5 });
    const promoted = await newUser(t, { role: 'library_admin' });
    await addMember(t, libraryId, promoted.id);
    const [{ id: staffId }] = await t.sql<{ id: number }>(`select user_id as id from library_staff where library_id = ? limit 1`, [libraryId]);
    const before = await snapshot(t);
    for (const customerId of [staffId!, promoted.id]) {
      const res = await post(staff, '/_api/kiosk/rental', { libraryId, isbn: book.isbn, customerId });
      expect(res.status, String(customerId)).toBe(403);
      expect(res.body.message).toBe(STAFF_ACCOUNT_AT_KIOSK);
      expect(JSON.stringify(res.body)).not.toContain('@');
    }
    expect(await snapshot(t)).toEqual(before);
  });

  it('limits phone lookups per staff account', async () => {
    const other = await staffedLibrary(t);
    const statuses: number[] = [];
    for (let i = 0; i < 32; i++) statuses.push((await post(other.staff, '/_api/customer/lookup', { libraryId: other.library.id, phoneNumber: '5559999999' })).status);
    // Thirty a minute: the thirty-first is refused.
    expect(statuses).toEqual([...Array(30).fill(404), 429, 429]);
    const limited = await post(other.staff, '/_api/customer/lookup', { libraryId: other.library.id, phoneNumber: '5559999999' });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await post(staff, '/_api/customer/lookup', { libraryId, phoneNumber: '5559999999' })).status).toBe(404);
  });

  it('registers a walk-in customer by phone as a member, who can then rent at the kiosk', async () => {
    const email = uniqueEmail('walkin');
    const res = await post(staff, '/_api/customer/register', { libraryId, displayName: ' Mae Jemison ', email: email.toUpperCase(), phoneNumber: '555-010-7777' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.user).toMatchObject({ displayName: 'Mae Jemison', email, phoneNumber: '5550107777', role: 'customer' });
    const [row] = await t.sql(`select password_hash from users where id = ?`, [res.body.user.id]);
    expect(row.password_hash).toBeNull();
    expect(await t.sql(`select 1 from library_members where library_id = ? and user_id = ?`, [libraryId, res.body.user.id])).toHaveLength(1);

    const found = await post(staff, '/_api/customer/lookup', { libraryId, phoneNumber: '5550107777' });
    expect(found.body.customer.id).toBe(res.body.user.id);
    const book = await newBook(t, { libraryId });
    const rented = await post(staff, '/_api/kiosk/rental', { libraryId, isbn: book.isbn, customerId: res.body.user.id });
    expect(rented.status).toBe(200);
    const current = await staff.rest('GET', `/_api/rentals?libraryId=${libraryId}&customerId=${res.body.user.id}`, undefined, { superjson: true });
    expect(current.body.map((r: { bookId: number }) => r.bookId)).toEqual([book.id]);
  });

  it('refuses an email or phone number already in use, changing nothing', async () => {
    const existing = await newUser(t, { phoneNumber: '5550108888' });
    const before = await snapshot(t);
    const sameEmail = await post(staff, '/_api/customer/register', { libraryId, displayName: 'Copy Cat', email: existing.email, phoneNumber: '5550109999' });
    expect(sameEmail.status).toBe(409);
    expect(sameEmail.body.message).toBe('Email already in use');
    const samePhone = await post(staff, '/_api/customer/register', { libraryId, displayName: 'Copy Cat', email: uniqueEmail(), phoneNumber: '555 010 8888' });
    expect(samePhone.status).toBe(409);
    expect(samePhone.body.message).toBe('Phone number already in use');
    expect(await snapshot(t)).toEqual(before);
  });

  it('a registration sent again after a lost answer answers the customer it made; other values, a password since, or later, are refused', async () => {
    const values = { libraryId, displayName: 'Ellen Ochoa', email: uniqueEmail('retry'), phoneNumber: '555-010-4545' };
    const first = await post(staff, '/_api/customer/register', values);
    expect(first.status).toBe(200);
    const before = await snapshot(t);
    const again = await post(staff, '/_api/customer/register', values);
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body.user).toEqual(first.body.user);
    expect(await snapshot(t)).toEqual(before);

    // Not the same registration: another name with that email and number.
    const other = await post(staff, '/_api/customer/register', { ...values, displayName: 'Someone Else' });
    expect(other.status).toBe(409);
    expect(other.body.message).toBe('Email already in use');
    // Nor once the account has a password (its owner signed up with it), nor after the window.
    await t.sql(`update users set password_hash = 'x' where id = ?`, [first.body.user.id]);
    expect((await post(staff, '/_api/customer/register', values)).status).toBe(409);
    await t.sql(`update users set password_hash = null, created_at = created_at - interval '11 minutes' where id = ?`, [first.body.user.id]);
    expect((await post(staff, '/_api/customer/register', values)).status).toBe(409);
  });

  it('limits registrations per staff account, refusals included, changing nothing once limited', async () => {
    const other = await staffedLibrary(t);
    const taken = await newUser(t, { phoneNumber: '5550106666' });
    const register = (i: number) =>
      post(other.staff, '/_api/customer/register', {
        libraryId: other.library.id,
        displayName: `Walk In ${i}`,
        email: uniqueEmail('limit'),
        phoneNumber: `55501${String(60000 + i)}`,
      });
    // A refusal (the number is taken) counts as an attempt.
    const refused = await post(other.staff, '/_api/customer/register', { libraryId: other.library.id, displayName: 'Copy Cat', email: uniqueEmail(), phoneNumber: taken.phoneNumber });
    expect(refused.status).toBe(409);
    const statuses: number[] = [];
    for (let i = 0; i < 99; i++) statuses.push((await register(i)).status);
    // A hundred an hour: the hundred-and-first is refused, with nothing written.
    expect(statuses).toEqual(Array(99).fill(200));
    const before = await snapshot(t);
    const limited = await register(99);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(await snapshot(t)).toEqual(before);
    // Another staff account registers as before.
    expect((await post(staff, '/_api/customer/register', { libraryId, displayName: 'Next Door', email: uniqueEmail(), phoneNumber: '5550106767' })).status).toBe(200);
  });
});
