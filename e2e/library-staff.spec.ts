import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { demo, hold, librarianLibraryWith, logIn, pickLibrary, postOk, register, toastSaying, uniqueEmail } from './fixtures';

test.use({ serviceWorkers: 'block' });

const LAST_STAFF_TEXT = 'A library needs at least one staff member: another must join before its last one can leave.';

/** A new library admin's account, signed out again: the colleague a librarian invites. */
async function newLibraryAdmin(page: Page, displayName: string) {
  const email = uniqueEmail('colleague');
  await register(page, { displayName, email, password: 'Password123' });
  await postOk(page, '/_api/user/upgrade-to-admin', {});
  await page.context().clearCookies();
  return { email, password: 'Password123' };
}

/** The demo librarian on a library of their own, on its Staff tab. */
async function librarianOnStaffTab(page: Page) {
  const { name, library } = await librarianLibraryWith(page, 'Staffed Branch', []);
  await logIn(page, demo.librarian);
  await page.goto('/dashboard');
  await pickLibrary(page, name);
  await page.getByRole('tab', { name: 'Staff' }).click();
  await expect(page.getByRole('heading', { name: 'Library Staff' })).toBeVisible();
  return { name, library };
}

/** One tRPC mutation through a signed-in request context (the page's, or another's). */
async function mutate(request: APIRequestContext, procedure: string, input: object) {
  const res = await request.post(`/trpc/${procedure}`, { data: { json: input } });
  expect(res.status(), procedure).toBe(200);
}

/** The colleague signs in, and accepts the invitation on their dashboard. */
async function acceptAs(page: Page, colleague: { email: string; password: string }, library: string) {
  await page.context().clearCookies();
  await logIn(page, colleague);
  await page.goto('/dashboard');
  const invitation = page.getByRole('article', { name: `Invitation to ${library}` });
  await expect(invitation).toContainText(`Lee Librarian invited you to join the staff of ${library}.`);
  await invitation.getByRole('button', { name: 'Accept' }).click();
  await expect(toastSaying(page, `You joined the staff of ${library}.`)).toBeVisible();
  // The card goes with the button pressed: focus goes to the page's heading, not to its body.
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeFocused();
}

const staffCard = (page: Page, name: string) => page.getByRole('article', { name, exact: true });

test('a librarian invites a colleague by their email, who joins once they accept, and may leave', async ({ page }) => {
  const colleague = await newLibraryAdmin(page, 'Colm Colleague');
  const { name: library } = await librarianOnStaffTab(page);
  // Alone on the staff: no Leave, and the page says why.
  await expect(staffCard(page, 'Lee Librarian')).toContainText('You');
  await expect(staffCard(page, 'Lee Librarian').getByRole('button')).toHaveCount(0);
  await expect(page.getByText(LAST_STAFF_TEXT)).toBeVisible();

  // An email no library admin has is refused on the field, and invites no one.
  const email = page.getByRole('textbox', { name: "Colleague's email" });
  await email.fill('nobody.at.all@example.test');
  await page.getByRole('button', { name: 'Invite' }).click();
  await expect(email).toHaveAccessibleDescription('No library admin account uses this email. They can sign up, upgrade their account to library admin, then be invited.');
  await expect(email).toBeFocused();
  await expect(page.getByRole('heading', { name: 'Invited' })).toHaveCount(0);

  // Their email as they might write it: in capitals. Invited is not yet staff.
  await email.fill(colleague.email.toUpperCase());
  await page.getByRole('button', { name: 'Invite' }).click();
  await expect(toastSaying(page, `${colleague.email} is invited: they join the staff once they accept.`)).toBeVisible();
  await expect(page.getByRole('article', { name: `Invitation to ${colleague.email}` })).toContainText('Invited:');
  await expect(email).toHaveValue('');
  await expect(staffCard(page, 'Lee Librarian').getByRole('button')).toHaveCount(0);

  // The colleague finds the invitation on their dashboard; accepted, the library is theirs, picked.
  await acceptAs(page, colleague, library);
  await expect(page.getByRole('combobox', { name: 'Library' })).toHaveValue(library);
  await expect(page.getByRole('article', { name: `Invitation to ${library}` })).toHaveCount(0);
  await page.getByRole('tab', { name: 'Staff' }).click();
  await expect(page.getByRole('article')).toHaveText([/Lee Librarian/, /Colm Colleague/]);
  await expect(staffCard(page, 'Colm Colleague')).toContainText('You');

  // They leave: asked first, then the library is no longer theirs to pick.
  await staffCard(page, 'Colm Colleague').getByRole('button', { name: 'Leave' }).click();
  const dialog = page.getByRole('dialog', { name: 'Leave Library Staff?' });
  await expect(dialog).toContainText('You will no longer manage this library');
  await dialog.getByRole('button', { name: 'Leave' }).click();
  await expect(toastSaying(page, "You left the library's staff.")).toBeVisible();
  await expect(page.getByText('Select a library to begin')).toBeVisible();
  await page.getByRole('combobox', { name: 'Library' }).click();
  await expect(page.getByRole('option', { name: library, exact: true })).toHaveCount(0);
});

test('an invitation can be declined by its invitee, or taken back by the staff', async ({ page }) => {
  const declining = await newLibraryAdmin(page, 'Dana Declines');
  const withdrawn = await newLibraryAdmin(page, 'Wes Withdrawn');
  const { name: library, library: { id: libraryId } } = await librarianOnStaffTab(page);
  await mutate(page.request, 'staff.invite', { libraryId, email: declining.email });
  await mutate(page.request, 'staff.invite', { libraryId, email: withdrawn.email });
  await page.reload();
  await page.getByRole('tab', { name: 'Staff' }).click();
  const withdrawnCard = page.getByRole('article', { name: `Invitation to ${withdrawn.email}` });
  // While it runs, the button is named as it reads.
  let release = await hold(page, 'staff.cancelInvitation');
  await withdrawnCard.getByRole('button', { name: 'Cancel Invitation' }).click();
  await expect(withdrawnCard.getByRole('button', { name: 'Cancelling...', exact: true })).toBeVisible();
  release();
  await expect(toastSaying(page, `The invitation to ${withdrawn.email} was cancelled.`)).toBeVisible();
  await expect(withdrawnCard).toHaveCount(0);
  // Focus stays in the list, on the invitation now in its place, not on the page's top.
  await expect(page.getByRole('article', { name: `Invitation to ${declining.email}` }).getByRole('button', { name: 'Cancel Invitation' })).toBeFocused();

  await page.context().clearCookies();
  await logIn(page, withdrawn);
  await page.goto('/dashboard');
  await expect(page.getByText('You do not run a library yet: create one with Create Library above.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Staff Invitations' })).toHaveCount(0);

  await page.context().clearCookies();
  await logIn(page, declining);
  await page.goto('/dashboard');
  const invitation = page.getByRole('article', { name: `Invitation to ${library}` });
  release = await hold(page, 'staff.decline');
  await invitation.getByRole('button', { name: 'Decline' }).click();
  await expect(invitation.getByRole('button', { name: 'Declining...', exact: true })).toBeVisible();
  release();
  await expect(toastSaying(page, `You declined to join the staff of ${library}.`)).toBeVisible();
  await expect(invitation).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeFocused();
  await expect(page.getByText('You do not run a library yet: create one with Create Library above.')).toBeVisible();
});

test('removing a colleague asks first; once they are gone, focus stays in the staff list', async ({ page }) => {
  const colleague = await newLibraryAdmin(page, 'Rhea Removed');
  const { name: library } = await librarianOnStaffTab(page);
  await page.getByRole('textbox', { name: "Colleague's email" }).fill(colleague.email);
  await page.getByRole('button', { name: 'Invite' }).click();
  await expect(page.getByRole('article', { name: `Invitation to ${colleague.email}` })).toBeVisible();
  await acceptAs(page, colleague, library);
  await page.context().clearCookies();
  await logIn(page, demo.librarian);
  await page.goto('/dashboard');
  await pickLibrary(page, library);
  await page.getByRole('tab', { name: 'Staff' }).click();

  // Cancel keeps them.
  await page.getByRole('button', { name: 'Remove Rhea Removed' }).click();
  const dialog = page.getByRole('dialog', { name: 'Remove from Staff?' });
  await expect(dialog).toContainText('Rhea Removed will no longer manage this library');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(staffCard(page, 'Rhea Removed')).toBeVisible();

  await page.getByRole('button', { name: 'Remove Rhea Removed' }).click();
  await dialog.getByRole('button', { name: 'Remove' }).click();
  await expect(toastSaying(page, 'Rhea Removed was removed from the staff.')).toBeVisible();
  await expect(staffCard(page, 'Rhea Removed')).toHaveCount(0);
  // The librarian is the last again: their Leave goes, and focus goes to their card, not to the page's top.
  await expect(staffCard(page, 'Lee Librarian').getByRole('button')).toHaveCount(0);
  await expect(staffCard(page, 'Lee Librarian')).toBeFocused();
  await expect(page.getByText(LAST_STAFF_TEXT)).toBeVisible();
});

test('removed by a colleague elsewhere, a staff member’s open dashboard lets the library go at its next read', async ({ page, request }) => {
  const colleague = await newLibraryAdmin(page, 'Otto Elsewhere');
  const { name: library, library: { id: libraryId } } = await librarianOnStaffTab(page);
  await mutate(page.request, 'staff.invite', { libraryId, email: colleague.email });
  await acceptAs(page, colleague, library);
  await expect(page.getByRole('combobox', { name: 'Library' })).toHaveValue(library);
  await page.getByRole('tab', { name: 'Manage Books' }).click();
  await expect(page.getByRole('heading', { name: 'Book Collection' })).toBeVisible();

  // The librarian, in another browser, removes them.
  const userId = (await (await page.request.get('/_api/auth/session')).json()).user.id;
  expect((await request.post('/_api/auth/login_with_password', { data: demo.librarian })).status()).toBe(200);
  await mutate(request, 'staff.remove', { libraryId, userId });

  // Their next read of the library is refused: the dashboard reads their libraries again, and it goes.
  await page.getByRole('tab', { name: 'View Rentals' }).click();
  await expect(page.getByText('Select a library to begin')).toBeVisible();
  await page.getByRole('combobox', { name: 'Library' }).click();
  await expect(page.getByRole('option', { name: library, exact: true })).toHaveCount(0);
});

test('on the narrowest phone (320 px) the five tabs, Staff among them, share one row', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 700 });
  await logIn(page, demo.librarian);
  await page.goto('/dashboard');
  await pickLibrary(page, 'Central Library');
  const tabs = page.getByRole('tab');
  await expect(tabs).toHaveText(['Manage Books', 'View Rentals', 'Manage Customers', 'Insights', 'Staff']);
  const tops = await tabs.evaluateAll((all) => all.map((tab) => Math.round(tab.getBoundingClientRect().top)));
  expect(new Set(tops).size, `tab tops ${tops}`).toBe(1);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
});

test.describe('on a touch screen', () => {
  test.use({ viewport: { width: 360, height: 740 }, hasTouch: true });

  test('the Staff tab’s and an invitation’s buttons are a fingertip’s size (44 px), and Invite sits under the field', async ({ page }) => {
    const colleague = await newLibraryAdmin(page, 'Tomas Touch');
    const invitee = await newLibraryAdmin(page, 'Ivy Invitee');
    const { name: library, library: { id: libraryId } } = await librarianOnStaffTab(page);
    await mutate(page.request, 'staff.invite', { libraryId, email: colleague.email });
    await page.context().clearCookies();
    await logIn(page, colleague);
    await page.goto('/dashboard');
    for (const name of ['Accept', 'Decline']) {
      const box = (await page.getByRole('article', { name: `Invitation to ${library}` }).getByRole('button', { name }).boundingBox())!;
      expect(box.height, name).toBeGreaterThanOrEqual(43.5);
    }
    await acceptAs(page, colleague, library);
    await expect(page.getByRole('button', { name: 'Accept' })).toHaveCount(0);
    await mutate(page.request, 'staff.invite', { libraryId, email: invitee.email });
    // Invited from elsewhere (this browser's request, not its page): the page reads the staff again as it loads.
    await page.reload();
    await page.getByRole('tab', { name: 'Staff' }).click();
    await expect(page.getByRole('article', { name: `Invitation to ${invitee.email}` })).toBeVisible();
    for (const name of ['Remove Lee Librarian', 'Leave', `Cancel invitation to ${invitee.email}`, 'Invite']) {
      const box = (await page.getByRole('button', { name, exact: true }).boundingBox())!;
      expect(box.height, name).toBeGreaterThanOrEqual(43.5);
    }
    const field = (await page.getByRole('textbox', { name: "Colleague's email" }).boundingBox())!;
    const invite = (await page.getByRole('button', { name: 'Invite', exact: true }).boundingBox())!;
    expect(invite.y).toBeGreaterThanOrEqual(field.y + field.height);
    // Nothing wider than the phone's screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });
});

test('at 430 px, a large phone, Invite sits under the field, not level with its label', async ({ page }) => {
  await page.setViewportSize({ width: 430, height: 900 });
  await librarianOnStaffTab(page);
  const field = (await page.getByRole('textbox', { name: "Colleague's email" }).boundingBox())!;
  const invite = (await page.getByRole('button', { name: 'Invite', exact: true }).boundingBox())!;
  expect(invite.y).toBeGreaterThanOrEqual(field.y + field.height);
});

test('offline, an invitation is refused in a toast, and the email typed is not marked wrong', async ({ page, context }) => {
  await librarianOnStaffTab(page);
  const email = page.getByRole('textbox', { name: "Colleague's email" });
  await email.fill('someone.offline@example.test');
  await context.setOffline(true);
  await page.getByRole('button', { name: 'Invite' }).click();
  await expect(toastSaying(page, 'You are offline. This change needs a connection; try again when you are back online.')).toBeVisible();
  await expect(email).not.toHaveAttribute('aria-invalid', 'true');
  await expect(email).toHaveValue('someone.offline@example.test');
  await context.setOffline(false);
});
