import { expect, test } from '@playwright/test';
import { brokenImages, coverImages, demo, logIn, pickLibrary } from './fixtures';

test.use({ serviceWorkers: 'block' });

// The demo books' covers are Open Library's, by ISBN.
const NINETEEN_EIGHTY_FOUR = '9780451524935';

test("a cover that cannot load shows as a book without a cover does, in the room its image had while it loaded", async ({ page }) => {
  // Held until released: each cover loads slowly, then cannot be had. Offline or a dead link, the request
  // fails; for 1984, Open Library answers as it does for an ISBN it has no cover of, with a blank 1 x 1 image.
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/covers\.openlibrary\.org/, async (route) => {
    await released;
    await (route.request().url().includes(NINETEEN_EIGHTY_FOUR) ? route.fulfill(coverImages.blank) : route.abort());
  });
  await logIn(page, demo.librarian);
  await page.goto('/dashboard');
  await pickLibrary(page, 'Central Library');

  const book = page.getByRole('article', { name: '1984' });
  const loading = book.getByRole('img', { name: 'Cover of 1984' });
  await expect(loading).toBeVisible();
  expect(await loading.boundingBox()).toMatchObject({ width: 64, height: 96 });
  const title = await book.getByText('1984', { exact: true }).boundingBox();

  release();
  const placeholder = book.getByRole('img', { name: 'No cover for 1984' });
  await expect(placeholder).toBeVisible();
  await expect(page.getByRole('article', { name: 'Animal Farm' }).getByRole('img', { name: 'No cover for Animal Farm' })).toBeVisible();
  // Named once, as the placeholder: the image is gone, not left beside it.
  await expect(book.getByRole('img')).toHaveCount(1);
  expect(await placeholder.boundingBox()).toMatchObject({ width: 64, height: 96 });
  expect(await book.getByText('1984', { exact: true }).boundingBox()).toEqual(title);
  expect(await brokenImages(page)).toEqual([]);

  await page.getByRole('tab', { name: 'View Rentals' }).click();
  const card = page.getByRole('article').first();
  await expect(card.getByRole('img', { name: /^No cover for / })).toBeVisible();
  expect(await brokenImages(page)).toEqual([]);
});
