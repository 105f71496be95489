import { expect, test } from '@playwright/test';
import { demo, expectHeard, hold, listenLikeAScreenReader, logIn, pickLibrary, register, toastSaying, trpcCall, uniqueEmail } from './fixtures';

test('a newcomer registers, is greeted, logs out and logs back in', async ({ page }) => {
  const email = uniqueEmail('newcomer');
  await register(page, { displayName: 'Nina Newcomer', email, password: 'Password123' });
  await expect(page.getByText('Hi, Nina Newcomer')).toBeVisible();

  await page.getByRole('button', { name: /^Hi, / }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page.getByRole('link', { name: 'Log In' })).toBeVisible();
  await expect(page.getByText('Hi, Nina Newcomer')).toHaveCount(0);

  await logIn(page, { email, password: 'Password123' });
  await expect(page.getByText('Hi, Nina Newcomer')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to Dashboard' }).first()).toBeVisible();
});

test('a signed-in user opening the landing page anew never sees the buttons of someone signed out', async ({ browser }) => {
  // No service worker: the server answers the address, as on a device's first visit.
  const context = await browser.newContext({ serviceWorkers: 'block' });
  const page = await context.newPage();
  await logIn(page, demo.reader);
  // Every link text the page ever shows, from its first markup on.
  await page.addInitScript(() => {
    const seen = new Set<string>();
    (window as unknown as { linksSeen: Set<string> }).linksSeen = seen;
    new MutationObserver(() => {
      for (const link of document.querySelectorAll('a')) seen.add(link.textContent?.trim() ?? '');
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
  for (const path of ['/', '/login']) {
    await page.goto(path);
    await expect(page.getByRole('button', { name: /^Hi, / })).toBeVisible();
    const seen = await page.evaluate(() => [...(window as unknown as { linksSeen: Set<string> }).linksSeen]);
    for (const signedOut of ['Get Started', 'Sign In', 'Start Your Journey', 'Log In', 'Sign Up']) expect(seen, path).not.toContain(signedOut);
  }
  await context.close();
});

test('the landing page leads a visitor to sign in or to the dashboard, and a signed-in user to the dashboard and their profile', async ({ page }) => {
  await page.goto('/');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 3 })).toHaveText(['Effortless Cataloging', 'Seamless Rentals', 'Insightful Analytics']);
  await expect(main.getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/dashboard');
  await expect(main.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
  const startJourney = main.getByRole('link', { name: 'Start Your Journey' });
  await expect(startJourney).toHaveAttribute('href', '/dashboard');
  // The dashboard's guard sends a visitor on to sign in.
  await startJourney.click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
  await page.goto('/');
  await main.getByRole('link', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/login$/);

  await logIn(page, demo.reader);
  const toDashboard = main.getByRole('link', { name: 'Go to Dashboard' });
  await expect(toDashboard).toHaveCount(2);
  for (const link of await toDashboard.all()) await expect(link).toHaveAttribute('href', '/dashboard');
  const profile = page.getByRole('banner').getByRole('link', { name: 'Profile', exact: true });
  await expect(profile).toHaveAttribute('href', '/profile');
  await profile.click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('heading', { name: 'My Profile' })).toBeVisible();
});

test('the login and registration pages say how to sign in, and lead to each other', async ({ page }) => {
  await page.goto('/login');
  const main = page.getByRole('main');
  await expect(main.getByText('Sign in with your email and password or use Google OAuth.', { exact: true })).toBeVisible();
  await expect(main.getByText("Don't have an account?")).toBeVisible();
  await page.getByRole('tab', { name: 'Google Login' }).click();
  await expect(main.getByRole('heading', { name: 'Sign in with Google' })).toBeVisible();
  await expect(main.getByText("Use your Google account to sign in or create a new account. It's quick, secure, and easy.", { exact: true })).toBeVisible();
  const signUp = main.getByRole('link', { name: 'Sign up', exact: true });
  await expect(signUp).toHaveAttribute('href', '/register');
  await signUp.click();
  await expect(page).toHaveURL(/\/register$/);

  await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
  await expect(page.getByLabel(/^Display Name( \*)?$/)).toHaveAccessibleDescription('Spaces, emojis and special characters are welcome.');
  await expect(page.getByLabel(/^Password( \*)?$/)).toHaveAccessibleDescription('At least 8 characters, with uppercase, lowercase and a number.');
  const logInInstead = main.getByRole('link', { name: 'Already have an account? Log in', exact: true });
  await expect(logInInstead).toHaveAttribute('href', '/login');
  await logInInstead.click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
});

test('a user who leaves the sign-in page while it runs is signed in where they went, not taken home', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel(/^Email( \*)?$/).fill(demo.reader.email);
  await page.getByLabel(/^Password( \*)?$/).fill(demo.reader.password);
  const release = await hold(page, 'auth.loginWithPassword');
  await page.getByRole('main').getByRole('button', { name: 'Log In', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Logging in...' })).toBeVisible();
  await page.getByRole('main').getByRole('link', { name: 'Sign up' }).click();
  // There before the answer (a page reached already signed in leaves for home by its own rule).
  await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
  const answered = page.waitForResponse((response) => response.url().includes('auth.loginWithPassword'));
  release();
  expect((await answered).status()).toBe(200);
  await expect(page.getByRole('button', { name: /^Hi, / })).toBeVisible();
  // Home would follow 200 ms after the answer.
  await page.waitForTimeout(700);
  await expect(page).toHaveURL(/\/register$/);
});

test('a user who leaves the registration page while it runs is signed in where they went, not taken home', async ({ page }) => {
  await page.goto('/register');
  await page.getByLabel(/^Display Name( \*)?$/).fill('Wandering Newcomer');
  await page.getByLabel(/^Email( \*)?$/).fill(uniqueEmail('wander'));
  await page.getByLabel(/^Password( \*)?$/).fill('Password123');
  const release = await hold(page, 'auth.registerWithPassword');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByRole('button', { name: 'Creating Account...' })).toBeVisible();
  await page.getByRole('link', { name: 'Already have an account? Log in' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
  const answered = page.waitForResponse((response) => response.url().includes('auth.registerWithPassword'));
  release();
  expect((await answered).status()).toBe(200);
  await expect(page.getByRole('button', { name: /^Hi, Wandering/ })).toBeVisible();
  await page.waitForTimeout(700);
  await expect(page).toHaveURL(/\/login$/);
});

test('a session check answered late, after the user signed in, does not sign them out again', async ({ page }) => {
  // The check the page asks as it loads (before the sign-in, so without its cookie) is answered only once the user has signed in.
  let release = () => {};
  const signedIn = new Promise<void>((resolve) => (release = resolve));
  let lateAnswer: Promise<void> | undefined;
  await page.route(trpcCall('auth.session'), async (route) => {
    if (lateAnswer) return route.continue();
    const response = await route.fetch();
    lateAnswer = signedIn.then(() => route.fulfill({ response }).catch(() => undefined));
  });
  await logIn(page, demo.reader);
  await expect(page.getByRole('button', { name: /^Hi, / })).toBeVisible();
  release();
  await lateAnswer;
  await page.waitForTimeout(300);
  await expect(page.getByRole('button', { name: /^Hi, / })).toBeVisible();
  await page.getByRole('banner').getByRole('link', { name: 'Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('a logout the server could not carry out leaves the user signed in, and says so', async ({ page }) => {
  await register(page, { displayName: 'Lou Logout', email: uniqueEmail('logout'), password: 'Password123' });
  await page.route(trpcCall('auth.logout'), (route) => route.fulfill({ status: 503, contentType: 'application/json', body: '{}' }));
  const listener = await listenLikeAScreenReader(page);
  await page.getByRole('button', { name: /^Hi, / }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(toastSaying(page, 'You are still signed in: the server could not end your session.')).toBeVisible();
  await expectHeard(listener, 'You are still signed in: the server could not end your session.', 'assertive');
  await expect(page.getByText('Hi, Lou Logout')).toBeVisible();
  // And the server agrees: a new page load still finds the session.
  await page.unroute(trpcCall('auth.logout'));
  await page.reload();
  await expect(page.getByText('Hi, Lou Logout')).toBeVisible();
  await page.getByRole('button', { name: /^Hi, / }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Log In' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Log In' })).toBeVisible();
});

test('a logout the server could not carry out on a signed-in page leaves the user on that page', async ({ page }) => {
  await register(page, { displayName: 'Stella Stay', email: uniqueEmail('stay'), password: 'Password123' });
  await page.goto('/dashboard');
  await expect(page.getByText('Hi, Stella Stay')).toBeVisible();
  // Answered late, so the page has gone to the login form (the user was cleared at once) before the failure comes.
  await page.route(trpcCall('auth.logout'), (route) => setTimeout(() => void route.abort('connectionrefused'), 1_000));
  const listener = await listenLikeAScreenReader(page);
  await page.getByRole('button', { name: /^Hi, / }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(toastSaying(page, 'You are still signed in: the server could not end your session.')).toBeVisible();
  await expectHeard(listener, 'You are still signed in: the server could not end your session.', 'assertive');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('Hi, Stella Stay')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toHaveCount(0);
});

test("a logout in one tab signs the browser's other tabs out at once, and leaves no copy of the user's data behind", async ({ context, page }) => {
  await logIn(page, demo.reader);
  await page.goto('/dashboard');
  await pickLibrary(page, 'Central Library');
  await expect(page.getByRole('region', { name: 'Available to Rent' }).getByRole('article').first()).toBeVisible();

  const other = await context.newPage();
  await other.goto('/profile');
  await other.getByRole('button', { name: /^Hi, / }).click();
  await other.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(other.getByRole('banner').getByRole('link', { name: 'Log In' })).toBeVisible();

  // The first tab follows without a reload: no name in its header, no books of the reader's on screen.
  await expect(page.getByRole('banner').getByRole('link', { name: 'Log In' })).toBeVisible();
  await expect(page.getByText('Hi, Riley Reader')).toHaveCount(0);
  await expect(page).toHaveURL(/\/login$/);
  // Closing it writes nothing of the reader's back for the next person to find offline.
  await page.close();
  expect(await other.evaluate(() => localStorage.getItem('scroll-library.offline-cache'))).toBeNull();
});

test('a call refused because the session ended elsewhere signs the tab out', async ({ context, page }) => {
  await logIn(page, demo.reader);
  await page.goto('/dashboard');
  await pickLibrary(page, 'Central Library');
  // The session ends on the server, not in this tab (another device's logout, an expiry).
  await context.clearCookies();
  await page.getByRole('combobox', { name: 'Library' }).click();
  await page.getByRole('option', { name: 'Riverside Branch', exact: true }).click();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Log In' })).toBeVisible();
  await expect(page.getByText('Hi, Riley Reader')).toHaveCount(0);
});

test('the login form validates on blur and shows the server message on failure', async ({ page }) => {
  await page.goto('/login');
  await expect(page).toHaveTitle('Login | Scroll Library');
  await page.getByLabel(/^Email( \*)?$/).fill('not-an-email');
  await page.getByLabel(/^Password( \*)?$/).focus();
  await expect(page.getByText('Email is required')).toBeVisible();

  await page.getByLabel(/^Email( \*)?$/).fill(demo.reader.email);
  await page.getByLabel(/^Password( \*)?$/).fill('WrongPassword1');
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page.getByRole('main').getByRole('alert')).toContainText('Invalid email or password.');
  await expect(page).toHaveURL(/\/login$/);
});

test('the app takes over the prerendered login form as it is: the same fields, labelled by the same ids', async ({ page, request }) => {
  const prerendered = await (await request.get('/login')).text();
  const idsSent = [...prerendered.matchAll(/<input[^>]* id="([^"]+)"/g)].map((match) => match[1]);
  expect(idsSent).toHaveLength(2);

  await page.goto('/login');
  // Marked disabled until the app runs the form (client/pages/LoginPage.tsx).
  await expect(page.locator('[aria-disabled="true"]')).toHaveCount(0);
  const email = page.getByLabel(/^Email( \*)?$/);
  const password = page.getByLabel(/^Password( \*)?$/);
  expect([await email.getAttribute('id'), await password.getAttribute('id')]).toEqual(idsSent);
});

test('the registration form names each field it cannot take, and sends nothing until they are right', async ({ page }) => {
  let sent = 0;
  await page.route('**/trpc/auth.registerWithPassword**', (route) => (sent++, route.continue()));
  await page.route('**/_api/auth/register_with_password', (route) => (sent++, route.continue()));
  await page.goto('/register');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Name is required')).toBeVisible();
  await expect(page.getByText('Email is required')).toBeVisible();
  await page.getByLabel(/^Display Name( \*)?$/).fill('Shorty');
  await page.getByLabel(/^Email( \*)?$/).fill(uniqueEmail('shorty'));
  await page.getByLabel(/^Password( \*)?$/).fill('Short1');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Password must be at least 8 characters')).toBeVisible();
  await expect(page.getByText('Name is required')).toHaveCount(0);
  expect(sent).toBe(0);
  await expect(page).toHaveURL(/\/register$/);

  await page.getByLabel(/^Password( \*)?$/).fill('LongEnough1');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Hi, Shorty')).toBeVisible();
  expect(sent).toBe(1);
});

test('a patron registers on the Phone Number tab, keeping what was typed on the other tab, and has the number on their profile', async ({ page }) => {
  const email = uniqueEmail('phone');
  const phone = `555${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
  await page.goto('/register');
  await page.getByLabel(/^Display Name( \*)?$/).fill('Phoebe Phone');
  await page.getByLabel(/^Email( \*)?$/).fill(email);
  await page.getByLabel(/^Password( \*)?$/).fill('Password123');
  await page.getByRole('tab', { name: 'Phone Number' }).click();
  await expect(page.getByLabel(/^Display Name( \*)?$/)).toHaveValue('Phoebe Phone');
  await expect(page.getByLabel(/^Email( \*)?$/)).toHaveValue(email);
  const phoneField = page.getByRole('textbox', { name: /^Phone Number/ });
  await phoneField.fill(`${phone.slice(0, 3)} ${phone.slice(3)}`);
  // And back again, and over once more: nothing typed is lost.
  await page.getByRole('tab', { name: 'Email & Password' }).click();
  await expect(page.getByLabel(/^Email( \*)?$/)).toHaveValue(email);
  await expect(page.getByLabel(/^Password( \*)?$/)).toHaveValue('Password123');
  await page.getByRole('tab', { name: 'Phone Number' }).click();
  await expect(phoneField).toHaveValue(`${phone.slice(0, 3)} ${phone.slice(3)}`);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Hi, Phoebe Phone')).toBeVisible();
  await page.goto('/profile');
  await expect(page.getByLabel(/^Phone Number/)).toHaveValue(phone);
});

test('registering with a taken email suggests logging in', async ({ page }) => {
  await page.goto('/register');
  await page.getByLabel(/^Display Name( \*)?$/).fill('Copy Cat');
  await page.getByLabel(/^Email( \*)?$/).fill(demo.reader.email);
  await page.getByLabel(/^Password( \*)?$/).fill('Password123');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByRole('main').getByRole('alert')).toContainText('This email is already registered. Please try logging in instead.');
});

test('the demo sign-ins printed at start work', async ({ page }) => {
  await logIn(page, demo.librarian);
  await expect(page.getByText('Hi, Lee Librarian')).toBeVisible();
});

test('an unknown address shows Not Found with a link home', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  await page.getByRole('link', { name: 'Go back home' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('on a phone, the header greets the user by their whole name where it fits; narrower, the avatar alone opens the menu, named as the greeting, and the menu names the user', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await logIn(page, demo.reader);
  const greeting = page.getByRole('banner').getByText('Hi, Riley Reader', { exact: true });
  await expect(greeting).toBeVisible();
  expect(await greeting.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  const menuButton = page.getByRole('banner').getByRole('button', { name: 'Hi, Riley Reader', exact: true });
  const nameInMenu = page.getByRole('menu').getByText('Riley Reader', { exact: true });
  await menuButton.click();
  await expect(page.getByRole('menuitem', { name: 'Log out' })).toBeVisible();
  // Said by the greeting beside the menu: not again in it.
  await expect(nameInMenu).toBeHidden();
  await page.keyboard.press('Escape');

  // Where the greeting would be cut to 'Hi, Riley Re…' (360 px) or 'Hi, Ri…' (320 px).
  for (const width of [360, 320]) {
    await page.setViewportSize({ width, height: 700 });
    // Out of sight (it still names the button for a screen reader): the button is the avatar alone.
    await expect.poll(async () => (await greeting.boundingBox())?.width ?? 0).toBeLessThanOrEqual(1);
    await expect(menuButton).toBeInViewport({ ratio: 1 });
    expect((await menuButton.boundingBox())!.width).toBeLessThanOrEqual(48);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
    await menuButton.click();
    await expect(nameInMenu).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Log out' })).toBeInViewport({ ratio: 1 });
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toBeHidden();
  }
});

test('on a phone (360 px) the registration tabs sit on one row, as the login tabs do', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 640 });
  for (const path of ['/register', '/login']) {
    await page.goto(path);
    await expect(page.getByRole('tab')).toHaveCount(2);
    const [first, second] = await page.getByRole('tab').all();
    const [a, b] = [(await first.boundingBox())!, (await second.boundingBox())!];
    expect(b.y, path).toBe(a.y);
    expect(b.x, path).toBeGreaterThanOrEqual(a.x + a.width);
    expect(b.x + b.width, path).toBeLessThanOrEqual(360);
    // Labels whole, not cut.
    for (const tab of [first, second]) expect(await tab.evaluate((el) => el.scrollWidth <= el.clientWidth), path).toBe(true);
  }
});
