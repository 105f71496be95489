import { expect, type Page, test } from '@playwright/test';
import { demo, librarianLibraryWith, logIn, pickLibrary, postOk, register, toastSaying, trpcCall, uniqueEmail } from './fixtures';

const OFFLINE_NOTICE = 'You are offline. Showing the data you last loaded; changes need a connection.';

/**
 * Each toast at rest on screen (not coming in or going out), how much of the open dialog it covers (px²), how
 * much of the offline banner at the screen's foot, and whether it is whole on the screen.
 */
function toastsOverDialog(page: Page) {
  return page.evaluate((offlineNotice) => {
    const dialog = document.querySelector('[role="dialog"][aria-modal="true"]')!.getBoundingClientRect();
    const banner = [...document.querySelectorAll('[role="status"]')].find((status) => status.textContent === offlineNotice)?.getBoundingClientRect();
    const covers = (toast: DOMRect, other: DOMRect) => {
      const width = Math.min(toast.right, other.right) - Math.max(toast.left, other.left);
      const height = Math.min(toast.bottom, other.bottom) - Math.max(toast.top, other.top);
      return Math.round(Math.max(0, width) * Math.max(0, height));
    };
    // Not coming in, going out or moving in the stack (its icon's spinner runs on); not faded out, gone but for a moment.
    const atRest = (bar: Element) =>
      bar.checkVisibility({ opacityProperty: true }) && [...bar.getAnimations(), ...bar.parentElement!.getAnimations()].every((animation) => animation.playState !== 'running');
    return [...document.querySelectorAll('[data-rht-toaster] [role="status"]')].filter(atRest).map((bar) => {
      const toast = bar.getBoundingClientRect();
      return {
        toast: bar.textContent,
        covers: covers(toast, dialog),
        coversBanner: banner ? covers(toast, banner) : 0,
        onScreen: toast.top >= 0 && toast.bottom <= innerHeight,
      };
    });
  }, OFFLINE_NOTICE);
}

/**
 * Waits until `text` shows in a toast that covers nothing of the open dialog, nor of the offline banner, nor does
 * any other toast.
 */
async function expectToastBesideDialog(page: Page, text: string) {
  await expect(toastSaying(page, text)).toBeVisible();
  // Failing, it shows the toasts as last seen on screen, rather than none once they have gone.
  let lastSeen: Awaited<ReturnType<typeof toastsOverDialog>> = [];
  await expect
    .poll(async () => {
      const toasts = await toastsOverDialog(page);
      if (toasts.some((t) => t.toast?.includes(text)) && toasts.every((t) => t.covers === 0 && t.coversBanner === 0 && t.onScreen)) return 'beside the dialog';
      if (toasts.length) lastSeen = toasts;
      return lastSeen;
    }, { message: `"${text}" and any other toast beside the dialog and the offline banner` })
    .toBe('beside the dialog');
}

for (const viewport of [{ width: 360, height: 640 }, { width: 1280, height: 800 }]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test("a toast does not cover an open dialog, though the dialog is taller than the screen: its title, ×, form and end stay clear", async ({ page }) => {
      const { library, name } = await librarianLibraryWith(page, 'Much reviewed', [{ title: 'Much Reviewed', author: 'Ann Author' }]);
      // Reviews enough to run the dialog past the bottom of the screen.
      for (let i = 1; i <= 8; i++) {
        await postOk(page, '/_api/auth/register_with_password', { email: uniqueEmail('reviewer'), password: 'Password123', displayName: `Reviewer ${i}` });
        const [book]: { id: number }[] = (await (await page.request.get(`/_api/books?libraryId=${library.id}`)).json()).json;
        await postOk(page, '/_api/book/reviews', { bookId: book!.id, rating: 1 + (i % 5), reviewText: `A line or two from reviewer ${i}, who read it twice.` });
        await page.context().clearCookies();
      }
      await register(page, { displayName: 'Tess Toast', email: uniqueEmail('toast'), password: 'Password123' });
      await page.goto('/dashboard');
      await pickLibrary(page, name);
      await page.getByRole('region', { name: 'Available to Rent' }).getByRole('button', { name: 'Reviews' }).click();
      const dialog = page.getByRole('dialog');
      await expect(dialog.getByRole('listitem')).toHaveCount(8);
      // The fourth star's label, as a finger or pointer picks it (the radios are hidden under the stars).
      await dialog.getByRole('radiogroup').locator('label').nth(3).click();
      await dialog.getByRole('button', { name: 'Submit Review' }).click();
      await expect(dialog.getByRole('listitem')).toHaveCount(9);
      expect((await dialog.evaluate((section) => section.scrollHeight)) > viewport.height).toBe(true);
      await expectToastBesideDialog(page, 'Thank you for your review!');
      // Scrolled to its end (the toast held on screen, pointed at), the dialog shows its last review whole, above the toast.
      await toastSaying(page, 'Thank you for your review!').hover();
      await dialog.getByRole('listitem').last().scrollIntoViewIfNeeded();
      await expect(dialog.getByRole('listitem').last()).toBeInViewport({ ratio: 1 });
      await expectToastBesideDialog(page, 'Thank you for your review!');
    });

    test('a toast already on screen moves off a dialog as it opens, and one said in the dialog leaves its buttons clear', async ({ page }) => {
      await logIn(page, demo.librarian);
      await page.goto('/dashboard');
      await pickLibrary(page, 'Central Library');
      const book = page.getByRole('tabpanel', { name: 'Manage Books' }).getByRole('article').first();
      const copies = book.getByRole('textbox', { name: /^Copies of / });
      await copies.fill('abc');
      await copies.press('Tab');
      const refused = 'The number of copies is a whole number from 1 to 100000, not "abc". Nothing was saved.';
      await expect(toastSaying(page, refused)).toBeVisible();

      await book.getByRole('button', { name: 'Edit details' }).click();
      const dialog = page.getByRole('dialog', { name: 'Edit Book Details' });
      await expectToastBesideDialog(page, refused);

      // A save the server fails: the dialog stays open, and says so in a toast too.
      await page.route(trpcCall('books.updateDetails'), (route) => route.fulfill({ status: 500, body: '' }));
      await dialog.getByRole('textbox', { name: 'Title' }).fill('A title not saved');
      await dialog.getByRole('button', { name: 'Save Changes' }).click();
      await expectToastBesideDialog(page, 'Request failed with status 500');
      await expect(dialog.getByRole('button', { name: 'Save Changes' })).toBeInViewport({ ratio: 1 });

    });

    test('a dialog opened after the page has loaded sends a toast to the bottom, and once closed and the toast gone, the next shows below the header', async ({ page }) => {
      await logIn(page, demo.librarian);
      await page.goto('/dashboard');
      await pickLibrary(page, 'Central Library');
      const book = page.getByRole('tabpanel', { name: 'Manage Books' }).getByRole('article').first();
      const copies = book.getByRole('textbox', { name: /^Copies of / });
      const refused = 'The number of copies is a whole number from 1 to 100000, not "abc". Nothing was saved.';
      const headerBottom = (await page.getByRole('banner').boundingBox())!.height;

      await book.getByRole('button', { name: 'Edit details' }).click();
      const dialog = page.getByRole('dialog', { name: 'Edit Book Details' });
      await page.route(trpcCall('books.updateDetails'), (route) => route.fulfill({ status: 500, body: '' }));
      await dialog.getByRole('textbox', { name: 'Title' }).fill('A title not saved');
      await dialog.getByRole('button', { name: 'Save Changes' }).click();
      await expectToastBesideDialog(page, 'Request failed with status 500');
      await expect.poll(async () => (await toastSaying(page, 'Request failed with status 500').boundingBox())!.y).toBeGreaterThan(viewport.height / 2);

      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(dialog).toHaveCount(0);
      await expect(page.locator('[data-rht-toaster] [role="status"]')).toHaveCount(0, { timeout: 20_000 });
      await copies.fill('abc');
      await copies.press('Tab');
      await expect(toastSaying(page, refused)).toBeVisible();
      // At rest below the header (it comes in from above the screen).
      await expect
        .poll(async () => {
          const { y } = (await toastSaying(page, refused).boundingBox())!;
          return y >= headerBottom && y < viewport.height / 2;
        })
        .toBe(true);
    });

    test('offline, a toast said in a dialog shows above the offline banner, and the banner covers none of the dialog', async ({ page, context }) => {
      await logIn(page, demo.librarian);
      await page.goto('/dashboard');
      await pickLibrary(page, 'Central Library');
      const book = page.getByRole('tabpanel', { name: 'Manage Books' }).getByRole('article').first();
      await expect(book).toBeVisible();
      await context.setOffline(true);
      const banner = page.getByRole('status').filter({ hasText: OFFLINE_NOTICE });
      await expect(banner).toBeVisible();

      await book.getByRole('button', { name: 'Edit details' }).click();
      const dialog = page.getByRole('dialog', { name: 'Edit Book Details' });
      await dialog.getByRole('textbox', { name: 'Title' }).fill('A title not saved');
      await dialog.getByRole('button', { name: 'Save Changes' }).click();
      // The banner still says why: the toast is not over it (it was, at the bottom of the screen, before).
      await expectToastBesideDialog(page, 'You are offline. This change needs a connection; try again when you are back online.');
      await expect(banner).toBeInViewport({ ratio: 1 });
      // The dialog ends above the banner, which shows over its overlay: its buttons are not under it.
      const bannerTop = (await banner.boundingBox())!.y;
      const dialogBox = (await dialog.boundingBox())!;
      expect(dialogBox.y + dialogBox.height).toBeLessThanOrEqual(bannerTop);
      await context.setOffline(false);
    });

    test('a centred dialog opened while a toast shows stays where it is as the toast goes, not coming down under the finger', async ({ page }) => {
      await register(page, { displayName: 'Still Dialog', email: uniqueEmail('still'), password: 'Password123' });
      await page.goto('/dashboard');
      await pickLibrary(page, 'Central Library');
      await page.getByRole('region', { name: 'Available to Rent' }).getByRole('article').first().getByRole('button', { name: 'Rent Book' }).click();
      await expect(toastSaying(page, 'Book rental successful!')).toBeVisible();
      await page.getByRole('button', { name: 'Upgrade to Library Admin' }).click();
      const dialog = page.getByRole('dialog', { name: 'Upgrade your account?' });
      await expectToastBesideDialog(page, 'Book rental successful!');
      const cancel = dialog.getByRole('button', { name: 'Cancel' });
      // Measured once the dialog has come in: its opening transition moves it by a fraction of a pixel at the end.
      await dialog.evaluate((section) => Promise.all(section.getAnimations({ subtree: true }).map((animation) => animation.finished)));
      const before = (await cancel.boundingBox())!;
      await expect(page.locator('[data-rht-toaster] [role="status"]')).toHaveCount(0, { timeout: 20_000 });
      // Within half a pixel (it came down 34 px before 32d0553).
      const after = (await cancel.boundingBox())!;
      expect(after.y).toBeCloseTo(before.y, 0);
      expect(after.x).toBeCloseTo(before.x, 0);
    });
  });
}
