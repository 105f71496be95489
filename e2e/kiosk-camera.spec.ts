import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from '@playwright/test';
import { writeBarcodeVideo } from './barcode-video';
import { fakeCamera, test } from './camera';
import { demo, logIn, toastSaying } from './fixtures';

// '1984' has four copies at Central Library in the demo data.
const NINETEEN_EIGHTY_FOUR = '9780451524935';
const cameraShowing1984 = writeBarcodeVideo(join(tmpdir(), `scroll-e2e-kiosk-ean13-${NINETEEN_EIGHTY_FOUR}.y4m`), NINETEEN_EIGHTY_FOUR);

test.use({ cameraFlags: fakeCamera(cameraShowing1984), permissions: ['camera'] });

test('a patron at the kiosk rents a book by holding its barcode to the camera', async ({ page }) => {
  await logIn(page, demo.librarian);
  const libraries: { id: number; name: string }[] = (await (await page.request.get('/_api/libraries')).json()).json;
  await page.goto(`/kiosk/${libraries.find((l) => l.name === 'Central Library')!.id}`);

  for (const digit of '5550100002') await page.getByRole('group', { name: 'Keypad' }).getByRole('button', { name: digit, exact: true }).click();
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(toastSaying(page, 'Customer "Grace Hopper" found.')).toBeVisible();

  await page.getByRole('button', { name: 'Scan Barcode or Enter ISBN' }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm Book' });
  await expect(confirm.getByRole('heading', { name: '1984' })).toBeVisible({ timeout: 20_000 });
  await expect(confirm.getByText(`ISBN: ${NINETEEN_EIGHTY_FOUR}`)).toBeVisible();
  await confirm.getByRole('button', { name: 'Confirm Book' }).click();

  await expect(toastSaying(page, 'Book rental successful!')).toBeVisible();
  await page.getByRole('tab', { name: /^Current Rentals \(\d+\)$/ }).click();
  await expect(page.getByTestId('kiosk-rental').filter({ hasText: '1984' })).toBeVisible();
});
