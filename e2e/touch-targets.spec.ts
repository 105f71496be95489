import { expect, type Locator, type Page, test } from '@playwright/test';
import { demo, logIn, pickLibrary, register, uniqueEmail } from './fixtures';

type Box = { x: number; y: number; width: number; height: number };

/** Each target's box, named, as a finger or pointer meets it. */
async function boxesOf(targets: Record<string, Locator>) {
  const boxes: Record<string, Box> = {};
  for (const [name, target] of Object.entries(targets)) {
    await expect(target, name).toBeVisible();
    boxes[name] = (await target.boundingBox())!;
  }
  return boxes;
}

/** The targets smaller than `size` each way, with their sizes. */
const smallerThan = (boxes: Record<string, Box>, size: number) =>
  Object.entries(boxes)
    .filter(([, box]) => box.width < size - 0.5 || box.height < size - 0.5)
    .map(([name, box]) => `${name} ${Math.round(box.width)}x${Math.round(box.height)}`);

/** The pairs of targets, side by side, whose boxes overlap: a tap on one could land on the other. */
function overlapping(boxes: Record<string, Box>) {
  const entries = Object.entries(boxes);
  return entries.flatMap(([a, one], i) =>
    entries.slice(i + 1).flatMap(([b, other]) => {
      const width = Math.min(one.x + one.width, other.x + other.width) - Math.max(one.x, other.x);
      const height = Math.min(one.y + one.height, other.y + other.height) - Math.max(one.y, other.y);
      return width > 0.5 && height > 0.5 ? [`${a} and ${b}`] : [];
    }),
  );
}

/**
 * The small controls the review found: a review's stars and its dialog's ×, as a new reader sees them; then, as the
 * librarian, a book's copies minus and plus (beside their field), an Edit Book Details dialog's ×, and the insights'
 * Download CSV and Show all. Groups of targets side by side are returned apart, to check for overlaps within each.
 */
async function smallControls(page: Page) {
  await register(page, { displayName: 'Tilly Touch', email: uniqueEmail('touch'), password: 'Password123' });
  await page.goto('/dashboard');
  await pickLibrary(page, 'Central Library');
  await page.getByRole('region', { name: 'Available to Rent' }).getByRole('button', { name: 'Reviews' }).first().click();
  const reviews = page.getByRole('dialog');
  const starLabels = reviews.getByRole('radiogroup', { name: 'Your rating' }).locator('label');
  await expect(starLabels).toHaveCount(5);
  const stars = await boxesOf(Object.fromEntries([1, 2, 3, 4, 5].map((n) => [`star ${n}`, starLabels.nth(n - 1)])));
  const reviewsClose = await boxesOf({ "the reviews dialog's ×": reviews.getByRole('button', { name: 'Close reviews' }) });
  await page.keyboard.press('Escape');
  await expect(reviews).toHaveCount(0);

  await page.context().clearCookies();
  await logIn(page, demo.librarian);
  await page.goto('/dashboard');
  await pickLibrary(page, 'Central Library');
  const book = page.getByRole('tabpanel', { name: 'Manage Books' }).getByRole('article').first();
  const copies = await boxesOf({
    'Remove a copy': book.getByRole('button', { name: 'Remove a copy' }),
    'the copies field': book.getByRole('textbox', { name: /^Copies of / }),
    'Add a copy': book.getByRole('button', { name: 'Add a copy' }),
  });
  await book.getByRole('button', { name: 'Edit details' }).click();
  const editClose = await boxesOf({ "the Edit Book Details dialog's ×": page.getByRole('dialog', { name: 'Edit Book Details' }).getByRole('button', { name: 'Close dialog' }) });
  await page.keyboard.press('Escape');

  await page.getByRole('tab', { name: 'Insights' }).click();
  const insights = await boxesOf({
    'Download CSV': page.getByRole('button', { name: 'Download CSV' }),
    'Show all': page.getByRole('region', { name: 'Never rented' }).getByRole('button', { name: /^Show all \d+$/ }),
  });
  return { stars, copies, others: { ...reviewsClose, ...editClose, ...insights } };
}

test.describe('on a touch screen', () => {
  test.use({ viewport: { width: 360, height: 740 }, hasTouch: true });

  test("the review stars, dialogs' ×, the copies' minus and plus, Download CSV and Show all are a fingertip's size (44 px), and do not overlap", async ({ page }) => {
    const { stars, copies, others } = await smallControls(page);
    const touched = { ...stars, 'Remove a copy': copies['Remove a copy']!, 'Add a copy': copies['Add a copy']!, ...others };
    expect(smallerThan(touched, 44)).toEqual([]);
    // The count's field as high as the buttons beside it.
    expect(copies['the copies field']!.height).toBeCloseTo(copies['Add a copy']!.height, 0);
    expect(overlapping(stars)).toEqual([]);
    expect(overlapping(copies)).toEqual([]);
  });
});

test.describe('with a mouse', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('the same controls keep their compact size, at least 24 px each way (WCAG 2.5.8), and do not overlap', async ({ page }) => {
    const { stars, copies, others } = await smallControls(page);
    const pointed = { ...stars, 'Remove a copy': copies['Remove a copy']!, 'Add a copy': copies['Add a copy']!, ...others };
    expect(smallerThan(pointed, 24)).toEqual([]);
    // As a mouse needs them: none grown to a fingertip's size.
    expect(Object.entries(pointed).filter(([, box]) => box.height >= 44).map(([name]) => name)).toEqual([]);
    expect(overlapping(stars)).toEqual([]);
    expect(overlapping(copies)).toEqual([]);
  });
});
