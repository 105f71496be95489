import { expect, test } from '@playwright/test';
import { librarianLibraryWith, pickLibrary, postOk, uniqueEmail } from './fixtures';

test.use({ viewport: { width: 360, height: 740 } });

test("a review's date stays at the end of its reviewer's first line on a phone, beside a long name that wraps", async ({ page }) => {
  const { library, name: libraryName } = await librarianLibraryWith(page, 'Long names', [{ title: 'Named Book', author: 'Ann Author' }]);
  const longName = 'Bartholomew Montgomery-Fitzwilliam Featherstonehaugh';
  await postOk(page, '/_api/auth/register_with_password', { email: uniqueEmail('longname'), password: 'Password123', displayName: longName });
  const [book]: { id: number }[] = (await (await page.request.get(`/_api/books?libraryId=${library.id}`)).json()).json;
  await postOk(page, '/_api/book/reviews', { bookId: book!.id, rating: 5, reviewText: 'Read it in one sitting.' });

  await page.goto('/dashboard');
  await pickLibrary(page, libraryName);
  await page.getByRole('region', { name: 'Available to Rent' }).getByRole('button', { name: 'Reviews' }).click();
  const review = page.getByRole('dialog').getByRole('listitem');
  const name = (await review.getByText(longName).boundingBox())!;
  const date = (await review.getByText(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/).boundingBox())!;
  // The name takes more than a line here: the date is level with its first, to its right.
  expect(name.height).toBeGreaterThan(1.5 * date.height);
  expect(date.y).toBeLessThan(name.y + date.height);
  expect(date.x).toBeGreaterThanOrEqual(name.x + name.width);
  const card = (await review.boundingBox())!;
  expect(date.x + date.width).toBeLessThanOrEqual(card.x + card.width);
});
