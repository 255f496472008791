import { expect, test, type Page } from '@playwright/test';
import { CONSENT_VERSION } from '../../apps/storefront/app/lib/consent';
import { shopPorts } from '../playwright.config';
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

/** A text with placeholders as a pattern: anything in their place. */
const pattern = (text: string) => new RegExp(text.split(/\{\{\w+\}\}/).map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('.+'));

const notice = (page: Page, lang: TestLang) => page.getByRole('region', { name: TEXTS[lang].geo.noticeLabel });
/** The header's shipping promise says `text`. */
const expectBanner = (page: Page, text: string) => expect(page.getByRole('banner').getByText(text, { exact: true })).toBeVisible();
const productPrice = (page: Page, lang: TestLang) => page.getByRole('main').locator('span.font-semibold').filter({ hasText: TEXTS[lang].product.price }).first();

/** An export price (outside the EU, docs/adr/0023-shelf-prices.md): the shelf price without Italy's VAT, to the cent. */
async function expectExportPrice(page: Page, lang: TestLang, shelfPrice: number) {
  await expect.poll(async () => Math.abs(cents(await productPrice(page, lang).textContent()) - shelfPrice / 1.22)).toBeLessThanOrEqual(1);
}

/** The cart's subtotal, in cents. */
async function subtotal(page: Page, lang: TestLang) {
  const term = page.getByRole('term').filter({ hasText: new RegExp(`^${TEXTS[lang].cart.subtotal}$`) });
  return cents(await term.locator('xpath=following-sibling::dd[1]').textContent());
}

/** The cart says how far it is from the country's free-shipping threshold, or that it has free shipping. */
async function expectFreeShippingProgress(page: Page, lang: TestLang, threshold: number, subtotal: number) {
  const t = TEXTS[lang].cart;
  if (subtotal >= threshold) return expect(page.getByText(t.freeShippingReached)).toBeVisible();
  return expect(page.getByText(fill(t.freeShippingRemaining, { amount: euros(lang, (threshold - subtotal) / 100) }))).toBeVisible();
}

/** The product page's shipping block, opened. */
async function shippingBlock(page: Page, lang: TestLang) {
  await page.getByRole('main').locator('summary', { hasText: TEXTS[lang].product.shipping }).click();
  return page.getByRole('main').locator('details[open]').filter({ hasText: TEXTS[lang].product.shipping });
}

test.describe('a visitor the CDN places in Germany', () => {
  test.use(visitorFrom('DE'));

  test('is offered Germany, and switching changes prices, banner, shipping block and cart without a reload', async ({ page }) => {
    const t = TEXTS.en;
    await page.goto('/en');
    await expect(notice(page, 'en')).toContainText(fill(t.geo.notice, { country: 'Germany', currency: 'EUR' }));
    await expectBanner(page, fill(t.header.shippingBanner, { country: 'Italy', amount: euros('en', 150) }));

    const product = await openSizedProduct(page, 'en', '/en/3-women?availability=in_stock');
    const italianPrice = cents(await productPrice(page, 'en').textContent());
    await expect(await shippingBlock(page, 'en')).toContainText(fill(t.geo.deliveryDays, { min: 1, max: 5 }));
    const productUrl = page.url();
    await page.getByRole('button', { name: t.product.addToCart, exact: true }).click();
    await expect(page.getByRole('dialog', { name: t.cart.drawer.title })).toBeVisible();
    await page.goto('/en/cart');
    await expect(page.getByRole('link', { name: product })).toBeVisible();
    const italianSubtotal = await subtotal(page, 'en');
    await expectFreeShippingProgress(page, 'en', 15_000, italianSubtotal);
    await hydrated(page);
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));

    await notice(page, 'en').getByRole('button', { name: t.geo.switch }).click();
    await expect(notice(page, 'en')).toHaveCount(0);
    await expectBanner(page, fill(t.header.shippingBanner, { country: 'Germany', amount: euros('en', 200) }));
    await expect(page.getByRole('combobox', { name: t.cart.shippingTo })).toHaveValue('DE');
    // The same shelf prices across the EU, now holding German VAT, and the progress towards Germany's €200.
    await expect(page.getByText(pattern(t.cart.vatIncluded)).filter({ hasText: '19%' })).toBeVisible();
    expect(await subtotal(page, 'en')).toBe(italianSubtotal);
    await expectFreeShippingProgress(page, 'en', 20_000, italianSubtotal);
    expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true);

    await page.goto(productUrl);
    expect(cents(await productPrice(page, 'en').textContent())).toBe(italianPrice);
    await expect(await shippingBlock(page, 'en')).toContainText(fill(t.header.shippingBanner, { country: 'Germany', amount: euros('en', 200) }));
  });

  test('in German, choosing Switzerland in the header shows its export prices, shipping rule and delivery times', async ({ page }) => {
    const t = TEXTS.de;
    await openSizedProduct(page, 'de', '/de/3-women?availability=in_stock');
    const italianPrice = cents(await productPrice(page, 'de').textContent());
    await expect(notice(page, 'de')).toBeVisible();
    await hydrated(page);
    await page.getByRole('banner').locator('summary', { hasText: t.geo.chooser }).click();
    const chooser = page.getByRole('banner').getByRole('combobox', { name: t.geo.chooser });
    // The countries come in their groups: the European Union, the rest of Europe, the rest of the world.
    expect(await chooser.locator('optgroup').evaluateAll((groups) => groups.map((group) => group.getAttribute('label')))).toEqual([
      t.geo.groups.EU,
      t.geo.groups.EUROPE_OTHER,
      t.geo.groups.WORLD,
    ]);
    await chooser.selectOption('CH');
    await page.getByRole('banner').getByRole('button', { name: t.geo.apply }).click();

    await expectBanner(page, fill(t.header.deliveryBanner, { country: name('CH', 'de') }));
    // A country chosen is kept: the notice does not offer Germany any more.
    await expect(notice(page, 'de')).toHaveCount(0);
    await expectExportPrice(page, 'de', italianPrice);
    await expect(await shippingBlock(page, 'de')).toContainText(fill(t.geo.deliveryDays, { min: 2, max: 8 }));

    await page.getByRole('button', { name: t.product.addToCart, exact: true }).click();
    await expect(page.getByRole('dialog', { name: t.cart.drawer.title })).toBeVisible();
    await page.goto('/de/cart');
    await expect(page.getByRole('combobox', { name: t.cart.shippingTo })).toHaveValue('CH');
    // Switzerland has no free-shipping threshold: no progress towards one.
    await expect(page.getByRole('link', { name: fill(t.header.cartWithCount_one, { count: 1 }) })).toBeAttached();
    await expect(page.getByText(pattern(t.cart.freeShippingRemaining))).toHaveCount(0);
  });

  test('the notice is clean for axe and fits a 320 px screen', async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 700 });
    await page.goto('/fr');
    await expect(notice(page, 'fr')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    await expectNoAxeViolations(page);
  });
});

test.describe('a visitor the CDN places in France', () => {
  test.use(visitorFrom('FR'));

  test('who dismisses the notice keeps the shop’s country and is not asked again', async ({ page, context }) => {
    const t = TEXTS.it;
    await page.goto('/it');
    await hydrated(page);
    await expect(notice(page, 'it')).toContainText(fill(t.geo.notice, { country: name('FR', 'it'), currency: 'EUR' }));
    await notice(page, 'it').getByRole('button', { name: t.geo.dismiss }).click();
    await expect(notice(page, 'it')).toHaveCount(0);
    await expectBanner(page, fill(t.header.shippingBanner, { country: 'Italia', amount: euros('it', 150) }));
    await page.reload();
    await expectBanner(page, fill(t.header.shippingBanner, { country: 'Italia', amount: euros('it', 150) }));
    await expect(notice(page, 'it')).toHaveCount(0);
    const cookies = await context.cookies();
    expect(cookies.find((cookie) => cookie.name === 'country_notice')).toMatchObject({ value: 'FR', sameSite: 'Lax' });
    expect(cookies.find((cookie) => cookie.name === 'country')).toBeUndefined();
  });

  test('without JavaScript, switching from the notice and choosing in the footer stay on the page', async ({ browser }) => {
    const context = await browser.newContext({ ...visitorFrom('FR'), javaScriptEnabled: false });
    await consentAnswered(context);
    const page = await context.newPage();
    const t = TEXTS.fr;
    await page.goto('/fr/search?q=robe');
    await notice(page, 'fr').getByRole('button', { name: t.geo.switch }).click();
    await expect(page).toHaveURL(/\/fr\/search\?q=robe$/);
    await expect(notice(page, 'fr')).toHaveCount(0);
    await expectBanner(page, fill(t.header.shippingBanner, { country: 'France', amount: euros('fr', 200) }));

    const footer = page.getByRole('contentinfo');
    await footer.getByRole('combobox', { name: t.geo.chooser }).selectOption('US');
    await footer.getByRole('button', { name: t.geo.apply }).click();
    await expect(page).toHaveURL(/\/fr\/search\?q=robe$/);
    await expectBanner(page, fill(t.header.deliveryBanner, { country: name('US', 'fr') }));
    await context.close();
  });
});

test('a public page is kept per country offered: one visitor never sees another’s notice', async ({ request }) => {
  const path = `/en/brands?geo=${Date.now()}`;
  // A visitor who answered the consent dialog (the notice waits for that answer).
  const answered = `consent=${CONSENT_VERSION}..2026-01-01T00:00:00.000Z`;
  const page = (country: string) => request.get(`${SHOPS.blue}${path}`, { headers: { 'X-Country': country, Cookie: answered } });
  const german = await page('DE');
  expect(german.headers()['vary']).toMatch(/x-country/i);
  expect(await german.text()).toContain(fill(TEXTS.en.geo.notice, { country: 'Germany', currency: 'EUR' }));
  const french = await page('FR');
  const frenchPage = await french.text();
  expect(frenchPage).toContain(fill(TEXTS.en.geo.notice, { country: 'France', currency: 'EUR' }));
  expect(frenchPage).not.toContain(fill(TEXTS.en.geo.notice, { country: 'Germany', currency: 'EUR' }));
  expect((await page('DE')).headers()['x-page-cache']).toBe('hit');
});

test('a shop without COUNTRY_HEADER ignores the header; the browser’s region still counts', async ({ browser }) => {
  const forged = await browser.newContext({ baseURL: SHOPS.main, extraHTTPHeaders: { 'X-Country': 'DE' } });
  const page = await forged.newPage();
  await page.goto('/en');
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(notice(page, 'en')).toHaveCount(0);
  await forged.close();

  const german = await browser.newContext({ baseURL: SHOPS.main, locale: 'de-DE' });
  const germanPage = await german.newPage();
  await germanPage.goto('/de');
  await expect(notice(germanPage, 'de')).toContainText(fill(TEXTS.de.geo.notice, { country: 'Deutschland', currency: 'EUR' }));
  await german.close();
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
