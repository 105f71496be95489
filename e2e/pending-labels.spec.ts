import { expect, test } from '@playwright/test';
import { demo, hold, logIn, pickLibrary, register, toastSaying, uniqueEmail } from './fixtures';

test.use({ serviceWorkers: 'block' });

test('signing in and signing up say so while they run', async ({ page }) => {
  await page.goto('/login');
  let release = await hold(page, 'auth.loginWithPassword');
  await page.getByLabel(/^Email( \*)?$/).fill(demo.reader.email);
  await page.getByLabel(/^Password( \*)?$/).fill(demo.reader.password);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page.getByRole('button', { name: 'Logging in...' })).toBeDisabled();
  release();
  await expect(page).toHaveURL(/\/$/);

  await page.context().clearCookies();
  await page.goto('/register');
  release = await hold(page, 'auth.registerWithPassword');
  await page.getByLabel(/^Display Name( \*)?$/).fill('Penny Pending');
  await page.getByLabel(/^Email( \*)?$/).fill(uniqueEmail('pending'));
  await page.getByLabel(/^Password( \*)?$/).fill('Password123');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByRole('button', { name: 'Creating Account...' })).toBeDisabled();
  release();
  await expect(page).toHaveURL(/\/$/);

  await page.goto('/profile');
  release = await hold(page, 'profile.update');
  await page.getByLabel(/^Display Name( \*)?$/).fill('Penny Pending II');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByRole('button', { name: 'Saving...' })).toBeDisabled();
  release();
  await expect(toastSaying(page, 'Profile updated successfully!')).toBeVisible();
});

test("a customer's rent, return, review and upgrade say so while they run", async ({ page }) => {
  await register(page, { displayName: 'Rex Pending', email: uniqueEmail('pending'), password: 'Password123' });
  await page.goto('/dashboard');
  await pickLibrary(page, 'Central Library');
  const book = page.getByRole('region', { name: 'Available to Rent' }).getByRole('article').first();
  const title = (await book.getByRole('heading', { level: 3 }).textContent())!;

  let release = await hold(page, 'rentals.rent');
  await book.getByRole('button', { name: 'Rent Book' }).click();
  await expect(page.getByRole('article', { name: title }).getByRole('button', { name: 'Renting...' })).toHaveAttribute('aria-disabled', 'true');
  release();
  const rented = page.getByRole('region', { name: 'My Rentals' }).getByRole('article', { name: title });
  await expect(rented.getByRole('button', { name: 'Return Book' })).toBeVisible();

  release = await hold(page, 'rentals.return');
  await rented.getByRole('button', { name: 'Return Book' }).click();
  await expect(rented.getByRole('button', { name: 'Returning...' })).toHaveAttribute('aria-disabled', 'true');
  release();
  await expect(toastSaying(page, 'Book returned successfully!')).toBeVisible();

  await page.getByRole('article', { name: title }).getByRole('button', { name: 'Reviews' }).click();
  const reviews = page.getByRole('dialog');
  // The radios are visually hidden behind their star labels: click the fourth star.
  await reviews.locator(`label[for="${await reviews.getByRole('radio', { name: '4 stars' }).getAttribute('id')}"]`).click();
  release = await hold(page, 'reviews.post');
  await reviews.getByRole('button', { name: 'Submit Review' }).click();
  await expect(reviews.getByRole('button', { name: 'Submitting...' })).toBeDisabled();
  release();
  await expect(reviews.getByText('You have already reviewed this book.')).toBeVisible();
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'Upgrade to Library Admin' }).click();
  release = await hold(page, 'profile.upgradeToAdmin');
  await page.getByRole('dialog', { name: 'Upgrade your account?' }).getByRole('button', { name: 'Upgrade', exact: true }).click();
  await expect(page.getByRole('dialog').getByRole('button', { name: 'Upgrading...' })).toHaveAttribute('aria-disabled', 'true');
  release();
  await expect(toastSaying(page, 'Successfully upgraded to Library Admin!')).toBeVisible();
});

test("staff's mark as returned and create library say so while they run", async ({ page }) => {
  await logIn(page, demo.librarian);
  await page.goto('/dashboard');
  await pickLibrary(page, 'Central Library');

  await page.getByRole('tab', { name: 'View Rentals' }).click();
  const rental = page.getByRole('article').first();
  let release = await hold(page, 'rentals.return');
  await rental.getByRole('button', { name: 'Mark as Returned' }).click();
  await expect(page.getByRole('button', { name: 'Returning...' })).toHaveCount(1);
  release();
  await expect(toastSaying(page, 'Book returned successfully!')).toBeVisible();

  await page.getByRole('button', { name: 'Create Library' }).click();
  const create = page.getByRole('dialog', { name: 'Create Library' });
  await create.getByLabel(/^Library name/).fill(`Pending Branch ${Date.now()}`);
  release = await hold(page, 'libraries.create');
  await create.getByRole('button', { name: 'Create' }).click();
  await expect(create.getByRole('button', { name: 'Creating...' })).toBeDisabled();
  // Escape and Cancel leave it running in view: its answer closes the dialog.
  await page.keyboard.press('Escape');
  await expect(create.getByRole('button', { name: 'Cancel' })).toBeDisabled();
  // Past the 200 ms a closing dialog fades for (still 'visible' meanwhile).
  await page.waitForTimeout(500);
  await expect(create).toBeVisible();
  release();
  await expect(create).toBeHidden();
});
