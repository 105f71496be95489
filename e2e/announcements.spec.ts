import { expect, test } from '@playwright/test';
import { demo, expectHeard, hold, listenLikeAScreenReader, logIn, pickLibrary } from './fixtures';

const OFFLINE_NOTICE = 'You are offline. Showing the data you last loaded; changes need a connection.';

// What comes up without the focus moving to it is read out only from a live region already on the page: these
// messages come into a region that was there, empty, before they did (listenLikeAScreenReader).

test('a failed login is read out', async ({ page }) => {
  await page.goto('/login');
  const listener = await listenLikeAScreenReader(page);
  await page.getByLabel(/^Email( \*)?$/).fill(demo.reader.email);
  await page.getByLabel(/^Password( \*)?$/).fill('NotThePassword1');
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page.getByRole('alert')).toContainText('Invalid email or password.');
  await expectHeard(listener, 'Invalid email or password.');
});

test('a registration refused is read out', async ({ page }) => {
  await page.goto('/register');
  const listener = await listenLikeAScreenReader(page);
  await page.getByLabel(/^Display Name( \*)?$/).fill('Rita Repeat');
  await page.getByLabel(/^Email( \*)?$/).fill(demo.reader.email);
  await page.getByLabel(/^Password( \*)?$/).fill('RepeatPass1');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByRole('alert')).toContainText('This email is already registered.');
  await expectHeard(listener, 'This email is already registered.');
});

test("the kiosk's 'No customer found' is read out", async ({ page }) => {
  await logIn(page, demo.librarian);
  const libraries: { id: number; name: string }[] = (await (await page.request.get('/_api/libraries')).json()).json;
  await page.goto(`/kiosk/${libraries.find((library) => library.name === 'Central Library')!.id}`);
  await expect(page.getByRole('heading', { name: 'Welcome!' })).toBeVisible();
  const listener = await listenLikeAScreenReader(page);
  const keypad = page.getByRole('group', { name: 'Keypad' });
  for (const digit of `555${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`) await keypad.getByRole('button', { name: digit, exact: true }).click();
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'No customer found' })).toContainText('No customer found with this phone number.');
  await expectHeard(listener, 'No customer found with this phone number.');
});

test("the kiosk's 'Please enter a valid phone number.' is read out, and said of the field", async ({ page }) => {
  await logIn(page, demo.librarian);
  const libraries: { id: number; name: string }[] = (await (await page.request.get('/_api/libraries')).json()).json;
  await page.goto(`/kiosk/${libraries.find((library) => library.name === 'Central Library')!.id}`);
  await expect(page.getByRole('heading', { name: 'Welcome!' })).toBeVisible();
  const listener = await listenLikeAScreenReader(page);
  const keypad = page.getByRole('group', { name: 'Keypad' });
  for (const digit of '555123') await keypad.getByRole('button', { name: digit, exact: true }).click();
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Please enter a valid phone number.' })).toBeVisible();
  await expectHeard(listener, 'Please enter a valid phone number.');
  const field = page.getByRole('textbox', { name: 'Phone number' });
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toHaveAccessibleDescription('Please enter a valid phone number.');
  // A digit more clears it, and the field is no longer said to be wrong.
  await keypad.getByRole('button', { name: '4', exact: true }).click();
  await expect(page.getByText('Please enter a valid phone number.')).toHaveCount(0);
  await expect(field).not.toHaveAttribute('aria-invalid', 'true');
});

test("a copy count's 'Updating...' is read out while it saves", async ({ page }) => {
  await logIn(page, demo.librarian);
  await page.goto('/dashboard');
  await pickLibrary(page, 'Central Library');
  const book = page.getByRole('article', { name: 'Dune' });
  await expect(book).toBeVisible();
  const listener = await listenLikeAScreenReader(page);
  const release = await hold(page, 'books.setQuantity');
  await book.getByRole('button', { name: 'Add a copy' }).click();
  await expect(book.getByText('Updating...')).toBeVisible();
  await expectHeard(listener, 'Updating...');
  release();
  await expect(book.getByText('Updating...')).toHaveCount(0);
});

test('the offline banner is read out when the connection goes', async ({ page, context }) => {
  await logIn(page, demo.reader);
  const listener = await listenLikeAScreenReader(page);
  await context.setOffline(true);
  await expect(page.getByRole('status').filter({ hasText: OFFLINE_NOTICE })).toBeVisible();
  await expectHeard(listener, OFFLINE_NOTICE);
  await context.setOffline(false);
  await expect(page.getByText(OFFLINE_NOTICE)).toHaveCount(0);
});
