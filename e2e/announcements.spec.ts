import { expect, type Page, test } from '@playwright/test';
import { demo, expectHeard, hold, listenLikeAScreenReader, logIn, pickLibrary, register, timesHeard, toastSaying, uniqueEmail } from './fixtures';

const OFFLINE_NOTICE = 'You are offline. Showing the data you last loaded; changes need a connection.';

// What comes up without the focus moving to it is read out only from a live region already on the page: these
// messages come into a region that was there, empty, before they did (listenLikeAScreenReader).

test('a failed login is read out', async ({ page }) => {
  await page.goto('/login');
  const listener = await listenLikeAScreenReader(page);
  await page.getByLabel(/^Email( \*)?$/).fill(demo.reader.email);
  await page.getByLabel(/^Password( \*)?$/).fill('NotThePassword1');
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page.getByRole('main').getByRole('alert')).toContainText('Invalid email or password.');
  await expectHeard(listener, 'Invalid email or password.');
});

test('a registration refused is read out', async ({ page }) => {
  await page.goto('/register');
  const listener = await listenLikeAScreenReader(page);
  await page.getByLabel(/^Display Name( \*)?$/).fill('Rita Repeat');
  await page.getByLabel(/^Email( \*)?$/).fill(demo.reader.email);
  await page.getByLabel(/^Password( \*)?$/).fill('RepeatPass1');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByRole('main').getByRole('alert')).toContainText('This email is already registered.');
  await expectHeard(listener, 'This email is already registered.');
});

/** Central Library's kiosk opened by its librarian, `digits` typed on the keypad and Login pressed; a listener started once the phone screen showed. */
async function logInAtKiosk(page: Page, digits: string) {
  await logIn(page, demo.librarian);
  const libraries: { id: number; name: string }[] = (await (await page.request.get('/_api/libraries')).json()).json;
  await page.goto(`/kiosk/${libraries.find((library) => library.name === 'Central Library')!.id}`);
  await expect(page.getByRole('heading', { name: 'Welcome!' })).toBeVisible();
  const listener = await listenLikeAScreenReader(page);
  const keypad = page.getByRole('group', { name: 'Keypad' });
  for (const digit of digits) await keypad.getByRole('button', { name: digit, exact: true }).click();
  await page.getByRole('button', { name: 'Login' }).click();
  return listener;
}

test("the kiosk's 'No customer found' is read out", async ({ page }) => {
  const listener = await logInAtKiosk(page, `555${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`);
  await expect(page.getByRole('main').getByRole('alert').filter({ hasText: 'No customer found' })).toContainText('No customer found with this phone number.');
  await expectHeard(listener, 'No customer found with this phone number.');
});

test("the kiosk's 'Please enter a valid phone number.' is read out, and said of the field", async ({ page }) => {
  const listener = await logInAtKiosk(page, '555123');
  await expect(page.getByRole('alert').filter({ hasText: 'Please enter a valid phone number.' })).toBeVisible();
  await expectHeard(listener, 'Please enter a valid phone number.');
  const field = page.getByRole('textbox', { name: 'Phone number' });
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toHaveAccessibleDescription('Please enter a valid phone number.');
  // A digit more clears it, and the field is no longer said to be wrong.
  await page.getByRole('group', { name: 'Keypad' }).getByRole('button', { name: '4', exact: true }).click();
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

// A toast comes with its text in it: it is heard from the toaster's regions (client/components/Toasts), once.

test('a success toast is read out, waiting its turn, once', async ({ page }) => {
  await register(page, { displayName: 'Hattie Heard', email: uniqueEmail('heard'), password: 'Password123' });
  await page.goto('/dashboard');
  await pickLibrary(page, 'Central Library');
  const listener = await listenLikeAScreenReader(page);
  await page.getByRole('region', { name: 'Available to Rent' }).getByRole('button', { name: 'Rent Book' }).first().click();
  await expect(toastSaying(page, 'Book rental successful!')).toBeVisible();
  await expectHeard(listener, 'Book rental successful!', 'polite');
  // The bar only shows it: were it an alert or live too, the toast could be read twice.
  await expect(page.locator('[data-rht-toaster]').locator('[role="alert"], :is([role="status"], [aria-live]):not([aria-live="off"])')).toHaveCount(0);
  expect(await timesHeard(listener, 'Book rental successful!')).toBe(1);
});

test('a failure toast is read out at once, interrupting', async ({ page, context }) => {
  await register(page, { displayName: 'Fred Failed', email: uniqueEmail('failed'), password: 'Password123' });
  await page.goto('/dashboard');
  await pickLibrary(page, 'Central Library');
  const rent = page.getByRole('region', { name: 'Available to Rent' }).getByRole('button', { name: 'Rent Book' }).first();
  await expect(rent).toBeEnabled();
  await context.setOffline(true);
  const listener = await listenLikeAScreenReader(page);
  await rent.click();
  const offline = 'You are offline. This change needs a connection; try again when you are back online.';
  await expect(toastSaying(page, offline)).toBeVisible();
  await expectHeard(listener, offline, 'assertive');
  await context.setOffline(false);
});

test('the same toast twice in a row is read out twice', async ({ page }) => {
  await register(page, { displayName: 'Twyla Twice', email: uniqueEmail('twice'), password: 'Password123' });
  await page.goto('/profile');
  await expect(page.getByLabel(/^Display Name( \*)?$/)).toHaveValue('Twyla Twice');
  const listener = await listenLikeAScreenReader(page);
  const save = page.getByRole('button', { name: 'Save Changes' });
  await save.click();
  await expect(toastSaying(page, 'Profile updated successfully!')).toBeVisible();
  await expect.poll(() => timesHeard(listener, 'Profile updated successfully!')).toBe(1);
  // Saved again: the form's one toast (one id for its saves) says it again, and is read out again.
  await page.getByLabel(/^Display Name( \*)?$/).fill('Twyla Twice Over');
  await save.click();
  await expect(page.getByText('Hi, Twyla Twice Over')).toBeVisible();
  await expect.poll(() => timesHeard(listener, 'Profile updated successfully!')).toBe(2);
});

test('a second toast while the first still shows is read out too', async ({ page }) => {
  await register(page, { displayName: 'Quinn Quick', email: uniqueEmail('quick'), password: 'Password123' });
  await page.goto('/dashboard');
  await pickLibrary(page, 'Central Library');
  const rent = page.getByRole('region', { name: 'Available to Rent' }).getByRole('button', { name: 'Rent Book' });
  await expect(rent.nth(1)).toBeEnabled();
  const listener = await listenLikeAScreenReader(page);
  await rent.first().click();
  await expect(toastSaying(page, 'Book rental successful!')).toBeVisible();
  // The next one as soon as the lists let it, the first toast still on screen.
  await rent.first().click();
  await expect(toastSaying(page, 'Book rental successful!')).toHaveCount(2);
  await expect.poll(() => timesHeard(listener, 'Book rental successful!')).toBe(2);
});

test.describe(() => {
  // The toaster's code is held back below: fetched by the page itself, not a service worker.
  test.use({ serviceWorkers: 'block' });

  test("a toast made before the toaster's code has loaded is read out too", async ({ page }) => {
    await register(page, { displayName: 'Lana Late', email: uniqueEmail('late'), password: 'Password123' });
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/Toasts-[^/]*\.js$/, async (route) => {
      await released;
      await route.continue();
    });
    await page.goto('/profile');
    await expect(page.getByLabel(/^Display Name( \*)?$/)).toHaveValue('Lana Late');
    const listener = await listenLikeAScreenReader(page);
    await page.getByLabel(/^Display Name( \*)?$/).fill('Lana Later');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Hi, Lana Later')).toBeVisible();
    release();
    await expect(toastSaying(page, 'Profile updated successfully!')).toBeVisible();
    await expectHeard(listener, 'Profile updated successfully!', 'polite');
  });
});
