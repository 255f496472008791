import { expect, test, type Browser, type BrowserContextOptions, type Page } from '@playwright/test';
import { CONSENT_VERSION } from '../../apps/storefront/app/lib/consent';
import { shopPorts } from '../playwright.config';
import { detailsForm, main, STANDARD_DELIVERY } from './checkout-journey';
import { cents, consentAnswered, expectNoAxeViolations, fill, hydrated, openSizedProduct, SHOPS, TEXTS, type TestLang } from './fixtures';

// Shopping journeys over two countries: give them time on a busy machine.
test.describe.configure({ timeout: 60_000 });
// The blue shop has a tag manager and asks for cookie consent first: these visitors have answered.
test.beforeEach(({ context }) => consentAnswered(context));

const name = (iso: string, lang: TestLang) => new Intl.DisplayNames([lang], { type: 'region' }).of(iso)!;
const euros = (lang: TestLang, amount: number) => new Intl.NumberFormat(lang === 'en' ? 'en-GB' : `${lang}-${lang.toUpperCase()}`, { style: 'currency', currency: 'EUR' }).format(amount);

/**
 * A visitor of the blue shop, which believes X-Country (COUNTRY_HEADER) as the CDN's word on where the visitor is:
 * forged here. Each test posts from its own address (the blue shop keeps the default per-client limits).
 */
function visitorFrom(country: string) {
  return { baseURL: SHOPS.blue, extraHTTPHeaders: { 'X-Country': country, 'X-Forwarded-For': `10.21.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` } };
}

/** A page in a browser of its own (a language with a region, no JavaScript, ...), its context closed after `visit`. */
async function withPage(browser: Browser, options: BrowserContextOptions, visit: (page: Page) => Promise<void>) {
  const context = await browser.newContext(options);
  await consentAnswered(context);
  try {
    await visit(await context.newPage());
  } finally {
    await context.close();
  }
}

/** A text with placeholders as a pattern: anything in their place. */
const pattern = (text: string) => new RegExp(text.split(/\{\{\w+\}\}/).map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('.+'));

const notice = (page: Page, lang: TestLang) => page.getByRole('region', { name: TEXTS[lang].geo.noticeLabel });
/** The header's shipping promise says `text`. */
const expectBanner = (page: Page, text: string) => expect(page.getByRole('banner').getByText(text, { exact: true })).toBeVisible();
const productPrice = (page: Page, lang: TestLang) => page.getByRole('main').locator('span.font-semibold').filter({ hasText: TEXTS[lang].product.price }).first();
/** The VAT line of the cart's totals, at the rate given ('21%'). */
const vatAt = (page: Page, lang: TestLang, rate: string) => main(page).getByText(pattern(TEXTS[lang].cart.vatIncluded)).filter({ hasText: rate });

/** An export price (outside the EU, docs/adr/0023-shelf-prices.md): the shelf price without Italy's VAT, to the cent. */
async function expectExportPrice(page: Page, lang: TestLang, shelfPrice: number) {
  await expect.poll(async () => Math.abs(cents(await productPrice(page, lang).textContent()) - shelfPrice / 1.22)).toBeLessThanOrEqual(1);
}

/** The product page's shipping block, opened (a tap on its title, unless it is open already). */
async function shippingBlock(page: Page, lang: TestLang) {
  const title = page.locator('summary', { hasText: TEXTS[lang].product.shipping });
  const block = page.getByRole('main').locator('details', { has: title });
  if (!(await block.evaluate((details: HTMLDetailsElement) => details.open))) await block.locator(title).click();
  return page.getByRole('main').locator('details[open]', { has: title });
}

/** Puts a size of an in-stock women's product in the cart and opens the cart page. */
async function fillCart(page: Page, lang: TestLang, women: string) {
  await openSizedProduct(page, lang, `/${lang}/${women}?availability=in_stock`);
  await page.getByRole('button', { name: TEXTS[lang].product.addToCart, exact: true }).click();
  await expect(page.getByRole('dialog', { name: TEXTS[lang].cart.drawer.title })).toBeVisible();
  await page.goto(`/${lang}/cart`);
}

const cookie = async (page: Page, cookieName: string) => (await page.context().cookies()).find((candidate) => candidate.name === cookieName);

test.describe('a visitor the CDN places in Spain', () => {
  test.use(visitorFrom('ES'));
  // From the home page to the checkout on a busy machine.
  test.describe.configure({ timeout: 120_000 });

  test('on a phone, gets Spain’s VAT and delivery in the cart and checkout without choosing, and is told so', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const t = TEXTS.en;
    await page.goto('/en');
    await expect(notice(page, 'en')).toContainText(fill(t.geo.applied, { country: 'Spain' }));
    await expectBanner(page, fill(t.header.deliveryBanner, { country: 'Spain' }));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    await fillCart(page, 'en', '3-women');
    await expect(main(page).getByRole('combobox', { name: t.cart.shippingTo })).toHaveValue('ES');
    await expect(vatAt(page, 'en', '21%')).toBeVisible();
    // Spain has no free-shipping threshold (Italy's is €150): no progress towards one.
    await expect(page.getByText(pattern(t.cart.freeShippingRemaining))).toHaveCount(0);
    await expect(notice(page, 'en')).toBeVisible();
    await expectNoAxeViolations(page);

    // A guest's checkout starts with Spain as the delivery address's country, its carriers and its VAT.
    await hydrated(page);
    await main(page).getByRole('link', { name: t.cart.checkout }).click();
    await expect(page).toHaveURL('/en/checkout?step=account');
    await expect(detailsForm(page).getByLabel(t.account.addressFields.country, { exact: true }).first()).toHaveValue('ES');
    await expect(detailsForm(page).getByRole('radio', { name: STANDARD_DELIVERY.en })).toHaveAccessibleName(/€6\.90/);
    await main(page).getByText(t.checkout.summary, { exact: true }).click();
    await expect(vatAt(page, 'en', '21%')).toBeVisible();
  });

  test('who picks France in the notice keeps France, over the header, from then on', async ({ page }) => {
    const t = TEXTS.es;
    await page.goto('/es');
    await hydrated(page);
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    await notice(page, 'es').getByRole('combobox', { name: t.geo.chooser }).selectOption('FR');
    await notice(page, 'es').getByRole('button', { name: t.geo.confirm }).click();
    await expect(notice(page, 'es')).toHaveCount(0);
    await expectBanner(page, fill(t.header.shippingBanner, { country: 'Francia', amount: euros('es', 200) }));
    expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true);
    await page.reload();
    await expectBanner(page, fill(t.header.shippingBanner, { country: 'Francia', amount: euros('es', 200) }));
    await expect(notice(page, 'es')).toHaveCount(0);
    expect(await cookie(page, 'country')).toMatchObject({ value: 'FR', sameSite: 'Lax' });
  });

  test('without JavaScript, confirming keeps Spain and ends the notice, on the same page', async ({ browser }) => {
    const t = TEXTS.de;
    await withPage(browser, { ...visitorFrom('ES'), javaScriptEnabled: false }, async (page) => {
      await page.goto('/de/search?q=kleid');
      await expect(notice(page, 'de')).toContainText(fill(t.geo.applied, { country: 'Spanien' }));
      await expectBanner(page, fill(t.header.deliveryBanner, { country: 'Spanien' }));
      await notice(page, 'de').getByRole('button', { name: t.geo.confirm }).click();
      await expect(page).toHaveURL(/\/de\/search\?q=kleid$/);
      await expect(notice(page, 'de')).toHaveCount(0);
      await expectBanner(page, fill(t.header.deliveryBanner, { country: 'Spanien' }));
      expect(await cookie(page, 'country')).toMatchObject({ value: 'ES' });
    });
  });
});

test('a browser in German from Germany gets Germany at once; a chosen country beats it', async ({ browser }) => {
  const t = TEXTS.de;
  // The main shop believes no header: the browser's language region is all it knows.
  await withPage(browser, { baseURL: SHOPS.main, locale: 'de-DE' }, async (page) => {
    await page.goto('/de');
    await expect(notice(page, 'de')).toContainText(fill(t.geo.applied, { country: 'Deutschland' }));
    await expectBanner(page, fill(t.header.shippingBanner, { country: 'Deutschland', amount: euros('de', 200) }));
    await page.context().addCookies([{ name: 'country', value: 'IT', url: SHOPS.main }]);
    await page.reload();
    await expect(notice(page, 'de')).toHaveCount(0);
    await expectBanner(page, fill(t.header.shippingBanner, { country: 'Italien', amount: euros('de', 150) }));
  });
});

test.describe('a browser in American English', () => {
  test.use({ baseURL: SHOPS.main, locale: 'en-US' });

  test('is only offered the United States (other prices); switching changes prices, banner and shipping block in place', async ({ page }) => {
    const t = TEXTS.en;
    await openSizedProduct(page, 'en', '/en/3-women?availability=in_stock');
    await expect(notice(page, 'en')).toContainText(fill(t.geo.notice, { country: 'United States', currency: 'EUR' }));
    await expectBanner(page, fill(t.header.shippingBanner, { country: 'Italy', amount: euros('en', 150) }));
    await expectNoAxeViolations(page);
    const italianPrice = cents(await productPrice(page, 'en').textContent());
    await hydrated(page);
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));

    await notice(page, 'en').getByRole('button', { name: t.geo.switch }).click();
    await expect(notice(page, 'en')).toHaveCount(0);
    await expectBanner(page, fill(t.header.deliveryBanner, { country: 'United States' }));
    await expectExportPrice(page, 'en', italianPrice);
    await expect(await shippingBlock(page, 'en')).toContainText(fill(t.header.deliveryBanner, { country: 'United States' }));
    expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true);
  });

  test('who dismisses the offer keeps Italy and is not asked again', async ({ page }) => {
    const t = TEXTS.it;
    await page.goto('/it');
    await hydrated(page);
    await expect(notice(page, 'it')).toContainText(fill(t.geo.notice, { country: name('US', 'it'), currency: 'EUR' }));
    await notice(page, 'it').getByRole('button', { name: t.geo.dismiss }).click();
    await expect(notice(page, 'it')).toHaveCount(0);
    await page.reload();
    await expectBanner(page, fill(t.header.shippingBanner, { country: 'Italia', amount: euros('it', 150) }));
    await expect(notice(page, 'it')).toHaveCount(0);
    expect(await cookie(page, 'country_notice')).toMatchObject({ value: 'US', sameSite: 'Lax' });
    expect(await cookie(page, 'country')).toBeUndefined();
  });
});

test('in German, choosing Switzerland in the header shows its export prices, shipping rule and delivery times', async ({ browser }) => {
  const t = TEXTS.de;
  await withPage(browser, visitorFrom('DE'), async (page) => {
    await openSizedProduct(page, 'de', '/de/3-damen?availability=in_stock');
    // Germany is applied: the same shelf price as in Italy, Germany's delivery times.
    await expect(notice(page, 'de')).toContainText(fill(t.geo.applied, { country: 'Deutschland' }));
    const shelfPrice = cents(await productPrice(page, 'de').textContent());
    await expect(await shippingBlock(page, 'de')).toContainText(fill(t.geo.deliveryDays, { min: 1, max: 5 }));
    await hydrated(page);
    await page.getByRole('banner').locator('summary', { hasText: t.geo.chooser }).click();
    // The header's chooser (the notice has one too).
    const chooser = page.getByRole('banner').locator('details').getByRole('combobox', { name: t.geo.chooser });
    // The countries come in their groups: the European Union, the rest of Europe, the rest of the world.
    expect(await chooser.locator('optgroup').evaluateAll((groups) => groups.map((group) => group.getAttribute('label')))).toEqual([
      t.geo.groups.EU,
      t.geo.groups.EUROPE_OTHER,
      t.geo.groups.WORLD,
    ]);
    await chooser.selectOption('CH');
    await page.getByRole('banner').getByRole('button', { name: t.geo.apply }).click();

    await expectBanner(page, fill(t.header.deliveryBanner, { country: name('CH', 'de') }));
    // A country chosen is kept: the notice is gone.
    await expect(notice(page, 'de')).toHaveCount(0);
    await expectExportPrice(page, 'de', shelfPrice);
    await expect(await shippingBlock(page, 'de')).toContainText(fill(t.geo.deliveryDays, { min: 2, max: 8 }));

    await page.getByRole('button', { name: t.product.addToCart, exact: true }).click();
    await expect(page.getByRole('dialog', { name: t.cart.drawer.title })).toBeVisible();
    await page.goto('/de/cart');
    await expect(page.getByRole('combobox', { name: t.cart.shippingTo })).toHaveValue('CH');
    await expect(page.getByText(pattern(t.cart.freeShippingRemaining))).toHaveCount(0);
  });
});

test('a public page is kept per detected country: one visitor never sees another’s country', async ({ request }) => {
  const path = `/en/brands?geo=${Date.now()}`;
  // A visitor who answered the consent dialog (the notice waits for that answer).
  const answered = `consent=${CONSENT_VERSION}..2026-01-01T00:00:00.000Z`;
  const page = (country: string) => request.get(`${SHOPS.blue}${path}`, { headers: { 'X-Country': country, Cookie: answered } });
  const german = await page('DE');
  expect(german.headers()['vary']).toMatch(/x-country/i);
  expect(await german.text()).toContain(fill(TEXTS.en.geo.applied, { country: 'Germany' }));
  const frenchPage = await (await page('FR')).text();
  expect(frenchPage).toContain(fill(TEXTS.en.geo.applied, { country: 'France' }));
  expect(frenchPage).toContain(fill(TEXTS.en.header.shippingBanner, { country: 'France', amount: euros('en', 200) }));
  expect(frenchPage).not.toContain(fill(TEXTS.en.geo.applied, { country: 'Germany' }));
  expect((await page('DE')).headers()['x-page-cache']).toBe('hit');
});

test('a shop without COUNTRY_HEADER ignores the header', async ({ browser }) => {
  await withPage(browser, { baseURL: SHOPS.main, extraHTTPHeaders: { 'X-Country': 'DE' } }, async (page) => {
    await page.goto('/en');
    await expectBanner(page, fill(TEXTS.en.header.shippingBanner, { country: 'Italy', amount: euros('en', 150) }));
    await expect(notice(page, 'en')).toHaveCount(0);
  });
});

test('the product page tells an Italian shopper the one-brand free shipping where the brand has it (SPEC §9)', async ({ page }) => {
  // The demo's rule: Atelier Brera (brand 2) ships free to Italy from 100 EUR of its items; Maison Lumière has none.
  const api = `http://127.0.0.1:${shopPorts(Number(new URL(SHOPS.main).port)).SHOP_API_PORT}`;
  const productOf = async (brand: number): Promise<number> => {
    const answer = await fetch(`${api}/getProducts`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ id_brand: brand }) });
    return ((await answer.json()) as { psdata: { products: { id_product: number }[] } }).psdata.products[0]!.id_product;
  };
  for (const lang of ['it', 'en'] as const) {
    const t = TEXTS[lang];
    const told = fill(t.geo.brandFreeShipping, { country: name('IT', lang), amount: euros(lang, 100), brand: 'Atelier Brera' });
    await page.goto(`${SHOPS.main}/${lang}/${await productOf(2)}.html`);
    await page.getByText(t.product.shipping, { exact: true }).click();
    await expect(page.getByText(told, { exact: true })).toBeVisible();
    await page.goto(`${SHOPS.main}/${lang}/${await productOf(1)}.html`);
    await page.getByText(t.product.shipping, { exact: true }).click();
    await expect(page.getByText(fill(t.header.shippingBanner, { country: name('IT', lang), amount: euros(lang, 150) })).last()).toBeVisible();
    await expect(page.getByText(pattern(t.geo.brandFreeShipping))).toHaveCount(0);
  }
});
