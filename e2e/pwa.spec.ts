import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page, type Route, test } from '@playwright/test';
import { demo, expectHeard, expectHeardOnce, listenLikeAScreenReader, logIn, pickLibrary, register, timesHeard, toastSaying, uniqueEmail } from './fixtures';

const OFFLINE_NOTICE = 'You are offline. Showing the data you last loaded; changes need a connection.';

/** Waits until /sw.js is active, then reloads so it controls the page (a prompt-style worker does not claim open pages). */
async function controlledBySw(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null)).toMatch(/\/sw\.js$/);
}

/**
 * Runs `during` with the next deploy in place: a byte-different /sw.js in the served build (a browser fetches
 * the worker script itself, past Playwright's request routing), put back at the end. Not before: the build
 * put back would be a third version to the browser, which checks for one at each navigation (the reload
 * after Update too). The build also serves precompressed copies (sw.js.br, sw.js.gz): set aside meanwhile.
 */
async function withNextDeploy(during: () => Promise<void>) {
  const swFile = join(process.env.E2E_BUILD_DIR ?? 'dist', 'client', 'sw.js');
  const deployed = new Map([swFile, `${swFile}.br`, `${swFile}.gz`].filter((f) => existsSync(f)).map((f) => [f, readFileSync(f)]));
  for (const file of deployed.keys()) if (file !== swFile) rmSync(file);
  writeFileSync(swFile, `${deployed.get(swFile)}\n// next build ${Date.now()}\n`);
  try {
    await during();
  } finally {
    for (const [file, content] of deployed) writeFileSync(file, content);
  }
}

/** Chrome's install offer, as a page would receive it; window.__choose settles the user's choice. */
async function offerInstall(page: Page) {
  await page.evaluate(() => {
    const event = new Event('beforeinstallprompt', { cancelable: true });
    const userChoice = new Promise((resolve) => {
      (window as unknown as { __choose: (outcome: string) => void }).__choose = (outcome) => resolve({ outcome, platform: 'web' });
    });
    Object.assign(event, { prompt: async () => undefined, userChoice });
    window.dispatchEvent(event);
  });
}

const choose = (page: Page, outcome: 'accepted' | 'dismissed') =>
  page.evaluate((o) => (window as unknown as { __choose: (outcome: string) => void }).__choose(o), outcome);

test('the service worker registers at /sw.js, controls the page, and the app shell loads offline', async ({ page, context }) => {
  await page.goto('/');
  await controlledBySw(page);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('link', { name: 'Scroll Library home' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: OFFLINE_NOTICE })).toBeVisible();

  await context.setOffline(false);
  await expect(page.getByText(OFFLINE_NOTICE)).toHaveCount(0);
  await expect(toastSaying(page, 'You are back online.')).toBeVisible();
});

test('on the first visit the service worker serves the tab at once: gone offline, a page not opened yet still opens', async ({ page, context }) => {
  await register(page, { displayName: 'Fiona First', email: uniqueEmail('first-visit'), password: 'Password123' });
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  // No reload: the worker installed by this visit takes this very tab.
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null), { timeout: 15_000 }).toMatch(/\/sw\.js$/);

  await context.setOffline(true);
  await page.getByRole('button', { name: /^Hi, / }).click();
  await page.getByRole('menuitem', { name: 'Profile' }).click();
  await expect(page.getByRole('heading', { name: 'My Profile' })).toBeVisible();
  await expect(page.getByText('This page could not be loaded')).toHaveCount(0);
  await context.setOffline(false);
});

test('offline, a signed-in page shows the data it last had, and a change says it needs a connection', async ({ page, context }) => {
  const email = uniqueEmail('offline');
  await register(page, { displayName: 'Olive Offline', email, password: 'Password123' });
  await page.goto('/profile');
  await expect(page.getByLabel(/^Email( \*)?$/)).toHaveValue(email);
  await controlledBySw(page);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByText(OFFLINE_NOTICE)).toBeVisible();
  await expect(page.getByText('Hi, Olive Offline')).toBeVisible();
  await expect(page.getByLabel(/^Email( \*)?$/)).toHaveValue(email);

  await page.getByLabel(/^Display Name( \*)?$/).fill('Olive Elsewhere');
  const listener = await listenLikeAScreenReader(page);
  await page.getByRole('button', { name: 'Save Changes' }).click();
  // Said once, where the profile says any failure: inline and in one toast.
  const offline = 'You are offline. This change needs a connection; try again when you are back online.';
  const offlineToast = toastSaying(page, offline);
  await expect(page.getByRole('main').getByRole('alert').filter({ hasText: `Update failed: ${offline}` })).toBeVisible();
  await expect(offlineToast).toHaveCount(1);
  // A failure interrupts: read out at once, once, from the form's alert (the toast is only shown).
  await expectHeardOnce(listener, `Update failed: ${offline}`, 'assertive');
  await expect(page.getByText('Hi, Olive Offline')).toBeVisible();

  // Logging out needs the server to end the session, so offline it is refused, saying why.
  await expect(offlineToast).toHaveCount(0);
  await page.getByRole('button', { name: /^Hi, / }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(offlineToast).toHaveCount(1);
  await expectHeard(listener, offline, 'assertive');
  await expect(page.getByText('Hi, Olive Offline')).toBeVisible();
  await expect(page).toHaveURL(/\/profile$/);
});

test("offline, a page opened after another page's reload still shows the data it last had: each load adds to the saved copy", async ({ page, context }) => {
  await logIn(page, demo.reader);
  await page.goto('/dashboard');
  await controlledBySw(page);
  await pickLibrary(page, 'Central Library');
  const available = page.getByRole('region', { name: 'Available to Rent' }).getByRole('article');
  await expect(available.first()).toBeVisible();
  const titles = await available.getByRole('heading', { level: 3 }).allInnerTexts();
  // A load of another page, which reads other things.
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'Rental History' })).toBeVisible();
  await page.waitForTimeout(1_500);

  await context.setOffline(true);
  await page.goto('/dashboard');
  await expect(page.getByText(OFFLINE_NOTICE)).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Library' })).toHaveValue('Central Library');
  await expect(available.getByRole('heading', { level: 3 })).toHaveText(titles);
  await expect(page.getByText('Not loaded yet: this shows once you are back online.')).toHaveCount(0);
});

test('offline, a library picker whose list was never loaded says so, not that it is loading', async ({ page, context }) => {
  await register(page, { displayName: 'Pia Picker', email: uniqueEmail('picker'), password: 'Password123' });
  await page.goto('/profile');
  await controlledBySw(page);
  await expect(page.getByLabel(/^Display Name( \*)?$/)).toHaveValue('Pia Picker');
  await page.waitForTimeout(1_500);

  await context.setOffline(true);
  await page.goto('/dashboard');
  await expect(page.getByText(OFFLINE_NOTICE)).toBeVisible();
  const picker = page.getByRole('combobox', { name: 'Library' });
  await expect(picker).toHaveAttribute('placeholder', 'Offline: not loaded yet');
  await context.setOffline(false);
  await expect(picker).toHaveAttribute('placeholder', 'Select a Library...');
});

test('offline, the banner rests at the foot of the screen on a short page too, as on a long one', async ({ page, context }) => {
  for (const viewport of [{ width: 390, height: 844 }, { width: 1280, height: 800 }]) {
    await page.setViewportSize(viewport);
    await page.goto('/no-such-page');
    await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
    await context.setOffline(true);
    const banner = page.getByRole('status').filter({ hasText: OFFLINE_NOTICE });
    await expect(banner).toBeVisible();
    const box = (await banner.boundingBox())!;
    expect(Math.abs(box.y + box.height - viewport.height), `at ${viewport.width} px`).toBeLessThanOrEqual(1);
    // Nothing to scroll to: the page and the banner fit the screen.
    expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThanOrEqual(viewport.height);
    await context.setOffline(false);
  }
});

test('offline, the banner never covers the control that has the focus', async ({ page, context }) => {
  await page.setViewportSize({ width: 1280, height: 640 });
  await logIn(page, demo.librarian);
  await page.goto('/dashboard');
  await pickLibrary(page, 'Central Library');
  await expect(page.getByRole('article').first()).toBeVisible();
  await context.setOffline(true);
  const banner = page.getByRole('status').filter({ hasText: OFFLINE_NOTICE });
  await expect(banner).toBeVisible();
  const bannerTop = (await banner.boundingBox())!.y;
  for (let i = 0; i < 45; i++) {
    await page.keyboard.press('Tab');
    const focused = await page.locator(':focus').boundingBox();
    if (focused) expect(focused.y + focused.height, `Tab ${i + 1}: ${await page.locator(':focus').getAttribute('aria-label')}`).toBeLessThanOrEqual(bannerTop);
  }
});

test('offline with no saved copy, a signed-in page waits for the connection instead of sending the user to sign in', async ({ page, context }) => {
  await register(page, { displayName: 'Noor Nocopy', email: uniqueEmail('nocopy'), password: 'Password123' });
  await page.goto('/profile');
  await expect(page.getByLabel(/^Display Name( \*)?$/)).toHaveValue('Noor Nocopy');
  await controlledBySw(page);
  // No saved copy (older than its week, or never written): who is signed in is not known offline. The page
  // writes its copy as it goes, so it is taken away as each page starts, before the app reads it.
  await page.addInitScript(() => localStorage.removeItem('scroll-library.offline-cache'));

  await context.setOffline(true);
  await page.goto('/dashboard');
  await expect(page.getByText('Not loaded yet: this shows once you are back online.')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toHaveCount(0);

  await context.setOffline(false);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('in a server outage, a page sent to sign in and reloaded there is back once the server is, reloaded again', async ({ page }) => {
  await register(page, { displayName: 'Rory Reload', email: uniqueEmail('reload'), password: 'Password123' });
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await controlledBySw(page);

  // The server is down: its calls get no answer, the service worker serves the app itself.
  const serverDown = /\/trpc\//;
  const noAnswer = (route: Route) => route.abort('connectionrefused');
  await page.route(serverDown, noAnswer);
  await page.reload();
  await expect(page).toHaveURL(/\/login$/);
  const why = page.getByRole('alert').filter({ hasText: 'Could not check your sign-in' });
  await expect(why).toBeVisible();
  await page.reload();
  await expect(why).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  await page.unroute(serverDown, noAnswer);
  await page.reload();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
});

test('offline, a list never loaded says it waits for the connection, and loads once back online', async ({ page, context }) => {
  await register(page, { displayName: 'Wren Waiting', email: uniqueEmail('waiting'), password: 'Password123' });
  await page.goto('/dashboard');
  await pickLibrary(page, 'Central Library');
  const book = page.getByRole('region', { name: 'Available to Rent' }).getByRole('article').first();
  await expect(book).toBeVisible();

  await context.setOffline(true);
  await book.getByRole('button', { name: 'Reviews' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Not loaded yet: this shows once you are back online.')).toBeVisible();
  await expect(dialog.getByTestId('reviews-loading')).toHaveCount(0);

  await context.setOffline(false);
  await expect(dialog.getByRole('listitem').or(dialog.getByText('No reviews yet. Be the first to write one!')).first()).toBeVisible();
  await expect(dialog.getByText('Not loaded yet: this shows once you are back online.')).toHaveCount(0);
});

test("offline, a staff search or period asked anew waits for the connection rather than showing the last one's answer", async ({ page, context }) => {
  const NOT_LOADED = 'Not loaded yet: this shows once you are back online.';
  await logIn(page, demo.librarian);
  await page.goto('/dashboard');
  await pickLibrary(page, 'Central Library');
  await page.getByRole('tab', { name: 'View Rentals' }).click();
  const rentals = page.getByRole('article').filter({ has: page.getByRole('button', { name: 'Mark as Returned' }) });
  await expect(rentals.first()).toBeVisible();

  await context.setOffline(true);
  await page.getByRole('searchbox', { name: 'Search rentals' }).fill('zzzqqq');
  await expect(page.getByText(NOT_LOADED)).toBeVisible();
  await expect(rentals).toHaveCount(0);
  await context.setOffline(false);
  await expect(page.getByText('No rentals match your search.')).toBeVisible();

  await page.getByRole('tab', { name: 'Insights' }).click();
  const figures = page.getByRole('table', { name: /^Rentals and returns per day/ });
  await expect(figures).toHaveAccessibleName('Rentals and returns per day, last 30 days');
  await context.setOffline(true);
  await page.getByText('7 days', { exact: true }).click();
  await expect(page.getByRole('region', { name: 'Most rented books' }).getByText(NOT_LOADED)).toBeVisible();
  await expect(figures).toHaveCount(0);
  // The export would wait for the connection and download by itself later: it says so now instead.
  const listener = await listenLikeAScreenReader(page);
  await page.getByRole('button', { name: 'Download CSV' }).click();
  await expect(toastSaying(page, 'Downloading the CSV needs a connection')).toBeVisible();
  await expectHeard(listener, 'Downloading the CSV needs a connection', 'assertive');
  await expect(page.getByRole('button', { name: 'Download CSV' })).not.toHaveAttribute('aria-disabled', 'true');
  await context.setOffline(false);
  await expect(figures).toHaveAccessibleName('Rentals and returns per day, last 7 days');
});

test('offline, a rent refused for want of the connection leaves the Rent buttons working, to say it again', async ({ page, context }) => {
  await register(page, { displayName: 'Rhea Refused', email: uniqueEmail('refused'), password: 'Password123' });
  await page.goto('/dashboard');
  await pickLibrary(page, 'Central Library');
  const rent = page.getByRole('region', { name: 'Available to Rent' }).getByRole('button', { name: 'Rent Book' }).first();
  await expect(rent).toBeEnabled();
  const offline = 'You are offline. This change needs a connection; try again when you are back online.';
  const offlineToast = toastSaying(page, offline);

  await context.setOffline(true);
  const listener = await listenLikeAScreenReader(page);
  await rent.click();
  await expect(offlineToast).toHaveCount(1);
  await expect.poll(() => timesHeard(listener, offline, 'assertive')).toBe(1);
  await expect(offlineToast).toHaveCount(0);
  // Nothing moved, so the lists are not settling: a press is a press, and says so again.
  await expect(rent).not.toHaveAttribute('aria-disabled', 'true');
  await rent.click();
  await expect(offlineToast).toHaveCount(1);
  await expect.poll(() => timesHeard(listener, offline, 'assertive')).toBe(2);
  await expect(page.getByRole('region', { name: 'My Rentals' }).getByRole('article')).toHaveCount(0);
  await context.setOffline(false);
});

test('the manifest linked from the page and GET /_api/manifest are the same, with every field', async ({ page, request }) => {
  await page.goto('/');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBeTruthy();
  const linked = await (await request.get(href!)).json();

  const api = await request.get('/_api/manifest');
  expect(api.status()).toBe(200);
  expect(api.headers()['content-type']).toContain('application/manifest+json');
  const manifest = await api.json();
  expect(manifest).toEqual(linked);

  expect(manifest).toMatchObject({
    name: 'Scroll Library',
    short_name: 'Scroll Library',
    theme_color: '#0A75E3',
    background_color: '#ffffff',
    start_url: '/',
    scope: '/',
    display: 'standalone',
  });
  const icons = manifest.icons as { src: string; sizes: string; type: string; purpose: string }[];
  for (const size of ['144x144', '152x152', '192x192']) expect(icons.some((icon) => icon.sizes === size && icon.type === 'image/png')).toBe(true);
  expect(icons.some((icon) => icon.sizes === '512x512' && icon.purpose === 'maskable')).toBe(true);
  for (const icon of icons) {
    const image = await request.get(icon.src);
    expect(image.status(), icon.src).toBe(200);
    expect(image.headers()['content-type']).toBe('image/png');
  }
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#0A75E3');
});

test("on a phone, beside the install button, the header shows the avatar alone rather than 'Hi, R…', and the menu names the user", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await logIn(page, demo.reader);
  const greeting = page.getByRole('banner').getByText('Hi, Riley Reader', { exact: true });
  await expect(greeting).toBeVisible();
  await offerInstall(page);
  await expect(page.getByRole('button', { name: 'Install App' })).toBeInViewport({ ratio: 1 });
  // Out of sight (it still names the button for a screen reader): the button is the avatar alone.
  await expect.poll(async () => (await greeting.boundingBox())?.width ?? 0).toBeLessThanOrEqual(1);
  const menuButton = page.getByRole('banner').getByRole('button', { name: 'Hi, Riley Reader', exact: true });
  await expect(menuButton).toBeInViewport({ ratio: 1 });
  expect((await menuButton.boundingBox())!.width).toBeLessThanOrEqual(48);
  await menuButton.click();
  await expect(page.getByRole('menu').getByText('Riley Reader', { exact: true })).toBeVisible();
});

test('the header install button goes Install App, Installing..., App Installed, with a toast 500 ms after the prompt closes', async ({ page }) => {
  await register(page, { displayName: 'Ivy Installer', email: uniqueEmail('install'), password: 'Password123' });
  await expect(page.getByText('Hi, Ivy Installer')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Install App' })).toHaveCount(0);

  await offerInstall(page);
  await page.getByRole('button', { name: 'Install App' }).click();
  await expect(page.getByRole('button', { name: 'Installing...' })).toBeDisabled();

  // When the button turns 'App Installed' and when the toast appears, timed in the page.
  await page.evaluate(() => {
    const seen: Record<string, number> = ((window as unknown as { seen: Record<string, number> }).seen = {});
    new MutationObserver(() => {
      const now = performance.now();
      if (!seen.installed && [...document.querySelectorAll('button')].some((b) => b.textContent === 'App Installed')) seen.installed = now;
      if (!seen.toast && document.body.textContent!.includes('App installed successfully!')) seen.toast = now;
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  await choose(page, 'accepted');
  await expect(page.getByRole('button', { name: 'App Installed' })).toBeDisabled();
  await expect(toastSaying(page, 'App installed successfully!')).toBeVisible();
  const seen = await page.evaluate(() => (window as unknown as { seen: Record<string, number> }).seen);
  expect(seen.toast - seen.installed).toBeGreaterThanOrEqual(450);
  await expect(toastSaying(page, 'You can launch it from your home screen.')).toBeVisible();
});

test('cancelling the install prompt says it can be done later', async ({ page }) => {
  await register(page, { displayName: 'Cal Cancel', email: uniqueEmail('cancel'), password: 'Password123' });
  await expect(page.getByText('Hi, Cal Cancel')).toBeVisible();

  await offerInstall(page);
  await page.getByRole('button', { name: 'Install App' }).click();
  await expect(page.getByRole('button', { name: 'Installing...' })).toBeVisible();
  const listener = await listenLikeAScreenReader(page);
  await choose(page, 'dismissed');
  await expect(toastSaying(page, 'Installation cancelled.')).toBeVisible();
  await expect(toastSaying(page, 'You can install later from the settings menu.')).toBeVisible();
  // Read out whole, its line under the title too.
  await expectHeard(listener, 'You can install later from the settings menu.', 'polite');
  await expectHeard(listener, 'Installation cancelled.', 'polite');
  await expect(page.getByRole('button', { name: /Install App|Installing\.\.\.|App Installed/ })).toHaveCount(0);
});

test('a new build of the service worker offers an update, and applying it reloads the page, not the other tabs', async ({ page, context }) => {
  await page.goto('/');
  await controlledBySw(page);
  // A second tab of the app, someone's form half filled there.
  const other = await context.newPage();
  await other.goto('/register');
  await expect.poll(() => other.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null)).toMatch(/\/sw\.js$/);
  await other.getByLabel(/^Display Name( \*)?$/).fill('Half Filled');

  await withNextDeploy(async () => {
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())!.update());

    const prompt = page.getByRole('alert').filter({ hasText: 'A new version of Scroll Library is available.' });
    await expect(prompt).toBeVisible();
    await page.evaluate(() => ((window as unknown as { beforeUpdate: boolean }).beforeUpdate = true));

    const reloaded = page.waitForEvent('load');
    await prompt.getByRole('button', { name: 'Update' }).click();
    await reloaded;
    expect(await page.evaluate(() => (window as unknown as { beforeUpdate?: boolean }).beforeUpdate)).toBeUndefined();
    await expect.poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting ?? null)).toBeNull();
    await expect(page.getByText('A new version of Scroll Library is available.')).toHaveCount(0);

    // The other tab keeps what was typed, and is offered the update; taking it reloads that tab.
    const otherPrompt = other.getByRole('alert').filter({ hasText: 'A new version of Scroll Library is available.' });
    await expect(otherPrompt).toBeVisible();
    await expect(other.getByLabel(/^Display Name( \*)?$/)).toHaveValue('Half Filled');
    const otherReloaded = other.waitForEvent('load');
    await otherPrompt.getByRole('button', { name: 'Update' }).click();
    await otherReloaded;
    await expect(other.getByLabel(/^Display Name( \*)?$/)).toHaveValue('');
    await expect(otherPrompt).toHaveCount(0);
  });
});

/**
 * What lies over what at the foot of the screen, as the user sees it: the offline banner, the update prompt, the open
 * dialog and each toast at rest (not coming in, going out or moving in the stack); null while no toast is at rest.
 */
function overlapsAtTheFoot(page: Page) {
  return page.evaluate((offlineNotice) => {
    const toasts = [...document.querySelectorAll('[data-rht-toaster] [role="status"]')].filter(
      (toast) => toast.checkVisibility({ opacityProperty: true }) && [...toast.getAnimations(), ...toast.parentElement!.getAnimations()].every((animation) => animation.playState !== 'running'),
    );
    if (!toasts.length) return null;
    const shown: [string, Element | undefined][] = [
      ['the offline banner', [...document.querySelectorAll('[role="status"]')].find((status) => status.textContent === offlineNotice)],
      ['the update prompt', [...document.querySelectorAll('[role="alert"]')].find((alert) => alert.textContent?.includes('A new version of Scroll Library is available.'))],
      ['the dialog', document.querySelector('[role="dialog"][aria-modal="true"]') ?? undefined],
      ...toasts.map((toast): [string, Element] => [`the toast "${toast.textContent}"`, toast]),
    ];
    const found = shown.filter(([, element]) => !element).map(([name]) => `no ${name}`);
    const boxes = shown.filter(([, element]) => element).map(([name, element]) => [name, element!.getBoundingClientRect()] as const);
    for (const [i, [name, box]] of boxes.entries()) {
      for (const [otherName, other] of boxes.slice(i + 1)) {
        const width = Math.min(box.right, other.right) - Math.max(box.left, other.left);
        const height = Math.min(box.bottom, other.bottom) - Math.max(box.top, other.top);
        if (width > 0 && height > 0) found.push(`${name} and ${otherName} overlap by ${Math.round(height)} px`);
      }
    }
    return found;
  }, OFFLINE_NOTICE);
}

for (const viewport of [{ width: 360, height: 640 }, { width: 1280, height: 800 }]) {
  test(`at ${viewport.width} px, offline with an update waiting, a toast said in a dialog, the update prompt, the offline banner and the dialog each show whole`, async ({ page, context }) => {
    await page.setViewportSize(viewport);
    await logIn(page, demo.librarian);
    await page.goto('/dashboard');
    await controlledBySw(page);
    await pickLibrary(page, 'Central Library');
    const book = page.getByRole('tabpanel', { name: 'Manage Books' }).getByRole('article').first();
    await expect(book).toBeVisible();

    await withNextDeploy(async () => {
      await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())!.update());
      const prompt = page.getByRole('alert').filter({ hasText: 'A new version of Scroll Library is available.' });
      await expect(prompt).toBeVisible();
      // Clear of both edges of the screen, by the 16 px it keeps from the right (at 360 px it had touched the left).
      const { x, width } = (await prompt.boundingBox())!;
      expect(x, 'from the left').toBeGreaterThanOrEqual(15.5);
      expect(viewport.width - (x + width), 'from the right').toBeGreaterThanOrEqual(15.5);
      await context.setOffline(true);
      await expect(page.getByRole('status').filter({ hasText: OFFLINE_NOTICE })).toBeVisible();

      await book.getByRole('button', { name: 'Edit details' }).click();
      const dialog = page.getByRole('dialog', { name: 'Edit Book Details' });
      await dialog.getByRole('textbox', { name: 'Title' }).fill('A title not saved');
      await dialog.getByRole('button', { name: 'Save Changes' }).click();
      await expect(toastSaying(page, 'You are offline. This change needs a connection; try again when you are back online.')).toBeVisible();
      // The prompt had lain over the banner, and the toast over both (at 360 px) or over the banner (at 1280 px).
      // Failing, it shows what overlapped while the toast was at rest, rather than nothing once it has gone.
      let lastSeen: string[] = [];
      await expect
        .poll(async () => {
          const overlaps = await overlapsAtTheFoot(page);
          if (overlaps?.length === 0) return 'each whole';
          if (overlaps) lastSeen = overlaps;
          return lastSeen;
        })
        .toBe('each whole');
      // The dialog's buttons, scrolled to in what room it has left, are whole on the screen, under none of them.
      await dialog.getByRole('button', { name: 'Save Changes' }).scrollIntoViewIfNeeded();
      await expect(dialog.getByRole('button', { name: 'Save Changes' })).toBeInViewport({ ratio: 1 });
      await context.setOffline(false);
    });
  });
}

test('a kiosk takes a new version itself while no patron is using it, with no prompt over its buttons', async ({ page }) => {
  await logIn(page, demo.librarian);
  const libraries: { id: number; name: string }[] = (await (await page.request.get('/_api/libraries')).json()).json;
  await page.goto(`/kiosk/${libraries.find((library) => library.name === 'Central Library')!.id}`);
  await controlledBySw(page);
  await expect(page.getByRole('heading', { name: 'Welcome!' })).toBeVisible();
  // A patron is typing their number.
  await page.keyboard.type('555');

  await withNextDeploy(async () => {
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())!.update());
    await expect.poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting != null)).toBe(true);
    await page.evaluate(() => ((window as unknown as { beforeUpdate: boolean }).beforeUpdate = true));
    // Not under the patron's hands, and no prompt over the kiosk's buttons.
    for (let i = 0; i < 3; i++) {
      await page.waitForTimeout(500);
      expect(await page.evaluate(() => (window as unknown as { beforeUpdate?: boolean }).beforeUpdate)).toBe(true);
    }
    await expect(page.getByText('A new version of Scroll Library is available.')).toHaveCount(0);

    // The patron gone (the number cleared), the kiosk reloads into the new version, ready for the next.
    const reloaded = page.waitForEvent('load');
    for (let i = 0; i < 3; i++) await page.keyboard.press('Backspace');
    await reloaded;
    expect(await page.evaluate(() => (window as unknown as { beforeUpdate?: boolean }).beforeUpdate)).toBeUndefined();
    await expect.poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting ?? null)).toBeNull();
    await expect(page.getByRole('heading', { name: 'Welcome!' })).toBeVisible();
  });
});

test("offline at the kiosk: finding a patron says it needs the connection, once, and the banner covers none of the page", async ({ page, context }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await logIn(page, demo.librarian);
  const libraries: { id: number; name: string }[] = (await (await page.request.get('/_api/libraries')).json()).json;
  await page.goto(`/kiosk/${libraries.find((library) => library.name === 'Central Library')!.id}`);
  await expect(page.getByRole('heading', { name: 'Welcome!' })).toBeVisible();

  await context.setOffline(true);
  await expect(page.getByText(OFFLINE_NOTICE)).toBeVisible();
  await page.keyboard.type('5550100002');
  await page.keyboard.press('Enter');
  const message = 'You are offline. Finding you by your number needs a connection; try again when you are back online.';
  await expect(page.getByRole('alert').filter({ hasText: message })).toHaveCount(1);
  await expect(page.getByText(message)).toHaveCount(1);

  // At the page's end the banner has a place of its own, below the kiosk's footer, not over it.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const footer = await page.getByText('Library powered by').boundingBox();
  const banner = await page.getByRole('status').filter({ hasText: OFFLINE_NOTICE }).boundingBox();
  expect(footer!.y + footer!.height).toBeLessThanOrEqual(banner!.y);
  await context.setOffline(false);
});
