import { expect, type Page, test } from '@playwright/test';
import { callsTo, demo } from './fixtures';

/**
 * The server sends /login prerendered: on a slow phone it shows seconds before the app runs it. Here the app is
 * held back deterministically: client/boot.tsx, which takes the page over, is not answered until `start` is called.
 * The page's own small script (client/main.tsx) has run once the document is loaded.
 */
async function openLoginHeldBeforeStart(page: Page) {
  let start = () => {};
  const started = new Promise<void>((resolve) => (start = resolve));
  await page.route('**/assets/boot-*.js', async (route) => {
    await started;
    await route.continue();
  });
  await page.goto('/login', { waitUntil: 'domcontentloaded' });
  return start;
}

const email = (page: Page) => page.getByLabel(/^Email( \*)?$/);
const password = (page: Page) => page.getByLabel(/^Password( \*)?$/);
const logInButton = (page: Page) => page.getByRole('button', { name: 'Log In' });
/** The app runs the form: its button sends it. */
const appRunning = (page: Page) => expect(logInButton(page)).toHaveAttribute('type', 'submit');

test('Log In pressed before the app has started shows busy, and signs in once it runs, with what was typed', async ({ page }) => {
  const start = await openLoginHeldBeforeStart(page);
  const logins = callsTo(page, 'auth.loginWithPassword');
  await email(page).fill(demo.reader.email);
  await password(page).fill(demo.reader.password);
  await logInButton(page).click();
  await expect(logInButton(page)).toHaveAttribute('aria-disabled', 'true');
  expect(logins).toHaveLength(0);

  start();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('Hi, Riley Reader')).toBeVisible();
  expect(logins).toHaveLength(1);
});

test('Enter pressed in a field before the app has started sends the form once it runs', async ({ page }) => {
  const start = await openLoginHeldBeforeStart(page);
  await email(page).fill(demo.reader.email);
  await password(page).pressSequentially('WrongPassword1');
  await password(page).press('Enter');
  await expect(logInButton(page)).toHaveAttribute('aria-disabled', 'true');

  start();
  await expect(page.getByRole('alert')).toContainText('Invalid email or password.');
  // Once, and as typed: nothing lost, nothing doubled.
  await expect(email(page)).toHaveValue(demo.reader.email);
  await expect(password(page)).toHaveValue('WrongPassword1');
  await expect(logInButton(page)).not.toHaveAttribute('aria-disabled');
});

test("what is typed, or a password manager fills in, before the app has started is the form's once it runs", async ({ page }) => {
  const start = await openLoginHeldBeforeStart(page);
  await email(page).pressSequentially('reader@scroll');
  // As a password manager fills a field: its value set, with the events a browser sends.
  await password(page).evaluate((field: HTMLInputElement, value) => {
    field.value = value;
    field.dispatchEvent(new Event('input', { bubbles: true }));
    field.dispatchEvent(new Event('change', { bubbles: true }));
  }, demo.reader.password);

  start();
  await appRunning(page);
  await expect(email(page)).toHaveValue('reader@scroll');
  await email(page).press('End');
  await email(page).pressSequentially('.test');
  await expect(email(page)).toHaveValue(demo.reader.email);
  await expect(password(page)).toHaveValue(demo.reader.password);
  await logInButton(page).click();
  await expect(page.getByText('Hi, Riley Reader')).toBeVisible();
});

test('Log In pressed on an empty form before the app has started names the missing fields once it runs', async ({ page }) => {
  const start = await openLoginHeldBeforeStart(page);
  await logInButton(page).click();

  start();
  await expect(page.getByText('Email is required')).toBeVisible();
  await expect(page.getByText('Password is required')).toBeVisible();
  await expect(email(page)).toBeFocused();
  await expect(logInButton(page)).not.toHaveAttribute('aria-disabled');
});

test('the Google Login tab pressed before the app has started opens once it runs', async ({ page }) => {
  const start = await openLoginHeldBeforeStart(page);
  await page.getByRole('tab', { name: 'Google Login' }).click();

  start();
  await expect(page.getByRole('button', { name: 'Continue with Google' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Google Login' })).not.toHaveAttribute('aria-disabled');
});

test('Log In and a tab pressed while React takes the page over, its code still loading, are made once it runs', async ({ page }) => {
  // React has started (its root is on the page), the login page's own code is held back: React stops the presses it cannot handle yet.
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/LoginPage-*.js', async (route) => {
    await released;
    await route.continue();
  });
  await page.goto('/login', { waitUntil: 'domcontentloaded' });
  await page.waitForFunction(() => Object.keys(document.getElementById('root')!).some((key) => key.startsWith('__reactContainer')));
  await email(page).fill(demo.reader.email);
  await password(page).fill('WrongPassword1');
  await page.getByRole('tab', { name: 'Google Login' }).click();
  await page.getByRole('tab', { name: 'Email & Password' }).click();
  await logInButton(page).click();
  await expect(logInButton(page)).toHaveAttribute('aria-disabled', 'true');

  release();
  await expect(page.getByRole('alert')).toContainText('Invalid email or password.');
  await expect(email(page)).toHaveValue(demo.reader.email);
});
