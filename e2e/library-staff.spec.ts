import { expect, type Page, test } from '@playwright/test';
import { demo, librarianLibraryWith, logIn, pickLibrary, postOk, register, toastSaying, uniqueEmail } from './fixtures';

test.use({ serviceWorkers: 'block' });

/** A new library admin's account, signed out again: the colleague a librarian adds. */
async function newLibraryAdmin(page: Page, displayName: string) {
  const email = uniqueEmail('colleague');
  await register(page, { displayName, email, password: 'Password123' });
  await postOk(page, '/_api/user/upgrade-to-admin', {});
  await page.context().clearCookies();
  return { email, password: 'Password123' };
}

/** The demo librarian on a library of their own, on its Staff tab. */
async function librarianOnStaffTab(page: Page) {
  const { name } = await librarianLibraryWith(page, 'Staffed Branch', []);
  await logIn(page, demo.librarian);
  await page.goto('/dashboard');
  await pickLibrary(page, name);
  await page.getByRole('tab', { name: 'Staff' }).click();
  await expect(page.getByRole('heading', { name: 'Library Staff' })).toBeVisible();
  return name;
}

const staffCard = (page: Page, name: string) => page.getByRole('article', { name });

test('a librarian adds a colleague by their email, who then runs the library, and may leave it', async ({ page }) => {
  const colleague = await newLibraryAdmin(page, 'Colm Colleague');
  const library = await librarianOnStaffTab(page);
  // Alone on the staff: no Leave, and the page says why.
  await expect(staffCard(page, 'Lee Librarian')).toContainText('You');
  await expect(staffCard(page, 'Lee Librarian').getByRole('button')).toHaveCount(0);
  await expect(page.getByText('A library needs at least one staff member: add a colleague before its last one can leave.')).toBeVisible();

  // An email no library admin has is refused on the field, and adds no one.
  const email = page.getByRole('textbox', { name: "Colleague's email" });
  await email.fill('nobody.at.all@example.test');
  await page.getByRole('button', { name: 'Add to Staff' }).click();
  await expect(email).toHaveAccessibleDescription('No library admin account uses this email. They can sign up, upgrade their account to library admin, then be added.');
  await expect(email).toBeFocused();
  await expect(page.getByRole('article')).toHaveCount(1);

  // Their email as they might write it: in capitals.
  await email.fill(colleague.email.toUpperCase());
  await page.getByRole('button', { name: 'Add to Staff' }).click();
  await expect(toastSaying(page, 'Colm Colleague was added to the staff.')).toBeVisible();
  await expect(staffCard(page, 'Colm Colleague')).toContainText(colleague.email);
  await expect(email).toHaveValue('');
  await expect(staffCard(page, 'Lee Librarian').getByRole('button', { name: 'Leave' })).toBeVisible();

  // The colleague finds the library in their own picker, and its staff.
  await page.context().clearCookies();
  await logIn(page, colleague);
  await page.goto('/dashboard');
  await pickLibrary(page, library);
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

test('removing a colleague asks first; once they are gone, focus stays in the staff list', async ({ page }) => {
  const colleague = await newLibraryAdmin(page, 'Rhea Removed');
  await librarianOnStaffTab(page);
  await page.getByRole('textbox', { name: "Colleague's email" }).fill(colleague.email);
  await page.getByRole('button', { name: 'Add to Staff' }).click();
  await expect(staffCard(page, 'Rhea Removed')).toBeVisible();

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
  await expect(page.getByText('A library needs at least one staff member: add a colleague before its last one can leave.')).toBeVisible();

  // Signed in, the removed colleague has no library to run.
  await page.context().clearCookies();
  await logIn(page, colleague);
  await page.goto('/dashboard');
  await expect(page.getByText('There is no library yet: create one with Create Library above.')).toBeVisible();
});

test.describe('on a touch screen', () => {
  test.use({ viewport: { width: 360, height: 740 }, hasTouch: true });

  test("a staff member's Remove and the Add to Staff button are a fingertip's size (44 px)", async ({ page }) => {
    const colleague = await newLibraryAdmin(page, 'Tomas Touch');
    await librarianOnStaffTab(page);
    await page.getByRole('textbox', { name: "Colleague's email" }).fill(colleague.email);
    await page.getByRole('button', { name: 'Add to Staff' }).click();
    await expect(page.getByRole('article', { name: 'Tomas Touch' })).toBeVisible();
    for (const name of ['Remove Tomas Touch', 'Leave', 'Add to Staff']) {
      const box = (await page.getByRole('button', { name }).boundingBox())!;
      expect(box.height, name).toBeGreaterThanOrEqual(43.5);
    }
    // Nothing wider than the phone's screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });
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
