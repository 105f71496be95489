import { readFile } from 'node:fs/promises';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { checksFindServerDown, demo, isbn13, librarianLibraryWith, logIn, pickLibrary, postOk, register, textLines, toastSaying, uniqueEmail } from './fixtures';

test.use({ serviceWorkers: 'block' });

async function openInsights(page: Page, library: string) {
  await logIn(page, demo.librarian);
  await page.goto('/dashboard');
  await pickLibrary(page, library);
  await page.getByRole('tab', { name: 'Insights' }).click();
  await expect(page.getByRole('heading', { name: 'Insights' })).toBeVisible();
}

/** The screen-reader table behind the rentals chart. */
const rentalsTable = (page: Page) => page.getByRole('table', { name: /^Rentals and returns per day/ });

test('staff read the insights, switch the period and download the CSV', async ({ page }) => {
  await openInsights(page, 'Central Library');
  await expect(page.getByRole('radio', { name: '30 days' })).toBeChecked();
  await expect(rentalsTable(page)).toHaveAccessibleName('Rentals and returns per day, last 30 days');
  await expect(rentalsTable(page).locator('tbody tr')).toHaveCount(30);
  // The demo history has rentals in the last weeks: figures, a top book and members show.
  await expect(page.getByRole('region', { name: 'Most rented books' }).getByRole('row')).not.toHaveCount(0);
  await expect(page.getByText('No rentals in this period yet.')).toHaveCount(0);
  await expect(page.getByRole('table', { name: /^Active and new members per week, last 30 days/ })).toBeAttached();

  await page.getByText('7 days', { exact: true }).click();
  await expect(page.getByRole('radio', { name: '7 days' })).toBeChecked();
  await expect(rentalsTable(page)).toHaveAccessibleName('Rentals and returns per day, last 7 days');
  await expect(rentalsTable(page).locator('tbody tr')).toHaveCount(7);

  await page.getByText('1 year', { exact: true }).click();
  await expect(rentalsTable(page)).toHaveAccessibleName('Rentals and returns per day, last year');
  await expect(rentalsTable(page).locator('tbody tr')).toHaveCount(365);

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^central-library-rentals-last-365-days-\d{4}-\d{2}-\d{2}\.csv$/);
  // Busy while the file was made, the button kept focus.
  await expect(page.getByRole('button', { name: 'Download CSV' })).toBeFocused();
  const csv = await readFile(await download.path(), 'utf8');
  const [header, ...rows] = csv.replace(/^\uFEFF/, '').split('\r\n');
  expect(header).toBe('Book ID,Title,Author,ISBN,Copies,Available,Rental ID,Customer,Customer Email,Rented At,Returned At');
  expect(rows.filter(Boolean).length).toBeGreaterThan(10);
});

test("a return marked in the rentals tab shows in the insights at once, not minutes later", async ({ page }) => {
  await openInsights(page, 'Riverside Branch');
  const outNow = page.locator('xpath=//dt[normalize-space()="Out now"]/following-sibling::dd[1]');
  const before = Number(await outNow.textContent());
  expect(before).toBeGreaterThan(0);

  await page.getByRole('tab', { name: 'View Rentals' }).click();
  await page.getByRole('button', { name: 'Mark as Returned' }).first().click();
  await expect(toastSaying(page, 'Book returned successfully!')).toBeVisible();
  await page.getByRole('tab', { name: 'Insights' }).click();
  await expect(outNow).toHaveText(String(before - 1));
});

test('a copy added in the collection tab shows in the insights at once', async ({ page }) => {
  await logIn(page, demo.librarian);
  const name = `Copies Branch ${Date.now()}`;
  const library = await postOk(page, '/_api/libraries', { name });
  const isbn = isbn13(`978${String(Date.now()).slice(-9)}`);
  await postOk(page, '/_api/library/books', { libraryId: library.id, isbn, title: 'Counted Copies', author: 'Tally', quantity: 1 });
  await page.goto('/dashboard');
  await pickLibrary(page, name);
  await page.getByRole('tab', { name: 'Insights' }).click();
  const outOf = page.locator('xpath=//dt[normalize-space()="Out now"]/following-sibling::dd[2]');
  await expect(outOf).toHaveText('of 1 copy');

  await page.getByRole('tab', { name: 'Manage Books' }).click();
  const addCopy = page.getByRole('button', { name: 'Add a copy' });
  await addCopy.click();
  await expect(page.getByLabel('Copies of Counted Copies')).toHaveValue('2');
  await expect(addCopy).not.toHaveAttribute('aria-disabled');
  await page.getByRole('tab', { name: 'Insights' }).click();
  await expect(outOf).toHaveText('of 2 copies');
});

test('the charts count in whole numbers, evenly spaced, up to the largest count', async ({ page }) => {
  const { library, name, isbns } = await librarianLibraryWith(page, 'Chart Scale', [
    { title: 'First Counted', author: 'Tally' },
    { title: 'Second Counted', author: 'Tally' },
  ]);
  await logIn(page, demo.reader);
  for (const isbn of isbns) await postOk(page, '/_api/books/rent', { isbn, libraryId: library.id, customerId: 0 });
  await page.context().clearCookies();
  await logIn(page, demo.librarian);
  await page.goto('/dashboard');
  await pickLibrary(page, name);
  await page.getByRole('tab', { name: 'Insights' }).click();
  // Two rentals today, by one member: each axis runs to its largest count (it ran to 4), its lines evenly apart.
  for (const [chart, counts] of [
    ['Rentals and returns per day', ['0', '1', '2']],
    ['Members per week', ['0', '1']],
  ] as const) {
    const ticks = page.getByRole('region', { name: chart }).locator('.recharts-yAxis-tick-labels text');
    await expect(ticks).toHaveText(counts);
    const heights = await ticks.evaluateAll((texts) => texts.map((text) => text.getBoundingClientRect().y));
    const gaps = heights.slice(1).map((y, i) => heights[i]! - y);
    for (const gap of gaps) expect(Math.abs(gap - gaps[0]!), chart).toBeLessThan(1);
  }
});

test('insights that could not be read are said once for the whole tab, with one Try again; a card that alone failed says so itself', async ({ page }) => {
  await logIn(page, demo.librarian);
  await page.goto('/dashboard');
  await pickLibrary(page, 'Central Library');
  await checksFindServerDown(page);
  const insightsCalls = /\/trpc\/[^?]*\binsights\./;
  await page.route(insightsCalls, (route) => route.abort('connectionrefused'));
  await page.getByRole('tab', { name: 'Insights' }).click();
  const rentals = page.getByRole('region', { name: 'Rentals and returns per day' });
  const popular = page.getByRole('region', { name: 'Most rented books' });
  const figures = page.getByRole('alert').filter({ hasText: 'Could not load insights:' });
  await expect(figures).toBeVisible({ timeout: 20_000 });
  // Every read failed: one alert, read out once, and one Try again, not one in each card.
  await expect(rentals.getByText('Could not load rentals and returns per day.')).toBeVisible();
  await expect(popular.getByText('Could not load most rented books.')).toBeVisible();
  await expect(page.getByRole('main').getByRole('alert').filter({ hasText: /\S/ })).toHaveCount(1);
  await expect(page.getByRole('main').getByRole('button', { name: 'Try again' })).toHaveCount(1);

  await page.unroute(insightsCalls);
  await figures.getByRole('button', { name: 'Try again' }).click();
  await expect(figures).toHaveCount(0);
  await expect(rentalsTable(page).locator('tbody tr')).toHaveCount(30);
  await expect(popular.getByRole('row')).not.toHaveCount(0);
  await expect(page.locator('xpath=//dt[normalize-space()="Out now"]/following-sibling::dd[1]')).toHaveText(/^\d+$/);

  // Another period, whose most rented books alone cannot be read (the server's answer to that call of the batch
  // made an error): that card says so, with its own Try again.
  const popularCalls = /\/trpc\/[^?]*\binsights\.popularBooks\b/;
  await page.route(popularCalls, async (route) => {
    const response = await route.fetch();
    const calls = decodeURIComponent(new URL(route.request().url()).pathname).replace('/trpc/', '').split(',');
    const answers = await response.json();
    const data = { code: 'INTERNAL_SERVER_ERROR', httpStatus: 500, path: 'insights.popularBooks' };
    answers[calls.indexOf('insights.popularBooks')] = { error: { json: { message: 'Something went wrong.', code: -32603, data } } };
    await route.fulfill({ response, status: 207, json: answers });
  });
  await page.getByText('7 days', { exact: true }).click();
  await expect(popular.getByRole('alert')).toContainText('Could not load most rented books:', { timeout: 20_000 });
  await expect(rentalsTable(page).locator('tbody tr')).toHaveCount(7);
  await expect(figures).toHaveCount(0);
  await page.unroute(popularCalls);
  await popular.getByRole('button', { name: 'Try again' }).click();
  await expect(popular.getByRole('alert')).toHaveCount(0);
  await expect(popular.getByRole('row')).not.toHaveCount(0);
});

test('a new library shows empty states, not errors', async ({ page }) => {
  await logIn(page, demo.librarian);
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Create Library' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Library' });
  await dialog.getByLabel(/^Library name/).fill(`Insights Branch ${Date.now()}`);
  await dialog.getByLabel(/^Library name/).press('Enter');
  await expect(dialog).toHaveCount(0);
  await page.getByRole('tab', { name: 'Insights' }).click();
  await expect(page.getByText('No rentals in this period yet.')).toBeVisible();
  await expect(page.getByText('No books rented in this period yet.')).toBeVisible();
  await expect(page.getByText('No member activity in this period yet.')).toBeVisible();
  await expect(page.getByText('No rentals older than 30 days.')).toBeVisible();
  await expect(page.getByText('No books in this library yet.')).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: /\S/ })).toHaveCount(0);
  await page.getByText('90 days', { exact: true }).click();
  await expect(page.getByRole('radio', { name: '90 days' })).toBeChecked();
  await expect(page.getByText('No rentals in this period yet.')).toBeVisible();
});

test('on a phone, a long rental shows the member’s email whole, wrapped only before its @ or a dot', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openInsights(page, 'Central Library');
  // Visible: on a phone the customer is shown in the book's cell, beside a Customer column shown only on wider screens.
  const email = page.getByRole('region', { name: 'Out for more than 30 days' }).getByText('alan@scroll.test', { exact: true }).filter({ visible: true });
  const lines = await textLines(email);
  expect(lines.join('')).toBe('alan@scroll.test');
  for (const line of lines.slice(1)) expect(line).toMatch(/^[@.]/);

  await page.setViewportSize({ width: 1280, height: 900 });
  await expect.poll(() => textLines(email)).toEqual(['alan@scroll.test']);
});

test('on a phone, every week of the month has its label under the members chart', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openInsights(page, 'Central Library');
  // The table comes with the figures, every week at once; counted before it, the weeks would read 0.
  const weekRows = page.getByRole('table', { name: /^Active and new members per week/ }).locator('tbody tr');
  await expect(weekRows.first()).toBeAttached();
  const weeks = await weekRows.count();
  expect(weeks).toBeGreaterThanOrEqual(5);
  // The chart is hidden from the accessibility tree (its table stands in for it): read its drawn labels.
  const labels = page.getByRole('region', { name: 'Members per week' }).locator('.recharts-xAxis-tick-labels text');
  await expect(labels).toHaveCount(weeks);
});

/** The drawn bars of one of the insights' charts, as the reader sees them: each one's left edge and width. */
const drawnBars = (page: Page, chart: string) =>
  page
    .getByRole('region', { name: chart })
    .locator('.recharts-bar-rectangle path')
    .evaluateAll((bars) => bars.map((bar) => ({ x: bar.getBoundingClientRect().x, width: bar.getBoundingClientRect().width })));

test('on a phone, every period’s bars are wide enough to see: a long period’s days are added up by week or month, as the key says, and the table still gives every day', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 800 });
  await openInsights(page, 'Central Library');
  const rentalsKey = page.getByRole('region', { name: 'Rentals and returns per day' }).getByText(/^Each bar adds up/);
  const membersKey = page.getByRole('region', { name: 'Members per week' }).getByText(/^Each bar averages/);
  for (const [period, caption, days, rentalsBar, membersBar] of [
    ['30 days', '30 days', 30, 'Each bar adds up a week, Monday to Sunday', null],
    ['90 days', '90 days', 90, 'Each bar adds up a week, Monday to Sunday', null],
    ['1 year', 'year', 365, 'Each bar adds up a calendar month', 'Each bar averages 4 weeks, from the Monday shown'],
  ] as const) {
    await page.getByText(period, { exact: true }).click();
    await expect(rentalsTable(page)).toHaveAccessibleName(`Rentals and returns per day, last ${caption}`);
    // A day's bars were 1 px wide over a month, a week's 2 px over a year.
    for (const chart of ['Rentals and returns per day', 'Members per week']) {
      await expect.poll(async () => (await drawnBars(page, chart)).length, `${chart}, ${period}`).toBeGreaterThan(0);
      for (const bar of await drawnBars(page, chart)) expect(bar.width, `${chart}, ${period}`).toBeGreaterThanOrEqual(5);
    }
    await expect(rentalsKey).toContainText(rentalsBar);
    if (membersBar) await expect(membersKey).toContainText(membersBar);
    else await expect(membersKey).toHaveCount(0);
    // The exact figures stay, a row a day.
    await expect(rentalsTable(page).locator('tbody tr')).toHaveCount(days);
  }
});

test('at 320 px over a year, the members chart’s bars are as wide as the rentals chart’s, each averaging 8 weeks as its key says, and the table still gives every week', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 700 });
  await openInsights(page, 'Central Library');
  await page.getByText('1 year', { exact: true }).click();
  await expect(rentalsTable(page)).toHaveAccessibleName('Rentals and returns per day, last year');
  const members = page.getByRole('region', { name: 'Members per week' });
  // A year touches 53 weeks: 52 finished, averaged 8 at a time counted back from the latest (the first run holds the
  // 4 left over), and this week's bar beside them.
  await expect(members.getByText(/^Each bar averages/)).toHaveText('Each bar averages 8 weeks, from the Monday shown; the first averages 4. The last bar is this week so far.');
  await expect.poll(async () => (await drawnBars(page, 'Members per week')).length).toBeGreaterThan(0);
  await expect.poll(async () => (await drawnBars(page, 'Rentals and returns per day')).length).toBeGreaterThan(0);
  const narrowestRentals = Math.min(...(await drawnBars(page, 'Rentals and returns per day')).map((bar) => bar.width));
  // Averaging 4 weeks a bar, they were 5 px wide here, beside the rentals chart's 6.
  for (const bar of await drawnBars(page, 'Members per week')) {
    expect(bar.width).toBeGreaterThanOrEqual(6);
    expect(bar.width).toBeGreaterThanOrEqual(narrowestRentals);
  }
  const weekRows = page.getByRole('table', { name: 'Active and new members per week, last year' }).locator('tbody tr');
  await expect(weekRows).toHaveCount(53);
  for (const cell of await weekRows.locator('td').allTextContents()) expect(cell).toMatch(/^\d+$/);
});

test('this week’s members are a bar of their own, said to be this week so far, not averaged into a run as if the week were over', async ({ page }) => {
  // A library of its own, whose only activity is a rental today by a new member: one active and one new member this week.
  const { library, name, isbns: [isbn] } = await librarianLibraryWith(page, 'This Week', [{ title: 'Fresh Start', author: 'Nova Newcomer' }]);
  await register(page, { displayName: 'Monday Reader', email: uniqueEmail('thisweek'), password: 'Password123' });
  await postOk(page, '/_api/books/rent', { isbn, libraryId: library.id, customerId: 0 });
  await page.context().clearCookies();
  await page.setViewportSize({ width: 360, height: 800 });
  await openInsights(page, name);
  const members = page.getByRole('region', { name: 'Members per week' });
  const weekRows = page.getByRole('table', { name: /^Active and new members per week/ }).locator('tbody tr');
  await expect(members.getByText('The last bar is this week so far.')).toBeVisible();
  await expect(weekRows.last().locator('th')).toHaveText(/^Week of \w+ \d+ \(so far\)$/);
  await expect(weekRows.last().locator('td')).toHaveText(['1', '1']);

  await page.getByText('1 year', { exact: true }).click();
  await expect(members.getByText(/^Each bar averages/)).toHaveText('Each bar averages 4 weeks, from the Monday shown. The last bar is this week so far.');
  await expect(weekRows).toHaveCount(53);
  await expect(weekRows.last().locator('td')).toHaveText(['1', '1']);
  // Its one active and one new member stand as high as the count line for 1: averaged in with the three weeks before,
  // they stood a quarter as high.
  await expect.poll(async () => (await drawnBars(page, 'Members per week')).length).toBe(2);
  const gridLines = await members.locator('.recharts-cartesian-grid-horizontal line').evaluateAll((lines) => lines.map((line) => line.getBoundingClientRect().y));
  await expect(members.locator('.recharts-yAxis-tick-labels text')).toHaveText(['0', '1']);
  const countOne = Math.min(...gridLines);
  const tops = await members.locator('.recharts-bar-rectangle path').evaluateAll((bars) => bars.map((bar) => bar.getBoundingClientRect().y));
  for (const top of tops) expect(Math.abs(top - countOne), `bar top ${top}, count line ${countOne}`).toBeLessThan(1.5);
});

test('a series with nothing in the period keeps no room: the day’s bar of rentals stands over its own day, the key saying there were no returns', async ({ page }) => {
  // A library of its own, so that no other spec's rentals or returns come into its figures: one rental today, not returned.
  const { library, name, isbns: [isbn] } = await librarianLibraryWith(page, 'Never Returned', [{ title: 'Kept Forever', author: 'Ada Absent' }]);
  await register(page, { displayName: 'Keeping Reader', email: uniqueEmail('keeping'), password: 'Password123' });
  await postOk(page, '/_api/books/rent', { isbn, libraryId: library.id, customerId: 0 });
  await page.context().clearCookies();
  await page.setViewportSize({ width: 1280, height: 800 });
  await openInsights(page, name);
  const rentals = page.getByRole('region', { name: 'Rentals and returns per day' });
  await expect(rentals.getByText('Returns: none')).toBeVisible();
  await expect(rentalsTable(page).locator('tbody tr')).toHaveCount(30);
  await expect.poll(async () => (await drawnBars(page, 'Rentals and returns per day')).length).toBe(1);
  // A day a slot across the plot, whose count lines span it; today's is the last.
  const plot = await rentals.locator('.recharts-cartesian-grid-horizontal line').first().boundingBox();
  const slot = plot!.width / 30;
  const [bar] = await drawnBars(page, 'Rentals and returns per day');
  // Room kept for the returns' bar put the rentals bar half a bar to the left of its day's middle.
  expect(Math.abs(bar!.x + bar!.width / 2 - (plot!.x + plot!.width - slot / 2)), `bar ${JSON.stringify(bar)}, plot ${JSON.stringify(plot)}`).toBeLessThan(2);
});

test.describe('on a touch screen', () => {
  test.use({ hasTouch: true, viewport: { width: 360, height: 800 } });

  test('each period is a fingertip’s 44 px tall target', async ({ page }) => {
    await openInsights(page, 'Central Library');
    for (const period of ['7 days', '30 days', '90 days', '1 year']) {
      const target = page.getByRole('radio', { name: period }).locator('xpath=..').locator('label');
      expect((await target.boundingBox())!.height, period).toBeGreaterThanOrEqual(44);
    }
    await page.getByRole('radio', { name: '90 days' }).locator('xpath=..').locator('label').tap();
    await expect(page.getByRole('radio', { name: '90 days' })).toBeChecked();
    await expect(rentalsTable(page)).toHaveAccessibleName('Rentals and returns per day, last 90 days');
  });
});

test('with a mouse, each period is at least 24 px tall, on a phone-wide window as on a wide one', async ({ page }) => {
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    if (width === 360) await openInsights(page, 'Central Library');
    for (const period of ['7 days', '30 days', '90 days', '1 year']) {
      const target = page.getByRole('radio', { name: period }).locator('xpath=..').locator('label');
      await expect.poll(async () => (await target.boundingBox())!.height, `${period} at ${width} px`).toBeGreaterThanOrEqual(24);
    }
  }
});

test('at 320 px the insights fit the screen: the periods, every column, and the charts\' keys clear of the notes under them', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 700 });
  await openInsights(page, 'Central Library');
  const popular = page.getByRole('region', { name: 'Most rented books' });
  await expect(popular.getByRole('row').nth(1)).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);

  const inView = async (element: Locator) => {
    const box = (await element.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(320);
  };
  await inView(page.getByRole('radio', { name: '1 year' }).locator('xpath=..'));
  await inView(popular.getByRole('columnheader', { name: 'Rentals' }));
  const longRentals = page.getByRole('region', { name: 'Out for more than 30 days' });
  await inView(longRentals.getByRole('columnheader', { name: 'Days out' }));
  // Its titles break between words, not a few letters a line; the customer is under the book, and read with it.
  const rows = longRentals.getByRole('row');
  await expect(rows.nth(1)).toBeVisible();
  expect(await longRentals.getByRole('columnheader').allTextContents()).toEqual(['Book', 'Days out']);
  for (const row of (await rows.all()).slice(1)) {
    const lines = await textLines(row.getByRole('cell').first().locator('div').first());
    for (const line of lines.slice(0, -1)) expect(line, lines.join('|')).toMatch(/[\s\-–—]$/);
    await expect(row.getByRole('cell').first()).toContainText('@');
  }

  // The key under the members chart takes two lines here; the note under it starts below it.
  const members = page.getByRole('region', { name: 'Members per week' });
  const key = (await members.locator('[aria-hidden="true"]').getByText('New members', { exact: true }).boundingBox())!;
  const note = (await members.getByText(/^Active: members who rented/).boundingBox())!;
  expect(note.y).toBeGreaterThanOrEqual(key.y + key.height);
});

test("the never-rented card, unfolded, keeps its Show fewer when a rent leaves no more than five never rented", async ({ page }) => {
  const books = ['One', 'Two', 'Three', 'Four', 'Five', 'Six'].map((n) => ({ title: `Unread ${n}`, author: 'Shelf' }));
  const { name, isbns } = await librarianLibraryWith(page, 'Unfolded', books);
  await openInsights(page, name);
  const card = page.getByRole('region', { name: 'Never rented' });
  await card.getByRole('button', { name: 'Show all 6' }).click();
  const fewer = card.getByRole('button', { name: 'Show fewer' });
  await expect(fewer).toBeVisible();
  // Rented from this page (Scan Book, on the librarian's own account): the insights are read again.
  await page.getByRole('button', { name: 'Scan Book', exact: true }).click();
  const scan = page.getByRole('dialog', { name: 'Scan Book ISBN' });
  await scan.getByRole('button', { name: "Can't find a barcode? Enter Manually" }).click();
  await scan.getByRole('textbox', { name: 'ISBN' }).fill(isbns[0]!);
  await scan.getByRole('button', { name: 'Look Up Book' }).click();
  await page.getByRole('dialog', { name: 'Confirm Book' }).getByRole('button', { name: 'Confirm Book' }).click();
  await page.getByRole('dialog', { name: 'Confirm Book Rental' }).getByRole('button', { name: 'Yes, Rent Book' }).click();
  await expect(toastSaying(page, 'Book rental successful!')).toBeVisible();
  await expect(card.getByText('5 of 6 books have never been rented')).toBeVisible();
  await expect(fewer).toBeVisible();
  await fewer.click();
  await expect(card.getByRole('listitem')).toHaveCount(5);
  await expect(card.getByRole('button', { name: /^Show/ })).toHaveCount(0);
});

test('the never-rented card lists every never-rented book on request, a page at a time, and folds back to the first five', async ({ page }) => {
  await openInsights(page, 'Central Library');
  const card = page.getByRole('region', { name: 'Never rented' });
  await expect(card.getByRole('listitem')).toHaveCount(5);
  const summary = await card.getByText(/^\d+ of \d+ books have never been rented$/).textContent();
  const neverRented = Number(summary?.match(/^\d+/)?.[0]);
  expect(neverRented).toBeGreaterThan(5);
  // The card beside it, on a desktop screen, keeps its own height however long this list grows.
  const beside = page.getByRole('region', { name: 'Out for more than 30 days' });
  const besideHeight = (await beside.boundingBox())!.height;

  const toggle = card.getByRole('button', { name: `Show all ${neverRented}` });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.click();
  const fewer = card.getByRole('button', { name: 'Show fewer' });
  await expect(fewer).toHaveAttribute('aria-expanded', 'true');
  const list = page.locator(`[id="${await fewer.getAttribute('aria-controls')}"]`);
  // The demo library has more never-rented books than one page holds.
  await list.getByRole('button', { name: 'Load more books' }).click();
  await expect(list.getByRole('button', { name: 'Load more books' })).toHaveCount(0);
  await expect(list.getByRole('listitem')).toHaveCount(neverRented);
  await expect(list.getByRole('listitem').first()).toContainText(/\d+ cop(y|ies)$/);
  expect((await card.boundingBox())!.height).toBeGreaterThan(besideHeight * 2);
  expect((await beside.boundingBox())!.height).toBe(besideHeight);

  await fewer.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(card.getByRole('listitem')).toHaveCount(5);
});
