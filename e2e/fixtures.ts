import { expect, type Locator, type Page, type Route } from '@playwright/test';
import { completeIsbn13 } from '../shared/isbn';

let counter = 0;
export const uniqueEmail = (prefix = 'e2e') => `${prefix}.${Date.now()}.${++counter}@example.test`;

export const demo = {
  admin: { email: 'admin@scroll.test', password: 'AdminPass1' },
  librarian: { email: 'librarian@scroll.test', password: 'LibrarianPass1' },
  reader: { email: 'reader@scroll.test', password: 'ReaderPass1' },
};

export async function logIn(page: Page, { email, password }: { email: string; password: string }) {
  await page.goto('/login');
  await page.getByLabel(/^Email( \*)?$/).fill(email);
  await page.getByLabel(/^Password( \*)?$/).fill(password);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page).toHaveURL(/\/$/);
}

export async function register(page: Page, values: { displayName: string; email: string; password: string }) {
  await page.goto('/register');
  await page.getByLabel(/^Display Name( \*)?$/).fill(values.displayName);
  await page.getByLabel(/^Email( \*)?$/).fill(values.email);
  await page.getByLabel(/^Password( \*)?$/).fill(values.password);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/$/);
}

/** Picks a library in the dashboard's 'Select a Library...' selector. */
export async function pickLibrary(page: Page, name: string) {
  await page.getByRole('combobox', { name: 'Library' }).click();
  await page.getByRole('option', { name, exact: true }).click();
  await expect(page.getByRole('combobox', { name: 'Library' })).toHaveValue(name);
}

/** Matches one tRPC procedure's requests, batched with others or not. */
export const trpcCall = (procedure: string) => new RegExp(`/trpc/[^?]*\\b${procedure.replace('.', '\\.')}\\b`);

/** The calls of these tRPC procedures the page sends from now on, in order, one entry per call (batched or not). */
export function callsTo(page: Page, ...procedures: string[]) {
  const calls: string[] = [];
  page.on('request', (request) => {
    const [, batch = ''] = request.url().match(/\/trpc\/([^?]+)/) ?? [];
    calls.push(...batch.split(',').filter((procedure) => procedures.includes(procedure)));
  });
  return calls;
}

/**
 * Two clicks in one task, as a double tap's ghost click or a double click sent at once land: the page has not
 * drawn the first one's busy state when the second arrives (Playwright's dblclick leaves it time to).
 */
export function clickTwiceAtOnce(button: Locator) {
  return button.evaluate((element: HTMLElement) => {
    element.click();
    element.click();
  });
}

/** The lines a wrapped element's text falls on, as the reader sees them. */
export function textLines(element: Locator) {
  return element.evaluate((node) => {
    const lines: string[] = [];
    let lineTop = Number.NEGATIVE_INFINITY;
    const walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
    for (let text = walker.nextNode(); text; text = walker.nextNode()) {
      const chars = text.textContent ?? '';
      for (let i = 0; i < chars.length; i++) {
        const range = document.createRange();
        range.setStart(text, i);
        range.setEnd(text, i + 1);
        const { top } = range.getBoundingClientRect();
        if (top > lineTop + 2) {
          lines.push('');
          lineTop = top;
        }
        lines[lines.length - 1] += chars[i];
      }
    }
    return lines;
  });
}

/**
 * The width that buttons side by side (a dialog's pair) leave empty in their row, the most of any row they take:
 * 0 when they share the row's width, or stand one under the other at full width; more for a ragged pair.
 */
export function spareWidthBeside(buttons: Locator) {
  return buttons.evaluateAll((elements) => {
    const row = elements[0].parentElement!.getBoundingClientRect();
    const lines = new Map<number, DOMRect[]>();
    for (const box of elements.map((element) => element.getBoundingClientRect())) lines.set(Math.round(box.top), [...(lines.get(Math.round(box.top)) ?? []), box]);
    return Math.max(...[...lines.values()].map((line) => Math.round(line[0].left - row.left + row.right - line[line.length - 1].right)));
  });
}

/**
 * The server stops answering, as in a restart: `calls` (every tRPC call unless said) and /readyz, where the app
 * checks whether it is back (client/lib/server-outage.ts), get no answer until `end()`.
 */
export async function serverOutage(page: Page, calls: RegExp = /\/trpc\//) {
  let down = true;
  const noAnswer = (route: Route) => (down ? route.abort('connectionrefused') : route.continue());
  await page.route(calls, noAnswer);
  await page.route('**/readyz', noAnswer);
  return {
    end: () => {
      down = false;
    },
  };
}

/**
 * From now on /readyz gets no answer: the app's own checks after an outage (client/lib/server-outage.ts) find
 * the server still down, so a failed read comes back only when Try again asks it again.
 */
export const checksFindServerDown = (page: Page) => page.route('**/readyz', (route) => route.abort('connectionrefused'));

/** Holds one procedure's requests until the returned function is called: long enough to read a pending state. Released, later requests pass at once. */
export async function hold(page: Page, procedure: string) {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(trpcCall(procedure), async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/**
 * From now on, notes whether `text` shows anywhere on the page, even for a moment (a toast, a screen flashed
 * by): `seen` counts 1 once it has. For what must never show, which an assertion made later could miss.
 */
export async function watchFor(page: Page, text: string) {
  const id = `saw-${Math.random().toString(36).slice(2)}`;
  await page.evaluate(
    ({ id, text }) => {
      const seen = document.createElement('meta');
      seen.id = id;
      new MutationObserver(() => document.body.textContent?.includes(text) && document.head.append(seen)).observe(document.body, {
        childList: true,
        subtree: true,
        characterData: true,
      });
    },
    { id, text },
  );
  return { seen: page.locator(`#${id}`) };
}

/** POSTs JSON to a documented path with the page's cookies; it must answer 200. Its data (superjson's `json`). */
export async function postOk(page: Page, path: string, data: object) {
  const res = await page.request.post(path, { data });
  expect(res.status(), path).toBe(200);
  return (await res.json()).json;
}

/** An ISBN-13 from its first twelve digits, with its check digit. */
export const isbn13 = completeIsbn13;

/**
 * A library of the demo librarian's own holding these books (one copy each unless said), made through the API
 * to stay fast; then signed out, for a patron to come in. Its name is `${prefix} <time>`; ISBNs in the books' order.
 */
export async function librarianLibraryWith(page: Page, prefix: string, books: { title: string; author: string; quantity?: number }[]) {
  await logIn(page, demo.librarian);
  const name = `${prefix} ${Date.now()}`;
  const library: { id: number } = await postOk(page, '/_api/libraries', { name });
  const stamp = String(Date.now()).slice(-8);
  const isbns = books.map((_, i) => isbn13(`979${stamp}${i}`));
  for (const [i, book] of books.entries()) {
    await postOk(page, '/_api/library/books', { libraryId: library.id, isbn: isbns[i], quantity: 1, ...book });
  }
  await page.context().clearCookies();
  return { library, name, isbns };
}

/** Stand-ins for a book cover from Open Library: a cover (2 x 3 px), and its blank 1 x 1 GIF for an ISBN it has no cover of. */
export const coverImages = {
  cover: { status: 200, contentType: 'image/png', body: Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAIAAAADCAIAAAA2iEnWAAAAEElEQVR42mMwTpsJRAwoFABI/wctc4Pv/QAAAABJRU5ErkJggg==', 'base64') },
  blank: { status: 200, contentType: 'image/gif', body: Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64') },
};

/** The alt texts of the images on screen that show as broken (failed to load), or as Open Library's blank answer. */
export function brokenImages(page: Page) {
  return page.locator('img').evaluateAll((images: HTMLImageElement[]) =>
    images.filter((image) => image.checkVisibility() && image.complete && image.naturalWidth <= 1).map((image) => image.alt),
  );
}

/** How a live region is read: 'assertive' interrupts (role alert, aria-live=assertive), 'polite' waits its turn. */
export type Politeness = 'polite' | 'assertive';

/**
 * From now on, what a screen reader reads out of the page's live regions (role status or alert, aria-live): the
 * text that comes into a region already on the page. A region added with its text already in it is often not read
 * at all (NVDA, JAWS, VoiceOver follow the changes of regions they know), so its text is not counted here.
 * `heard()`: each region's whole text as it changed, in order; of a region marked aria-atomic=false, only what came
 * into it, as only that is read. `heard('assertive')`: only what interrupted, `heard('polite')` what waited.
 */
export async function listenLikeAScreenReader(page: Page) {
  const id = `heard-${Math.random().toString(36).slice(2)}`;
  await page.evaluate((id) => {
    // aria-live=off outranks a role's own: such a status is only shown, not read out.
    const live = ':is([role="status"], [role="alert"], [aria-live]):not([aria-live="off"])';
    const known = new Set(document.querySelectorAll(live));
    const heard: { text: string; politeness: string }[] = [];
    (window as unknown as Record<string, unknown>)[id] = heard;
    new MutationObserver((records) => {
      for (const record of records) {
        const target = record.target instanceof Element ? record.target : record.target.parentElement;
        const region = target?.closest(live);
        if (!region || !known.has(region)) continue;
        const whole = region.getAttribute('aria-atomic') !== 'false';
        const cameIn = record.type === 'characterData' ? record.target.textContent : [...record.addedNodes].map((node) => node.textContent).join(' ');
        const text = (whole ? region.textContent : cameIn)?.trim();
        const politeness = region.getAttribute('aria-live') ?? (region.getAttribute('role') === 'alert' ? 'assertive' : 'polite');
        if (text) heard.push({ text, politeness });
      }
      // A region added now is known from the next change on: the text it came with goes unread.
      for (const region of document.querySelectorAll(live)) known.add(region);
    }).observe(document.body, { childList: true, subtree: true, characterData: true });
  }, id);
  return {
    heard: (politeness?: Politeness) =>
      page.evaluate(
        ({ id, politeness }) =>
          ((window as unknown as Record<string, { text: string; politeness: string }[] | undefined>)[id] ?? [])
            .filter((said) => !politeness || said.politeness === politeness)
            .map((said) => said.text),
        { id, politeness },
      ),
  };
}

/** Waits until a screen reader has read `text` out of a live region (of that politeness, if given). */
export async function expectHeard(listener: { heard: (politeness?: Politeness) => Promise<string[]> }, text: string, politeness?: Politeness) {
  await expect
    .poll(async () => (await listener.heard(politeness)).some((said) => said.includes(text)), { message: `heard "${text}"${politeness ? ` (${politeness})` : ''}` })
    .toBe(true);
}

/** How many times a screen reader has read out exactly `text` (of that politeness, if given). */
export async function timesHeard(listener: { heard: (politeness?: Politeness) => Promise<string[]> }, text: string, politeness?: Politeness) {
  return (await listener.heard(politeness)).filter((said) => said === text).length;
}

/**
 * A screen reader reads `text` out once, and not again: a second region saying the same (a toast beside a form's
 * alert) would come within a moment of the first, checked for here over half a second once the toast shows.
 */
export async function expectHeardOnce(listener: { heard: (politeness?: Politeness) => Promise<string[]> }, text: string, politeness?: Politeness) {
  await expect.poll(() => timesHeard(listener, text, politeness), { message: `heard "${text}" once` }).toBe(1);
  await new Promise((resolve) => setTimeout(resolve, 500));
  expect(await timesHeard(listener, text, politeness), `heard "${text}" again`).toBe(1);
}

/**
 * A toast on screen saying `text`: its bar in the toaster, not the copy off screen that a screen reader hears it
 * from (client/components/Toasts).
 */
export const toastSaying = (page: Page, text: string | RegExp) => page.locator('[data-rht-toaster]').getByText(text);
