import { expect, type Page, test } from '@playwright/test';
import {
  callsTo,
  checksFindServerDown,
  clickTwiceAtOnce,
  demo,
  expectHeard,
  expectHeardOnce,
  librarianLibraryWith,
  listenLikeAScreenReader,
  pickLibrary,
  postOk,
  register,
  textLines,
  toastSaying,
  trpcCall,
  uniqueEmail,
} from './fixtures';

test.use({ serviceWorkers: 'block' });

const section = (page: Page, name: 'My Rentals' | 'Available to Rent') => page.getByRole('region', { name });

async function newCustomerAtCentral(page: Page, displayName: string) {
  await register(page, { displayName, email: uniqueEmail('patron'), password: 'Password123' });
  await page.goto('/dashboard');
  await expect(page).toHaveTitle('Dashboard | Scroll Library');
  await expect(page.getByText('Select a library to begin')).toBeVisible();
  await pickLibrary(page, 'Central Library');
}

test('a customer rents a book, sees it under My Rentals, returns it and reviews it', async ({ page }) => {
  await newCustomerAtCentral(page, 'Paula Patron');
  await expect(page.getByText('Welcome to the Library!')).toBeVisible();
  // The banner's steps, in their order: find, rent, and where rented books go.
  await expect(page.getByRole('region', { name: 'Welcome to the Library!' }).getByRole('listitem')).toHaveText([
    'Find a book you like under ‘Available to Rent’.',
    'Click Rent Book to borrow a copy.',
    'Your rented books appear under ‘My Rentals’, where you can return them.',
  ]);
  await expect(section(page, 'My Rentals').getByText('You have no active rentals.')).toBeVisible();

  const book = section(page, 'Available to Rent').getByRole('article').first();
  const title = (await book.getByRole('heading', { level: 3 }).textContent())!;
  await book.getByRole('button', { name: 'Rent Book' }).click();
  await expect(toastSaying(page, 'Book rental successful!')).toBeVisible();

  const rented = section(page, 'My Rentals').getByRole('article', { name: title });
  await expect(rented).toBeVisible();
  // When they rented it, as the profile says too.
  await expect(rented.getByText(/^Rented on: [A-Z][a-z]+ \d{1,2}, \d{4}$/)).toBeVisible();
  await expect(section(page, 'Available to Rent').getByRole('article', { name: title })).toHaveCount(0);
  await expect(page.getByText('Welcome to the Library!')).toHaveCount(0);
  // Nor at another library, where this patron has nothing out: they have a book, and know how.
  await pickLibrary(page, 'Riverside Branch');
  await expect(section(page, 'My Rentals').getByText('You have no active rentals.')).toBeVisible();
  await expect(page.getByText('Welcome to the Library!')).toHaveCount(0);
  await pickLibrary(page, 'Central Library');

  await rented.getByRole('button', { name: 'Return Book' }).click();
  await expect(toastSaying(page, 'Book returned successfully!')).toBeVisible();
  await expect(section(page, 'My Rentals').getByText('You have no active rentals.')).toBeVisible();
  const againAvailable = section(page, 'Available to Rent').getByRole('article', { name: title });
  await expect(againAvailable.getByRole('button', { name: 'Rent Book' })).toBeEnabled();

  await againAvailable.getByRole('button', { name: 'Reviews' }).click();
  const dialog = page.getByRole('dialog', { name: `Reviews for "${title}"` });
  await expect(dialog.getByRole('heading', { name: 'Leave a Review' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Submit Review' }).click();
  await expect(dialog.getByText('Rating is required.')).toBeVisible();
  // Said to whoever is on the stars too.
  await expect(dialog.getByRole('radiogroup', { name: 'Your rating' })).toHaveAccessibleDescription('Rating is required.');
  // The radios are visually hidden behind their star labels: click the fourth star.
  const fourStars = await dialog.getByRole('radio', { name: '4 stars' }).getAttribute('id');
  await dialog.locator(`label[for="${fourStars}"]`).click();
  await expect(dialog.getByText('Rating is required.')).toHaveCount(0);
  // Review text is shown as text, never as markup.
  await dialog.getByLabel('Your review (optional)').fill('Loved it <b>a lot</b> & more');
  // Two presses sent at once post it once: no second post refused as a second review.
  const posts = callsTo(page, 'reviews.post');
  await clickTwiceAtOnce(dialog.getByRole('button', { name: 'Submit Review' }));
  await expect(dialog.getByText('You have already reviewed this book.')).toBeVisible();
  await page.waitForTimeout(500);
  expect(posts).toEqual(['reviews.post']);
  await expect(page.getByText('You have already reviewed this book.')).toHaveCount(1);
  await expect(dialog.getByRole('heading', { name: 'Leave a Review' })).toHaveCount(0);
  const review = dialog.getByRole('listitem').filter({ hasText: 'Paula Patron' });
  await expect(review.getByText('Loved it <b>a lot</b> & more')).toBeVisible();
  await expect(review.getByRole('img', { name: 'Rated 4 out of 5' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
});

test("on a shared browser, the next person to sign in sees none of the last one's rentals", async ({ page }) => {
  await newCustomerAtCentral(page, 'First Patron');
  const book = section(page, 'Available to Rent').getByRole('article').first();
  const title = (await book.getByRole('heading', { level: 3 }).textContent())!;
  await book.getByRole('button', { name: 'Rent Book' }).click();
  await expect(section(page, 'My Rentals').getByRole('article', { name: title })).toBeVisible();

  // Everything from here on happens inside the app, without a page load that would empty its cache.
  await page.getByRole('button', { name: /^Hi, / }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await page.getByRole('link', { name: 'Sign Up' }).click();
  await page.getByLabel(/^Display Name( \*)?$/).fill('Second Patron');
  await page.getByLabel(/^Email( \*)?$/).fill(uniqueEmail('second'));
  await page.getByLabel(/^Password( \*)?$/).fill('Password123');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Hi, Second Patron')).toBeVisible();
  // The second patron's own answers are held back until released: until they come, nothing of the first one's may show.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  for (const call of ['rentals.mine', 'books.rentedByMe']) {
    await page.route(trpcCall(call), async (route) => {
      await held;
      await route.continue();
    });
  }
  await page.getByRole('link', { name: 'Dashboard', exact: true }).click();
  await pickLibrary(page, 'Central Library');
  await expect(section(page, 'My Rentals')).toBeVisible();
  // A cached answer would show at once, in place of the loading state; the held ones cannot land before release().
  await expect(section(page, 'My Rentals').getByLabel('Loading your rentals')).toBeVisible();
  await expect(page.getByRole('article', { name: title })).toHaveCount(0);
  await expect(section(page, 'My Rentals').getByRole('article')).toHaveCount(0);
  release();
  await expect(section(page, 'Available to Rent').getByRole('article').first()).toBeVisible();
  await expect(section(page, 'My Rentals').getByLabel('Loading your rentals')).toHaveCount(0);
  await expect(page.getByRole('article', { name: title }).filter({ hasText: 'Return Book' })).toHaveCount(0);
  await expect(section(page, 'My Rentals').getByText('You have no active rentals.')).toBeVisible();
  await expect(section(page, 'My Rentals').getByRole('article')).toHaveCount(0);
});

test('libraries that fail to load say so with Try again, and a library can be picked once they load', async ({ page }) => {
  await register(page, { displayName: 'Lou Libraries', email: uniqueEmail('libraries'), password: 'Password123' });
  await checksFindServerDown(page);
  let reachable = false;
  await page.route(trpcCall('libraries.list'), (route) => (reachable ? route.continue() : route.abort()));
  await page.goto('/dashboard');
  const failed = page.getByRole('alert').filter({ hasText: 'Error fetching libraries:' });
  await expect(failed).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText('Select a library to begin')).toHaveCount(0);

  reachable = true;
  await failed.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByText('Choose a library above to see its books.')).toBeVisible();
  await expect(failed).toHaveCount(0);
  await pickLibrary(page, 'Central Library');
  await expect(section(page, 'Available to Rent')).toBeVisible();
});

test('the welcome banner stays dismissed', async ({ page }) => {
  await newCustomerAtCentral(page, 'Dana Dismiss');
  const dismiss = page.getByRole('button', { name: 'Dismiss welcome message' });
  // A tap target a finger finds (WCAG 2.5.8: 24 px at least).
  const box = (await dismiss.boundingBox())!;
  expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(24);
  await dismiss.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Welcome to the Library!')).toHaveCount(0);
  // The focus goes on to what follows, not back to the top of the page.
  await expect(section(page, 'My Rentals').getByRole('heading', { name: 'My Rentals' })).toBeFocused();
  // The chosen library is remembered too; until the libraries are in, the page shows it rather than ask for a pick.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(trpcCall('libraries.list'), async (route) => {
    await held;
    await route.continue();
  });
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Available to Rent' })).toBeVisible();
  await expect(page.getByText('Select a library to begin')).toHaveCount(0);
  release();
  await expect(page.getByRole('combobox', { name: 'Library' })).toHaveValue('Central Library');
  await expect(section(page, 'Available to Rent').getByRole('article').first()).toBeVisible();
  await expect(page.getByText('Welcome to the Library!')).toHaveCount(0);
  // The demo library fits in one page of 50, so there is nothing more to load.
  await expect(page.getByRole('button', { name: 'Load more books' })).toHaveCount(0);
});

test("the welcome banner's title is a heading of the page's outline, under its one h1, looking as the banner's title did", async ({ page }) => {
  await newCustomerAtCentral(page, 'Hana Heading');
  await expect(section(page, 'Available to Rent').getByRole('article').first()).toBeVisible();
  const headings = page.getByRole('main').getByRole('heading');
  const outline = await headings.evaluateAll((found) => found.map((h) => `${h.getAttribute('aria-level') ?? h.tagName.slice(1)} ${h.textContent}`));
  // Then the books' titles, a level under their section's.
  expect(outline.slice(0, 4)).toEqual(['1 Dashboard', '2 Welcome to the Library!', '2 My Rentals', '2 Available to Rent']);
  expect(outline.slice(4).length).toBeGreaterThan(0);
  expect(outline.slice(4).filter((heading) => !heading.startsWith('3 '))).toEqual([]);
  const title = page.getByRole('region', { name: 'Welcome to the Library!' }).getByRole('heading', { level: 2, name: 'Welcome to the Library!' });
  await expect(title).toHaveCSS('font-size', '14px');
  await expect(title).toHaveCSS('font-weight', '700');
});

test('reviews show three placeholders while loading, and their error', async ({ page }) => {
  await newCustomerAtCentral(page, 'Rita Reviews');
  let fail = false;
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(trpcCall('reviews.list'), async (route) => {
    await released;
    if (fail) await route.fulfill({ status: 500, contentType: 'text/plain', body: 'upstream down' });
    else await route.continue();
  });
  const books = section(page, 'Available to Rent').getByRole('article');
  await books.nth(0).getByRole('button', { name: 'Reviews' }).click();
  await expect(page.getByTestId('reviews-loading').locator('.mantine-Skeleton-root')).toHaveCount(3);
  release();
  await expect(page.getByTestId('reviews-loading')).toHaveCount(0);
  await page.keyboard.press('Escape');

  fail = true;
  await books.nth(1).getByRole('button', { name: 'Reviews' }).click();
  const alert = page.getByRole('dialog').getByRole('alert');
  await expect(alert).toContainText('Could not load reviews', { timeout: 15_000 });
  await expect(alert).toContainText('Request failed with status 500');
  fail = false;
  await alert.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('dialog').getByRole('listitem').first().or(page.getByText('No reviews yet. Be the first to write one!'))).toBeVisible();
  await expect(page.getByRole('dialog').getByRole('alert')).toHaveCount(0);
});

test('a customer edits their profile', async ({ page }) => {
  await register(page, { displayName: 'Pat Profile', email: uniqueEmail('profile'), password: 'Password123' });
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'My Profile' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Personal Information' })).toBeVisible();

  const name = page.getByLabel(/^Display Name/);
  const email = page.getByLabel(/^Email/);
  await name.fill('  ');
  await email.focus();
  await expect(page.getByText('Display name cannot be empty.')).toBeVisible();
  await email.fill('not-an-email');
  await name.focus();
  await expect(page.getByText('Please enter a valid email address.')).toBeVisible();

  await email.fill(demo.reader.email);
  await name.fill('Patricia Profile');
  const listener = await listenLikeAScreenReader(page);
  await page.getByRole('button', { name: 'Save Changes' }).click();
  // Said on the form and in a toast, and read out once, at once (assertive): from the form.
  await expect(page.getByRole('main').getByRole('alert').filter({ hasText: 'Update failed: Email already in use' })).toBeVisible();
  await expect(toastSaying(page, 'Update failed: Email already in use')).toBeVisible();
  await expectHeardOnce(listener, 'Update failed: Email already in use', 'assertive');
  // The refused save changed nothing: the header still greets the old name.
  await expect(page.getByText('Hi, Pat Profile')).toBeVisible();
  // Sent again and refused on the page, the form says only why this time: the server's answer to the last save is gone.
  await email.fill('still-not-an-email');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Please enter a valid email address.')).toBeVisible();
  await expect(page.getByRole('main').getByText('Update failed: Email already in use')).toHaveCount(0);

  // Another tab of the browser greets the new name as soon as it is saved.
  const otherTab = await page.context().newPage();
  await otherTab.goto('/dashboard');
  await expect(otherTab.getByText('Hi, Pat Profile')).toBeVisible();
  await email.fill(uniqueEmail('renamed'));
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toastSaying(page, 'Profile updated successfully!')).toBeVisible();
  await expect(page.getByText('Hi, Patricia Profile')).toBeVisible();
  await expect(otherTab.getByText('Hi, Patricia Profile')).toBeVisible();
  await otherTab.close();
});

test("a profile save's answer replaces the last one's toast: a failure then a success leaves only the success", async ({ page }) => {
  const email = uniqueEmail('toasts');
  await register(page, { displayName: 'Tess Toasts', email, password: 'Password123' });
  await page.goto('/profile');
  const emailField = page.getByLabel(/^Email( \*)?$/);
  await expect(emailField).toHaveValue(email);
  await emailField.fill(demo.librarian.email);
  const listener = await listenLikeAScreenReader(page);
  await page.getByRole('button', { name: 'Save Changes' }).click();
  const toasts = page.locator('[data-rht-toaster]');
  await expect(toasts.getByText(/^Update failed: /)).toBeVisible();
  await emailField.fill(email);
  await page.getByLabel(/^Display Name( \*)?$/).fill('Tess Toasted');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toasts.getByText('Profile updated successfully!')).toBeVisible();
  // At once, not after a wait: the failure's toast would leave by itself after a few seconds.
  expect(await toasts.getByText(/^Update failed: /).count()).toBe(0);
  // The toast changed in place from the failure to the success: the success is read out too, waiting its turn.
  await expectHeard(listener, 'Profile updated successfully!', 'polite');
});

test("a profile open in another tab takes in a change saved in this one, so its own save never puts the old name or email back", async ({ page }) => {
  const email = uniqueEmail('twotabs');
  await register(page, { displayName: 'Tabitha Two', email, password: 'Password123' });
  await page.goto('/profile');
  const other = await page.context().newPage();
  await other.goto('/profile');
  const field = (tab: Page, label: string) => tab.getByLabel(new RegExp(`^${label}( \\*)?$`));
  await expect(field(other, 'Email')).toHaveValue(email);

  const newEmail = uniqueEmail('moved');
  await field(page, 'Display Name').fill('Tabitha Renamed');
  await field(page, 'Email').fill(newEmail);
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toastSaying(page, 'Profile updated successfully!')).toBeVisible();
  // The other tab's form follows, as its header does.
  await expect(field(other, 'Display Name')).toHaveValue('Tabitha Renamed');
  await expect(field(other, 'Email')).toHaveValue(newEmail);

  // A field being edited there keeps what was typed; the others still follow.
  await field(other, 'Phone Number').fill('5550142424');
  await field(page, 'Display Name').fill('Tabitha Third');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(field(other, 'Display Name')).toHaveValue('Tabitha Third');
  await expect(field(other, 'Phone Number')).toHaveValue('5550142424');
  await other.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toastSaying(other, 'Profile updated successfully!')).toBeVisible();
  const { user } = await (await page.request.get('/_api/auth/session')).json();
  expect(user).toMatchObject({ displayName: 'Tabitha Third', email: newEmail, phoneNumber: '5550142424' });
  await other.close();
});

test('on a phone, a toast leaves the header free: its menu answers a tap while the toast shows', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await register(page, { displayName: 'Toby Toast', email: uniqueEmail('toast'), password: 'Password123' });
  await page.goto('/profile');
  await page.getByLabel(/^Email( \*)?$/).fill(demo.reader.email);
  const listener = await listenLikeAScreenReader(page);
  await page.getByRole('button', { name: 'Save Changes' }).click();
  const toast = toastSaying(page, 'Update failed: Email already in use');
  await expect(toast).toBeVisible();
  // Read out at once, once: from the form (the toast is only shown).
  await expectHeardOnce(listener, 'Update failed: Email already in use', 'assertive');
  const header = await page.locator('header').boundingBox();
  // Where it comes to rest: it slides in from above, and a box read during that slide is not where it stays.
  await expect.poll(async () => (await toast.boundingBox())!.y).toBeGreaterThanOrEqual(header!.y + header!.height);
  // While the toast shows, a tap on the menu reaches the menu, not the toast.
  const menu = page.getByRole('button', { name: /^Hi, Toby/ });
  const box = (await menu.boundingBox())!;
  const tapped = await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.closest('button')?.textContent ?? 'nothing', { x: box.x + box.width / 2, y: box.y + box.height / 2 });
  expect(tapped).toContain('Hi, Toby Toast');
  await expect(toast).toBeVisible();
  await menu.click();
  await expect(page.getByRole('menuitem', { name: 'Log out' })).toBeVisible();
});

test("a customer searches the library's available books by title or author", async ({ page }) => {
  await newCustomerAtCentral(page, 'Sam Search');
  const available = section(page, 'Available to Rent');
  const books = available.getByRole('article');
  await expect(books.first()).toBeVisible();
  const everything = await books.count();

  await available.getByRole('searchbox', { name: 'Search books' }).fill('orwELL');
  await expect(books.filter({ hasNotText: 'George Orwell' })).toHaveCount(0);
  await expect(books.first()).toContainText('George Orwell');
  await available.getByRole('searchbox', { name: 'Search books' }).fill('no such book anywhere');
  await expect(available.getByText('No books match your search.')).toBeVisible();

  await available.getByRole('searchbox', { name: 'Search books' }).fill('');
  await expect(books).toHaveCount(everything);
  // The customer's own rentals are not searched away.
  await expect(section(page, 'My Rentals').getByText('You have no active rentals.')).toBeVisible();

  // The box holds no more than a search takes.
  await available.getByRole('searchbox', { name: 'Search books' }).fill('x'.repeat(250));
  await expect(available.getByRole('searchbox', { name: 'Search books' })).toHaveValue('x'.repeat(200));
  await expect(available.getByText('No books match your search.')).toBeVisible();
});

test('a search finds a book whose copies are all out, said so and not rentable, which browsing leaves out', async ({ page }) => {
  const { library, name: libraryName, isbns: [goneIsbn] } = await librarianLibraryWith(page, 'All Out', [
    { title: 'Every Copy Gone', author: 'Ada Absent' },
    { title: 'On The Shelf', author: 'Ada Absent', quantity: 2 },
  ]);
  // Another patron has the only copy.
  await register(page, { displayName: 'First Reader', email: uniqueEmail('first'), password: 'Password123' });
  await postOk(page, '/_api/books/rent', { isbn: goneIsbn, libraryId: library.id, customerId: 0 });
  await page.context().clearCookies();

  await register(page, { displayName: 'Second Reader', email: uniqueEmail('second'), password: 'Password123' });
  await page.goto('/dashboard');
  await pickLibrary(page, libraryName);
  const available = section(page, 'Available to Rent');
  await expect(available.getByRole('article', { name: 'On The Shelf' })).toBeVisible();
  await expect(available.getByRole('article', { name: 'Every Copy Gone' })).toHaveCount(0);

  await available.getByRole('searchbox', { name: 'Search books' }).fill('every copy');
  const gone = available.getByRole('article', { name: 'Every Copy Gone' });
  await expect(gone).toBeVisible();
  await expect(gone.getByText('0 of 1 available')).toBeVisible();
  await expect(gone.getByRole('button', { name: 'Rent Book' })).toBeDisabled();
  await expect(available.getByText('No books match your search.')).toHaveCount(0);
  await available.getByRole('searchbox', { name: 'Search books' }).fill('absent');
  await expect(available.getByRole('article')).toHaveCount(2);
  await expect(available.getByRole('article', { name: 'On The Shelf' }).getByRole('button', { name: 'Rent Book' })).toBeEnabled();

  // Two clicks sent at once (a double tap's ghost click) rent one copy, once.
  const calls = callsTo(page, 'rentals.rent');
  await clickTwiceAtOnce(available.getByRole('article', { name: 'On The Shelf' }).getByRole('button', { name: 'Rent Book' }));
  await expect(toastSaying(page, 'Book rental successful!')).toBeVisible();
  await expect(section(page, 'My Rentals').getByRole('article', { name: 'On The Shelf' })).toBeVisible();
  await page.waitForTimeout(500);
  expect(calls).toEqual(['rentals.rent']);
  await expect(page.getByText('You have already rented this book.')).toHaveCount(0);
  // Searched for, a book the reader has out is found, to return.
  await available.getByRole('searchbox', { name: 'Search books' }).fill('on the shelf');
  await expect(available.getByRole('article', { name: 'On The Shelf' }).getByRole('button', { name: 'Return Book' })).toBeEnabled();
  await expect(available.getByText('No books match your search.')).toHaveCount(0);

  // Browsing again: the one book with a copy left is out to this reader already, so nothing is left to rent.
  await available.getByRole('searchbox', { name: 'Search books' }).fill('');
  await expect(available.getByText('No books are currently available to rent.')).toBeVisible();
  await expect(available.getByRole('article')).toHaveCount(0);
});

test('a title and an author in a right-to-left script read right to left, the rest left to right', async ({ page }) => {
  const arabicTitle = 'ألف ليلة وليلة: الجزء 2!';
  const { name: libraryName } = await librarianLibraryWith(page, 'Both Ways', [
    { title: arabicTitle, author: 'مؤلف مجهول' },
    { title: 'Left To Right', author: 'Ada Latin' },
  ]);
  await register(page, { displayName: 'Rana Reader', email: uniqueEmail('rana'), password: 'Password123' });
  await page.goto('/dashboard');
  await pickLibrary(page, libraryName);
  const available = section(page, 'Available to Rent');
  const direction = (text: string) => available.getByText(text, { exact: true }).evaluate((element) => getComputedStyle(element).direction);
  await expect(available.getByRole('article', { name: arabicTitle })).toBeVisible();
  expect([await direction(arabicTitle), await direction('مؤلف مجهول'), await direction('Left To Right'), await direction('Ada Latin')]).toEqual(['rtl', 'rtl', 'ltr', 'ltr']);
});

test("offline, a new search says it is not loaded yet rather than showing the last search's books as its answer", async ({ page, context }) => {
  await newCustomerAtCentral(page, 'Otto Offline');
  const available = section(page, 'Available to Rent');
  const search = available.getByRole('searchbox', { name: 'Search books' });
  await search.fill('orwell');
  await expect(available.getByRole('article', { name: 'Animal Farm' })).toBeVisible();

  await context.setOffline(true);
  await search.fill('tolkien');
  await expect(available.getByText('Not loaded yet: this shows once you are back online.')).toBeVisible();
  await expect(available.getByRole('article')).toHaveCount(0);
  await expect(available.getByText('No books match your search.')).toHaveCount(0);

  await context.setOffline(false);
  await expect(available.getByRole('article').filter({ hasText: 'J. R. R. Tolkien' }).first()).toBeVisible();
  await expect(available.getByRole('article').filter({ hasNotText: 'J. R. R. Tolkien' })).toHaveCount(0);
});

/** Answers `procedure` with a server error of `message`, inside whatever batch it travels in; the batch's other calls are answered by the server. */
async function failCall(page: Page, procedure: string, message: string) {
  await page.route(trpcCall(procedure), async (route) => {
    const response = await route.fetch();
    const procedures = new URL(route.request().url()).pathname.replace(/^\/trpc\//, '').split(',');
    const error = { error: { json: { message, code: -32603, data: { code: 'INTERNAL_SERVER_ERROR', httpStatus: 500, path: procedure } } } };
    const batched = new URL(route.request().url()).searchParams.has('batch');
    const body = batched ? (await response.json()).map((answer: unknown, i: number) => (procedures[i] === procedure ? error : answer)) : error;
    await route.fulfill({ response, status: batched ? 207 : 500, json: body });
  });
}

test('each section of the customer dashboard says what it could not load, and only that', async ({ page }) => {
  await newCustomerAtCentral(page, 'Fay Failure');
  await expect(section(page, 'My Rentals').getByText('You have no active rentals.')).toBeVisible();

  await failCall(page, 'books.list', 'The shelves are unreachable.');
  await page.reload();
  await expect(section(page, 'Available to Rent').getByRole('alert')).toHaveText(/^Error fetching books: The shelves are unreachable\./);
  await expect(section(page, 'My Rentals').getByText('You have no active rentals.')).toBeVisible();
  await expect(section(page, 'My Rentals').getByRole('alert')).toHaveCount(0);

  await page.unrouteAll();
  await failCall(page, 'rentals.mine', 'The rentals are unreachable.');
  await page.reload();
  // Both sections are drawn from the customer's rentals: which books they hold, and which get Return Book.
  for (const name of ['My Rentals', 'Available to Rent'] as const) {
    await expect(section(page, name).getByRole('alert')).toHaveText(/^Error fetching rentals: The rentals are unreachable\./);
  }
  await page.unrouteAll();
  await section(page, 'My Rentals').getByRole('button', { name: 'Try again' }).click();
  await expect(section(page, 'My Rentals').getByText('You have no active rentals.')).toBeVisible();
  await expect(section(page, 'Available to Rent').getByRole('article').first()).toBeVisible();
});

test('in an outage, a failed rent frees its button at once, and the books on screen stay while the lists cannot be read again', async ({ page }) => {
  await newCustomerAtCentral(page, 'Otto Outage');
  const available = section(page, 'Available to Rent');
  const book = available.getByRole('article').first();
  await expect(book).toBeVisible();
  const title = (await book.getByRole('heading', { level: 3 }).textContent())!;
  const shown = await available.getByRole('article').count();

  // The server is out of reach: the rent fails, and the lists' refresh after it waits, then fails too.
  await checksFindServerDown(page);
  let release = () => {};
  const down = new Promise<void>((resolve) => (release = resolve));
  const lists = ['books.list', 'rentals.mine', 'books.rentedByMe'];
  for (const call of lists) {
    await page.route(trpcCall(call), async (route) => {
      await down;
      await route.abort();
    });
  }
  await page.route(trpcCall('rentals.rent'), (route) => route.abort());
  const rent = available.getByRole('article', { name: title }).getByRole('button', { name: /^(Rent Book|Renting\.\.\.)$/ });
  await rent.click();
  await expect(toastSaying(page, 'Could not reach the server. Check your connection and try again.')).toBeVisible();
  // Told it failed, the user is not shown it still running while the refresh hangs.
  await expect(rent).toHaveText('Rent Book');

  release();
  await expect(available.getByRole('alert')).toHaveText(/^Error fetching books:/, { timeout: 15_000 });
  await expect(section(page, 'My Rentals').getByRole('alert')).toHaveText(/^Error fetching (books|rentals):/);
  // What was on screen stays, under the failure.
  await expect(available.getByRole('article')).toHaveCount(shown);
  await expect(section(page, 'My Rentals').getByText('You have no active rentals.')).toBeVisible();

  for (const call of [...lists, 'rentals.rent']) await page.unroute(trpcCall(call));
  await available.getByRole('button', { name: 'Try again' }).click();
  await expect(available.getByRole('alert')).toHaveCount(0);
  await expect(available.getByRole('article', { name: title })).toBeVisible();
});

test('My Rentals shows the latest five, the rest on request, so Available to Rent stays near', async ({ page }) => {
  // A library of its own, with eight single-copy books.
  const titles = Array.from({ length: 8 }, (_, i) => `Loan ${String.fromCharCode(65 + i)}`);
  const { library, name: libraryName, isbns } = await librarianLibraryWith(page, 'Long Loans', titles.map((title) => ({ title, author: 'Many Loans' })));
  await register(page, { displayName: 'Lena Loans', email: uniqueEmail('loans'), password: 'Password123' });
  // Six rented one after the other: Loan A first, Loan F last.
  for (const isbn of isbns.slice(0, 6)) await postOk(page, '/_api/books/rent', { isbn, libraryId: library.id, customerId: 0 });
  await page.goto('/dashboard');
  await pickLibrary(page, libraryName);

  const mine = section(page, 'My Rentals');
  const rented = mine.getByRole('article');
  await expect(rented).toHaveCount(5);
  await expect(rented.first()).toHaveAccessibleName('Loan F');
  await expect(rented.last()).toHaveAccessibleName('Loan B');
  await expect(mine.getByText('Showing your 5 latest of 6.')).toBeVisible();
  await mine.getByRole('button', { name: 'Show all 6' }).click();
  await expect(rented).toHaveCount(6);
  await expect(rented.last()).toHaveAccessibleName('Loan A');
  await expect(mine.getByRole('button', { name: 'Show fewer' })).toHaveAttribute('aria-expanded', 'true');
  await mine.getByRole('button', { name: 'Show fewer' }).click();
  await expect(rented).toHaveCount(5);

  // A book just rented shows at the top of the list, collapsed as it is.
  await section(page, 'Available to Rent').getByRole('article', { name: 'Loan G' }).getByRole('button', { name: 'Rent Book' }).click();
  await expect(rented.first()).toHaveAccessibleName('Loan G');
  await expect(rented).toHaveCount(5);
  await expect(mine.getByRole('button', { name: 'Show all 7' })).toBeVisible();

  // Returned down to five (one from the middle of the list, then the latest), all of them show and the toggle goes.
  await mine.getByRole('article', { name: 'Loan C' }).getByRole('button', { name: 'Return Book' }).click();
  await expect(mine.getByRole('button', { name: 'Show all 6' })).toBeVisible();
  await expect(mine.getByRole('article', { name: 'Loan C' })).toHaveCount(0);
  await expect(section(page, 'Available to Rent').getByRole('article', { name: 'Loan C' })).toBeVisible();
  await rented.first().getByRole('button', { name: 'Return Book' }).click();
  await expect(rented).toHaveCount(5);
  for (const [i, title] of ['Loan F', 'Loan E', 'Loan D', 'Loan B', 'Loan A'].entries()) await expect(rented.nth(i)).toHaveAccessibleName(title);
  await expect(mine.getByRole('button', { name: /^Show / })).toHaveCount(0);
});

test('a second tap or Enter just after a return leaves alone the book that slid under it', async ({ page }) => {
  const { library, name: libraryName, isbns } = await librarianLibraryWith(page, 'Quick Taps', ['Tap A', 'Tap B', 'Tap C'].map((title) => ({ title, author: 'Quick' })));
  await register(page, { displayName: 'Quinn Quick', email: uniqueEmail('taps'), password: 'Password123' });
  // Rented C, then B, then A: My Rentals lists A, B, C.
  for (const isbn of [...isbns].reverse()) await postOk(page, '/_api/books/rent', { isbn, libraryId: library.id, customerId: 0 });
  await page.goto('/dashboard');
  await pickLibrary(page, libraryName);
  const calls = callsTo(page, 'rentals.rent', 'rentals.return');

  const mine = section(page, 'My Rentals').getByRole('article');
  await expect(mine).toHaveCount(3);
  const returnA = mine.filter({ hasText: 'Tap A' }).getByRole('button', { name: 'Return Book' });
  await returnA.scrollIntoViewIfNeeded();
  const box = (await returnA.boundingBox())!;
  const spot = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  // The presses that come just after the list moves, sent by the page itself as it moves: from the test, each
  // a round trip later, they could come after the lists settled on a slow machine. Tap B's button is then where
  // Tap A's was (a tap on the spot), and has the focus (Enter, a click of the focused button).
  const pressesJustAfter = page.evaluate(
    ({ x, y }) =>
      new Promise<string[]>((resolve) => {
        const observer = new MutationObserver(() => {
          if (document.querySelectorAll('section[aria-label="My Rentals"] article').length !== 2) return;
          observer.disconnect();
          const tapped = document.elementFromPoint(x, y)?.closest('button');
          tapped?.click();
          // Enter as soon as the focus has come to the list, or nothing after a second.
          const pressEnter = (framesLeft: number) => {
            const focused = document.activeElement as HTMLElement | null;
            if (!focused?.closest('section[aria-label="My Rentals"]') && framesLeft > 0) return requestAnimationFrame(() => pressEnter(framesLeft - 1));
            focused?.click();
            resolve([tapped?.textContent ?? 'nothing', focused?.closest('section[aria-label="My Rentals"]') ? (focused.textContent ?? '') : 'focus not in the list']);
          };
          pressEnter(60);
        });
        observer.observe(document.body, { childList: true, subtree: true });
      }),
    spot,
  );
  await page.mouse.click(spot.x, spot.y);
  expect(await pressesJustAfter).toEqual(['Return Book', 'Return Book']);
  await expect(mine).toHaveCount(2);
  // A moment later (the lists settled), a press is a press again.
  const focused = page.locator(':focus');
  await expect(focused).toHaveAccessibleName('Return Book');
  await expect(focused).not.toHaveAttribute('aria-disabled', 'true');
  expect(calls).toEqual(['rentals.return']);
  await expect(mine).toHaveCount(2);
  await page.keyboard.press('Enter');
  await expect(mine).toHaveCount(1);
  expect(calls).toEqual(['rentals.return', 'rentals.return']);
});

test('the profile lists the books out at every library, and the returned ones in Rental History, a page at a time', async ({ page }) => {
  const { library, name: libraryName, isbns: [oftenRead, stillOut] } = await librarianLibraryWith(page, 'History Branch', [
    { title: 'Read Again and Again', author: 'Rhea Reader' },
    { title: 'Still on the Shelf at Home', author: 'Rhea Reader' },
  ]);
  await register(page, { displayName: 'Hal History', email: uniqueEmail('history'), password: 'Password123' });
  await page.goto('/profile');
  const out = page.getByRole('region', { name: 'My Rentals' });
  const history = page.getByRole('region', { name: 'Rental History' });
  await expect(out.getByText('You have no active rentals.')).toBeVisible();
  await expect(history.getByText('You have not returned any books yet.')).toBeVisible();

  // Twenty-one rentals of one book, each returned: a page of twenty and one more.
  const rentAndReturn = async () => {
    const { rental } = await postOk(page, '/_api/books/rent', { isbn: oftenRead, libraryId: library.id, customerId: 0 });
    await postOk(page, '/_api/book/return-by-rental', { rentalId: rental.rentalId });
  };
  for (let i = 0; i < 20; i++) await rentAndReturn();
  // Exactly a page: nothing more to offer.
  await page.reload();
  await expect(history.getByRole('listitem')).toHaveCount(20);
  await expect(history.getByRole('button', { name: 'Load more rentals' })).toHaveCount(0);
  await rentAndReturn();
  await postOk(page, '/_api/books/rent', { isbn: stillOut, libraryId: library.id, customerId: 0 });

  await page.reload();
  await expect(out.getByRole('article')).toHaveCount(1);
  await expect(out.getByRole('article', { name: 'Still on the Shelf at Home' })).toContainText(libraryName);
  const rows = history.getByRole('listitem');
  await expect(rows).toHaveCount(20);
  await expect(rows.first()).toContainText('Read Again and Again');
  await expect(rows.first()).toContainText(`Rhea Reader · ${libraryName}`);
  await expect(rows.first()).toContainText(/Rented on: \w+ \d+, \d{4} · Returned on: \w+ \d+, \d{4}/);
  await history.getByRole('button', { name: 'Load more rentals' }).click();
  await expect(rows).toHaveCount(21);
  await expect(history.getByText('All rentals loaded.')).toBeFocused();

  // Returned from the profile, the book leaves My Rentals and heads Rental History.
  await out.getByRole('button', { name: 'Return Book' }).click();
  await expect(toastSaying(page, 'Book returned successfully!')).toBeVisible();
  await expect(out.getByText('You have no active rentals.')).toBeVisible();
  await expect(rows.first()).toContainText('Still on the Shelf at Home');

  // On a phone of any width each date reads whole, on one line: 'Nov 29, 2026', not 'Nov' then '29, 2026'.
  const date = /[A-Z][a-z]+ \d{1,2}, \d{4}/g;
  for (let width = 320; width <= 420; width += 4) {
    await page.setViewportSize({ width, height: 800 });
    for (const element of [rows.first().locator('p').last(), page.getByText(/Member since/)]) {
      const text = (await element.textContent())!;
      const lines = (await textLines(element)).join('\n');
      for (const [whole] of text.matchAll(date)) expect(lines, `at ${width} px: ${whole} in ${JSON.stringify(lines)}`).toContain(whole);
    }
  }
});
