import { expect, test, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { noisePng } from '../../bench/noise-png.mjs';
import { shopPorts } from '../playwright.config';
import { expectFlash, expectNoAxeViolations, fill, hydrated, registerCustomer, SHOPS, TEXTS, type TestLang } from './fixtures';

/** Reviews (issue 14) as shoppers meet them on the product page. */

const DEMO = { email: 'demo@example.com', password: 'Demo-Passw0rd!' };
const API = `http://127.0.0.1:${shopPorts(Number(new URL(SHOPS.main).port)).SHOP_API_PORT}`;
type Texts = (typeof TEXTS)['en'] & { reviews: typeof import('../../apps/storefront/app/i18n/locales/en/reviews.json')['reviews'] };
const texts = (lang: TestLang) => TEXTS[lang] as Texts;

/** The products of the demo customer's seeded orders (the test's setup asks the shop API, as the storefront would). */
async function demoProducts(): Promise<number[]> {
  const post = (name: string, body: object, token?: string) =>
    fetch(`${API}/${name}`, { method: 'POST', headers: { 'content-type': 'application/json', ...(token ? { 'x-session-id': token } : {}) }, body: JSON.stringify(body) }).then(
      (response) => response.json(),
    );
  const { psdata } = await post('login', DEMO);
  const ids: number[] = [];
  for (const reference of ['DEMO000001', 'DEMO000002', 'DEMO000003']) {
    const order = await post('getOrder', { reference }, psdata.session.token);
    ids.push(...order.psdata.lines.map((line: { product_id: number }) => line.product_id));
  }
  // Each test writes on products of its own: tests run side by side.
  return ids;
}

async function signIn(page: Page, lang: TestLang, email: string, password: string, back: string) {
  const t = texts(lang);
  await page.goto(`/${lang}/auth/login?redirectTo=${encodeURIComponent(back)}`);
  await page.getByLabel(t.auth.email).fill(email);
  await page.getByLabel(t.auth.password, { exact: true }).fill(password);
  await page.getByRole('button', { name: t.auth.signIn }).click();
  await expect(page).toHaveURL(new RegExp(`/${lang}/`));
}


/** Picks `stars` in the star input named `legend` with the keyboard alone: Tab into the group, arrows, Space. */
async function starsByKeyboard(page: Page, legend: string, stars: number) {
  const group = page.getByRole('group', { name: legend });
  await group.getByRole('radio').first().focus();
  for (let step = 1; step < stars; step++) await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Space');
  await expect(group.getByRole('radio').nth(stars - 1)).toBeChecked();
}

test('the demo customer writes, edits and deletes a review, in English then in German', async ({ page }) => {
  // Two whole journeys (sign in, write, edit, delete) in one test.
  test.setTimeout(90_000);
  const products = await demoProducts();
  for (const [index, lang] of (['en', 'de'] as const).entries()) {
    const t = texts(lang);
    const product = `/${lang}/${products[index]}.html`;
    await page.context().clearCookies();
    await signIn(page, lang, DEMO.email, DEMO.password, product);
    await hydrated(page);
    await page.getByRole('link', { name: t.reviews.write }).click();
    const form = page.locator('#review-form');
    // Sent empty: every rule speaks, and the form says what is wrong.
    await form.getByRole('button', { name: t.reviews.form.submit }).click();
    await expect(form.getByRole('alert').filter({ hasText: t.reviews.form.fixErrors })).toBeVisible();
    await expect(form.getByText(t.validation.ratingRequired)).toBeVisible();
    await starsByKeyboard(page, t.reviews.form.rating, 4);
    await form.getByLabel(t.reviews.form.title, { exact: true }).fill(`Review ${lang} <b>bold</b>`);
    await form.getByLabel(t.reviews.form.content, { exact: true }).fill('<script>window.__hacked = true</script> Fits well, soft fabric.');
    await form.getByRole('group', { name: t.reviews.criteria.fit }).getByRole('radio', { name: t.reviews.fit['2'] }).check();
    await form.getByRole('button', { name: t.reviews.form.submit }).click();
    await expectFlash(page, t.reviews.flash.submitted);
    const own = page.getByRole('region', { name: t.reviews.yourReview });
    await expect(own.getByRole('heading', { name: `Review ${lang} <b>bold</b>` })).toBeVisible();
    await expect(own.getByText('<script>window.__hacked = true</script> Fits well, soft fabric.')).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { __hacked?: boolean }).__hacked)).toBeUndefined();
    await expect(own.getByText(`${t.reviews.criteria.fit}: ${t.reviews.fit['2']}`)).toBeVisible();

    await own.getByRole('link', { name: t.reviews.edit }).click();
    await form.getByLabel(t.reviews.form.title, { exact: true }).fill(`Changed ${lang}`);
    await form.getByRole('button', { name: t.reviews.form.update }).click();
    await expectFlash(page, t.reviews.flash.updated);
    await expect(own.getByRole('heading', { name: `Changed ${lang}` })).toBeVisible();

    await own.getByRole('link', { name: t.reviews.delete }).click();
    await expect(own.getByText(t.reviews.deleteConfirm)).toBeVisible();
    await own.getByRole('button', { name: t.reviews.confirmDelete }).click();
    await expectFlash(page, t.reviews.flash.deleted);
    await expect(page.getByRole('region', { name: t.reviews.yourReview })).toHaveCount(0);
    await expect(page.getByRole('link', { name: t.reviews.write })).toBeVisible();
  }
});

test('without JavaScript the review form posts with a photo, shows its messages and sends the shopper back', async ({ browser }) => {
  // Three posts of the form, one of them 20 MB: 22 s alone, over 30 s beside the other tests on a 2-core machine.
  test.setTimeout(90_000);
  const products = await demoProducts();
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const t = texts('fr');
  const product = `/fr/${products[2]}.html`;
  const label = t.reviews.photos.label;
  const photoInput = page.locator('#review-form input[type=file]');
  const submit = async () => {
    const answer = page.waitForResponse((response) => response.request().method() === 'POST');
    await page.getByRole('button', { name: t.reviews.form.submit }).click();
    return answer;
  };
  await signIn(page, 'fr', DEMO.email, DEMO.password, product);
  await page.getByRole('link', { name: t.reviews.write }).click();
  await page.getByLabel(t.reviews.form.title, { exact: true }).fill('Ok');
  await page.getByRole('button', { name: t.reviews.form.submit }).click();
  await expect(page.getByText(t.validation.ratingRequired)).toBeVisible();
  await expect(page.getByText(fill(t.validation.min, { name: t.reviews.form.title, min: 3 }))).toBeVisible();
  const fillReview = async () => {
    await page.getByRole('radio', { name: fill(t.reviews.stars_other, { count: 5 }) }).first().check();
    await page.getByLabel(t.reviews.form.title, { exact: true }).fill('Très belle pièce');
    await page.getByLabel(t.reviews.form.content, { exact: true }).fill('Taille normalement, tissu agréable.');
  };
  // Words in a file named like a photo, sent with the form: read by its content, refused with the field's message.
  await fillReview();
  await photoInput.setInputFiles({ name: 'vacances.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('pas une photo, seulement des mots '.repeat(40)) });
  expect((await submit()).status()).toBe(400);
  await expect(page.getByText(fill(t.validation.mime, { name: label, types: 'JPEG, PNG, WEBP' }))).toBeVisible();
  // 20 MB: more than a photo may be (8 MB), within what the form may carry: the 'max' message, not an error page.
  await fillReview();
  await photoInput.setInputFiles({ name: 'enorme.jpg', mimeType: 'image/jpeg', buffer: Buffer.alloc(20 * 1024 * 1024, 0xff) });
  expect((await submit()).status()).toBe(400);
  await expect(page.getByText(fill(t.validation.maxFile, { name: label, max: 8 }))).toBeVisible();
  // About 230 KB of noise: the storefront sends it on to the shop in 64 KB chunks; the review shows it as WebP.
  await fillReview();
  await photoInput.setInputFiles({ name: 'coupe.png', mimeType: 'image/png', buffer: noisePng(320, 240) });
  await submit();
  await expectFlash(page, t.reviews.flash.submitted);
  await expect(page.locator('#reviews').getByText('Très belle pièce')).toHaveCount(1);
  const own = page.getByRole('region', { name: t.reviews.yourReview });
  const photo = own.locator('img').first();
  await expect(photo).toBeVisible();
  const served = await page.request.get(new URL((await photo.getAttribute('src'))!, page.url()).toString());
  expect(served.headers()['content-type']).toBe('image/webp');
  expect((await served.body()).subarray(8, 12).toString('latin1')).toBe('WEBP');
  await own.getByRole('link', { name: t.reviews.delete }).click();
  await own.getByRole('button', { name: t.reviews.confirmDelete }).click();
  await expectFlash(page, t.reviews.flash.deleted);
  await context.close();
});

test('a visitor sees the ratings and is asked to sign in; axe finds nothing in the block', async ({ page }) => {
  const t = texts('en');
  await page.goto('/en/search?q=dress&order=rating_desc');
  await page.getByRole('list', { name: t.catalog.products }).getByRole('link').first().click();
  const block = page.locator('#reviews');
  await expect(block.getByRole('link', { name: t.reviews.loginToReview })).toBeVisible();
  await expect(block.getByText(/Based on \d+ review/)).toBeVisible();
  await expect(block.getByRole('list', { name: t.reviews.list }).getByRole('article').first()).toBeVisible();
  // The product's structured data carries the same aggregate.
  const jsonLd = await page.locator('script[type="application/ld+json"]').allTextContents();
  expect(jsonLd.some((text) => text.includes('"aggregateRating"'))).toBe(true);
  await block.scrollIntoViewIfNeeded();
  await expectNoAxeViolations(page);
  await block.getByRole('link', { name: t.reviews.loginToReview }).click();
  await expect(page).toHaveURL(/\/en\/auth\/login\?redirectTo=/);
});

test('a customer without a purchase reads the purchase rule', async ({ page }) => {
  const t = texts('it');
  await registerCustomer(page, 'it', { email: `reviewer-${Date.now()}@example.com`, password: 'Linen-Sunset-4821' });
  const productId = (await demoProducts())[5];
  await page.goto(`/it/${productId}.html`);
  await expect(page.locator('#reviews').getByText(t.reviews.purchaseRequired)).toBeVisible();
  await expect(page.getByRole('link', { name: t.reviews.write })).toHaveCount(0);
});

test('the review form: keyboard alone, axe, and screenshots on a phone and a desktop', async ({ page }) => {
  // Axe and screenshots at two sizes: over 30 s beside the other tests on a 2-core machine.
  test.setTimeout(90_000);
  const products = await demoProducts();
  const shots = process.env.REVIEW_SCREENSHOTS;
  if (shots) mkdirSync(shots, { recursive: true });
  for (const lang of ['en', 'de'] as const) {
    const t = texts(lang);
    await page.context().clearCookies();
    await signIn(page, lang, DEMO.email, DEMO.password, `/${lang}/${products[3]}.html?review=write`);
    await hydrated(page);
    await starsByKeyboard(page, t.reviews.form.rating, 3);
    await starsByKeyboard(page, t.reviews.criteria.quality, 5);
    await expectNoAxeViolations(page);
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      if (shots) {
        await page.locator('#reviews').screenshot({ path: `${shots}/reviews-${lang}-${width}.png` });
        await page.goto(`/${lang}/${products[4]}.html`);
        await page.locator('#reviews').screenshot({ path: `${shots}/reviews-block-${lang}-${width}.png` });
        await page.goto(`/${lang}/${products[3]}.html?review=write`);
      }
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    }
  }
});

test('on a phone the sticky buy bar steps aside while a review field has focus', async ({ page }) => {
  const t = texts('it');
  const products = await demoProducts();
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, 'it', DEMO.email, DEMO.password, `/it/${products[3]}.html?review=write`);
  await hydrated(page);
  const bar = page.getByRole('complementary', { name: t.product.buyBar });
  const title = page.getByLabel(t.reviews.form.title, { exact: true });
  await title.focus();
  await page.keyboard.type('Bella');
  await expect(bar).toBeHidden();
  // The field is on the screen, nothing over it.
  const box = (await title.boundingBox())!;
  expect(await page.evaluate(([x, y]) => document.elementFromPoint(x!, y!)?.id, [box.x + box.width / 2, box.y + box.height / 2])).toBe(await title.getAttribute('id'));
  await page.getByLabel(t.reviews.form.content, { exact: true }).focus();
  await expect(bar).toBeHidden();
  // Out of the fields (the Cancel link), the Add to cart button being far above: the bar is back.
  await page.locator('#review-form').getByRole('link', { name: t.account.cancel }).focus();
  await expect(bar).toBeVisible();
  const shots = process.env.REVIEW_SCREENSHOTS;
  if (shots) {
    mkdirSync(shots, { recursive: true });
    await title.focus();
    await page.screenshot({ path: `${shots}/review-typing-it-390.png` });
  }
});

test('a listing sorts by rating and its cards show the stars', async ({ page }) => {
  const t = texts('es');
  await page.goto('/es/search?q=vestido&order=rating_desc');
  await expect(page.getByRole('combobox', { name: t.catalog.sortBy })).toHaveValue('rating_desc');
  await expect(page.getByRole('list', { name: t.catalog.products }).getByRole('img', { name: /de 5 estrellas/ }).first()).toBeVisible();
});

test('a review carries a photo sent in chunks, resumed after a lost chunk; a file that is not a picture is refused by its content', async ({ page }) => {
  const t = texts('en');
  // The demo customer bought it; the other tests leave its reviews alone.
  const product = `/en/${(await demoProducts())[5]}.html`;
  await signIn(page, 'en', DEMO.email, DEMO.password, product);
  await hydrated(page);
  await page.getByRole('link', { name: t.reviews.write }).click();
  const form = page.locator('#review-form');
  const files = form.locator('input[type=file]');

  // A text file named like a photo: the shop reads its content and says which types it takes.
  await files.setInputFiles({ name: 'holiday.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('not a picture at all, just words '.repeat(40)) });
  await expect(form.getByRole('alert').filter({ hasText: fill(t.validation.mime, { name: t.reviews.photos.label, types: 'JPEG, PNG, WEBP' }) })).toBeVisible();

  // About 230 KB of noise: four chunks, then the resized picture is shown. The second chunk's request dies once
  // (a phone losing its signal): the upload asks where it stands and sends from there, never from the start.
  const chunks: string[] = [];
  await page.route(
    (url) => url.pathname.endsWith('/photos') && url.searchParams.has('upload'),
    (route) => {
      // The chunks are posts; the form's preview of the finished photo is read from the same address.
      if (route.request().method() !== 'POST') return route.continue();
      const offset = new URL(route.request().url()).searchParams.get('offset')!;
      chunks.push(offset);
      return chunks.filter((each) => each === '65536').length === 1 && offset === '65536' ? route.abort('internetdisconnected') : route.continue();
    },
  );
  const png = noisePng(320, 240);
  expect(png.length).toBeGreaterThan(3 * 64 * 1024);
  await files.setInputFiles({ name: 'fit.png', mimeType: 'image/png', buffer: png });
  const preview = form.getByRole('img', { name: fill(t.reviews.photos.alt, { index: 1 }) });
  await expect(preview).toBeVisible({ timeout: 20_000 });
  expect(chunks).toEqual(['0', '65536', '65536', '131072', '196608']);
  await expect(form.getByRole('alert')).toHaveCount(0);
  // The preview is the picture itself before the review is posted (its public address answers only once a review
  // shows it), and the form says what was added, in the page's words rather than the browser's file control.
  await expect.poll(() => preview.evaluate((image: HTMLImageElement) => (image.complete ? image.naturalWidth : 0))).toBe(320);
  await expect(form.getByText(fill(t.reviews.photos.added, { name: 'fit.png' }))).toBeVisible();
  await expect(form.getByText(t.reviews.photos.choose)).toBeVisible();
  const shots = process.env.REVIEW_SCREENSHOTS;
  if (shots) {
    mkdirSync(shots, { recursive: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await form.getByText(t.reviews.photos.label, { exact: true }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${shots}/review-photo-preview-en-390.png` });
  }

  await starsByKeyboard(page, t.reviews.form.rating, 5);
  await form.getByLabel(t.reviews.form.title, { exact: true }).fill('With a photo');
  await form.getByLabel(t.reviews.form.content, { exact: true }).fill('The photo shows how it fits on me.');
  await form.getByRole('button', { name: t.reviews.form.submit }).click();
  await expectFlash(page, t.reviews.flash.submitted);
  const own = page.getByRole('region', { name: t.reviews.yourReview });
  const photo = own.locator('img').first();
  await expect(photo).toBeVisible();
  // The shopper's review is shown once, in its own part with Edit and Delete, not again in the list.
  await expect(page.locator('#reviews').getByText('With a photo')).toHaveCount(1);
  // Served as WebP, resized, and a picture the browser could decode.
  const served = await page.request.get(new URL((await photo.getAttribute('src'))!, page.url()).toString());
  expect(served.headers()['content-type']).toBe('image/webp');
  expect(await photo.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);

  await own.getByRole('link', { name: t.reviews.delete }).click();
  await own.getByRole('button', { name: t.reviews.confirmDelete }).click();
  await expectFlash(page, t.reviews.flash.deleted);
});

