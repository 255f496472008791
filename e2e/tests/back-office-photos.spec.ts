import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { BACK_OFFICE, shots, signedInStaff } from './back-office-fixtures';
import { expectNoAxeViolations, hydrated, SHOPS } from './fixtures';

/** A seeded product no other spec looks at closely: its drawings give way to the photo here. */
const PRODUCT_ID = 41;

/** A photograph-like JPEG (a gradient with a shape), 1200 × 1600. */
async function photo(hue: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="1600"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="${hue}"/><stop offset="1" stop-color="#203040"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/><ellipse cx="600" cy="700" rx="320" ry="480" fill="#efe6d8"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

test('a manager uploads a product photo without JavaScript and by dropping it; the shopper\'s product page serves it in srcset', async ({ page, browser }) => {
  // A staff member's set-up (argon2 twice), the photo pipeline (AVIF at five widths) twice, axe on both sides.
  test.setTimeout(150_000);
  await signedInStaff(page, 'manager');
  const photosPage = `${BACK_OFFICE}/products/${PRODUCT_ID}/photos`;
  await page.goto(photosPage);
  await expect(page.getByRole('heading', { level: 1, name: /^Photos of / })).toBeVisible();
  await expect(page.getByText('No photos yet')).toBeVisible();
  await expectNoAxeViolations(page);

  // Without JavaScript: the plain file input and the colour, posted as a multipart form.
  const plain = await browser.newContext({ javaScriptEnabled: false, locale: 'en' });
  try {
    await plain.addCookies(await page.context().cookies());
    const noScripts = await plain.newPage();
    await noScripts.goto(photosPage);
    // Nothing chosen: refused in words, nothing added.
    await noScripts.getByLabel('Photo file').setInputFiles({ name: 'notes.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('not a photo at all, whatever the name says') });
    await noScripts.getByRole('button', { name: 'Upload' }).click();
    await expect(noScripts.getByRole('alert')).toHaveText('This file is not a JPEG, PNG or WebP photo. Nothing was added.');
    await noScripts.getByLabel('Photo file').setInputFiles({ name: 'front.jpg', mimeType: 'image/jpeg', buffer: await photo('#a0522d') });
    await noScripts.getByRole('button', { name: 'Upload' }).click();
    await expect(noScripts.getByRole('status')).toHaveText('The photo is added.');
    const first = noScripts.getByRole('listitem').filter({ has: noScripts.getByRole('heading', { name: /^Photo 1/ }) });
    await expect(first.getByRole('heading')).toContainText('1200 × 1600 px');
    await first.getByLabel('Description (English)').fill('Model wearing it, seen from the front');
    await first.getByLabel('Description (Italian)').fill('Modella che lo indossa, vista di fronte');
    await first.getByRole('button', { name: 'Save' }).click();
    await expect(noScripts.getByRole('status')).toHaveText('The photo is saved.');
  } finally {
    await plain.close();
  }

  // With JavaScript: a photo dropped on the zone is uploaded as the form would.
  await page.goto(photosPage);
  await hydrated(page);
  const dropped = await photo('#2e8b57');
  const dataTransfer = await page.evaluateHandle((bytes) => {
    const transfer = new DataTransfer();
    transfer.items.add(new File([new Uint8Array(bytes)], 'back.jpg', { type: 'image/jpeg' }));
    return transfer;
  }, [...dropped]);
  await page.locator('[data-dropzone]').dispatchEvent('drop', { dataTransfer });
  await expect(page.getByRole('status')).toHaveText('The photo is added.');
  await expect(page.getByRole('heading', { name: /^Photo 2/ })).toBeVisible();
  // Both previews load (the back office's own address for the photo's narrowest JPEG).
  const previews = page.locator('ol img');
  await expect(previews).toHaveCount(2);
  await expect.poll(() => previews.evaluateAll((images) => images.map((image) => (image as HTMLImageElement).naturalWidth))).toEqual([320, 320]);
  await expectNoAxeViolations(page);
  await shots(page, 'product-photos');

  // The shopper's product page: the photo first, as AVIF, WebP and JPEG at every width, the first one prioritised.
  const shopper = await browser.newContext({ locale: 'en', baseURL: SHOPS.main });
  try {
    const product = await shopper.newPage();
    await product.setViewportSize({ width: 390, height: 844 });
    const gallery = product.getByRole('region', { name: /./ }).filter({ has: product.locator('picture') }).first();
    await expect(async () => {
      await product.goto(`/en/${PRODUCT_ID}.html`);
      await expect(product.locator('picture').first()).toBeVisible({ timeout: 1000 });
    }).toPass({ timeout: 20_000 });
    const firstPicture = gallery.locator('picture').first();
    const avif = await firstPicture.locator('source[type="image/avif"]').getAttribute('srcset');
    expect(avif).toMatch(/^\/product-photos\/41-[0-9a-f]{12}-320\.avif 320w, .*-480\.avif 480w, .*-720\.avif 720w, .*-960\.avif 960w, .*-1200\.avif 1200w$/);
    await expect(firstPicture.locator('source[type="image/webp"]')).toHaveAttribute('srcset', /-320\.webp 320w/);
    const image = firstPicture.locator('img');
    // The photo is 1200 px wide: its own width is the widest (never enlarged).
    await expect(image).toHaveAttribute('srcset', /-1200\.jpg 1200w$/);
    await expect(image).toHaveAttribute('sizes', /85vw/);
    await expect(image).toHaveAttribute('fetchpriority', 'high');
    await expect(image).toHaveAttribute('alt', 'Model wearing it, seen from the front');
    await expect(gallery.locator('picture').nth(1).locator('img')).toHaveAttribute('loading', 'lazy');
    // The phone downloaded one of the photo's files, not the drawing; each file is cached for good.
    const shown = await image.evaluate((element: HTMLImageElement) => element.currentSrc);
    expect(shown).toMatch(/\/product-photos\/41-[0-9a-f]{12}-\d+\.avif$/);
    const file = await product.request.get(shown);
    expect(file.headers()['content-type']).toBe('image/avif');
    expect(file.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(await product.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    await expectNoAxeViolations(product);
  } finally {
    await shopper.close();
  }

  // The dropped photo deleted: the box must be ticked first.
  const second = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: /^Photo 2/ }) });
  await second.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('alert')).toHaveText('Tick the box to delete for good.');
  await second.getByRole('checkbox', { name: 'Delete for good' }).check();
  await second.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('status')).toHaveText('The photo is deleted.');
  await expect(page.getByRole('heading', { name: /^Photo \d/ })).toHaveCount(1);
});
