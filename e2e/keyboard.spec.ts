import { expect, type Locator, type Page, test } from '@playwright/test';
import { demo, hold, isbn13, librarianLibraryWith, logIn, pickLibrary, postOk, uniqueEmail } from './fixtures';

// What a keyboard (or screen-reader) user meets in the reviews dialog and at the kiosk: choices made
// with the keys stick, and focus never falls to the page when a button or a screen goes away.

test.use({ serviceWorkers: 'block' });

const LONG_TITLE = 'The Remarkably Long and Winding Chronicle of a Lighthouse Keeper Who Catalogued Every Storm on the Northern Coast';

/** As the librarian: a library of its own holding one book with a long title, and a customer registered there; the kiosk open. */
async function kioskWithLongTitle(page: Page) {
  await logIn(page, demo.librarian);
  const library = await postOk(page, '/_api/libraries', { name: `Keyboard Branch ${Date.now()}` });
  await postOk(page, '/_api/library/books', { libraryId: library.id, isbn: isbn13(`978${String(Date.now()).slice(-9)}`), title: LONG_TITLE, author: 'Keyboard', quantity: 1 });
  const phone = `555${String(Date.now()).slice(-7)}`;
  await postOk(page, '/_api/customer/register', { libraryId: library.id, displayName: 'Kit Keys', email: uniqueEmail('keys'), phoneNumber: phone });
  await page.goto(`/kiosk/${library.id}`);
  await expect(page.getByRole('heading', { name: 'Welcome!' })).toBeVisible();
  return phone;
}

/** As the librarian, the kiosk of Central Library. */
async function centralKiosk(page: Page) {
  await logIn(page, demo.librarian);
  const libraries: { id: number; name: string }[] = (await (await page.request.get('/_api/libraries')).json()).json;
  await page.goto(`/kiosk/${libraries.find((library) => library.name === 'Central Library')!.id}`);
  await expect(page.getByRole('heading', { name: 'Welcome!' })).toBeVisible();
}

/**
 * The demo reader, with the reviews dialog open on a book of a library of its own (made by the
 * librarian): a book the reader has not reviewed yet, with no new account (registrations are rate-limited).
 */
async function openReviews(page: Page) {
  await logIn(page, demo.librarian);
  const name = `Review Branch ${Date.now()}`;
  const library = await postOk(page, '/_api/libraries', { name });
  await postOk(page, '/_api/library/books', { libraryId: library.id, isbn: isbn13(`979${String(Date.now()).slice(-9)}`), title: 'Keyed Reviews', author: 'Keyboard', quantity: 1 });
  await page.context().clearCookies();
  await logIn(page, demo.reader);
  await page.goto('/dashboard');
  await pickLibrary(page, name);
  await page.getByRole('region', { name: 'Available to Rent' }).getByRole('article').first().getByRole('button', { name: 'Reviews' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Leave a Review' })).toBeVisible();
  // A book nobody has reviewed yet says so.
  await expect(dialog.getByText('No reviews yet. Be the first to write one!')).toBeVisible();
  return dialog;
}

/** From the dialog's close button, Tab reaches the stars. */
async function tabToStars(dialog: Locator) {
  await dialog.getByRole('button', { name: 'Close reviews' }).focus();
  await dialog.page().keyboard.press('Tab');
}

const focusIsIn = (container: Locator) => container.evaluate((element) => element.contains(document.activeElement));

test('a rating chosen with the arrow keys, Home and End is the one the review is sent with', async ({ page }) => {
  const dialog = await openReviews(page);
  const stars = dialog.getByRole('radiogroup', { name: 'Your rating' });
  // One to five stars: no '0 stars' to land on.
  await expect(stars.getByRole('radio')).toHaveCount(5);
  await tabToStars(dialog);
  const oneStar = stars.getByRole('radio', { name: '1 star', exact: true });
  await expect(oneStar).toBeFocused();

  // Left without a rating, the stars say why at once (a field is checked on blur); sent so, the focus
  // comes back to them.
  await expect(stars).not.toHaveAccessibleDescription('Rating is required.');
  await page.keyboard.press('Tab');
  await expect(stars).toHaveAccessibleDescription('Rating is required.');
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Submit Review' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(stars).toHaveAccessibleDescription('Rating is required.');
  await expect(oneStar).toBeFocused();

  const checked = stars.getByRole('radio', { checked: true });
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(checked).toHaveAccessibleName('3 stars');
  await page.keyboard.press('End');
  await expect(checked).toHaveAccessibleName('5 stars');
  await expect(stars.getByRole('radio', { name: '5 stars' })).toBeFocused();
  await page.keyboard.press('Home');
  await expect(checked).toHaveAccessibleName('1 star');
  for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
  await expect(checked).toHaveAccessibleName('4 stars');

  // Leaving the stars keeps the choice; the form is sent from the keyboard.
  await page.keyboard.press('Tab');
  await expect(dialog.getByLabel('Your review (optional)')).toBeFocused();
  await page.keyboard.type('Read it in one sitting.');
  await expect(checked).toHaveAccessibleName('4 stars');
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Submit Review' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog.getByText('You have already reviewed this book.')).toBeVisible();
  await expect(dialog.getByText('Rating is required.')).toHaveCount(0);
  const review = dialog.getByRole('listitem').filter({ hasText: 'Riley Reader' });
  await expect(review.getByRole('img', { name: 'Rated 4 out of 5' })).toBeVisible();
});

test('Submit Review keeps focus while it runs, and focus stays in the dialog once the review is sent', async ({ page }) => {
  const dialog = await openReviews(page);
  await tabToStars(dialog);
  await page.keyboard.press('End');
  const release = await hold(page, 'reviews.post');
  await dialog.getByRole('button', { name: 'Submit Review' }).focus();
  await page.keyboard.press('Enter');
  const submitting = dialog.getByRole('button', { name: 'Submitting...' });
  await expect(submitting).toHaveAttribute('aria-disabled', 'true');
  await expect(submitting).toBeFocused();
  // Nor does Escape close the dialog meanwhile: the answer shows there (past the 200 ms a closing dialog fades for).
  await page.keyboard.press('Escape');
  await page.waitForTimeout(500);
  await expect(dialog).toBeVisible();
  await expect(submitting).toBeFocused();
  release();

  await expect(dialog.getByText('You have already reviewed this book.')).toBeFocused();
  // The next Tab stays behind the overlay's edge too.
  await page.keyboard.press('Tab');
  expect(await focusIsIn(dialog)).toBe(true);
});

test("the kiosk's book search is labelled on screen, by the name it is announced with", async ({ page }) => {
  const phone = await kioskWithLongTitle(page);
  await page.keyboard.type(phone);
  await page.keyboard.press('Enter');
  const search = page.getByRole('searchbox', { name: 'Search books' });
  await expect(search).toHaveAttribute('placeholder', 'Search by title or author...');
  const label = page.locator(`label[for="${await search.getAttribute('id')}"]`);
  await expect(label).toBeVisible();
  await expect(label).toHaveText('Search books');
});

test('a long book title reads whole beside its Rent button on a phone-sized kiosk', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const phone = await kioskWithLongTitle(page);
  await page.keyboard.type(phone);
  await page.keyboard.press('Enter');
  await page.getByRole('searchbox', { name: 'Search books' }).fill('Lighthouse');
  const row = page.getByTestId('kiosk-book');
  await expect(row).toHaveCount(1);
  const title = row.getByText(LONG_TITLE, { exact: true });
  await expect(title).toBeVisible();
  // Nothing of it clipped, by a line clamp or the row's edge.
  expect(await title.evaluate((el) => el.scrollHeight <= el.clientHeight && el.scrollWidth <= el.clientWidth)).toBe(true);
  const rent = (await row.getByRole('button', { name: 'Rent' }).boundingBox())!;
  expect(rent.x + rent.width).toBeLessThanOrEqual(390);
});

test('Login keeps focus while it runs; the customer screen, then the phone screen after Logout, take focus at their heading', async ({ page }) => {
  const phone = await kioskWithLongTitle(page);
  await page.keyboard.type(phone);
  const release = await hold(page, 'kiosk.lookupCustomer');
  const login = page.getByRole('button', { name: 'Login' });
  await login.focus();
  await page.keyboard.press('Enter');
  await expect(login).toHaveAttribute('aria-disabled', 'true');
  await expect(login).toBeFocused();
  release();

  await expect(page.getByRole('heading', { name: 'Kit Keys' })).toBeFocused();
  await page.getByRole('button', { name: 'Logout' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Welcome!' })).toBeFocused();
});

test('a registration the server refuses keeps focus on Register while it runs, then takes it to the email field', async ({ page }) => {
  await centralKiosk(page);
  const phone = `555${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
  await page.keyboard.type(phone);
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: 'Register New Customer' }).click();
  await expect(page.getByLabel(/^Full Name/)).toBeFocused();
  await page.keyboard.type('Walter Keys');
  await page.keyboard.press('Tab');
  await page.keyboard.type(demo.reader.email);

  const release = await hold(page, 'kiosk.registerCustomer');
  const registerButton = page.getByRole('button', { name: 'Register', exact: true });
  await registerButton.focus();
  await page.keyboard.press('Enter');
  await expect(registerButton).toHaveAttribute('aria-disabled', 'true');
  await expect(registerButton).toBeFocused();
  release();

  const email = page.getByLabel(/^Email Address/);
  await expect(email).toBeFocused();
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expect(email).toHaveAccessibleDescription(/Email already in use/);
});

test("closing a book's reviews hands focus back to its Reviews button, the first time as every time", async ({ page }) => {
  await logIn(page, demo.reader);
  await page.goto('/dashboard');
  await pickLibrary(page, 'Central Library');
  const button = page.getByRole('region', { name: 'Available to Rent' }).getByRole('article').first().getByRole('button', { name: 'Reviews' });
  for (let i = 0; i < 2; i++) {
    await button.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(button).toBeFocused();
  }
});

test('the password can be shown and hidden from the keyboard, on the login and registration pages', async ({ page }) => {
  for (const path of ['/login', '/register']) {
    await page.goto(path);
    const password = page.getByLabel(/^Password( \*)?$/);
    await password.fill('Secret123');
    await password.focus();
    await page.keyboard.press('Tab');
    const toggle = page.getByRole('button', { name: 'Toggle password visibility' });
    await expect(toggle).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(password).toHaveAttribute('type', 'text');
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await page.keyboard.press('Enter');
    await expect(password).toHaveAttribute('type', 'password');
  }
});

test("Scan Book's steps go by Enter alone: each step's focus is on its way forward, and the last one rents the book", async ({ page }) => {
  const { name, isbns } = await librarianLibraryWith(page, 'Enter Branch', [{ title: 'Keyed Rental', author: 'Keyboard' }]);
  await logIn(page, demo.reader);
  await page.goto('/dashboard');
  await pickLibrary(page, name);
  await page.getByRole('button', { name: 'Scan Book', exact: true }).click();
  const scan = page.getByRole('dialog', { name: 'Scan Book ISBN' });
  await expect(scan.getByRole('button', { name: "Can't find a barcode? Enter Manually" })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(scan.getByRole('textbox', { name: 'ISBN' })).toBeFocused();
  await page.keyboard.type(isbns[0]!);
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('dialog', { name: 'Confirm Book' });
  await expect(confirm.getByRole('button', { name: 'Confirm Book' })).toBeFocused();
  await page.keyboard.press('Enter');
  const rent = page.getByRole('dialog', { name: 'Confirm Book Rental' });
  await expect(rent.getByText('Do you want to rent the book "Keyed Rental"?')).toBeVisible();
  await expect(rent.getByRole('button', { name: 'Yes, Rent Book' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('region', { name: 'My Rentals' }).getByRole('article', { name: 'Keyed Rental' })).toBeVisible();
});

test("the kiosk's Return Book dialog opens on Return Book, so Enter returns what the patron asked to", async ({ page }) => {
  const phone = await kioskWithLongTitle(page);
  for (const digit of phone) await page.getByRole('group', { name: 'Keypad' }).getByRole('button', { name: digit, exact: true }).click();
  await page.getByRole('button', { name: 'Login' }).click();
  await page.getByPlaceholder('Search by title or author...').fill('lighthouse');
  await page.getByTestId('kiosk-book').getByRole('button', { name: 'Rent' }).click();
  await page.getByRole('tab', { name: 'Current Rentals (1)' }).click();
  await page.getByTestId('kiosk-rental').getByRole('button', { name: 'Return' }).click();
  const dialog = page.getByRole('dialog', { name: 'Return Book' });
  await expect(dialog.getByRole('button', { name: 'Return Book' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(page.getByText('No books currently rented.')).toBeVisible();
});
