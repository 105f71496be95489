import { expect, type Route, test } from '@playwright/test';
import { checksFindServerDown, demo, hold, logIn, pickLibrary, register, serverOutage, trpcCall, uniqueEmail } from './fixtures';

test.use({ serviceWorkers: 'block' });

test('signed out, /dashboard redirects to /login, replacing the history entry', async ({ page }) => {
  await page.goto('/');
  const getStarted = page.getByRole('link', { name: 'Get Started' });
  // The link leads to the dashboard: /login is the guard's doing.
  await expect(getStarted).toHaveAttribute('href', '/dashboard');
  await getStarted.click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goBack();
  await expect(page).toHaveURL(/\/$/);
});

test('signed out, /profile asks the visitor to log in', async ({ page }) => {
  await page.goto('/profile');
  await expect(page.getByText('You must be logged in to view your profile.')).toBeVisible();
  await page.getByRole('main').getByRole('link', { name: 'Log In' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test("the dashboard shows 'Authenticating' while the session is checked", async ({ page }) => {
  // The session answer is held until the page has been seen waiting for it: a fixed delay raced
  // the dashboard's chunk on a busy machine, and the answer sometimes came first.
  let answer!: () => void;
  const held = new Promise<void>((resolve) => (answer = resolve));
  await page.route(trpcCall('auth.session'), async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/dashboard');
  await expect(page.getByText('Authenticating')).toBeVisible();
  answer();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Authenticating')).toHaveCount(0);
});

for (const { path, heading } of [
  { path: '/dashboard', heading: 'Dashboard' },
  { path: '/profile', heading: 'My Profile' },
]) {
  test(`'Authenticating' stands where ${path} will: the page does not move as it comes`, async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await logIn(page, demo.reader);
    const release = await hold(page, 'auth.session');
    await page.goto(path);
    const waiting = page.getByText('Authenticating');
    await expect(waiting).toBeVisible();
    const skeleton = (await waiting.boundingBox())!;
    release();
    const title = page.getByRole('heading', { name: heading, level: 1 });
    await expect(title).toBeVisible();
    const shown = (await title.boundingBox())!;
    // The same left edge (the page's width), and the same space above, give or take the dashboard's title
    // sitting at the foot of its row, level with the library picker beside it.
    expect(Math.abs(shown.x - skeleton.x)).toBeLessThanOrEqual(1);
    expect(Math.abs(shown.y - skeleton.y)).toBeLessThanOrEqual(20);
  });
}

test('an admin has no dashboard view but gets the kiosk link', async ({ page }) => {
  await logIn(page, demo.admin);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Unsupported Role' })).toBeVisible();
  await expect(page.getByText('Your user role does not have a dashboard view configured.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to Kiosk' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Create Library' })).toHaveCount(0);
  await pickLibrary(page, 'Central Library');
  await expect(page.getByRole('link', { name: 'Go to Kiosk' })).toHaveAttribute('href', /^\/kiosk\/\d+$/);
});

test('a customer never gets the staff-only controls, before or after picking a library', async ({ page }) => {
  await register(page, { displayName: 'Cora Customer', email: uniqueEmail('nostaff'), password: 'Password123' });
  await page.goto('/dashboard');
  await expect(page.getByRole('button', { name: 'Upgrade to Library Admin' })).toBeVisible();
  await expect(page.getByText('Select a library to begin')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to Kiosk' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Create Library' })).toHaveCount(0);
  await pickLibrary(page, 'Central Library');
  await expect(page.getByRole('region', { name: 'Available to Rent' }).getByRole('article').first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to Kiosk' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Create Library' })).toHaveCount(0);
});

test('signed in, /login and /register send the user home, replacing the history entry', async ({ page }) => {
  await logIn(page, demo.reader);
  await page.goto('/profile');
  for (const path of ['/login', '/register']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('link', { name: 'Go to Dashboard' }).first()).toBeVisible();
    await expect(page.getByRole('button', { name: /^(Log In|Create Account)$/ })).toHaveCount(0);
    // Back leads to the page before, not to the sign-in page again.
    await page.goBack();
    await expect(page).toHaveURL(/\/profile$/);
  }
});

test('signed out, /login stays put; a sign-in made there still goes home', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Log In' })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel(/^Email( \*)?$/).fill(demo.reader.email);
  await page.getByLabel(/^Password( \*)?$/).fill(demo.reader.password);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Go to Dashboard' }).first()).toBeVisible();
  await page.goBack();
  // The sign-in's own way home keeps the login page in the history; arriving on it signed in now leaves again.
  await expect(page).toHaveURL(/\/$/);
});

test('a sign-in in another tab takes a tab waiting on /register home', async ({ context, page }) => {
  await page.goto('/register');
  await expect(page.getByRole('button', { name: 'Create Account' })).toBeVisible();
  const other = await context.newPage();
  await logIn(other, demo.reader);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Go to Dashboard' }).first()).toBeVisible();
  await other.close();
});

test('a session check that fails reads as signed out, and the sign-in page says why', async ({ page }) => {
  await page.route(trpcCall('auth.session'), (route) => route.abort('connectionrefused'));
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
  const alert = page.getByRole('alert').filter({ hasText: 'Could not check your sign-in' });
  await expect(alert).toBeVisible();
  await expect(alert).not.toHaveText('Could not check your sign-in');
  await expect(page.getByRole('button', { name: 'Log In', exact: true })).toBeVisible();
});

test('a guarded page whose session check failed sends to sign in, says why at once, and once asked again goes back to that page', async ({ page }) => {
  await logIn(page, demo.librarian);
  const sessionCheck = trpcCall('auth.session');
  await checksFindServerDown(page);
  // The check and its one retry fail; any other check waits: the sign-in page must not ask again by itself.
  let checks = 0;
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(sessionCheck, async (route) => {
    if (++checks <= 2) return route.abort('connectionrefused');
    await held;
    await route.continue();
  });
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
  const alert = page.getByRole('alert').filter({ hasText: 'Could not check your sign-in' });
  await expect(alert).toBeVisible();
  await expect(page.getByRole('button', { name: 'Log In', exact: true })).toBeVisible();
  expect(checks).toBe(2);

  release();
  await alert.getByRole('button', { name: 'Try again' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await pickLibrary(page, 'Central Library');
  await expect(page.getByRole('tab', { name: 'Manage Books' })).toBeVisible();
});

test('a guarded page that a server outage sent to sign in is back by itself once the server answers', async ({ page }) => {
  await logIn(page, demo.librarian);
  const outage = await serverOutage(page);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('alert').filter({ hasText: 'Could not check your sign-in' })).toBeVisible();

  outage.end();
  await expect(page).toHaveURL(/\/dashboard$/);
  await pickLibrary(page, 'Central Library');
  await expect(page.getByRole('tab', { name: 'Manage Books' })).toBeVisible();
});

test('a signed-in user whose session check failed is told why on the profile, the kiosk and the sign-in page, and is back in when it is asked again', async ({ page }) => {
  await logIn(page, demo.librarian);
  await checksFindServerDown(page);
  const sessionCheck = trpcCall('auth.session');
  const failCheck = (route: Route) => route.abort('connectionrefused');
  const askAgain = async () => {
    const why = page.getByText('Could not check your sign-in');
    await expect(why).toBeVisible();
    await expect(page.getByText('Could not reach the server.')).toBeVisible();
    await page.unroute(sessionCheck, failCheck);
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(why).toBeHidden();
  };

  await page.route(sessionCheck, failCheck);
  await page.goto('/profile');
  await expect(page.getByText('You must be logged in to view your profile.')).toBeVisible();
  await askAgain();
  await expect(page.getByRole('heading', { name: 'Personal Information' })).toBeVisible();

  await page.route(sessionCheck, failCheck);
  await page.goto('/kiosk/1');
  await expect(page.getByRole('heading', { name: 'Authentication Error' })).toBeVisible();
  await askAgain();
  await expect(page.getByRole('heading', { name: 'Welcome!' })).toBeVisible();

  // The sign-in page, once the check finds them signed in, sends them home as it does on arrival.
  await page.route(sessionCheck, failCheck);
  await page.goto('/login');
  await askAgain();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Go to Dashboard' }).first()).toBeVisible();
});

test("a page whose code cannot be fetched says so and offers to reload, the header still there", async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Sign Up' })).toBeVisible();
  // As after a new version replaced the files this tab knew, or offline before the page was ever loaded.
  await page.route(/\/assets\/RegisterPage-[^/]*\.js$/, (route) => route.abort('connectionrefused'));
  await page.getByRole('link', { name: 'Sign Up' }).click();
  const failed = page.getByRole('alert').filter({ hasText: 'This page could not be loaded' });
  await expect(failed).toBeVisible();
  await expect(page.getByRole('link', { name: 'Scroll Library home' })).toBeVisible();

  await page.unroute(/\/assets\/RegisterPage-[^/]*\.js$/);
  await failed.getByRole('button', { name: 'Reload' }).click();
  await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
});

test('offline, a page whose code was never fetched says so, and opens by itself once the connection is back', async ({ page, context }) => {
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Sign Up' })).toBeVisible();
  await context.setOffline(true);
  await page.getByRole('link', { name: 'Sign Up' }).click();
  const failed = page.getByRole('alert').filter({ hasText: 'This page could not be loaded' });
  await expect(failed).toContainText('You are offline, and this part of the app has not been saved on this device yet. It loads by itself once you are back online.');
  // Not a new version to reload into: nothing to press while offline.
  await expect(failed.getByRole('button', { name: 'Reload' })).toHaveCount(0);

  await context.setOffline(false);
  await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
  await expect(failed).toHaveCount(0);
});

test("the header's parts loaded on demand, when their code cannot be fetched, leave a Reload button rather than a blank app", async ({ page }) => {
  // Signed in after a new version replaced the files this tab knew: the user's menu cannot load.
  const userMenu = /\/assets\/UserMenu-[^/]*\.js$/;
  await page.route(userMenu, (route) => route.abort('connectionrefused'));
  await logIn(page, demo.reader);
  const header = page.getByRole('banner');
  await expect(header.getByRole('button', { name: 'Reload' })).toBeInViewport({ ratio: 1 });
  await expect(page.getByRole('link', { name: 'Go to Dashboard' }).first()).toBeVisible();
  await page.unroute(userMenu);
  await header.getByRole('button', { name: 'Reload' }).click();
  await expect(page.getByText('Hi, Riley Reader')).toBeVisible();

  // Signed out on a phone, the navigation drawer likewise.
  await page.context().clearCookies();
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/');
  const mobileNav = /\/assets\/MobileNav-[^/]*\.js$/;
  await page.route(mobileNav, (route) => route.abort('connectionrefused'));
  await page.getByRole('button', { name: 'Open navigation' }).click();
  const failed = header.getByRole('alert').filter({ hasText: 'The menu could not be loaded' });
  await expect(failed.getByRole('button', { name: 'Reload' })).toBeInViewport({ ratio: 1 });
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // Closed by the burger, it leaves the page as it was.
  await page.getByRole('button', { name: 'Open navigation' }).click();
  await expect(failed).toHaveCount(0);
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});

test('the toaster and the update prompt, when their code cannot be fetched, leave the app working without them', async ({ page }) => {
  await page.route(/\/assets\/(Toasts|UpdatePrompt)-[^/]*\.js$/, (route) => route.abort('connectionrefused'));
  await page.goto('/register');
  await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
  await page.getByRole('main').getByRole('link', { name: 'Log in' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
});

test('a signed-in user on an unknown address sees Not Found', async ({ page }) => {
  await logIn(page, demo.reader);
  await page.goto('/dashboard/unknown');
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  await expect(page.getByText('Hi, Riley Reader')).toBeVisible();
  // Only /kiosk/:libraryId is a kiosk, with its own header: a deeper path is an unknown address like any other.
  await page.goto('/kiosk/1/extra');
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  await expect(page.getByText('Hi, Riley Reader')).toBeVisible();
  // An address with a dot, opened as a page, is the app's too (not the server's answer for a missing file).
  await page.goto('/dashboard.old');
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
});

test('an address whose fragment is not valid percent escapes shows its page', async ({ page }) => {
  // A page the app draws (not one the server sends prerendered), so that a failed start would leave it blank.
  await page.goto('/register#50%');
  await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
  await page.getByRole('main').getByRole('link', { name: 'Log in' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
  await page.goto('/dashboard#%zz');
  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
});

test("an address with a fragment scrolls to that element, on arrival, when the app navigates and when only the fragment changes", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 700 });
  await page.goto('/#features');
  const features = page.locator('#features');
  // Smooth scrolling: wait until it has arrived just below the sticky header, not under it.
  const top = (element: typeof features) => element.evaluate((el) => Math.round(el.getBoundingClientRect().top));
  const headerBottom = await page.getByRole('banner').evaluate((el) => Math.round(el.getBoundingClientRect().bottom));
  await expect.poll(() => top(features)).toBeLessThan(headerBottom + 20);
  expect(await top(features)).toBeGreaterThanOrEqual(headerBottom);
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(200);

  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
  await page.evaluate(() => {
    history.pushState(null, '', '/#rentals');
    dispatchEvent(new PopStateEvent('popstate'));
  });
  const card = page.locator('#rentals');
  await expect.poll(() => top(card)).toBeLessThan(headerBottom + 20);
  expect(await top(card)).toBeGreaterThanOrEqual(headerBottom);

  // Only the fragment changes, on the same page (a link to #id, the address bar): smoothly too, where the
  // browser would jump there at once.
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
  const firstFrames = await page.evaluate(async () => {
    location.hash = 'cataloging';
    const seen: number[] = [];
    for (let i = 0; i < 2; i++) {
      await new Promise((frame) => requestAnimationFrame(frame));
      seen.push(window.scrollY);
    }
    return seen;
  });
  const cataloging = page.locator('#cataloging');
  await expect.poll(() => top(cataloging)).toBeLessThan(headerBottom + 20);
  expect(await top(cataloging)).toBeGreaterThanOrEqual(headerBottom);
  expect(Math.max(...firstFrames)).toBeLessThan(await page.evaluate(() => window.scrollY));
});
