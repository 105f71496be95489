import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, type Page } from '@playwright/test';
import { fakeCamera, test } from './camera';
import { writeBarcodeVideo } from './barcode-video';
import { brokenImages, callsTo, coverImages, demo, expectHeard, hold, isbn13, listenLikeAScreenReader, logIn, pickLibrary, postOk, toastSaying, trpcCall, uniqueEmail, watchFor } from './fixtures';

// '1984' is catalogued at Central Library only, so adding it to Riverside Branch is new there and the
// local catalogue still knows it (the e2e server has no internet).
const NINETEEN_EIGHTY_FOUR = '9780451524935';
const cameraShowing1984 = writeBarcodeVideo(join(tmpdir(), `scroll-e2e-ean13-${NINETEEN_EIGHTY_FOUR}.y4m`), NINETEEN_EIGHTY_FOUR);
// A valid ISBN that names no demo book and that no other spec catalogues (the local catalogue would know it). The
// 'nobody knows' test below adds it to Riverside Branch: from then on the librarian's lookups find that book.
// Before, the book services (unreachable here) are said to be down, as they are: not that they do not know it.
const UNKNOWN_ISBN = '9780000000002';

async function openLibrary(page: Page, name: string) {
  await logIn(page, demo.librarian);
  await page.goto('/dashboard');
  await page.getByRole('combobox', { name: 'Library' }).click();
  await page.getByRole('option', { name }).click();
}

const dialog = (page: Page, title: string) => page.getByRole('dialog', { name: title });

async function enterIsbn(page: Page, isbn: string) {
  const scan = dialog(page, 'Scan Book ISBN');
  await scan.getByRole('button', { name: "Can't find a barcode? Enter Manually" }).click();
  await scan.getByRole('textbox', { name: 'ISBN' }).fill(isbn);
  await scan.getByRole('button', { name: 'Look Up Book' }).click();
}

test.describe('with a camera pointed at a barcode', () => {
  test.use({ cameraFlags: fakeCamera(cameraShowing1984), permissions: ['camera'] });

  test('the scanner reads the ISBN, shows the book, and Add to Library puts it in the list', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (request) => request.resourceType() === 'script' && scripts.push(request.url()));
    await openLibrary(page, 'Riverside Branch');
    await expect(page.getByRole('heading', { name: 'Book Collection' })).toBeVisible();
    // The list has loaded (the heading shows over its placeholders too), and 1984 is not in it.
    await expect(page.getByRole('article').first()).toBeVisible();
    await expect(page.getByRole('article').filter({ hasText: '1984' })).toHaveCount(0);
    expect(scripts.filter((url) => /quagga/i.test(url))).toEqual([]);

    await page.getByRole('button', { name: 'Scan to Add Book' }).click();
    const scan = dialog(page, 'Scan Book ISBN');
    await expect(scan.getByText("Position the book's barcode in front of your camera. The scanner will automatically detect the ISBN.")).toBeVisible();
    await expect(scan.getByLabel('Camera preview')).toBeVisible();

    const confirm = dialog(page, 'Confirm Book');
    await expect(confirm.getByRole('heading', { name: '1984' })).toBeVisible({ timeout: 20_000 });
    // The barcode reader is fetched only once a scanner is on screen.
    expect(scripts.filter((url) => /quagga/i.test(url))).toHaveLength(1);
    await expect(confirm.getByText('by George Orwell')).toBeVisible();
    await expect(confirm.getByText('Published: 1949')).toBeVisible();
    await expect(confirm.getByText(`ISBN: ${NINETEEN_EIGHTY_FOUR}`)).toBeVisible();
    // A read moves the focus to Confirm Book, so Enter confirms (the camera step's buttons are not relabelled in place).
    await expect(confirm.getByRole('button', { name: 'Confirm Book' })).toBeFocused();
    await page.keyboard.press('Enter');

    const add = dialog(page, 'Add Book to Library');
    await expect(add.getByText('Confirm the details below or make edits before adding the book.')).toBeVisible();
    await expect(add.getByRole('textbox', { name: 'Title' })).toHaveValue('1984');
    await expect(add.getByRole('textbox', { name: 'Author' })).toHaveValue('George Orwell');
    await expect(add.getByRole('textbox', { name: 'ISBN' })).toHaveValue(NINETEEN_EIGHTY_FOUR);
    await add.getByRole('textbox', { name: 'Number of copies' }).fill('2');
    await add.getByRole('button', { name: 'Add to Library' }).click();

    await expect(toastSaying(page, '"1984" has been added to the library.')).toBeVisible();
    await expect(add).toBeHidden();
    const added = page.getByRole('article').filter({ hasText: '1984' });
    await expect(added).toContainText('George Orwell');
    await expect(added).toContainText('2 of 2 available');
  });
});

test.describe('without a barcode in view', () => {
  test.use({ cameraFlags: fakeCamera(), permissions: ['camera'] });

  test('an ISBN typed by hand is checked, looked up, and can be scanned again', async ({ page }) => {
    await openLibrary(page, 'Riverside Branch');
    await page.getByRole('button', { name: 'Scan to Add Book' }).click();
    const scan = dialog(page, 'Scan Book ISBN');
    await scan.getByRole('button', { name: "Can't find a barcode? Enter Manually" }).click();
    await expect(scan.getByLabel('Camera preview')).toHaveCount(0);
    await expect(scan.getByText(/printed near the barcode/)).toBeVisible();
    await expect(scan.getByRole('button', { name: 'Look Up Book' })).toBeDisabled();
    // A phone offers its keyboard with letters (an ISBN-10 may end in X), in capitals, and corrects nothing.
    await expect(scan.getByRole('textbox', { name: 'ISBN' })).toHaveAttribute('inputmode', 'text');
    await expect(scan.getByRole('textbox', { name: 'ISBN' })).toHaveAttribute('autocapitalize', 'characters');
    await expect(scan.getByRole('textbox', { name: 'ISBN' })).toHaveAttribute('spellcheck', 'false');

    await scan.getByRole('textbox', { name: 'ISBN' }).fill('12345');
    // Checked as the field is left, before any lookup; and again when sent.
    await scan.getByRole('textbox', { name: 'ISBN' }).blur();
    await expect(scan.getByText('Please enter a valid ISBN (10 or 13 digits).')).toBeVisible();
    // Typing again clears it until the next check.
    await scan.getByRole('textbox', { name: 'ISBN' }).fill('123456');
    await expect(scan.getByText('Please enter a valid ISBN (10 or 13 digits).')).toHaveCount(0);
    await scan.getByRole('button', { name: 'Look Up Book' }).click();
    await expect(scan.getByText('Please enter a valid ISBN (10 or 13 digits).')).toBeVisible();
    // Refused, the focus goes to the field, which says why.
    await expect(scan.getByRole('textbox', { name: 'ISBN' })).toBeFocused();
    await expect(scan.getByRole('textbox', { name: 'ISBN' })).toHaveAccessibleDescription(/Please enter a valid ISBN \(10 or 13 digits\)\./);

    // Of the right length, with a one-digit typo: its check digit does not hold, and nothing is looked up.
    const lookups = callsTo(page, 'lookup.lookup');
    await scan.getByRole('textbox', { name: 'ISBN' }).fill('978-0-306-40615-8');
    await scan.getByRole('button', { name: 'Look Up Book' }).click();
    await expect(scan.getByRole('textbox', { name: 'ISBN' })).toHaveAccessibleDescription(/This ISBN's check digit does not match\. Check it for a typo\./);
    await expect(dialog(page, 'Confirm Book')).toHaveCount(0);
    expect(lookups).toEqual([]);

    // The ISBN-10 of a demo book, typed with hyphens.
    await scan.getByRole('textbox', { name: 'ISBN' }).fill('0-06-112008-1');
    await scan.getByRole('button', { name: 'Look Up Book' }).click();
    const confirm = dialog(page, 'Confirm Book');
    await expect(confirm.getByRole('heading', { name: 'To Kill a Mockingbird' })).toBeVisible();
    await expect(confirm.getByText('by Harper Lee')).toBeVisible();
    await expect(confirm.getByText('ISBN: 0061120081')).toBeVisible();

    // Scan Again goes back to the entry the user chose; the toggle returns to the camera.
    await confirm.getByRole('button', { name: 'Scan Again' }).click();
    await expect(scan.getByRole('textbox', { name: 'ISBN' })).toBeVisible();
    await scan.getByRole('button', { name: 'Use Camera' }).click();
    await expect(scan.getByLabel('Camera preview')).toBeVisible();
    await expect(scan.getByRole('button', { name: "Can't find a barcode? Enter Manually" })).toBeVisible();
    await scan.getByRole('button', { name: 'Cancel' }).click();
    await expect(scan).toBeHidden();
  });

  test('an add whose answer was lost, though it was made, is said before a second press would add the copies again', async ({ page }) => {
    await openLibrary(page, 'Riverside Branch');
    const isbn = isbn13(`978${String(Date.now()).slice(-8)}7`);
    await page.getByRole('button', { name: 'Scan to Add Book' }).click();
    await enterIsbn(page, isbn);
    await dialog(page, 'Confirm Book').getByRole('button', { name: 'Confirm Book' }).click();
    const add = dialog(page, 'Add Book to Library');
    await add.getByRole('textbox', { name: 'Title' }).fill('The Lost Answer');
    await add.getByRole('textbox', { name: 'Author' }).fill('Rita Retry');
    // The server adds the book; its answer never arrives.
    await page.route(trpcCall('books.add'), async (route) => {
      await route.fetch();
      await route.abort('connectionreset');
    });
    await add.getByRole('button', { name: 'Add to Library' }).click();
    await expect(toastSaying(page, 'Could not reach the server. Check your connection and try again.')).toBeVisible();
    await expect(add.getByRole('status')).toContainText('This library already holds "The Lost Answer" (1 copy).');
  });

  test('an ISBN nobody knows can still be added, with only the ISBN filled in', async ({ page }) => {
    await openLibrary(page, 'Riverside Branch');
    await page.getByRole('button', { name: 'Scan to Add Book' }).click();
    await enterIsbn(page, UNKNOWN_ISBN);

    const confirm = dialog(page, 'Confirm Book');
    const failed = 'Failed to lookup book by ISBN: The book details services are not answering right now. Try again in a moment.';
    await expect(confirm.getByRole('alert')).toContainText(failed);
    await expect(confirm.getByText('Book not found')).toHaveCount(0);
    // Which ISBN it is, as when the book is found.
    await expect(confirm.getByText(`ISBN: ${UNKNOWN_ISBN}`, { exact: true })).toBeVisible();
    await expect(confirm.getByText('You can still proceed with this ISBN.')).toBeVisible();
    // Asked again on request, without typing the ISBN again.
    const lookups = callsTo(page, 'lookup.lookup');
    const releaseLookup = await hold(page, 'lookup.lookup');
    await confirm.getByRole('alert').getByRole('button', { name: 'Try again' }).focus();
    await page.keyboard.press('Enter');
    // While it is asked, the failure stays said and its button, busy, keeps the focus; failed again, it is there to press.
    await expect(confirm.getByRole('alert').getByRole('button', { name: 'Trying again...' })).toBeFocused();
    await expect(confirm.getByRole('alert')).toContainText(failed);
    releaseLookup();
    await expect.poll(() => lookups.length).toBe(1);
    await expect(confirm.getByRole('alert').getByRole('button', { name: 'Try again' })).toBeFocused();
    await expect(confirm.getByRole('alert')).toContainText(failed);
    // Not kept for the visit, as an answer is: scanned again, the ISBN is asked about again. Typed, it comes back
    // into the field, to be corrected or sent as it is.
    await confirm.getByRole('button', { name: 'Scan Again' }).click();
    await expect(dialog(page, 'Scan Book ISBN').getByRole('textbox', { name: 'ISBN' })).toHaveValue(UNKNOWN_ISBN);
    await dialog(page, 'Scan Book ISBN').getByRole('button', { name: 'Look Up Book' }).click();
    await expect(confirm.getByRole('alert')).toBeVisible();
    await expect.poll(() => lookups.length).toBe(2);
    await confirm.getByRole('button', { name: 'Confirm Book' }).click();

    const add = dialog(page, 'Add Book to Library');
    await expect(add.getByText('No cover image')).toBeVisible();
    // The form starts at its first field, the one to fill in.
    await expect(add.getByRole('textbox', { name: 'Title' })).toBeFocused();
    await expect(add.getByRole('textbox', { name: 'ISBN' })).toHaveValue(UNKNOWN_ISBN);
    await expect(add.getByRole('textbox', { name: 'Title' })).toHaveValue('');
    await expect(add.getByRole('textbox', { name: 'Author' })).toHaveValue('');
    await add.getByRole('button', { name: 'Add to Library' }).click();
    await expect(add.getByText('Title is required')).toBeVisible();
    await expect(add.getByText('Author is required')).toBeVisible();

    await add.getByRole('textbox', { name: 'Title' }).fill('The Unwritten Atlas');
    await add.getByRole('textbox', { name: 'Author' }).fill('Ann Onymous');
    const copies = add.getByRole('textbox', { name: 'Number of copies' });
    await copies.fill('999999');
    await add.getByRole('button', { name: 'Add to Library' }).click();
    await expect(copies).toHaveAccessibleDescription('Quantity is too large');
    // Kept as typed: not rewritten as 13 (nor read as 1000).
    await copies.fill('');
    await copies.pressSequentially('1e3');
    await expect(copies).toHaveValue('1e3');
    // Not a number of copies: one copy (SPEC), not the 3 left once the minus is dropped.
    await copies.fill('');
    await copies.pressSequentially('-3');
    await expect(copies).toHaveValue('-3');
    // Nor is the book just added announced, as the dialog closes, as one the library already held.
    const heldNotice = await watchFor(page, 'This library already holds');
    const release = await hold(page, 'books.add');
    await add.getByRole('button', { name: 'Add to Library' }).click();
    await expect(add.getByRole('button', { name: 'Adding...' })).toHaveAttribute('aria-disabled', 'true');
    await expect(add.getByRole('button', { name: 'Scan Again' })).toBeDisabled();
    // Nor does Escape close it meanwhile: the answer does.
    await page.keyboard.press('Escape');
    // Past the 200 ms a closing dialog fades for (still 'visible' meanwhile).
    await page.waitForTimeout(500);
    await expect(add.getByRole('button', { name: 'Adding...' })).toBeVisible();
    release();
    await expect(toastSaying(page, '"The Unwritten Atlas" has been added to the library.')).toBeVisible();
    await expect(add).toHaveCount(0);
    await expect(heldNotice.seen).toHaveCount(0);
    await expect(page.getByRole('article').filter({ hasText: 'The Unwritten Atlas' })).toContainText('1 of 1 available');
    // Two dialogs in a row, and focus still comes back to the button that opened the first.
    await expect(page.getByRole('button', { name: 'Scan to Add Book' })).toBeFocused();

    await page.getByRole('button', { name: 'Scan to Add Book' }).click();
    await enterIsbn(page, UNKNOWN_ISBN);
    // Scanned again, it is the book just catalogued, no longer one nobody knows.
    await expect(dialog(page, 'Confirm Book').getByRole('heading', { name: 'The Unwritten Atlas' })).toBeVisible();
    await expect(dialog(page, 'Confirm Book').getByText('by Ann Onymous')).toBeVisible();
    await expect(dialog(page, 'Confirm Book').getByText('Book not found')).toHaveCount(0);
    await dialog(page, 'Confirm Book').getByRole('button', { name: 'Confirm Book' }).click();
    // Scan Again, from the form, goes back to the scanner.
    await dialog(page, 'Add Book to Library').getByRole('button', { name: 'Scan Again' }).click();
    await expect(dialog(page, 'Add Book to Library')).toBeHidden();
    await enterIsbn(page, UNKNOWN_ISBN);
    await dialog(page, 'Confirm Book').getByRole('button', { name: 'Confirm Book' }).click();
    await expect(dialog(page, 'Add Book to Library')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog(page, 'Add Book to Library')).toBeHidden();
    await expect(page.getByRole('button', { name: 'Scan to Add Book' })).toBeFocused();
  });

  test('after a lookup that failed, Confirm Book opens the form with the ISBN alone at once, not waiting on the providers again', async ({ page }) => {
    await openLibrary(page, 'Riverside Branch');
    // A valid ISBN no library holds: only the providers, unreachable here, could know it.
    const isbn = isbn13(`978${String(Date.now()).slice(-8)}1`);
    await page.getByRole('button', { name: 'Scan to Add Book' }).click();
    await enterIsbn(page, isbn);
    const confirm = dialog(page, 'Confirm Book');
    await expect(confirm.getByRole('alert')).toContainText(
      'Failed to lookup book by ISBN: The book details services are not answering right now. Try again in a moment.',
    );
    await expect(confirm.getByText('You can still proceed with this ISBN.')).toBeVisible();

    // From now on the providers are slow: a lookup asked again would wait on them (up to two timeouts).
    await hold(page, 'lookup.lookup');
    const lookups = callsTo(page, 'lookup.lookup');
    await confirm.getByRole('button', { name: 'Confirm Book' }).click();
    const add = dialog(page, 'Add Book to Library');
    await expect(add.getByRole('textbox', { name: 'ISBN' })).toHaveValue(isbn, { timeout: 2_000 });
    await expect(add.getByRole('textbox', { name: 'Title' })).toHaveValue('');
    await expect(add.getByRole('textbox', { name: 'Author' })).toHaveValue('');
    await expect(add.getByTestId('add-book-loading')).toHaveCount(0);
    expect(lookups).toEqual([]);
  });

  test('Scan Again pressed from the form while the scanner is still fading out opens the scanner afresh', async ({ page }) => {
    await openLibrary(page, 'Riverside Branch');
    await page.getByRole('button', { name: 'Scan to Add Book' }).click();
    await enterIsbn(page, UNKNOWN_ISBN);
    // The lookup has answered (the book as catalogued by the test before, or, run alone, that it failed: the
    // providers cannot be reached here): the form comes at once when the book is confirmed.
    const confirm = dialog(page, 'Confirm Book');
    await expect(confirm.getByRole('heading', { level: 3 }).or(confirm.getByRole('alert'))).toBeVisible();
    // The form's Scan Again is pressed the moment the form is there, before the scanner has finished closing.
    await page.evaluate(() => {
      const observer = new MutationObserver(() => {
        const form = [...document.querySelectorAll('[role="dialog"]')].find((dialog) => dialog.textContent?.includes('Confirm the details below'));
        const again = form && [...form.querySelectorAll('button')].find((button) => button.textContent === 'Scan Again');
        if (!again) return;
        observer.disconnect();
        again.click();
      });
      observer.observe(document.body, { childList: true, subtree: true });
    });
    await dialog(page, 'Confirm Book').getByRole('button', { name: 'Confirm Book' }).click();

    const scan = dialog(page, 'Scan Book ISBN');
    await expect(scan.getByRole('button', { name: "Can't find a barcode? Enter Manually" })).toBeVisible();
    await expect(scan.getByLabel('Camera preview')).toBeVisible();
    await expect(dialog(page, 'Confirm Book')).toHaveCount(0);
    await expect(dialog(page, 'Add Book to Library')).toHaveCount(0);
  });

  test('an ISBN the library already holds says so before adding, and adds copies to that book', async ({ page }) => {
    await openLibrary(page, 'Central Library');
    const book = page.getByRole('article').filter({ hasText: 'Fahrenheit 451' });
    const [, available, quantity] = ((await book.getByText(/^\d+ of \d+ available$/).textContent()) ?? '').match(/^(\d+) of (\d+)/)!.map(Number);

    await page.getByRole('button', { name: 'Scan to Add Book' }).click();
    await enterIsbn(page, '1451673310'); // its ISBN-10: the same book
    await dialog(page, 'Confirm Book').getByRole('button', { name: 'Confirm Book' }).click();
    const add = dialog(page, 'Add Book to Library');
    await expect(add.getByRole('status')).toHaveText(
      `This library already holds "Fahrenheit 451" (${quantity} copies). The copies you add join it; its title and author stay as they are.`,
    );
    // Its title and author are the library's, shown and not to be edited; the copies are what is left to fill in.
    await expect(add.getByRole('textbox', { name: 'Title' })).toHaveValue('Fahrenheit 451');
    await expect(add.getByRole('textbox', { name: 'Title' })).not.toBeEditable();
    await expect(add.getByRole('textbox', { name: 'Author' })).not.toBeEditable();
    await expect(add.getByRole('textbox', { name: 'Number of copies' })).toBeFocused();
    await page.keyboard.type('2');
    await expect(add.getByRole('textbox', { name: 'Number of copies' })).toHaveValue('2');
    await add.getByRole('button', { name: 'Add to Library' }).click();
    await expect(toastSaying(page, '"Fahrenheit 451" has been added to the library.')).toBeVisible();
    await expect(toastSaying(page, `The library now holds ${quantity + 2} copies.`)).toBeVisible();
    await expect(book).toHaveCount(1);
    await expect(book).toContainText(`${available + 2} of ${quantity + 2} available`);

    // An ISBN the library does not hold says nothing of the kind.
    await page.getByRole('button', { name: 'Scan to Add Book' }).click();
    await enterIsbn(page, UNKNOWN_ISBN);
    const answered = page.waitForResponse((response) => trpcCall('books.list').test(response.url()) && response.url().includes(UNKNOWN_ISBN));
    await dialog(page, 'Confirm Book').getByRole('button', { name: 'Confirm Book' }).click();
    await answered;
    await expect(add.getByRole('textbox', { name: 'ISBN' })).toHaveValue(UNKNOWN_ISBN);
    await expect(add.getByText(/already holds/)).toHaveCount(0);
    const [title, author, isbnField] = ['Title', 'Author', 'ISBN'].map((name) => add.getByRole('textbox', { name }));
    await expect(title).toBeEditable();
    await expect(title).toBeFocused();

    // The ISBN corrected to a held book's and back: the title and author typed meanwhile come back as they were.
    await title.fill('My Own Title');
    await author.fill('My Own Author');
    await isbnField.fill('9781451673319');
    await expect(add.getByRole('status')).toContainText('This library already holds "Fahrenheit 451"');
    await expect(title).toHaveValue('Fahrenheit 451');
    await expect(author).not.toBeEditable();
    await isbnField.fill(UNKNOWN_ISBN);
    await expect(add.getByText(/already holds/)).toHaveCount(0);
    await expect(title).toHaveValue('My Own Title');
    await expect(author).toHaveValue('My Own Author');
    await expect(title).toBeEditable();
    await add.getByRole('button', { name: 'Scan Again' }).click();

    // Scanned again this visit, the library's copy is known as the form opens: it opens on the number of copies.
    await enterIsbn(page, '9781451673319');
    await dialog(page, 'Confirm Book').getByRole('button', { name: 'Confirm Book' }).click();
    await expect(add.getByRole('status')).toContainText('This library already holds "Fahrenheit 451"');
    await expect(add.getByRole('textbox', { name: 'Number of copies' })).toBeFocused();
  });

  test('offline, a lookup waits for the connection rather than call a catalogued book unknown, and Scan Book says it needs one', async ({ page }) => {
    // This page has a browser of its own (see camera.ts), so its own context.
    const context = page.context();
    await openLibrary(page, 'Central Library');
    const scanBook = page.getByRole('button', { name: 'Scan Book', exact: true });
    await context.setOffline(true);
    await scanBook.click();
    await enterIsbn(page, NINETEEN_EIGHTY_FOUR);
    const confirm = dialog(page, 'Confirm Book');
    await expect(confirm.getByText(`You are offline: the details of ISBN ${NINETEEN_EIGHTY_FOUR} will be looked up once you are back online.`)).toBeVisible();
    await expect(confirm.getByText('Book not found')).toHaveCount(0);
    const listener = await listenLikeAScreenReader(page);
    await confirm.getByRole('button', { name: 'Confirm Book' }).click();
    await expect(toastSaying(page, 'You are offline. This change needs a connection; try again when you are back online.')).toBeVisible();
    await expectHeard(listener, 'You are offline. This change needs a connection; try again when you are back online.', 'assertive');
    await expect(scanBook).toBeEnabled();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    // Back online, nothing asked while offline turns up on its own.
    await context.setOffline(false);
    await page.waitForTimeout(1000);
    await expect(page.getByRole('dialog')).toHaveCount(0);

    // And the lookup that waited runs once the connection is back.
    await scanBook.click();
    await context.setOffline(true);
    await enterIsbn(page, '9780143035008');
    await expect(confirm.getByText(/You are offline: the details of ISBN 9780143035008/)).toBeVisible();
    await context.setOffline(false);
    await expect(confirm.getByText('Anna Karenina')).toBeVisible();
  });

  test('Scan Book rents a book, and scanning it again returns it', async ({ page }) => {
    await openLibrary(page, 'Central Library');
    const scanBook = page.getByRole('button', { name: 'Scan Book', exact: true });

    await scanBook.click();
    await enterIsbn(page, '9781451673319');
    await dialog(page, 'Confirm Book').getByRole('button', { name: 'Confirm Book' }).click();
    const rent = dialog(page, 'Confirm Book Rental');
    await expect(rent.getByText('Do you want to rent the book "Fahrenheit 451"?')).toBeVisible();
    // The librarian's own account, which is said: a patron's rent is the kiosk's.
    await expect(rent.getByText('It will be rented on your own account. To rent it for a patron, use the kiosk.')).toBeVisible();
    // While the rent runs, the dialog stays: Escape does nothing, and Cancel cannot be pressed.
    const release = await hold(page, 'rentals.rent');
    await rent.getByRole('button', { name: 'Yes, Rent Book' }).click();
    await expect(rent.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    // Busy, the button keeps focus: disabled, it would drop it behind the dialog.
    await expect(rent.getByRole('button', { name: 'Yes, Rent Book' })).toBeFocused();
    await page.keyboard.press('Escape');
    // Past the 200 ms a closing dialog fades for (still 'visible' meanwhile).
    await page.waitForTimeout(500);
    await expect(rent).toBeVisible();
    release();
    await expect(toastSaying(page, 'Book rental successful!')).toBeVisible();
    await expect(rent).toBeHidden();

    await scanBook.click();
    await enterIsbn(page, '978-1-4516-7331-9');
    await dialog(page, 'Confirm Book').getByRole('button', { name: 'Confirm Book' }).click();
    const giveBack = dialog(page, 'Confirm Book Return');
    await expect(giveBack.getByText('Do you want to return the book "Fahrenheit 451"? It is currently rented by Lee Librarian.')).toBeVisible();
    await giveBack.getByRole('button', { name: 'Yes, Return Book' }).click();
    await expect(toastSaying(page, 'Book returned successfully!')).toBeVisible();
    await expect(giveBack).toBeHidden();
    await expect(scanBook).toBeFocused();

    // Cancelled at the last step, focus is back on Scan Book too.
    await scanBook.click();
    await enterIsbn(page, '9781451673319');
    await dialog(page, 'Confirm Book').getByRole('button', { name: 'Confirm Book' }).click();
    await rent.getByRole('button', { name: 'Cancel' }).click();
    await expect(rent).toBeHidden();
    await expect(scanBook).toBeFocused();
  });
});

test("a book's status answered after staff switched library opens nothing in the library now shown", async ({ page }) => {
  await openLibrary(page, 'Central Library');
  const release = await hold(page, 'books.status');
  await page.getByRole('button', { name: 'Scan Book', exact: true }).click();
  await enterIsbn(page, '9781451673319');
  await dialog(page, 'Confirm Book').getByRole('button', { name: 'Confirm Book' }).click();
  await expect(toastSaying(page, 'Checking book status...')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Processing...' })).toBeDisabled();
  await page.getByRole('combobox', { name: 'Library' }).click();
  await page.getByRole('option', { name: 'Riverside Branch' }).click();
  await expect(page.getByRole('heading', { name: 'Book Collection' })).toBeVisible();

  const answered = page.waitForResponse((response) => response.url().includes('books.status'));
  release();
  await answered;
  await expect(toastSaying(page, 'Checking book status...')).toBeHidden();
  // Central's Fahrenheit 451 is not offered for rent in Riverside Branch.
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Scan Book', exact: true })).toBeEnabled();
});

test('with several copies out, Scan Book returns the copy of the patron staff pick, not simply the latest', async ({ page }) => {
  await logIn(page, demo.librarian);
  const name = `Many Copies ${Date.now()}`;
  const library = await postOk(page, '/_api/libraries', { name });
  const isbn = isbn13(`979${String(Date.now()).slice(-9)}`);
  await postOk(page, '/_api/library/books', { libraryId: library.id, isbn, title: 'Shared Copies', author: 'Plenty', quantity: 3 });
  for (const [i, displayName] of ['Gail Early', 'Hank Later'].entries()) {
    const phoneNumber = `555${String(Date.now() + i).slice(-7)}`;
    const { user } = await postOk(page, '/_api/customer/register', { libraryId: library.id, displayName, email: uniqueEmail('copies'), phoneNumber });
    await postOk(page, '/_api/kiosk/rental', { isbn, libraryId: library.id, customerId: user.id });
  }
  await page.goto('/dashboard');
  await pickLibrary(page, name);
  const scanBook = page.getByRole('button', { name: 'Scan Book', exact: true });
  await scanBook.click();
  await enterIsbn(page, isbn);
  await dialog(page, 'Confirm Book').getByRole('button', { name: 'Confirm Book' }).click();

  const giveBack = dialog(page, 'Confirm Book Return');
  await expect(giveBack.getByText('Do you want to return the book "Shared Copies"?', { exact: true })).toBeVisible();
  const whose = giveBack.getByRole('radiogroup', { name: 'Whose copy is this?' });
  await expect(whose.getByRole('radio')).toHaveCount(2);
  await expect(giveBack.getByText('2 copies are out.')).toBeVisible();
  await expect(giveBack.getByRole('button', { name: 'Yes, Return Book' })).toBeDisabled();
  await whose.getByRole('radio', { name: 'Gail Early' }).check();
  await expect(giveBack.getByText('Do you want to return the book "Shared Copies"? It is currently rented by Gail Early.')).toBeVisible();
  await giveBack.getByRole('button', { name: 'Yes, Return Book' }).click();
  await expect(toastSaying(page, 'Book returned successfully!')).toBeVisible();
  await expect(giveBack).toBeHidden();

  // Gail's copy is back; Hank still has his.
  const still = await page.request.get(`/_api/rentals?libraryId=${library.id}`);
  const rentals: { userDisplayName: string }[] = (await still.json()).json;
  expect(rentals.map((rental) => rental.userDisplayName)).toEqual(['Hank Later']);
});

test("Scan Book of a book the library does not hold opens the add-book form on it for staff, and tells a patron so", async ({ page }) => {
  await logIn(page, demo.librarian);
  const name = `Not Held ${Date.now()}`;
  await postOk(page, '/_api/libraries', { name });
  await page.goto('/dashboard');
  await pickLibrary(page, name);
  const scanBook = page.getByRole('button', { name: 'Scan Book', exact: true });
  await scanBook.click();
  await enterIsbn(page, NINETEEN_EIGHTY_FOUR);
  // Confirm Book says where it leads, before it is pressed.
  await expect(dialog(page, 'Confirm Book').getByRole('status')).toHaveText(
    `No book with ISBN ${NINETEEN_EIGHTY_FOUR} was found in this library. Confirm Book opens the form to add it.`,
  );
  await dialog(page, 'Confirm Book').getByRole('button', { name: 'Confirm Book' }).click();

  // The form of Scan to Add Book, at once on the ISBN scanned, filled from the lookup, saying why it opened.
  const add = dialog(page, 'Add Book to Library');
  await expect(add.getByText(`No book with ISBN ${NINETEEN_EIGHTY_FOUR} was found in this library.`)).toBeVisible();
  await expect(add.getByRole('textbox', { name: 'Title' })).toHaveValue('1984');
  await expect(add.getByRole('textbox', { name: 'ISBN' })).toHaveValue(NINETEEN_EIGHTY_FOUR);
  await expect(toastSaying(page, 'Checking book status...')).toBeHidden();
  await expect(toastSaying(page, `No book with ISBN ${NINETEEN_EIGHTY_FOUR} was found in this library.`)).toHaveCount(0);
  await add.getByRole('textbox', { name: 'Number of copies' }).fill('2');
  await add.getByRole('button', { name: 'Add to Library' }).click();
  await expect(toastSaying(page, '"1984" has been added to the library.')).toBeVisible();
  await expect(add).toBeHidden();
  await expect(scanBook).toBeFocused();
  await expect(page.getByRole('article', { name: '1984' }).getByText('2 of 2 available')).toBeVisible();

  // Held now, the same scan offers it for rent.
  await scanBook.click();
  await enterIsbn(page, NINETEEN_EIGHTY_FOUR);
  await expect(dialog(page, 'Confirm Book').getByRole('heading', { name: '1984' })).toBeVisible();
  await expect(dialog(page, 'Confirm Book').getByText('Confirm Book opens the form to add it.', { exact: false })).toHaveCount(0);
  await dialog(page, 'Confirm Book').getByRole('button', { name: 'Confirm Book' }).click();
  const rent = dialog(page, 'Confirm Book Rental');
  await expect(rent.getByText('Do you want to rent the book "1984"?')).toBeVisible();
  await rent.getByRole('button', { name: 'Cancel' }).click();

  // A patron cannot add books: Confirm Book says at once that the library does not hold it, and goes no further.
  await page.context().clearCookies();
  await logIn(page, demo.reader);
  await page.goto('/dashboard');
  await pickLibrary(page, name);
  await page.getByRole('button', { name: 'Scan Book', exact: true }).click();
  const listener = await listenLikeAScreenReader(page);
  await enterIsbn(page, '9780143035008');
  const confirm = dialog(page, 'Confirm Book');
  const notHeld = confirm.getByRole('alert').filter({ hasText: 'was found in this library' });
  await expect(notHeld).toHaveText('No book with ISBN 9780143035008 was found in this library.');
  await expect(confirm.getByText('You can still proceed with this ISBN.')).toHaveCount(0);
  await expectHeard(listener, 'No book with ISBN 9780143035008 was found in this library.', 'assertive');
  // That alone: not also the lookup's failure (the book services are unreachable here), which only staff, who
  // can add the book with its details typed in, have a use for.
  await expect(confirm.getByRole('alert').filter({ hasText: /\S/ })).toHaveCount(1);
  await expect(confirm.getByText('ISBN: 9780143035008', { exact: true })).toBeVisible();
  const confirmBook = confirm.getByRole('button', { name: 'Confirm Book' });
  await expect(confirmBook).toHaveAttribute('aria-disabled', 'true');
  await expect(confirmBook).toBeFocused();
  const statusChecks = callsTo(page, 'books.status');
  // Pressed all the same (Playwright would wait for it to be enabled): nothing happens.
  await confirmBook.click({ force: true });
  await page.waitForTimeout(300);
  await expect(confirm).toBeVisible();
  expect(statusChecks).toEqual([]);
  // The library's own book, the same dialog goes on as before.
  await confirm.getByRole('button', { name: 'Scan Again' }).click();
  await dialog(page, 'Scan Book ISBN').getByRole('textbox', { name: 'ISBN' }).fill(NINETEEN_EIGHTY_FOUR);
  await dialog(page, 'Scan Book ISBN').getByRole('button', { name: 'Look Up Book' }).click();
  await expect(confirm.getByRole('heading', { name: '1984' })).toBeVisible();
  await expect(notHeld).toHaveCount(0);
  await confirmBook.click();
  await expect(dialog(page, 'Confirm Book Rental').getByText('Do you want to rent the book "1984"?')).toBeVisible();
  await expect(dialog(page, 'Confirm Book Rental').getByText(/your own account/)).toHaveCount(0);
});

test('Scan Book does not offer a book with no copy in, nor one whose last copy went while its dialog was open', async ({ page, browser }) => {
  await logIn(page, demo.librarian);
  const name = `No Copies ${Date.now()}`;
  const library = await postOk(page, '/_api/libraries', { name });
  const allOut = isbn13(`979${String(Date.now()).slice(-9)}`);
  const lastOne = isbn13(`979${String(Date.now() + 1).slice(-9)}`);
  await postOk(page, '/_api/library/books', { libraryId: library.id, isbn: allOut, title: 'All Out', author: 'Gone', quantity: 1 });
  await postOk(page, '/_api/library/books', { libraryId: library.id, isbn: lastOne, title: 'Last One', author: 'Going', quantity: 1 });
  const phoneNumber = `555${String(Date.now()).slice(-7)}`;
  const { user: walkIn } = await postOk(page, '/_api/customer/register', { libraryId: library.id, displayName: 'Early Bird', email: uniqueEmail('nocopies'), phoneNumber });
  await postOk(page, '/_api/kiosk/rental', { isbn: allOut, libraryId: library.id, customerId: walkIn.id });
  // The librarian stays signed in elsewhere, to rent the last copy while the patron is asked.
  const librarian = await browser.newContext({ baseURL: new URL(page.url()).origin, storageState: await page.context().storageState() });
  await page.context().clearCookies();

  await logIn(page, demo.reader);
  await page.goto('/dashboard');
  await pickLibrary(page, name);
  const scanBook = page.getByRole('button', { name: 'Scan Book', exact: true });
  const rent = dialog(page, 'Confirm Book Rental');
  const noCopies = rent.getByText('No copies of this book are available right now.');
  await scanBook.click();
  await enterIsbn(page, allOut);
  // The confirm step shows the library's copy, though no book service knows it and the patron staffs nothing.
  await expect(dialog(page, 'Confirm Book').getByRole('heading', { name: 'All Out' })).toBeVisible();
  await expect(dialog(page, 'Confirm Book').getByText('by Gone')).toBeVisible();
  await dialog(page, 'Confirm Book').getByRole('button', { name: 'Confirm Book' }).click();
  await expect(rent.getByText('Do you want to rent the book "All Out"?')).toBeVisible();
  await expect(noCopies).toBeVisible();
  await expect(rent.getByRole('button', { name: 'Yes, Rent Book' })).toBeDisabled();
  await rent.getByRole('button', { name: 'Cancel' }).click();

  await scanBook.click();
  await enterIsbn(page, lastOne);
  await dialog(page, 'Confirm Book').getByRole('button', { name: 'Confirm Book' }).click();
  await expect(rent.getByText('Do you want to rent the book "Last One"?')).toBeVisible();
  await expect(noCopies).toHaveCount(0);
  const taken = await librarian.request.post('/_api/kiosk/rental', { data: { isbn: lastOne, libraryId: library.id, customerId: walkIn.id } });
  expect(taken.status()).toBe(200);
  await rent.getByRole('button', { name: 'Yes, Rent Book' }).click();
  await expect(noCopies).toBeVisible();
  await expect(rent.getByRole('button', { name: 'Yes, Rent Book' })).toBeDisabled();
  // Refused, the dialog stays and so does focus: on the button, then on Tab within the dialog, not behind it.
  await expect(rent.getByRole('button', { name: 'Yes, Rent Book' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(rent.locator(':focus')).toHaveCount(1);
  // Pressed again, it asks nothing.
  const asked = callsTo(page, 'rentals.rent');
  await page.keyboard.press('Shift+Tab');
  await expect(rent.getByRole('button', { name: 'Yes, Rent Book' })).toBeFocused();
  await page.keyboard.press('Enter');
  await page.waitForTimeout(300);
  expect(asked).toEqual([]);
  await librarian.close();
});

test('the add-book form takes an ISBN written with hyphens, and catalogues its digits', async ({ page }) => {
  await logIn(page, demo.librarian);
  const name = `Hyphens ${Date.now()}`;
  await postOk(page, '/_api/libraries', { name });
  const isbn = isbn13(`979${String(Date.now()).slice(-9)}`);
  const hyphenated = `${isbn.slice(0, 3)}-${isbn.slice(3, 4)}-${isbn.slice(4, 8)}-${isbn.slice(8, 12)}-${isbn.slice(12)}`;
  await page.goto('/dashboard');
  await pickLibrary(page, name);
  await page.getByRole('button', { name: 'Scan to Add Book' }).click();
  await enterIsbn(page, UNKNOWN_ISBN);
  await dialog(page, 'Confirm Book').getByRole('button', { name: 'Confirm Book' }).click();

  const add = dialog(page, 'Add Book to Library');
  await add.getByRole('textbox', { name: 'Title' }).fill('Dashes Between');
  await add.getByRole('textbox', { name: 'Author' }).fill('Hy Phen');
  // Ten characters but eight digits, or none: said as the scanner's manual entry says it, by its digits, not
  // that it is shorter than the 10 characters it has.
  for (const typed of ['0-441-0135', 'abcdefghij']) {
    await add.getByRole('textbox', { name: 'ISBN' }).fill(typed);
    await add.getByRole('button', { name: 'Add to Library' }).click();
    await expect(add.getByRole('textbox', { name: 'ISBN' })).toHaveAccessibleDescription('Please enter a valid ISBN (10 or 13 digits).');
  }
  // Its last digit mistyped: the check digit does not hold, and nothing is added.
  await add.getByRole('textbox', { name: 'ISBN' }).fill(`${hyphenated.slice(0, -1)}${(Number(isbn.at(-1)) + 1) % 10}`);
  await add.getByRole('button', { name: 'Add to Library' }).click();
  await expect(add.getByRole('textbox', { name: 'ISBN' })).toHaveAccessibleDescription("This ISBN's check digit does not match. Check it for a typo.");
  await add.getByRole('textbox', { name: 'ISBN' }).fill(hyphenated);
  await add.getByRole('button', { name: 'Add to Library' }).click();
  await expect(toastSaying(page, '"Dashes Between" has been added to the library.')).toBeVisible();
  await expect(page.getByRole('article', { name: 'Dashes Between' })).toContainText(`ISBN: ${isbn}`);
});

test("the add-book form's cover is the looked-up ISBN's: a corrected ISBN shows and saves none", async ({ page }) => {
  // The catalogue's covers are Open Library's, out of reach here: a stand-in image answers for them.
  await page.route(/covers\.openlibrary\.org/, (route) => route.fulfill(coverImages.cover));
  await openLibrary(page, 'Riverside Branch');
  await page.getByRole('button', { name: 'Scan to Add Book' }).click();
  await enterIsbn(page, NINETEEN_EIGHTY_FOUR);
  await dialog(page, 'Confirm Book').getByRole('button', { name: 'Confirm Book' }).click();

  const add = dialog(page, 'Add Book to Library');
  const isbnField = add.getByRole('textbox', { name: 'ISBN' });
  await expect(add.getByRole('img', { name: 'Cover of 1984' })).toBeVisible();
  const corrected = isbn13(`978${String(Date.now()).slice(-9)}`);
  await isbnField.fill(corrected);
  await expect(add.getByText('No cover image')).toBeVisible();
  // Back to the looked-up ISBN (its ISBN-10 form is the same book), the cover returns.
  await isbnField.fill('0-451-52493-4');
  await expect(add.getByRole('img', { name: 'Cover of 1984' })).toBeVisible();

  await isbnField.fill(corrected);
  const sent = page.waitForRequest(trpcCall('books.add'));
  await add.getByRole('button', { name: 'Add to Library' }).click();
  expect((await sent).postData()).not.toContain('covers.openlibrary.org');
  await expect(toastSaying(page, '"1984" has been added to the library.')).toBeVisible();
});

test("a cover that cannot load shows in Confirm Book and the add-book form as in the book list: the placeholder of a book without one", async ({ page }) => {
  // Offline, or a dead link: the cover's request fails.
  await page.route(/covers\.openlibrary\.org/, (route) => route.abort());
  await openLibrary(page, 'Riverside Branch');
  await page.getByRole('button', { name: 'Scan to Add Book' }).click();
  await enterIsbn(page, NINETEEN_EIGHTY_FOUR);

  const confirm = dialog(page, 'Confirm Book');
  await expect(confirm.getByRole('heading', { name: '1984' })).toBeVisible();
  await expect(confirm.getByRole('img', { name: 'No cover for 1984' })).toContainText('No cover image');
  expect(await brokenImages(page)).toEqual([]);
  await confirm.getByRole('button', { name: 'Confirm Book' }).click();

  const add = dialog(page, 'Add Book to Library');
  await expect(add.getByRole('img', { name: 'No cover for 1984' })).toContainText('No cover image');
  // In the image's place, not beside it.
  await expect(add.locator('img')).toHaveCount(0);
  expect(await brokenImages(page)).toEqual([]);
});

test.describe('when the barcode reader cannot be loaded', () => {
  test.use({ cameraFlags: fakeCamera(cameraShowing1984), permissions: ['camera'], serviceWorkers: 'block' });

  test('the scanner says so instead of showing a camera that never reads, and a typed ISBN still works', async ({ page }) => {
    // As for a page left open across a deploy: its chunk of the reader is gone from the server.
    await page.route(/quagga/i, (route) => route.fulfill({ status: 404, contentType: 'application/json', body: '{}' }));
    await openLibrary(page, 'Central Library');
    await page.getByRole('button', { name: 'Scan to Add Book' }).click();
    const scan = dialog(page, 'Scan Book ISBN');
    await expect(scan.getByRole('alert')).toContainText(
      'The barcode reader could not be loaded. Check your connection and reload the page, or enter the ISBN manually.',
    );
    await enterIsbn(page, '9781451673319');
    await expect(dialog(page, 'Confirm Book').getByRole('heading', { name: 'Fahrenheit 451' })).toBeVisible();
  });
});

test.describe('when camera access is refused', () => {
  test.use({ cameraFlags: ['--use-fake-device-for-media-stream', '--deny-permission-prompts'] });

  test('the scanner explains how to allow the camera and still takes a typed ISBN', async ({ page }) => {
    await openLibrary(page, 'Central Library');
    await page.getByRole('button', { name: 'Scan Book', exact: true }).click();
    const scan = dialog(page, 'Scan Book ISBN');
    await expect(scan.getByRole('alert')).toContainText('Camera permission denied. Please enable camera access in your browser settings.');
    // Typing the ISBN is the way on: its button has the focus, and the weight of the dialog's main button.
    const manual = scan.getByRole('button', { name: "Can't find a barcode? Enter Manually" });
    await expect(manual).toBeFocused();
    expect(await manual.evaluate((button) => getComputedStyle(button).backgroundColor)).not.toBe('rgba(0, 0, 0, 0)');
    await enterIsbn(page, '9780451524935');
    await expect(dialog(page, 'Confirm Book').getByRole('heading', { name: '1984' })).toBeVisible();
  });
});

/** A library of the test's own with these books, one copy each, and a new patron at its dashboard; Scan Book the patron's. */
async function patronAtNewLibrary(page: Page, titles: string[]) {
  await logIn(page, demo.librarian);
  const name = `Called Off ${Date.now()}`;
  const library = await postOk(page, '/_api/libraries', { name });
  const isbns = titles.map((_, i) => isbn13(`979${String(Date.now() + i).slice(-9)}`));
  for (const [i, title] of titles.entries()) await postOk(page, '/_api/library/books', { libraryId: library.id, isbn: isbns[i], title, author: 'Meanwhile', quantity: 1 });
  await page.context().clearCookies();
  await logIn(page, demo.reader);
  await page.goto('/dashboard');
  await pickLibrary(page, name);
  return isbns;
}

test("a book's status asked as a rent from the list changes the books is answered as the rent left them, not with an error", async ({ page }) => {
  const [scanned] = await patronAtNewLibrary(page, ['Scanned Meanwhile', 'Rented Meanwhile']);
  const cancelled = await watchFor(page, 'CancelledError');
  const release = await hold(page, 'books.status');
  await page.getByRole('button', { name: 'Scan Book', exact: true }).click();
  await enterIsbn(page, scanned);
  await dialog(page, 'Confirm Book').getByRole('button', { name: 'Confirm Book' }).click();
  await expect(toastSaying(page, 'Checking book status...')).toBeVisible();

  // The rent's refresh of the books calls off the status read under way.
  await page.getByRole('article', { name: 'Rented Meanwhile' }).getByRole('button', { name: 'Rent Book' }).click();
  await expect(toastSaying(page, 'Book rental successful!')).toBeVisible();
  release();
  await expect(dialog(page, 'Confirm Book Rental').getByText('Do you want to rent the book "Scanned Meanwhile"?')).toBeVisible();
  await expect(toastSaying(page, 'Checking book status...')).toBeHidden();
  await expect(cancelled.seen).toHaveCount(0);
});

test("a book's status asked as the user signs out in another tab ends without a word", async ({ page }) => {
  const [scanned] = await patronAtNewLibrary(page, ['Scanned At Logout']);
  const cancelled = await watchFor(page, 'CancelledError');
  await hold(page, 'books.status');
  await page.getByRole('button', { name: 'Scan Book', exact: true }).click();
  await enterIsbn(page, scanned);
  await dialog(page, 'Confirm Book').getByRole('button', { name: 'Confirm Book' }).click();
  await expect(toastSaying(page, 'Checking book status...')).toBeVisible();

  // A logout in another tab of the browser (this spec's page has a browser of its own, for the camera): this
  // tab forgets the user's data, the status read under way with it.
  const other = await page.context().newPage();
  await other.goto('/');
  await other.getByRole('button', { name: /^Hi, / }).click();
  await other.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(toastSaying(page, 'Checking book status...')).toBeHidden();
  await page.waitForTimeout(500);
  await expect(cancelled.seen).toHaveCount(0);
  await other.close();
});

test('a lookup answered on Try again hands the focus on to Confirm Book, as the step does when it opens', async ({ page }) => {
  await openLibrary(page, 'Central Library');
  await page.route(trpcCall('lookup.lookup'), (route) => route.abort('connectionreset'));
  await page.getByRole('button', { name: 'Scan to Add Book' }).click();
  await enterIsbn(page, '9781451673319');
  const confirm = dialog(page, 'Confirm Book');
  const tryAgain = confirm.getByRole('alert').getByRole('button', { name: 'Try again' });
  await expect(tryAgain).toBeVisible();
  await page.unroute(trpcCall('lookup.lookup'));
  await tryAgain.focus();
  await page.keyboard.press('Enter');
  await expect(confirm.getByRole('heading', { name: 'Fahrenheit 451' })).toBeVisible();
  await expect(confirm.getByRole('button', { name: 'Confirm Book' })).toBeFocused();
});
