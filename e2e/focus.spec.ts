import { expect, type Page, test } from '@playwright/test';
import { demo, isbn13, logIn, pickLibrary, postOk, register, uniqueEmail } from './fixtures';

// An action that takes its own row away (or disables its only button) must not drop focus to the
// page: a keyboard or screen-reader user would start over from the top. Each test works by keyboard
// on a library of its own, so the rows' order is known.

const TITLES = ['Focus Alpha', 'Focus Beta', 'Focus Gamma'];

/** As the librarian: a new library with one single-copy book per title; its id and the books' ISBNs. */
async function libraryWithBooks(page: Page) {
  await logIn(page, demo.librarian);
  const name = `Focus Branch ${Date.now()}`;
  const library = await postOk(page, '/_api/libraries', { name });
  const stamp = String(Date.now()).slice(-8);
  const isbns = TITLES.map((_, i) => isbn13(`978${stamp}${i}`));
  for (const [i, title] of TITLES.entries()) {
    await postOk(page, '/_api/library/books', { libraryId: library.id, isbn: isbns[i], title, author: 'Keyboard', quantity: 1 });
  }
  return { id: library.id as number, name, isbns };
}

/** A customer registered at the library's kiosk, renting the given books there. */
async function kioskCustomerRenting(page: Page, libraryId: number, isbns: string[]) {
  const phone = `555${String(Date.now()).slice(-7)}`;
  const { user } = await postOk(page, '/_api/customer/register', { libraryId, displayName: 'Kay Board', email: uniqueEmail('focus'), phoneNumber: phone });
  for (const isbn of isbns) await postOk(page, '/_api/kiosk/rental', { isbn, libraryId, customerId: user.id });
  return phone;
}

async function press(button: ReturnType<Page['getByRole']>) {
  // Rent and Return buttons read as disabled for a moment after the list moves (a quick second press is a slip).
  await expect(button).toBeEnabled();
  await button.focus();
  await button.press('Enter');
}

test('Mark as Returned moves focus to the next rental, then to the empty message', async ({ page }) => {
  const library = await libraryWithBooks(page);
  await kioskCustomerRenting(page, library.id, library.isbns.slice(0, 2));
  await page.goto('/dashboard');
  await pickLibrary(page, library.name);
  await page.getByRole('tab', { name: 'View Rentals' }).click();
  const cards = page.getByRole('article');
  await expect(cards).toHaveCount(2);

  await press(cards.first().getByRole('button', { name: 'Mark as Returned' }));
  await expect(cards).toHaveCount(1);
  await expect(cards.first().getByRole('button', { name: 'Mark as Returned' })).toBeFocused();

  await expect(cards.first().getByRole('button', { name: 'Mark as Returned' })).toBeEnabled();
  await page.keyboard.press('Enter');
  await expect(page.locator(':focus')).toHaveText('No books are currently rented.');
});

test("a customer's Rent Book and Return Book move focus within their list", async ({ page }) => {
  const library = await libraryWithBooks(page);
  await page.context().clearCookies();
  await register(page, { displayName: 'Kay Board', email: uniqueEmail('focus'), password: 'FocusPass1' });
  await page.goto('/dashboard');
  await pickLibrary(page, library.name);
  const available = page.getByRole('region', { name: 'Available to Rent' }).getByRole('article');
  const mine = page.getByRole('region', { name: 'My Rentals' });
  await expect(available).toHaveCount(3);

  await expect(available.first()).toHaveAccessibleName(TITLES[0]);
  await press(available.first().getByRole('button', { name: 'Rent Book' }));
  await expect(mine.getByRole('article', { name: TITLES[0] })).toBeVisible();
  await expect(available).toHaveCount(2);
  // The same button of the book now in its place, not its Reviews button.
  await expect(available.first().getByRole('button', { name: 'Rent Book' })).toBeFocused();

  await press(mine.getByRole('button', { name: 'Return Book' }));
  await expect(mine.locator(':focus')).toHaveText('You have no active rentals.');
  await expect(available).toHaveCount(3);
});

test("the kiosk's Return moves focus to the next rental once its dialog closes", async ({ page }) => {
  const library = await libraryWithBooks(page);
  const phone = await kioskCustomerRenting(page, library.id, library.isbns.slice(0, 2));
  await page.goto(`/kiosk/${library.id}`);
  for (const digit of phone) await page.getByRole('group', { name: 'Keypad' }).getByRole('button', { name: digit, exact: true }).click();
  await page.getByRole('button', { name: 'Login' }).click();
  await page.getByRole('tab', { name: 'Current Rentals (2)' }).click();
  const rentals = page.getByTestId('kiosk-rental');
  await expect(rentals).toHaveCount(2);

  await press(rentals.first().getByRole('button', { name: 'Return' }));
  await press(page.getByRole('dialog', { name: 'Return Book' }).getByRole('button', { name: 'Return Book' }));
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(rentals).toHaveCount(1);
  await expect(rentals.first().getByRole('button', { name: 'Return' })).toBeFocused();

  await page.keyboard.press('Enter');
  await press(page.getByRole('dialog', { name: 'Return Book' }).getByRole('button', { name: 'Return Book' }));
  await expect(page.locator(':focus')).toHaveText('No books currently rented.');
});

test("renting a book's last copy at the kiosk moves focus to the next book that can be rented", async ({ page }) => {
  const library = await libraryWithBooks(page);
  const phone = await kioskCustomerRenting(page, library.id, []);
  await page.goto(`/kiosk/${library.id}`);
  for (const digit of phone) await page.getByRole('group', { name: 'Keypad' }).getByRole('button', { name: digit, exact: true }).click();
  await page.getByRole('button', { name: 'Login' }).click();
  await page.getByPlaceholder('Search by title or author...').fill('Focus');
  const rows = page.getByTestId('kiosk-book');
  await expect(rows).toHaveCount(3);

  const first = rows.first().getByRole('button', { name: 'Rent' });
  await press(first);
  await expect(page.getByRole('tab', { name: 'Current Rentals (1)' })).toBeVisible();
  await expect(first).toBeDisabled();
  await expect(rows.nth(1).getByRole('button', { name: 'Rent' })).toBeFocused();

  // The last rentable book rented: no Rent button is left, and the focus stays on that book's row, which says so.
  await press(rows.nth(1).getByRole('button', { name: 'Rent' }));
  await expect(rows.nth(2).getByRole('button', { name: 'Rent' })).toBeFocused();
  await press(rows.nth(2).getByRole('button', { name: 'Rent' }));
  await expect(page.getByRole('tab', { name: 'Current Rentals (3)' })).toBeVisible();
  await expect(rows.nth(2).getByRole('button', { name: 'Rent' })).toBeDisabled();
  await expect(rows.nth(2)).toBeFocused();
});

// Where the focus goes around pages, forms and menus, for whoever works by keyboard or screen reader.

test('the first Tab reaches Skip to content, which takes the focus past the header to the page', async ({ page }) => {
  await page.goto('/login');
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('tab', { name: 'Email & Password' })).toBeFocused();
});

test('a refused form takes the focus to its first invalid field, which says so', async ({ page }) => {
  await page.goto('/login');
  const email = page.getByRole('textbox', { name: 'Email' });
  const password = page.getByLabel(/^Password( \*)?$/);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(email).toBeFocused();
  await expect(email).toHaveAccessibleDescription('Email is required');
  await email.fill(demo.reader.email);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(password).toBeFocused();
  await expect(password).toHaveAttribute('aria-invalid', 'true');
  await expect(password).toHaveAccessibleDescription('Password is required');
});

test('a page reached by a link takes the focus to its heading', async ({ page }) => {
  await page.goto('/login');
  // Once the app has taken over the prerendered page: a link followed before loads the next page anew.
  await expect(page.getByRole('textbox', { name: 'Email' })).toBeEditable();
  await page.getByRole('link', { name: 'Sign up', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Create your account' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('tab', { name: 'Email & Password' })).toBeFocused();
});

test('the user menu opened from the keyboard starts on its first item', async ({ page }) => {
  await logIn(page, demo.reader);
  // Signed in, the app went home, whose heading takes the focus a moment later: only then is the focus the test's to move.
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
  await page.getByRole('button', { name: /^Hi, / }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitem', { name: 'Dashboard' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitem', { name: 'Profile' })).toBeFocused();
});

test('logging out on the landing page gives the focus to its heading, the menu that had it being gone', async ({ page }) => {
  await logIn(page, demo.reader);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
  await page.getByRole('button', { name: /^Hi, / }).focus();
  await page.keyboard.press('Enter');
  await page.getByRole('menuitem', { name: 'Log out' }).press('Enter');
  await expect(page.getByRole('button', { name: /^Hi, / })).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the navigation drawer names its close button and gives the focus back to the burger', async ({ page }) => {
    await page.goto('/');
    const burger = page.getByRole('button', { name: 'Open navigation' });
    await expect(burger).toHaveAttribute('aria-expanded', 'false');
    await burger.click();
    await expect(burger).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('dialog').getByRole('button', { name: 'Close dialog' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();
    await expect(burger).toBeFocused();
  });
});
