import { expect, type Page, test } from '@playwright/test';
import { demo, trpcCall, uniqueEmail } from './fixtures';

/** Sign-in with Google runs against the local OpenID provider, which stands in for Google here. */

async function openGoogleTab(page: Page) {
  await page.goto('/login');
  await page.getByRole('tab', { name: 'Google Login' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in with Google' })).toBeVisible();
  return page.getByRole('button', { name: 'Continue with Google' });
}

/** Clicks 'Continue with Google' and signs in as the given identity on the provider's page in the popup. */
async function signInWithGoogle(page: Page, identity: { email: string; name?: string; picture?: string }) {
  const button = await openGoogleTab(page);
  const popupOpened = page.waitForEvent('popup');
  await button.click();
  const popup = await popupOpened;
  expect(popup.viewportSize()).toEqual({ width: 500, height: 600 });
  await popup.getByLabel('Email').fill(identity.email);
  if (identity.name) await popup.getByLabel('Name').fill(identity.name);
  if (identity.picture) await popup.getByLabel('Picture URL (optional)').fill(identity.picture);
  const closed = popup.waitForEvent('close');
  await popup.getByRole('button', { name: 'Sign in', exact: true }).click();
  await closed;
}

async function logOut(page: Page) {
  await page.getByRole('button', { name: /^Hi, / }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page.getByRole('link', { name: 'Log In' })).toBeVisible();
}

test('a new user signs in with Google in a popup and lands on the home page as a customer', async ({ page }) => {
  await signInWithGoogle(page, { email: uniqueEmail('google'), name: 'Gwen Google' });
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('Hi, Gwen Google')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to Dashboard' }).first()).toBeVisible();
});

test('a returning user signs in with Google into the same account', async ({ page }) => {
  const email = uniqueEmail('returning');
  await signInWithGoogle(page, { email, name: 'Rita Returning' });
  await expect(page.getByText('Hi, Rita Returning')).toBeVisible();
  const first = (await (await page.request.get('/_api/auth/session')).json()).user;
  await logOut(page);

  await signInWithGoogle(page, { email, name: 'Rita Returning' });
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('Hi, Rita Returning')).toBeVisible();
  const second = (await (await page.request.get('/_api/auth/session')).json()).user;
  expect(second).toMatchObject({ id: first.id, email, role: 'customer' });
});

test("an email that already has a password shows 'Account Already Exists' until 'Got it'", async ({ page }) => {
  await signInWithGoogle(page, { email: demo.reader.email, name: 'Someone Else' });
  const card = page.getByRole('alert').filter({ hasText: 'Account Already Exists' });
  await expect(card).toBeVisible();
  await expect(card).toContainText('An account with this email already exists. Please sign in with your email and password instead.');
  await expect(card).not.toContainText(demo.reader.email);
  await expect(page).toHaveURL(/\/login$/);
  // It took the place of the button that had the focus: the focus is on its own button, not dropped to the page.
  await expect(card.getByRole('button', { name: 'Got it' })).toBeFocused();

  await card.getByRole('button', { name: 'Got it' }).click();
  await expect(card).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Continue with Google' })).toBeEnabled();
  // The card's button went with it: focus is on the way to try again, not dropped to the page.
  await expect(page.getByRole('button', { name: 'Continue with Google' })).toBeFocused();
});

test('a sign-in whose last step the server refuses says so, and the button signs in on the next try', async ({ page }) => {
  // The popup's token is swapped for one the server does not know: it refuses the exchange, as it would an expired token.
  await page.route(trpcCall('auth.establishSession'), (route) =>
    route.continue({ postData: route.request().postData()?.replace(/"tempToken":"[^"]*"/, '"tempToken":"expired-token"') }),
  );
  const email = uniqueEmail('refused');
  await signInWithGoogle(page, { email, name: 'Rhea Refused' });
  await expect(page.getByRole('main').getByRole('alert')).toHaveText('Failed to complete authentication. Please try again.');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Log In' })).toBeVisible();
  const button = page.getByRole('button', { name: 'Continue with Google' });
  await expect(button).toBeEnabled();

  await page.unroute(trpcCall('auth.establishSession'));
  const popupOpened = page.waitForEvent('popup');
  await button.click();
  const popup = await popupOpened;
  await popup.getByLabel('Email').fill(email);
  await popup.getByLabel('Name').fill('Rhea Refused');
  await popup.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByText('Hi, Rhea Refused')).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: /\S/ })).toHaveCount(0);
});

test('closing the popup resets the button', async ({ page }) => {
  const button = await openGoogleTab(page);
  const popupOpened = page.waitForEvent('popup');
  await button.click();
  const popup = await popupOpened;
  await expect(button).toBeDisabled();
  await popup.close();
  // Checked every second; reset at the check after the one that sees it closed.
  await expect(button).toBeEnabled({ timeout: 5_000 });
  // Its alert stays on the page for the next message, saying nothing.
  await expect(page.getByRole('alert').filter({ hasText: /\S/ })).toHaveCount(0);
});

test('a blocked popup explains what to do', async ({ page }) => {
  await page.addInitScript(() => {
    window.open = () => null;
  });
  const button = await openGoogleTab(page);
  await button.click();
  await expect(page.getByRole('main').getByRole('alert')).toHaveText(
    'Failed to open authentication window. Please check if popup blockers are disabled and try again.',
  );
  await expect(button).toBeEnabled();
});

test('the temporary token from the popup works once: a second use is refused', async ({ page }) => {
  // Keep what the popup posts to the login page, to replay its token afterwards.
  await page.addInitScript(() => {
    window.addEventListener('message', (event) => {
      if (event.data?.type === 'OAUTH_TOKEN_SUCCESS') sessionStorage.setItem('oauth-token', event.data.token);
    });
  });
  await signInWithGoogle(page, { email: uniqueEmail('once'), name: 'Olga Once' });
  await expect(page.getByText('Hi, Olga Once')).toBeVisible();
  const token = await page.evaluate(() => sessionStorage.getItem('oauth-token'));
  expect(token).toBeTruthy();

  const replay = await page.request.post('/_api/auth/establish_session', { data: { tempToken: token } });
  expect(replay.status()).toBe(401);
  expect((await replay.json()).message).toBe('This sign-in link is invalid or has expired. Please try again.');
});
