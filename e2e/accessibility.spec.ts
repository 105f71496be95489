import { createRequire } from 'node:module';
import { expect, type Page, test } from '@playwright/test';
import { checksFindServerDown, demo, logIn, pickLibrary, register, trpcCall, uniqueEmail } from './fixtures';

// axe is injected as an inline script, which the app's CSP (rightly) refuses.
test.use({ serviceWorkers: 'block', bypassCSP: true });

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/** axe-core's findings on the page as it stands, of every impact (a dialog's header once made a moderate second banner). */
async function violations(page: Page) {
  await page.addScriptTag({ path: AXE });
  return page.evaluate(async () => {
    const found = await (window as unknown as { axe: { run(): Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }> } }).axe.run();
    return found.violations.map((v) => `${v.impact} ${v.id} on ${v.nodes.length} element(s), the first ${v.nodes[0]!.target.join(' ')}`);
  });
}

for (const viewport of [{ width: 390, height: 844 }, { width: 1280, height: 800 }]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('the librarian dashboard, each tab and the scan dialog have no accessibility faults', async ({ page }) => {
      await logIn(page, demo.librarian);
      await page.goto('/dashboard');
      await pickLibrary(page, 'Central Library');
      for (const tab of ['Manage Books', 'View Rentals', 'Manage Customers', 'Insights', 'Staff']) {
        await page.getByRole('tab', { name: tab }).click();
        await expect(page.getByRole('tabpanel', { name: tab }).locator('[aria-busy="true"], .mantine-Skeleton-root')).toHaveCount(0);
        expect(await violations(page), tab).toEqual([]);
      }
      await page.getByRole('tab', { name: 'Manage Books' }).click();
      await page.getByRole('button', { name: 'Scan to Add Book' }).click();
      await page.getByRole('button', { name: "Can't find a barcode? Enter Manually" }).click();
      expect(await violations(page), 'scan dialog').toEqual([]);
    });

    test('the sign-in page after a failed session check, and a kiosk whose library read failed, have no accessibility faults', async ({ page }) => {
      await checksFindServerDown(page);
      await page.route(trpcCall('auth.session'), (route) => route.abort('connectionrefused'));
      await page.goto('/login');
      await expect(page.getByRole('alert').filter({ hasText: 'Could not check your sign-in' })).toBeVisible();
      expect(await violations(page), 'sign-in page').toEqual([]);
      await page.unroute(trpcCall('auth.session'));

      await logIn(page, demo.librarian);
      await page.route(trpcCall('libraries.get'), (route) => route.abort('connectionrefused'));
      await page.goto('/kiosk/1');
      await expect(page.getByRole('alert').filter({ hasText: 'Error fetching library:' })).toBeVisible();
      expect(await violations(page), 'kiosk').toEqual([]);
    });

    test("the customer's dashboard, profile and the kiosk have no accessibility faults", async ({ page }) => {
      await logIn(page, demo.reader);
      await page.goto('/dashboard');
      await pickLibrary(page, 'Central Library');
      await expect(page.getByRole('region', { name: 'Available to Rent' }).getByRole('article').first()).toBeVisible();
      expect(await violations(page), 'customer dashboard').toEqual([]);
      await page.getByRole('region', { name: 'Available to Rent' }).getByRole('button', { name: 'Reviews' }).first().click();
      await expect(page.getByRole('dialog')).toBeVisible();
      expect(await violations(page), 'reviews dialog').toEqual([]);
      await page.keyboard.press('Escape');
      await page.goto('/profile');
      const ownRentals = page.getByRole('region', { name: 'My Rentals' });
      await expect(ownRentals.getByRole('article').first().or(ownRentals.getByText('You have no active rentals.'))).toBeVisible();
      expect(await violations(page), 'profile').toEqual([]);

      // The librarian signs in on this browser next: the reader's session ends first, as it would at the desk.
      await page.context().clearCookies();
      await logIn(page, demo.librarian);
      const libraries: { id: number; name: string }[] = (await (await page.request.get('/_api/libraries')).json()).json;
      await page.goto(`/kiosk/${libraries.find((l) => l.name === 'Central Library')!.id}`);
      await expect(page.getByRole('heading', { name: 'Welcome!' })).toBeVisible();
      expect(await violations(page), 'kiosk phone screen').toEqual([]);
      // Its own frame's landmarks, as a screen reader lists them: the library's name, the screen, the footer.
      await expect(page.getByRole('banner')).toHaveText('Central Library');
      await expect(page.getByRole('main')).toHaveCount(1);
      await expect(page.getByRole('main').getByRole('heading', { name: 'Welcome!' })).toBeVisible();
      await expect(page.getByRole('contentinfo')).toHaveText(/^Library powered by/);
      for (const digit of '5550100001') await page.getByRole('group', { name: 'Keypad' }).getByRole('button', { name: digit, exact: true }).click();
      await page.getByRole('button', { name: 'Login' }).click();
      await expect(page.getByRole('heading', { name: 'Ada Lovelace' })).toBeVisible();
      expect(await violations(page), 'kiosk customer screen').toEqual([]);
    });
  });
}

test("a screen reader goes from book to book by heading: each row's title is one, a level under its list's", async ({ page }) => {
  await logIn(page, demo.librarian);
  await page.goto('/dashboard');
  await pickLibrary(page, 'Central Library');
  const collection = page.getByRole('tabpanel', { name: 'Manage Books' });
  await expect(collection.getByRole('heading', { name: 'Book Collection', level: 2 })).toBeVisible();
  const dune = collection.getByRole('article', { name: 'Dune' });
  await expect(dune.getByRole('heading', { level: 3 })).toHaveText('Dune');
  // One per row, and nothing else in the list is one.
  await expect(collection.getByRole('heading', { level: 3 })).toHaveCount(await collection.getByRole('article').count());
  // So in the other tabs: each rental under the rentals' heading (heard, not shown: the tab names it on screen), each customer under theirs.
  await page.getByRole('tab', { name: 'View Rentals' }).click();
  const rentals = page.getByRole('tabpanel', { name: 'View Rentals' });
  await expect(rentals.getByRole('heading', { name: 'Active Rentals', level: 2 })).toBeAttached();
  await expect(rentals.getByRole('article').first()).toBeVisible();
  await expect(rentals.getByRole('heading', { level: 3 })).toHaveCount(await rentals.getByRole('article').count());
  await page.getByRole('tab', { name: 'Manage Customers' }).click();
  const customers = page.getByRole('tabpanel', { name: 'Manage Customers' });
  await expect(customers.getByRole('heading', { name: 'Customer Management', level: 2 })).toBeVisible();
  await expect(customers.getByRole('article').first()).toBeVisible();
  await expect(customers.getByRole('heading', { level: 3 })).toHaveCount(await customers.getByRole('article').count());

  await page.context().clearCookies();
  await logIn(page, demo.reader);
  await page.goto('/dashboard');
  await pickLibrary(page, 'Central Library');
  const available = page.getByRole('region', { name: 'Available to Rent' });
  await expect(available.getByRole('heading', { name: 'Available to Rent', level: 2 })).toBeVisible();
  await expect(available.getByRole('article').first().getByRole('heading', { level: 3 })).toBeVisible();

  await page.context().clearCookies();
  await logIn(page, demo.librarian);
  const libraries: { id: number; name: string }[] = (await (await page.request.get('/_api/libraries')).json()).json;
  await page.goto(`/kiosk/${libraries.find((l) => l.name === 'Central Library')!.id}`);
  for (const digit of '5550100001') await page.getByRole('group', { name: 'Keypad' }).getByRole('button', { name: digit, exact: true }).click();
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('heading', { name: 'Ada Lovelace', level: 2 })).toBeVisible();
  await page.getByRole('tab', { name: /^Current Rentals/ }).click();
  const rental = page.getByRole('tabpanel', { name: /^Current Rentals/ }).getByRole('article').first();
  await expect(rental.getByRole('heading', { level: 3 })).toBeVisible();
});

test("each button of a book's row says whose it is: described by the book's title, in Manage Books, View Rentals and the patron's lists", async ({ page }) => {
  await logIn(page, demo.librarian);
  await page.goto('/dashboard');
  await pickLibrary(page, 'Central Library');
  const dune = page.getByRole('tabpanel', { name: 'Manage Books' }).getByRole('article', { name: 'Dune' });
  for (const name of ['Reviews', 'Edit details', 'Remove a copy', 'Add a copy']) {
    await expect(dune.getByRole('button', { name, exact: true })).toHaveAccessibleDescription('Dune');
  }
  await page.getByRole('tab', { name: 'View Rentals' }).click();
  const rental = page.getByRole('tabpanel', { name: 'View Rentals' }).getByRole('article').first();
  const title = (await rental.getAttribute('aria-labelledby'))!;
  await expect(rental.getByRole('button', { name: 'Mark as Returned' })).toHaveAccessibleDescription(await page.locator(`[id="${title}"]`).innerText());

  await page.context().clearCookies();
  await logIn(page, demo.reader);
  await page.goto('/dashboard');
  await pickLibrary(page, 'Central Library');
  const book = page.getByRole('region', { name: 'Available to Rent' }).getByRole('article').first();
  const bookTitle = await book.getByRole('heading', { level: 3 }).innerText();
  await expect(book.getByRole('button', { name: 'Rent Book' })).toHaveAccessibleDescription(bookTitle);
  await expect(book.getByRole('button', { name: 'Reviews' })).toHaveAccessibleDescription(bookTitle);
});

test("at 200% zoom (640 px), each of Manage Books' rows reads whole: its badge, title and author not cut or broken into letters", async ({ page }) => {
  await page.setViewportSize({ width: 640, height: 800 });
  await logIn(page, demo.librarian);
  await page.goto('/dashboard');
  await pickLibrary(page, 'Central Library');
  const rows = page.getByRole('tabpanel', { name: 'Manage Books' }).getByRole('article');
  await expect(rows.first()).toBeVisible();
  for (const row of (await rows.all()).slice(0, 5)) {
    const badge = row.locator('.mantine-Badge-label');
    expect(await badge.evaluate((el) => el.scrollWidth <= el.clientWidth), await badge.textContent() ?? '').toBe(true);
    // The details keep at least 10rem: a title of a few short words takes a line or two, not one per few letters.
    expect((await row.getByRole('heading', { level: 3 }).boundingBox())!.width).toBeGreaterThanOrEqual(160);
  }
});

test('asked for less motion, a dialog opens without moving', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await logIn(page, demo.librarian);
  await page.goto('/dashboard');
  await pickLibrary(page, 'Central Library');
  // Every transition that starts in a dialog (its fade and pop), from the press on.
  await page.evaluate(() => {
    const w = window as unknown as { dialogTransitions: number };
    w.dialogTransitions = 0;
    document.addEventListener('transitionrun', (event) => {
      if ((event.target as Element).closest('.mantine-Modal-root')) w.dialogTransitions++;
    });
  });
  await page.getByRole('button', { name: 'Scan to Add Book' }).click();
  await expect(page.getByRole('dialog', { name: 'Scan Book ISBN' })).toBeVisible();
  await page.waitForTimeout(500);
  expect(await page.evaluate(() => (window as unknown as { dialogTransitions: number }).dialogTransitions)).toBe(0);
});

test('placeholders read at 4.5:1 or more against their field', async ({ page }) => {
  await page.goto('/login');
  const color = await page.getByLabel(/^Email( \*)?$/).evaluate((el) => getComputedStyle(el, '::placeholder').color);
  expect(color).toBe('rgb(101, 109, 117)');
});

test('a search says how many it found, none included, to a screen reader as the results arrive', async ({ page }) => {
  await logIn(page, demo.librarian);
  await page.goto('/dashboard');
  await pickLibrary(page, 'Central Library');
  // The search's, above the list: each book's copy count has its own, for 'Updating...'.
  const status = page.getByRole('tabpanel', { name: 'Manage Books' }).getByRole('status').first();
  await page.getByLabel('Search books').fill('orwell');
  await expect(status).toHaveText('2 books found for "orwell"');
  await page.getByLabel('Search books').fill('no such book anywhere');
  await expect(status).toHaveText('0 books found for "no such book anywhere"');
  await page.getByLabel('Search books').fill('');
  await expect(status).toHaveText('');

  await page.getByRole('tab', { name: 'Manage Customers' }).click();
  await page.getByLabel('Search customers').fill('ada@scroll.test');
  await expect(page.getByRole('tabpanel', { name: 'Manage Customers' }).getByRole('status')).toHaveText('1 customer found for "ada@scroll.test"');
  await page.getByRole('tab', { name: 'View Rentals' }).click();
  await page.getByLabel('Search rentals').fill('nobody rented this');
  await expect(page.getByRole('tabpanel', { name: 'View Rentals' }).getByRole('status')).toHaveText('0 rentals found for "nobody rented this"');
});

test('a rating reads by its stars alone: filled and empty ones differ by 3:1 or more (WCAG 1.4.11)', async ({ page }) => {
  await register(page, { displayName: 'Stella Stars', email: uniqueEmail('stars'), password: 'Password123' });
  await page.goto('/dashboard');
  await pickLibrary(page, 'Central Library');
  await page.getByRole('region', { name: 'Available to Rent' }).getByRole('button', { name: 'Reviews' }).first().click();
  const rating = page.getByRole('dialog').getByRole('radiogroup');
  // The third star's label, as a pointer picks it (the radios themselves are hidden under the stars).
  await rating.locator('label').nth(2).click();
  await expect(rating.getByRole('radio', { name: '3 stars' })).toBeChecked();
  const fills = await rating.evaluate((group) => ({
    filled: [...group.querySelectorAll('svg[data-filled]')].map((star) => getComputedStyle(star).fill),
    empty: [...group.querySelectorAll('svg:not([data-filled])')].map((star) => getComputedStyle(star).fill),
  }));
  expect([fills.filled.length, fills.empty.length]).toEqual([3, 2]);
  expect(contrast(fills.filled[0]!, fills.empty[0]!)).toBeGreaterThanOrEqual(3);

  // And in the list, once posted.
  await page.getByRole('dialog').getByRole('button', { name: 'Submit Review' }).click();
  const shown = page.getByRole('dialog').getByRole('img', { name: 'Rated 3 out of 5' }).first();
  await expect(shown).toBeVisible();
  const listed = await shown.evaluate((stars) => ({
    filled: getComputedStyle(stars.querySelector('svg[data-filled]')!).fill,
    empty: getComputedStyle(stars.querySelector('svg:not([data-filled])')!).fill,
  }));
  expect(contrast(listed.filled, listed.empty)).toBeGreaterThanOrEqual(3);
});

/** WCAG's contrast ratio of two CSS colours written rgb(r, g, b). */
function contrast(a: string, b: string) {
  const luminance = (rgb: string) => {
    const [r, g, bl] = rgb.match(/\d+/g)!.slice(0, 3).map((c) => {
      const s = Number(c) / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!;
  };
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

test('at twice the usual text size the header grows to hold its controls, and the skip link stays out of sight until focused', async ({ page }) => {
  // The browser's own text size setting, as a user with low vision sets it (it scales the layout's breakpoints too).
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Page.setFontSizes', { fontSizes: { standard: 32, fixed: 26 } });
  await logIn(page, demo.reader);
  const header = (await page.getByRole('banner').boundingBox())!;
  const menu = (await page.getByRole('button', { name: /^Hi, / }).boundingBox())!;
  expect(menu.y).toBeGreaterThanOrEqual(header.y);
  expect(menu.y + menu.height).toBeLessThanOrEqual(header.y + header.height);
  const skip = page.getByRole('link', { name: 'Skip to content' });
  const hidden = (await skip.boundingBox())!;
  expect(hidden.y + hidden.height).toBeLessThanOrEqual(0);
  await skip.focus();
  await expect(async () => expect((await skip.boundingBox())!.y).toBeGreaterThanOrEqual(0)).toPass();
});
