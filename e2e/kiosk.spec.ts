import { expect, type Locator, type Page, test } from '@playwright/test';
import { isbn13To10 } from '../shared/isbn';
import {
  callsTo,
  checksFindServerDown,
  clickTwiceAtOnce,
  demo,
  hold,
  isbn13,
  librarianLibraryWith,
  logIn,
  pickLibrary,
  postOk,
  register,
  serverOutage,
  spareWidthBeside,
  textLines,
  toastSaying,
  trpcCall,
  uniqueEmail,
  watchFor,
} from './fixtures';

/** The id of a demo library, read through the signed-in staff member's own session. */
async function libraryIdOf(page: Page, name: string): Promise<number> {
  const res = await page.request.get('/_api/libraries');
  const libraries: { id: number; name: string }[] = (await res.json()).json;
  return libraries.find((library) => library.name === name)!.id;
}

async function openKiosk(page: Page, query = '') {
  await logIn(page, demo.librarian);
  const id = await libraryIdOf(page, 'Central Library');
  await page.goto(`/kiosk/${id}${query}`);
  await expect(page.getByRole('heading', { name: 'Welcome!' })).toBeVisible();
  return id;
}

const keypad = (page: Page) => page.getByRole('group', { name: 'Keypad' });
const display = (page: Page) => page.getByLabel('Phone number');
/** The alert the phone screen shows: its alert regions stay on the page, empty, until a message comes (the toasts' are outside main). */
const shownAlert = (page: Page) => page.getByRole('main').getByRole('alert').filter({ hasText: /\S/ });

async function typeOnKeypad(page: Page, digits: string) {
  for (const digit of digits) await keypad(page).getByRole('button', { name: digit, exact: true }).click();
}

async function signInByPhone(page: Page, phone: string) {
  await typeOnKeypad(page, phone);
  await page.getByRole('button', { name: 'Login' }).click();
}

const bookRow = (page: Page, title: string) => page.getByTestId('kiosk-book').filter({ hasText: title });

/** As the librarian, into Central Library's kiosk through the dashboard's link, so the dashboard is behind it in the history; the kiosk's address. */
async function kioskAfterDashboard(page: Page) {
  await logIn(page, demo.librarian);
  await page.goto('/dashboard');
  await pickLibrary(page, 'Central Library');
  await page.getByRole('link', { name: 'Go to Kiosk' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome!' })).toBeVisible();
  return page.url();
}

test("the browser's Back keeps a patron on the kiosk, never the staff member's dashboard behind it", async ({ page }) => {
  const kiosk = await kioskAfterDashboard(page);
  await signInByPhone(page, '5550100000');
  await expect(page.getByRole('heading', { name: 'Riley Reader' })).toBeVisible();
  for (let i = 0; i < 3; i++) {
    await page.goBack();
    await expect(page).toHaveURL(kiosk);
    await expect(page.getByRole('heading', { name: 'Riley Reader' })).toBeVisible();
    await expect(page.getByText('Hi, Lee Librarian')).toHaveCount(0);
    await expect(page.getByRole('tab', { name: 'Manage Customers' })).toHaveCount(0);
  }
});

/** Steps `delta` entries through the history at once, as a pick from Back's list does; resolves once the step is taken. */
async function stepHistory(page: Page, delta: number) {
  await page.evaluate(
    (steps) =>
      new Promise<void>((resolve) => {
        window.addEventListener('popstate', () => setTimeout(resolve, 200), { once: true });
        window.addEventListener('pagehide', () => resolve(), { once: true });
        setTimeout(resolve, 2_000); // a step past the history's first entry is not taken
        window.history.go(steps);
      }),
    delta,
  );
}

async function expectNoStaffPage(page: Page) {
  await expect(page.getByText('Hi, Lee Librarian')).toHaveCount(0);
  await expect(page.getByRole('tab', { name: 'Manage Customers' })).toHaveCount(0);
}

test("a jump back past the kiosk, as a pick from Back's list makes, still lands on the kiosk with the patron", async ({ page }) => {
  const kiosk = await kioskAfterDashboard(page);
  await signInByPhone(page, '5550100000');
  await expect(page.getByRole('heading', { name: 'Riley Reader' })).toBeVisible();
  // Two entries back is the dashboard, shown by this same page before the kiosk.
  await stepHistory(page, -2);
  await expect(page).toHaveURL(kiosk);
  await expect(page.getByRole('heading', { name: 'Riley Reader' })).toBeVisible();
  await expectNoStaffPage(page);
  await page.goBack();
  await expect(page.getByRole('heading', { name: 'Riley Reader' })).toBeVisible();
  await expectNoStaffPage(page);
});

test('after the kiosk is reloaded, a step back to the pages loaded before it loads the kiosk again, and the address bar leaves it', async ({ page }) => {
  const kiosk = await kioskAfterDashboard(page);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Welcome!' })).toBeVisible();

  for (const steps of [-2, -3]) {
    await stepHistory(page, steps);
    await expect(page).toHaveURL(kiosk);
    await expect(page.getByRole('heading', { name: 'Welcome!' })).toBeVisible();
    await expectNoStaffPage(page);
  }

  // Staff typing another address leave the kiosk for good.
  await page.goto('/dashboard');
  await expect(page.getByText('Hi, Lee Librarian')).toBeVisible();
  await page.reload();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('Hi, Lee Librarian')).toBeVisible();
});

test('a kiosk search with more matches than a page holds loads the rest on request', async ({ page }) => {
  await logIn(page, demo.librarian);
  const stamp = String(Date.now()).slice(-6);
  const library = await postOk(page, '/_api/libraries', { name: `Kiosk Shelf ${stamp}` });
  for (let i = 0; i < 55; i++) {
    const title = `Shelf Book ${String(i).padStart(2, '0')}`;
    await postOk(page, '/_api/library/books', { libraryId: library.id, isbn: isbn13(`979${stamp}${String(i).padStart(3, '0')}`), title, author: 'Pager', quantity: 1 });
  }
  await page.goto(`/kiosk/${library.id}`);
  await signInByPhone(page, '5550100000');
  await expect(page.getByRole('heading', { name: 'Riley Reader' })).toBeVisible();
  await page.getByLabel('Search books').fill('Shelf Book');
  await expect(page.getByTestId('kiosk-book')).toHaveCount(50);
  await expect(bookRow(page, 'Shelf Book 54')).toHaveCount(0);
  await page.getByRole('button', { name: 'Load more books' }).click();
  await expect(page.getByTestId('kiosk-book')).toHaveCount(55);
  await expect(bookRow(page, 'Shelf Book 54')).toBeVisible();
  await expect(page.getByText('All books loaded.')).toBeFocused();
});

test('a patron who joined online adds their phone number on their profile, then signs in at the kiosk with it', async ({ page, browser }) => {
  const phone = `555${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
  const patronContext = await browser.newContext();
  const patron = await patronContext.newPage();
  await register(patron, { displayName: 'Olive Online', email: uniqueEmail('online'), password: 'Password123' });
  // The profile open in a second tab too, from before the number is added.
  const staleTab = await patronContext.newPage();
  await staleTab.goto('/profile');
  await expect(staleTab.getByLabel(/^Phone Number/)).toHaveValue('');
  await patron.goto('/profile');
  const phoneField = patron.getByLabel(/^Phone Number/);
  await expect(phoneField).toHaveValue('');
  // The kiosk finds the number as saved: the field says so, so that a number saved with its country code is typed with it there.
  await expect(phoneField).toHaveAccessibleDescription("Optional. Enter it at your library's kiosk to rent and return there, as it is saved here (with its country code, if it has one).");
  for (const slip of ['555 010', 'n/a']) {
    await phoneField.fill(slip);
    await patron.getByRole('button', { name: 'Save Changes' }).click();
    await expect(phoneField).toHaveAccessibleDescription(/Phone number seems too short/);
  }
  await phoneField.fill(`(${phone.slice(0, 3)}) ${phone.slice(3, 6)}-${phone.slice(6)}`);
  await patron.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toastSaying(patron, 'Profile updated successfully!')).toBeVisible();
  // Kept as its digits.
  await expect(phoneField).toHaveValue(phone);
  // The other tab's save of a new name leaves the number it never showed alone.
  await staleTab.getByLabel(/^Display Name/).fill('Olive Offline');
  await staleTab.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toastSaying(staleTab, 'Profile updated successfully!')).toBeVisible();
  await patron.reload();
  await expect(patron.getByLabel(/^Phone Number/)).toHaveValue(phone);
  await patronContext.close();

  await openKiosk(page);
  await signInByPhone(page, phone);
  await expect(page.getByRole('heading', { name: 'Olive Offline' })).toBeVisible();
  await expect(toastSaying(page, 'Customer "Olive Offline" found.')).toBeVisible();
  // Staff are refused at a kiosk by phone: their profile does not offer one.
  await page.goto('/profile');
  await expect(page.getByLabel(/^Email/)).toHaveValue(demo.librarian.email);
  await expect(page.getByLabel(/^Phone Number/)).toHaveCount(0);
});

test('a walk-in patron registers, rents by search and by ISBN, returns one and logs out', async ({ page }) => {
  await openKiosk(page);
  await expect(page).toHaveTitle('Central Library Kiosk');
  await expect(page.getByRole('heading', { name: 'Central Library', level: 1 })).toBeVisible();
  await expect(page.getByText('Library powered by Scroll Library')).toBeVisible();
  await expect(page.getByText('Enter your phone number to start renting books')).toBeVisible();
  // A shared terminal: the staff member's menu is not on screen.
  await expect(page.getByText('Hi, Lee Librarian')).toHaveCount(0);

  const phone = `555${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
  await signInByPhone(page, phone);
  await expect(shownAlert(page)).toContainText('No customer found with this phone number.');
  await page.getByRole('button', { name: 'Register New Customer' }).click();

  await expect(page.getByRole('heading', { name: 'New Customer Registration' })).toBeVisible();
  await expect(page.getByText(`Registering with phone number ${phone}`)).toBeVisible();
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByText('Name must be at least 2 characters.')).toBeVisible();
  await expect(page.getByText('Please enter a valid email address.')).toBeVisible();
  // A name past 100 characters is refused on its own field.
  await page.getByLabel(/^Full Name/).fill(`Walter ${'Walkin'.repeat(16)}`);
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByLabel(/^Full Name/)).toHaveAccessibleDescription(/Name is too long\./);
  await page.getByLabel(/^Full Name/).fill('Walter Walkin');
  await page.getByLabel(/^Email Address/).fill(demo.reader.email);
  await page.getByRole('button', { name: 'Register' }).click();
  // The server's refusal shows on the email field.
  await expect(page.getByLabel(/^Email Address/)).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel(/^Email Address/)).toHaveAccessibleDescription(/Email already in use/);
  // And takes the focus there, so that it is read out.
  await expect(page.getByLabel(/^Email Address/)).toBeFocused();
  // Whose account that is learns how to use it here.
  await expect(page.getByText('Already have an account? Add this phone number on your profile page as you typed it here, then sign in here with it.')).toBeVisible();
  // It stays when the field is left (a tap elsewhere to read it), until the email is changed.
  await page.getByLabel(/^Full Name/).click();
  await expect(page.getByLabel(/^Email Address/)).toHaveAccessibleDescription(/Email already in use/);
  await expect(page.getByText('Already have an account?', { exact: false })).toBeVisible();
  await page.getByLabel(/^Email Address/).fill(uniqueEmail('walkin'));
  // Two presses sent at once register once (a second would be refused: the number is taken by then).
  const registrations = callsTo(page, 'kiosk.registerCustomer');
  await clickTwiceAtOnce(page.getByRole('button', { name: 'Register' }));
  await expect(toastSaying(page, 'Successfully registered "Walter Walkin".')).toBeVisible();
  expect(registrations).toEqual(['kiosk.registerCustomer']);

  await expect(page.getByRole('heading', { name: 'Walter Walkin' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Current Rentals (0)' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Search for a Book' })).toBeVisible();
  await expect(page.getByText('Enter a title or author above to find a book to rent.')).toBeVisible();

  const search = page.getByPlaceholder('Search by title or author...');
  await search.fill('no such book anywhere');
  await expect(page.getByRole('heading', { name: 'No Books Found' })).toBeVisible();
  await expect(page.getByText('Try a different search or press "Scan Barcode or Enter ISBN" to look up your book.')).toBeVisible();

  // A single copy: 'Available', then 'Rented Out' once taken.
  await search.fill('catcher');
  const catcher = bookRow(page, 'The Catcher in the Rye');
  await expect(catcher.getByText('Available', { exact: true })).toBeVisible();
  await expect(catcher.getByText('J. D. Salinger')).toBeVisible();
  await catcher.getByRole('button', { name: 'Rent' }).click();
  await expect(catcher.getByRole('button', { name: 'Renting...' })).toBeDisabled();
  await expect(toastSaying(page, 'Book rental successful!')).toBeVisible();
  await expect(catcher.getByText('Rented Out')).toBeVisible();
  await expect(catcher.getByRole('button', { name: 'Rent' })).toBeDisabled();
  await expect(page.getByRole('tab', { name: 'Current Rentals (1)' })).toBeVisible();

  // Several copies: 'N of M available'; renting by ISBN through the scan dialog takes one.
  await search.fill('Gatsby');
  const gatsby = bookRow(page, 'The Great Gatsby');
  const before = Number((await gatsby.getByText(/ of 2 available/).textContent())!.split(' ')[0]);
  await page.getByRole('button', { name: 'Scan Barcode or Enter ISBN' }).click();
  const scan = page.getByRole('dialog', { name: 'Scan Book ISBN' });
  await scan.getByRole('button', { name: "Can't find a barcode? Enter Manually" }).click();
  // Only the length is checked here, not the check digit: renting finds the library's own record, which may
  // carry an ISBN misprinted on the book.
  await scan.getByRole('textbox', { name: 'ISBN' }).fill('978-0-7432-7356-4');
  await scan.getByRole('button', { name: 'Look Up Book' }).click();
  await expect(page.getByRole('dialog', { name: 'Confirm Book' })).toBeVisible();
  await page.getByRole('dialog', { name: 'Confirm Book' }).getByRole('button', { name: 'Scan Again' }).click();
  await scan.getByRole('textbox', { name: 'ISBN' }).fill('978-0-7432-7356-5');
  await scan.getByRole('button', { name: 'Look Up Book' }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm Book' });
  await expect(confirm.getByText('The Great Gatsby')).toBeVisible();
  await confirm.getByRole('button', { name: 'Confirm Book' }).click();
  await expect(confirm).toBeHidden();
  await expect(gatsby.getByText(`${before - 1} of 2 available`)).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Current Rentals (2)' })).toBeVisible();
  // The dialog closed as the rent began: focus went back to the button that opened it, not to the page.
  await expect(page.getByRole('button', { name: 'Scan Barcode or Enter ISBN' })).toBeFocused();

  await page.getByRole('tab', { name: 'Current Rentals (2)' }).click();
  const rentals = page.getByTestId('kiosk-rental');
  await expect(rentals).toHaveCount(2);
  await expect(rentals.first()).toContainText('The Great Gatsby');
  await expect(rentals.first()).toContainText('Rented on');
  await rentals.filter({ hasText: 'The Catcher in the Rye' }).getByRole('button', { name: 'Return' }).click();
  const dialog = page.getByRole('dialog', { name: 'Return Book' });
  await expect(dialog.getByText('Are you sure you want to return The Catcher in the Rye?')).toBeVisible();
  const release = await hold(page, 'rentals.return');
  await dialog.getByRole('button', { name: 'Return Book' }).click();
  // While it runs, Escape does what the disabled Cancel does: the dialog stays until the answer,
  // and the busy button keeps focus (disabled, it would drop it behind the dialog).
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeDisabled();
  await expect(dialog.getByRole('button', { name: 'Return Book' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeVisible();
  release();
  await expect(toastSaying(page, 'Book returned successfully!')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('tab', { name: 'Current Rentals (1)' })).toBeVisible();
  await expect(rentals).toHaveCount(1);
  // The one confirmed went back, not the other.
  await expect(rentals).toContainText('The Great Gatsby');
  await expect(rentals.filter({ hasText: 'The Catcher in the Rye' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome!' })).toBeVisible();
  await expect(display(page)).toHaveValue('');
  await expect(page.getByText('Walter Walkin')).toHaveCount(0);
});

test('a known patron signs in by phone and sees their current rentals', async ({ page }) => {
  await openKiosk(page);
  await signInByPhone(page, '5550100001');
  await expect(toastSaying(page, 'Customer "Ada Lovelace" found.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Ada Lovelace' })).toBeVisible();
  const tab = page.getByRole('tab', { name: /^Current Rentals \(\d+\)$/ });
  await tab.click();
  // The tab reads (0) until the rentals arrive: read the count once it is Ada's.
  await expect(tab).toHaveText(/\([1-9]\d*\)$/);
  const count = Number((await tab.textContent())!.match(/\((\d+)\)/)![1]);
  await expect(page.getByTestId('kiosk-rental')).toHaveCount(count);

  // Once they log out, nothing of theirs stays on the terminal: not in its saved copy, not asked for again.
  const savedCopy = () => page.evaluate(() => localStorage.getItem('scroll-library.offline-cache') ?? '');
  await expect.poll(savedCopy).toContain('ada@scroll.test');
  const askedAfter: string[] = [];
  page.on('request', (request) => {
    if (/rentals\.list/.test(request.url())) askedAfter.push(request.url());
  });
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome!' })).toBeVisible();
  await expect.poll(savedCopy).not.toContain('ada@scroll.test');
  expect(askedAfter).toEqual([]);
});

test("a patron's rentals read as they sign in, answered after their first rent, do not hide that rent", async ({ page }) => {
  const { library } = await librarianLibraryWith(page, 'Late Kiosk', [{ title: 'Late Answer Atlas', author: 'Kiosk', quantity: 2 }]);
  await logIn(page, demo.librarian);
  const phone = `555${String(Date.now()).slice(-7)}`;
  await postOk(page, '/_api/customer/register', { libraryId: library.id, displayName: 'Lena Late', email: uniqueEmail('late'), phoneNumber: phone });
  await page.goto(`/kiosk/${library.id}`);
  await expect(page.getByRole('heading', { name: 'Welcome!' })).toBeVisible();

  // Their rentals are asked as they sign in, and the answer (none yet) reaches the page only after the rent below.
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  let held = false;
  await page.route(trpcCall('rentals.list'), async (route) => {
    if (held) return route.continue();
    held = true;
    const response = await route.fetch();
    await released;
    await route.fulfill({ response }).catch(() => undefined);
  });
  await signInByPhone(page, phone);
  await expect(page.getByRole('heading', { name: 'Lena Late' })).toBeVisible();
  await expect.poll(() => held).toBe(true);

  await page.getByPlaceholder('Search by title or author...').fill('late answer');
  const rented = page.waitForResponse(trpcCall('rentals.kioskRent'));
  await bookRow(page, 'Late Answer Atlas').getByRole('button', { name: 'Rent' }).click();
  expect((await rented).status()).toBe(200);
  release();
  await expect(toastSaying(page, 'Book rental successful!')).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Current Rentals (1)' })).toBeVisible();
  await page.getByRole('tab', { name: 'Current Rentals (1)' }).click();
  await expect(page.getByTestId('kiosk-rental').filter({ hasText: 'Late Answer Atlas' })).toBeVisible();
});

test('a book the patron has out says so at the kiosk, its Rent offering no second copy, until it is returned', async ({ page }) => {
  const { library } = await librarianLibraryWith(page, 'Own Copy', [
    { title: 'Owned Ocean Atlas', author: 'Kiosk', quantity: 3 },
    { title: 'Other Ocean Atlas', author: 'Kiosk', quantity: 3 },
  ]);
  await logIn(page, demo.librarian);
  const phone = `555${String(Date.now()).slice(-7)}`;
  await postOk(page, '/_api/customer/register', { libraryId: library.id, displayName: 'Owen Owner', email: uniqueEmail('owner'), phoneNumber: phone });
  await page.goto(`/kiosk/${library.id}`);
  await expect(page.getByRole('heading', { name: 'Welcome!' })).toBeVisible();
  await signInByPhone(page, phone);
  await expect(page.getByRole('heading', { name: 'Owen Owner' })).toBeVisible();

  await page.getByPlaceholder('Search by title or author...').fill('ocean atlas');
  const owned = bookRow(page, 'Owned Ocean Atlas');
  const other = bookRow(page, 'Other Ocean Atlas');
  await owned.getByRole('button', { name: 'Rent' }).click();
  await expect(toastSaying(page, 'Book rental successful!')).toBeVisible();
  // Two copies are still in, but this patron has one.
  await expect(owned.getByText('2 of 3 available')).toBeVisible();
  await expect(owned.getByText('You have this book')).toBeVisible();
  await expect(owned.getByRole('button', { name: 'Rent' })).toBeDisabled();
  await expect(other.getByText('You have this book')).toHaveCount(0);
  await expect(other.getByRole('button', { name: 'Rent' })).toBeEnabled();

  await page.getByRole('tab', { name: 'Current Rentals (1)' }).click();
  await page.getByTestId('kiosk-rental').getByRole('button', { name: 'Return' }).click();
  await page.getByRole('dialog', { name: 'Return Book' }).getByRole('button', { name: 'Return Book' }).click();
  await expect(toastSaying(page, 'Book returned successfully!')).toBeVisible();
  await page.getByRole('tab', { name: 'Rent a Book' }).click();
  await expect(owned.getByText('3 of 3 available')).toBeVisible();
  await expect(owned.getByText('You have this book')).toHaveCount(0);
  await expect(owned.getByRole('button', { name: 'Rent' })).toBeEnabled();
});

test('a book the patron has out, scanned at the kiosk, is one they bring back: its return is asked, not a second rent refused', async ({ page }) => {
  await logIn(page, demo.librarian);
  const library = await postOk(page, '/_api/libraries', { name: `Scan Back ${Date.now()}` });
  const stamp = String(Date.now()).slice(-8);
  const [tides, maps] = [isbn13(`978${stamp}1`), isbn13(`978${stamp}2`)];
  await postOk(page, '/_api/library/books', { libraryId: library.id, isbn: tides, title: 'Tide Tables Returned', author: 'Kiosk', quantity: 2 });
  await postOk(page, '/_api/library/books', { libraryId: library.id, isbn: maps, title: 'Maps Kept Longer', author: 'Kiosk', quantity: 2 });
  const phone = `555${stamp.slice(-7)}`;
  const { user } = await postOk(page, '/_api/customer/register', { libraryId: library.id, displayName: 'Bea Back', email: uniqueEmail('back'), phoneNumber: phone });
  for (const isbn of [maps, tides]) await postOk(page, '/_api/kiosk/rental', { isbn, libraryId: library.id, customerId: user.id });
  await page.goto(`/kiosk/${library.id}`);
  await signInByPhone(page, phone);
  await expect(page.getByRole('tab', { name: 'Current Rentals (2)' })).toBeVisible();

  const rents = callsTo(page, 'rentals.kioskRent');
  const scanButton = page.getByRole('button', { name: 'Scan Barcode or Enter ISBN' });
  const scanIsbn = async (isbn: string) => {
    await scanButton.click();
    const scan = page.getByRole('dialog', { name: 'Scan Book ISBN' });
    await scan.getByRole('button', { name: "Can't find a barcode? Enter Manually" }).click();
    await scan.getByRole('textbox', { name: 'ISBN' }).fill(isbn);
    await scan.getByRole('button', { name: 'Look Up Book' }).click();
    await page.getByRole('dialog', { name: 'Confirm Book' }).getByRole('button', { name: 'Confirm Book' }).click();
  };
  const dialog = page.getByRole('dialog', { name: 'Return Book' });
  const rentalsTab = page.getByRole('tab', { name: /^Current Rentals/ });
  const returnOf = (title: string) => page.getByTestId('kiosk-rental').filter({ hasText: title }).getByRole('button', { name: 'Return' });

  // Its ISBN-10, as older books print it: the same book.
  await scanIsbn(isbn13To10(tides)!);
  await expect(dialog.getByText('Are you sure you want to return Tide Tables Returned?')).toBeVisible();
  await expect(rentalsTab).toHaveAttribute('aria-selected', 'true');
  // The dialog has the focus, on its way forward, as each step of the scan before it.
  await expect(dialog.getByRole('button', { name: 'Return Book' })).toBeFocused();
  // Called off, it closes onto that rental, as one opened from its row does.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(returnOf('Tide Tables Returned')).toBeFocused();

  // The scanner, opened and closed again, gives the focus back to its button as before.
  await page.getByRole('tab', { name: 'Rent a Book' }).click();
  await scanButton.click();
  await page.getByRole('dialog', { name: 'Scan Book ISBN' }).getByRole('button', { name: 'Cancel' }).click();
  await expect(scanButton).toBeFocused();

  await scanIsbn(tides);
  await expect(dialog.getByRole('button', { name: 'Return Book' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(toastSaying(page, 'Book returned successfully!')).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Current Rentals (1)' })).toBeVisible();
  // Returned, focus goes to the rental now in its place.
  await expect(returnOf('Maps Kept Longer')).toBeFocused();
  expect(rents).toEqual([]);
  await expect(toastSaying(page, 'You have already rented this book.')).toHaveCount(0);
});

test("a book this library does not hold is said so at the kiosk's Confirm Book, before the patron is asked to confirm it", async ({ page }) => {
  await logIn(page, demo.librarian);
  const library = await postOk(page, '/_api/libraries', { name: `Kiosk Not Held ${Date.now()}` });
  await page.goto(`/kiosk/${library.id}`);
  await signInByPhone(page, '5550100001');
  await expect(page.getByRole('heading', { name: 'Ada Lovelace' })).toBeVisible();
  await page.getByRole('button', { name: 'Scan Barcode or Enter ISBN' }).click();
  const scan = page.getByRole('dialog', { name: 'Scan Book ISBN' });
  await scan.getByRole('button', { name: "Can't find a barcode? Enter Manually" }).click();
  // Catalogued at Central Library, so the lookup knows it; this library holds no copy.
  await scan.getByRole('textbox', { name: 'ISBN' }).fill('9780451524935');
  await scan.getByRole('button', { name: 'Look Up Book' }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm Book' });
  await expect(confirm.getByRole('heading', { name: '1984' })).toBeVisible();
  await expect(confirm.getByRole('alert').filter({ hasText: /\S/ })).toHaveText('No book with ISBN 9780451524935 was found in this library.');
  const rents = callsTo(page, 'rentals.kioskRent');
  const confirmBook = confirm.getByRole('button', { name: 'Confirm Book' });
  await expect(confirmBook).toHaveAttribute('aria-disabled', 'true');
  // Pressed all the same (Playwright would wait for it to be enabled): nothing happens.
  await confirmBook.click({ force: true });
  await page.waitForTimeout(300);
  await expect(confirm).toBeVisible();
  expect(rents).toEqual([]);
  await confirm.getByRole('button', { name: 'Scan Again' }).click();
  await expect(scan.getByRole('textbox', { name: 'ISBN' })).toBeVisible();
});

test("a rental at the kiosk shows in the dashboard's book list when the app returns there", async ({ page }) => {
  await logIn(page, demo.librarian);
  await page.goto('/dashboard');
  await pickLibrary(page, 'Central Library');
  const badge = page.getByRole('article', { name: 'Pride and Prejudice' }).getByText(/^\d+ of \d+ available$/);
  const [available, quantity] = (await badge.textContent())!.match(/\d+/g)!.map(Number);
  expect(available).toBeGreaterThan(0);

  // Into the kiosk and back inside the app: no page load empties its cache.
  await page.getByRole('link', { name: 'Go to Kiosk' }).click();
  await signInByPhone(page, '5550100002');
  await expect(page.getByRole('heading', { name: 'Grace Hopper' })).toBeVisible();
  await page.getByPlaceholder('Search by title or author...').fill('pride');
  await bookRow(page, 'Pride and Prejudice').getByRole('button', { name: 'Rent' }).click();
  await expect(toastSaying(page, 'Book rental successful!')).toBeVisible();
  await page.getByRole('button', { name: 'Logout' }).click();
  // Back stays on the kiosk (a patron must not reach the dashboard that way), so the app itself navigates.
  await page.evaluate(() => window.history.pushState(null, '', '/dashboard'));
  await expect(badge).toHaveText(`${available - 1} of ${quantity} available`);
});

test("lists that fail to load say so in the kiosk's words, and load when tried again", async ({ page }) => {
  await openKiosk(page);
  await checksFindServerDown(page);
  let reachable = false;
  await page.route(/\/trpc\/[^?]*(books\.list|rentals\.list)/, (route) => (reachable ? route.continue() : route.abort()));
  await signInByPhone(page, '5550100003');
  await expect(page.getByRole('heading', { name: 'Alan Turing' })).toBeVisible();

  await page.getByPlaceholder('Search by title or author...').fill('the');
  await expect(page.getByRole('heading', { name: 'Error Fetching Books' })).toBeVisible();
  await expect(page.getByText('There was a problem searching for books. Please try again later.')).toBeVisible();

  await page.getByRole('tab', { name: /^Current Rentals/ }).click();
  await expect(page.getByText('Could not load current rentals.')).toBeVisible();
  // A list that did not load has no count: it is not zero rentals.
  await expect(page.getByRole('tab', { name: 'Current Rentals', exact: true })).toBeVisible();

  // Once the server answers again, each list loads when asked.
  await page.getByRole('tab', { name: 'Rent a Book' }).click();
  await expect(page.getByRole('heading', { name: 'Error Fetching Books' })).toBeVisible();
  reachable = true;
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByTestId('kiosk-book').first()).toBeVisible();
  await expect(page.getByText('Error Fetching Books')).toHaveCount(0);

  await page.getByRole('tab', { name: /^Current Rentals/ }).click();
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByTestId('kiosk-rental').first().or(page.getByText('No books currently rented.'))).toBeVisible();
  await expect(page.getByText('Could not load current rentals.')).toHaveCount(0);
  await expect(page.getByRole('tab', { name: /^Current Rentals \(\d+\)$/ })).toBeVisible();
});

test('a kiosk whose lists could not reach the server shows them again by itself once the server answers, nobody at it', async ({ page }) => {
  await openKiosk(page);
  await signInByPhone(page, '5550100003');
  await expect(page.getByRole('heading', { name: 'Alan Turing' })).toBeVisible();
  const outage = await serverOutage(page);
  await page.getByPlaceholder('Search by title or author...').fill('the');
  await expect(page.getByRole('heading', { name: 'Error Fetching Books' })).toBeVisible();

  outage.end();
  await expect(page.getByTestId('kiosk-book').first()).toBeVisible();
  await expect(page.getByText('Error Fetching Books')).toHaveCount(0);
});

test('a lookup that fails to reach the server does not offer to register the number', async ({ page }) => {
  await openKiosk(page);
  await page.route(trpcCall('kiosk.lookupCustomer'), (route) => route.abort());
  await signInByPhone(page, '5550100003');
  await expect(shownAlert(page)).toContainText('Could not reach the server.');
  await expect(shownAlert(page)).not.toContainText('No customer found');
  await expect(page.getByRole('button', { name: 'Register New Customer' })).toHaveCount(0);

  // Once it answers, an unknown number may be registered.
  await page.unroute(trpcCall('kiosk.lookupCustomer'));
  await keypad(page).getByRole('button', { name: 'Delete' }).click();
  await typeOnKeypad(page, '9');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(shownAlert(page)).toContainText('No customer found with this phone number.');
  await expect(page.getByRole('button', { name: 'Register New Customer' })).toBeVisible();

  // Registration may be given up: Cancel goes back to the phone entry.
  await page.getByRole('button', { name: 'Register New Customer' }).click();
  await expect(page.getByRole('heading', { name: 'New Customer Registration' })).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('heading', { name: 'New Customer Registration' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Welcome!' })).toBeVisible();
});

test('the keypad holds at most 15 digits and refuses fewer than 10', async ({ page }) => {
  await openKiosk(page);
  await expect(display(page)).toHaveAttribute('readonly', '');
  await typeOnKeypad(page, '12345678901234567');
  await expect(display(page)).toHaveValue('123456789012345');
  await keypad(page).getByRole('button', { name: 'Delete' }).click();
  await expect(display(page)).toHaveValue('12345678901234');
  for (let i = 0; i < 5; i++) await keypad(page).getByRole('button', { name: 'Delete' }).click();
  await expect(display(page)).toHaveValue('123456789');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('Please enter a valid phone number.')).toBeVisible();
  // A terminal with a keyboard works too.
  await page.keyboard.press('0');
  await expect(display(page)).toHaveValue('1234567890');
  await expect(page.getByText('Please enter a valid phone number.')).toHaveCount(0);
});

test('on a terminal with a keyboard too, Enter after tapped digits logs in, and a key reached by Tab is pressed by Enter', async ({ page }) => {
  await openKiosk(page);
  await typeOnKeypad(page, '555');
  await page.keyboard.type('0100003');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Alan Turing' })).toBeVisible();
  await page.getByRole('button', { name: 'Logout' }).click();

  await expect(page.getByRole('heading', { name: 'Welcome!' })).toBeVisible();
  await keypad(page).getByRole('button', { name: '7', exact: true }).focus();
  await page.keyboard.press('Enter');
  await expect(display(page)).toHaveValue('7');
});

test('keys in quick succession all count, and a keyboard set to another script types its digits as 0 to 9', async ({ page }) => {
  await openKiosk(page);
  // Two taps before the page draws again: both digits.
  await clickTwiceAtOnce(keypad(page).getByRole('button', { name: '5', exact: true }));
  await expect(display(page)).toHaveValue('55');
  // An Arabic keyboard's digit keys name their own digits (Playwright's keyboard sends those as text only),
  // here all in one task, as a fast typist's or a keyboard wedge's keys may come.
  await page.evaluate(() => {
    for (const key of '٥٠١٠٠٠٠٣') document.body.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true }));
  });
  await expect(display(page)).toHaveValue(/^555.*0100.*003$/);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Alan Turing' })).toBeVisible();
});

test('while a number is being looked up, keys wait: the patron signed in is the one whose number was sent', async ({ page }) => {
  await openKiosk(page);
  const release = await hold(page, 'kiosk.lookupCustomer');
  await page.keyboard.type('5550100003');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Login' })).toHaveAttribute('aria-disabled', 'true');
  // A key pressed meanwhile changes nothing, as the keypad's, which is disabled.
  await page.keyboard.press('Backspace');
  await page.keyboard.press('2');
  await expect(display(page)).toHaveValue(/0003$/);
  release();
  await expect(page.getByRole('heading', { name: 'Alan Turing' })).toBeVisible();
});

test('an idle customer is warned, may stay, and is then signed out back to the phone screen', async ({ page }) => {
  // Shortened for the test: signed out after 8 s of no input, warned for the last 6 s.
  await openKiosk(page, '?inactivityMs=8000&inactivityWarningMs=6000');
  await signInByPhone(page, '5550100002');
  await expect(page.getByRole('heading', { name: 'Grace Hopper' })).toBeVisible();

  const warning = page.getByRole('dialog', { name: 'Are you still there?' });
  await expect(warning).toBeVisible();
  await expect(warning).toContainText(/signed out in \d seconds?/);
  await warning.getByRole('button', { name: "I'm still here" }).click();
  await expect(warning).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Grace Hopper' })).toBeVisible();

  await expect(warning).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Welcome!' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Grace Hopper' })).toHaveCount(0);
});

test('Logout leaves no toast naming the patron, and the idle warning shows over a dialog left open', async ({ page }) => {
  await openKiosk(page, '?inactivityMs=9000&inactivityWarningMs=4000');
  await signInByPhone(page, '5550100001');
  await expect(toastSaying(page, 'Customer "Ada Lovelace" found.')).toBeVisible();
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome!' })).toBeVisible();
  // At once, not after the toast's own 2 s.
  await expect(page.getByText(/Ada Lovelace/)).toHaveCount(0, { timeout: 500 });

  await signInByPhone(page, '5550100001');
  await page.getByRole('tab', { name: /^Current Rentals \([1-9]\d*\)$/ }).click();
  await page.getByTestId('kiosk-rental').first().getByRole('button', { name: 'Return' }).click();
  const confirm = page.getByRole('dialog', { name: 'Return Book' });
  await expect(confirm).toBeVisible();
  const warning = page.getByRole('dialog', { name: 'Are you still there?' });
  await expect(warning).toBeVisible({ timeout: 10_000 });
  // Clicked where it shows: a dialog over it would take the click (Playwright refuses to click through).
  await warning.getByRole('button', { name: "I'm still here" }).click({ timeout: 3_000 });
  await expect(warning).toBeHidden();
  await expect(confirm).toBeVisible();
});

test("a rent answered after the patron logged out says nothing to the next person", async ({ page }) => {
  const { library } = await librarianLibraryWith(page, 'Kiosk Leaving', [{ title: 'Leaving Early', author: 'Ann Exit' }]);
  await logIn(page, demo.librarian);
  await page.goto(`/kiosk/${library.id}`);
  await signInByPhone(page, `555${String(Date.now()).slice(-7)}`);
  await page.getByRole('button', { name: 'Register New Customer' }).click();
  await page.getByLabel(/^Full Name/).fill('Quick Leaver');
  await page.getByLabel(/^Email Address/).fill(uniqueEmail('leaver'));
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByRole('heading', { name: 'Quick Leaver' })).toBeVisible();
  await page.getByPlaceholder('Search by title or author...').fill('leaving');

  const release = await hold(page, 'rentals.kioskRent');
  await bookRow(page, 'Leaving Early').getByRole('button', { name: 'Rent' }).click();
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome!' })).toBeVisible();
  const rentToast = await watchFor(page, 'Book rental successful!');
  const answered = page.waitForResponse((response) => response.url().includes('rentals.kioskRent'));
  release();
  expect((await answered).status()).toBe(200);
  // The toast would come within a frame of the answer.
  await page.waitForTimeout(700);
  await expect(rentToast.seen).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Welcome!' })).toBeVisible();
});

test('a registration answered after the idle time cleared it signs nobody in on the next person\'s screen', async ({ page }) => {
  await openKiosk(page, '?inactivityMs=4000&inactivityWarningMs=2000');
  await signInByPhone(page, `555${String(Date.now()).slice(-7)}`);
  await page.getByRole('button', { name: 'Register New Customer' }).click();
  await page.getByLabel(/^Full Name/).fill('Slow Registrant');
  await page.getByLabel(/^Email Address/).fill(uniqueEmail('slowreg'));
  const release = await hold(page, 'kiosk.registerCustomer');
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome!' })).toBeVisible({ timeout: 15_000 });
  const registrant = await watchFor(page, 'Slow Registrant');
  const answered = page.waitForResponse((response) => response.url().includes('kiosk.registerCustomer'));
  release();
  expect((await answered).status()).toBe(200);
  // The toast and the customer screen would come within a frame of the answer.
  await page.waitForTimeout(700);
  await expect(registrant.seen).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Welcome!' })).toBeVisible();
});

test('a registration left idle is warned about before it is cleared, and may be kept', async ({ page }) => {
  await openKiosk(page, '?inactivityMs=6000&inactivityWarningMs=4000');
  const phone = `555${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
  await signInByPhone(page, phone);
  await page.getByRole('button', { name: 'Register New Customer' }).click();
  await page.getByLabel(/^Full Name/).fill('Walter Waiting');
  const warning = page.getByRole('dialog', { name: 'Are you still there?' });
  await expect(warning).toContainText(/this form will be cleared in \d seconds?/);
  await warning.getByRole('button', { name: "I'm still here" }).click();
  await expect(warning).toBeHidden();
  await expect(page.getByLabel(/^Full Name/)).toHaveValue('Walter Waiting');
});

test('a number typed or a registration left half done clears for the next person after the idle time', async ({ page }) => {
  const libraryId = await openKiosk(page, '?inactivityMs=3000');
  await typeOnKeypad(page, '555019');
  await expect(display(page)).toHaveValue(/555.*019/);
  await expect(display(page)).toHaveValue('', { timeout: 8_000 });

  // Time enough for the lookup and the tap on Register before the number is cleared, on a slow machine too.
  await page.goto(`/kiosk/${libraryId}?inactivityMs=6000`);
  const phone = `555${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
  await signInByPhone(page, phone);
  await expect(shownAlert(page)).toContainText('No customer found with this phone number.');
  await page.getByRole('button', { name: 'Register New Customer' }).click();
  await page.getByLabel(/^Full Name/).fill('Walter Walkaway');
  await expect(page.getByRole('heading', { name: 'Welcome!' })).toBeVisible({ timeout: 12_000 });
  await expect(page.getByText(`Registering with phone number ${phone}`)).toHaveCount(0);
  await expect(display(page)).toHaveValue('');
  await expect(page.getByText('No customer found with this phone number.')).toHaveCount(0);
});

test.describe('a kiosk that cannot open says why', () => {
  test('signed out', async ({ page }) => {
    await page.goto('/kiosk/1');
    await expect(page.getByRole('heading', { name: 'Authentication Error' })).toBeVisible();
    await expect(page.getByText('You must be logged in to access a kiosk.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Library Kiosk' })).toBeVisible();
    await page.getByRole('link', { name: 'Log In' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('an id that is not a number', async ({ page }) => {
    await logIn(page, demo.librarian);
    for (const id of ['abc', '1.5']) {
      await page.goto(`/kiosk/${id}`);
      await expect(page.getByRole('heading', { name: 'Invalid Library ID' })).toBeVisible();
      await expect(page.getByText('The library ID in the URL is not valid.')).toBeVisible();
      await expect(page.getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute('href', '/dashboard');
    }
  });

  test('a customer', async ({ page }) => {
    await logIn(page, demo.reader);
    const id = await libraryIdOf(page, 'Central Library');
    await page.goto(`/kiosk/${id}`);
    await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
    await expect(page.getByText("You do not have permission to access this library's kiosk.")).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Welcome!' })).toHaveCount(0);
    // The kiosk's frame has no header: the notice has the way back.
    await page.getByRole('link', { name: 'Go to Dashboard' }).click();
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  });

  test('a library that does not exist', async ({ page }) => {
    await logIn(page, demo.librarian);
    await page.goto('/kiosk/999999');
    await expect(page.getByRole('heading', { name: 'Library Not Found' })).toBeVisible();
    await expect(page.getByText('No library found with the ID: 999999.')).toBeVisible();

    // Past any id the database can hold: still a missing library, not a failed read to try again.
    await page.goto('/kiosk/99999999999');
    await expect(page.getByRole('heading', { name: 'Library Not Found' })).toBeVisible();
    await expect(page.getByText('No library found with the ID: 99999999999.')).toBeVisible();
    await expect(page.getByText('Error fetching library:')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Try again' })).toHaveCount(0);
  });

  test('a library read that fails is not a missing library, and can be asked again', async ({ page }) => {
    await logIn(page, demo.librarian);
    const id = await libraryIdOf(page, 'Central Library');
    await checksFindServerDown(page);
    await page.route(trpcCall('libraries.get'), (route) => route.abort('connectionrefused'));
    await page.goto(`/kiosk/${id}`);
    const alert = page.getByRole('alert').filter({ hasText: 'Error fetching library:' });
    await expect(alert).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Library Not Found' })).toHaveCount(0);

    await page.unroute(trpcCall('libraries.get'));
    await alert.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('heading', { name: 'Welcome!' })).toBeVisible();
    await expect(alert).toHaveCount(0);
  });
});

test('with a number not found, the phone screen shows whole, footer and Login included, on a landscape tablet, a portrait one and a laptop; a phone scrolls, never sideways', async ({ page }) => {
  await openKiosk(page);
  for (const [width, height] of [[1024, 768], [768, 1024], [1280, 800], [360, 640]]) {
    const screen = `${width} x ${height}`;
    await page.setViewportSize({ width, height });
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Welcome!' })).toBeVisible();
    await signInByPhone(page, `555${String(Date.now()).slice(-7)}`);
    const registerButton = page.getByRole('alert').getByRole('button', { name: 'Register New Customer' });
    await expect(registerButton).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), screen).toBe(true);
    if (width === 360) continue;
    expect(await page.evaluate(() => document.documentElement.scrollHeight <= window.innerHeight), screen).toBe(true);
    for (const part of [page.getByRole('banner'), registerButton, keypad(page), page.getByRole('button', { name: 'Login' }), page.getByRole('contentinfo')]) {
      await expect(part, screen).toBeInViewport({ ratio: 1 });
    }
  }
});

test("after Logout the phone screen starts at its top, the library's name in view, wherever the patron had scrolled", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 640 });
  await openKiosk(page);
  // Login is below the fold of a phone: pressing it scrolls the page.
  await signInByPhone(page, '5550100001');
  await expect(page.getByRole('heading', { name: 'Ada Lovelace' })).toBeVisible();
  // Books found make the screen long enough to scroll: a little further down, Logout is still in view.
  await page.getByLabel('Search books').fill('the');
  await expect(page.getByTestId('kiosk-book').first()).toBeVisible();
  // They read a while: the toast that found them has gone.
  await expect(page.getByText('Customer "Ada Lovelace" found.')).toHaveCount(0);
  await page.evaluate(() => window.scrollTo(0, 100));
  expect(await page.evaluate(() => window.scrollY)).toBe(100);
  const logout = page.getByRole('button', { name: 'Logout' });
  await expect(logout).toBeInViewport({ ratio: 1 });
  await logout.click();
  await expect(page.getByRole('heading', { name: 'Welcome!' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Central Library' })).toBeInViewport({ ratio: 1 });
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
});

test("the Return Book dialog's Cancel and Return Book share their row, or stand one under the other at full width: on a phone and on a desktop", async ({ page }) => {
  await openKiosk(page);
  await signInByPhone(page, '5550100001');
  await page.getByRole('tab', { name: /^Current Rentals \([1-9]\d*\)$/ }).click();
  await page.getByTestId('kiosk-rental').first().getByRole('button', { name: 'Return' }).click();
  const dialog = page.getByRole('dialog', { name: 'Return Book' });
  const buttons = dialog.getByRole('button', { name: /^(Cancel|Return Book)$/ });
  await expect(buttons).toHaveCount(2);
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 700 });
    await expect.poll(() => spareWidthBeside(buttons), `${width} px`).toBeLessThanOrEqual(1);
  }
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
});

test("on a narrow phone the customer's name, Logout and a rental's date read whole", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 780 });
  await openKiosk(page);
  // Ada Lovelace has a book out in the demo data.
  await signInByPhone(page, '5550100001');
  const name = page.getByRole('heading', { name: 'Ada Lovelace' });
  await expect(name).toBeVisible();
  expect(await name.evaluate((el) => el.scrollHeight <= el.clientHeight && el.scrollWidth <= el.clientWidth)).toBe(true);
  const logout = page.getByRole('button', { name: 'Logout' });
  expect(await logout.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);

  await page.getByRole('tab', { name: /^Current Rentals/ }).click();
  const date = page.getByTestId('kiosk-rental').first().getByText(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/);
  await expect(date).toBeVisible();
  // The date wraps as a whole, if at all: one line box.
  expect(await date.evaluate((el) => el.getClientRects().length)).toBe(1);
});

test('on the narrowest phones (320 px) the keypad, Register New Customer, the scan button and the badges read whole; Rent and Return name their book', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 700 });
  await openKiosk(page);
  const whole = (locator: Locator) => locator.evaluate((el) => el.scrollWidth <= el.clientWidth && el.scrollHeight <= el.clientHeight);
  const inside = async (inner: Locator, outer: Locator) => {
    const [a, b] = [await inner.boundingBox(), await outer.boundingBox()];
    return !!a && !!b && a.x >= b.x && a.x + a.width <= b.x + b.width;
  };
  for (const digit of ['1', '5', '0']) expect(await whole(keypad(page).getByRole('button', { name: digit, exact: true }).locator('.mantine-Button-label')), digit).toBe(true);

  await signInByPhone(page, `555${String(Date.now()).slice(-7)}`);
  const alert = page.getByRole('alert').filter({ hasText: 'No customer found' });
  const registerButton = alert.getByRole('button', { name: 'Register New Customer' });
  await expect(registerButton).toBeVisible();
  expect(await inside(registerButton, alert)).toBe(true);
  expect(await whole(registerButton.locator('.mantine-Button-label'))).toBe(true);

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Welcome!' })).toBeVisible();
  await signInByPhone(page, '5550100001');
  await expect(page.getByRole('heading', { name: 'Ada Lovelace' })).toBeVisible();
  const scan = page.getByRole('button', { name: 'Scan Barcode or Enter ISBN' });
  expect(await whole(scan.locator('.mantine-Button-label'))).toBe(true);
  await page.getByLabel('Search books').fill('the');
  const row = page.getByTestId('kiosk-book').first();
  await expect(row).toBeVisible();
  // A screen reader hears how many were found.
  await expect(page.getByRole('status').filter({ hasText: 'found for "the"' })).toHaveText(/^\d+ books? found for "the"$/);
  for (const badge of await page.getByTestId('kiosk-book').locator('.mantine-Badge-label').all()) expect(await whole(badge), await badge.textContent() ?? '').toBe(true);
  const title = await row.getByRole('heading', { level: 3 }).textContent();
  await expect(row.getByRole('button', { name: 'Rent' })).toHaveAccessibleDescription(title!);
  await expect(page.getByRole('article', { name: title! }).first()).toBeVisible();

  await page.getByRole('tab', { name: /^Current Rentals/ }).click();
  const rental = page.getByTestId('kiosk-rental').first();
  const rentalTitle = await rental.getByRole('heading', { level: 3 }).textContent();
  await expect(rental.getByRole('button', { name: 'Return' })).toHaveAccessibleDescription(rentalTitle!);
});

test("on a phone, the signed-in patron's name reads in whole words, Logout going under it when the two do not fit side by side", async ({ page }) => {
  await logIn(page, demo.librarian);
  const library = await postOk(page, '/_api/libraries', { name: `Long Names ${Date.now()}` });
  const phone = `555${String(Date.now()).slice(-7)}`;
  const name = 'Bartholomew Maximilian Fitzgerald-Worthington';
  await postOk(page, '/_api/customer/register', { libraryId: library.id, displayName: name, email: uniqueEmail('longname'), phoneNumber: phone });
  await page.goto(`/kiosk/${library.id}`);
  await signInByPhone(page, phone);
  const heading = page.getByRole('heading', { name });
  for (const width of [320, 360, 390, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    // Every line ends at a space or a hyphen: no word is cut.
    const lines = await textLines(heading);
    expect(lines.join(''), `at ${width} px`).toBe(name);
    for (const line of lines.slice(0, -1)) expect(line, `at ${width} px: ${JSON.stringify(lines)}`).toMatch(/[ -]$/);
    await expect(page.getByRole('button', { name: 'Logout' })).toBeInViewport();
  }
});

/** Where each key of the keypad, and Login, stands on the screen. */
const keyPlaces = (page: Page) =>
  page
    .getByRole('main')
    .getByRole('button', { name: /^(\d|Delete|Login)$/ })
    .evaluateAll((keys) =>
      keys.map((key) => {
        const { x, y, width, height } = key.getBoundingClientRect();
        return { key: key.getAttribute('aria-label') ?? key.textContent, x, y, width, height };
      }),
    );

test("on the phone screen a number too short is said under the number, leaving the keypad and Login where the patron's finger is; one nobody has offers Register there", async ({ page }) => {
  await openKiosk(page);
  for (const [width, height] of [[320, 640], [360, 640], [768, 1024]]) {
    const screen = `${width} x ${height}`;
    await page.setViewportSize({ width, height });
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Welcome!' })).toBeVisible();
    const login = page.getByRole('button', { name: 'Login' });
    await typeOnKeypad(page, '555');
    // On a phone the patron scrolls down just far enough to reach Login.
    await login.evaluate((button) => button.scrollIntoView({ block: 'end' }));
    const places = await keyPlaces(page);
    expect(places, screen).toHaveLength(12);

    await login.click();
    const tooShort = shownAlert(page).filter({ hasText: 'Please enter a valid phone number.' });
    await expect(tooShort, screen).toBeInViewport({ ratio: 1 });
    await expect(display(page), screen).toBeInViewport({ ratio: 1 });
    expect(await keyPlaces(page), `${screen}: too short`).toEqual(places);

    await typeOnKeypad(page, String(Date.now()).slice(-7));
    await expect(tooShort).toHaveCount(0);
    expect(await keyPlaces(page), `${screen}: number typed`).toEqual(places);
    await login.click();
    const unknown = shownAlert(page).filter({ hasText: 'No customer found with this phone number.' });
    // The patron's next step is Register, in the message: it takes the room it needs.
    await expect(unknown.getByRole('button', { name: 'Register New Customer' }), screen).toBeInViewport({ ratio: 1 });
    // Near the number: straight under its field.
    const [field, message] = [await display(page).boundingBox(), await unknown.boundingBox()];
    expect(message!.y - (field!.y + field!.height), screen).toBeLessThanOrEqual(16);
  }
});

test("a long library name keeps the kiosk's header to two lines on a phone, cut between words and ending in an ellipsis, its whole name still the heading's", async ({ page }) => {
  await logIn(page, demo.librarian);
  const name = `The Royal Borough of Kensington and Chelsea Central Lending Library, branch ${Date.now()}`;
  const library = await postOk(page, '/_api/libraries', { name });
  await page.goto(`/kiosk/${library.id}`);
  const header = page.getByRole('banner');
  const heading = header.getByRole('heading', { level: 1, name, exact: true });
  // How many lines show, and whether some of the name is cut off (for its ellipsis).
  const shown = () =>
    heading.evaluate((el) => ({ lines: Math.round(el.clientHeight / parseFloat(getComputedStyle(el).lineHeight)), cut: el.scrollHeight > el.clientHeight }));
  for (const width of [320, 360, 1280]) {
    await page.setViewportSize({ width, height: 700 });
    await expect(heading).toBeVisible();
    // Every line ends at a space: no word is cut.
    const lines = await textLines(heading);
    expect(lines.join(''), `at ${width} px`).toBe(name);
    for (const line of lines.slice(0, -1)) expect(line, `at ${width} px: ${JSON.stringify(lines)}`).toMatch(/ $/);
    // The logo keeps its size beside the name, and nothing goes sideways off the screen.
    await expect(header.locator('img')).toBeInViewport({ ratio: 1 });
    expect((await header.locator('img').boundingBox())!.width, `at ${width} px`).toBeGreaterThanOrEqual(32);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), `at ${width} px`).toBe(true);
    if (width === 1280) {
      expect(await shown(), 'at 1280 px').toEqual({ lines: 1, cut: false });
      continue;
    }
    // Two lines of the name and the header's padding: whole, the name took six lines at 320 px (205 px).
    expect((await header.boundingBox())!.height, `at ${width} px`).toBeLessThanOrEqual(80);
    expect(await shown(), `at ${width} px`).toEqual({ lines: 2, cut: true });
  }
  // What the ellipsis hides is shown on hover too.
  await expect(heading).toHaveAttribute('title', name);
});

test('a number typed and deleted leaves nothing running behind it: the idle watch goes with the number', async ({ page }) => {
  await openKiosk(page);
  const cdp = await page.context().newCDPSession(page);
  // The idle watch listens on the window for the patron's taps and keys while a number is typed.
  const windowListeners = async () => {
    const { result } = await cdp.send('Runtime.evaluate', { expression: 'window' });
    const { listeners } = await cdp.send('DOMDebugger.getEventListeners', { objectId: result.objectId! });
    return listeners.length;
  };
  const before = await windowListeners();
  await typeOnKeypad(page, '5');
  expect(await windowListeners()).toBeGreaterThan(before);
  for (let i = 0; i < 3; i++) {
    await keypad(page).getByRole('button', { name: 'Delete' }).click();
    await expect(display(page)).toHaveValue('');
    expect(await windowListeners()).toBe(before);
    await typeOnKeypad(page, '5');
  }
});
