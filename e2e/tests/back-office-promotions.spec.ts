import { expect, test, type Page } from '@playwright/test';
import { shopPorts } from '../playwright.config';
import { BACK_OFFICE, shots, staffPage } from './back-office-fixtures';
import { before, cents, expectNoAxeViolations, hydrated, SHOPS, TEXTS } from './fixtures';

// Prices, sales and codes (issue 27): a catalogue manager makes a code (with JavaScript) and a sale (without), and
// a shopper meets both: the sale price with the EU's 30-day lowest price on the product page, and the code in the cart.

const API = `http://127.0.0.1:${shopPorts(Number(new URL(SHOPS.main).port)).SHOP_API_PORT}`;

/** A date and time as a datetime-local field takes it, in the shop's time zone (the back office's SHOP_TIME_ZONE default). */
function romeLocal(offsetMinutes: number): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone: 'Europe/Rome', hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' })
      .formatToParts(new Date(Date.now() + offsetMinutes * 60_000))
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

/** A product of the women's listing that is not discounted, with a size that can go in the cart. */
async function undiscountedProduct(page: Page) {
  const answer = await page.request.post(`${API}/getProducts`, { data: { id_category: 3, per_page: 100, with_facets: false, with_category_tree: false }, headers: { 'accept-language': 'en' } });
  const products = (await answer.json()).psdata.products as { id_product: number; name: string; link_rewrite: string; has_discount: boolean; remaining_stock: number | null }[];
  // Far down the list: clear of the products the other journeys buy.
  const product = products.filter((card) => !card.has_discount && card.remaining_stock === null).at(-3)!;
  return { id: product.id_product, name: product.name, path: `/en/${product.id_product}-${product.link_rewrite}.html` };
}

test('staff make a code and a sale; a shopper sees the sale price with the 30-day lowest price and uses the code in the cart', async ({ page, browser }) => {
  test.setTimeout(180_000);
  const t = TEXTS.en;
  const code = `E2E${Date.now().toString(36).toUpperCase()}`;
  const product = await undiscountedProduct(page);

  // The catalogue manager makes a code of 10 % with JavaScript.
  const staff = await staffPage(browser, 'catalogue', { locale: 'en' });
  await staff.getByRole('link', { name: 'Codes', exact: true }).click();
  await expect(staff.getByRole('heading', { level: 1, name: 'Codes' })).toBeVisible();
  await hydrated(staff);
  await staff.getByRole('link', { name: 'New code' }).click();
  await expect(staff.getByRole('heading', { level: 1, name: 'New code' })).toBeVisible();
  await staff.getByLabel('Code', { exact: true }).fill(code.toLowerCase());
  await staff.getByLabel('Name shoppers see', { exact: true }).fill('Spring ten');
  await staff.getByLabel('Takes off', { exact: true }).selectOption('percent');
  // A percentage above 100 is refused on its field, before anything is sent.
  await staff.getByLabel('Percentage or amount', { exact: true }).fill('150');
  await staff.getByRole('button', { name: 'Create the code' }).click();
  await expect(staff.getByLabel('Percentage or amount', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await staff.getByLabel('Percentage or amount', { exact: true }).fill('10');
  await staff.getByLabel('Uses in all', { exact: true }).fill('100');
  // By default a code combines with others and takes off products already on sale too.
  await expect(staff.getByRole('checkbox', { name: 'Also takes off products already on sale' })).toBeChecked();
  await expect(staff.getByRole('checkbox', { name: 'Can be used with other codes' })).toBeChecked();
  await staff.getByRole('button', { name: 'Create the code' }).click();
  await expect(staff.getByRole('status')).toHaveText('The code is saved.');
  await expect(staff.getByRole('heading', { level: 1, name: code })).toBeVisible();
  await expectNoAxeViolations(staff);
  await shots(staff, 'code');

  // The sale, without JavaScript: 20 % off the product from a few minutes ago for a week.
  const plainContext = await browser.newContext({ javaScriptEnabled: false, locale: 'en' });
  try {
    await plainContext.addCookies(await staff.context().cookies());
    const plain = await plainContext.newPage();
    await plain.goto(`${BACK_OFFICE}/sales`);
    const form = plain.getByRole('region', { name: 'New sale' });
    await form.getByLabel('Name (for staff)', { exact: true }).fill('Spring sale e2e');
    await form.getByLabel('What is on sale', { exact: true }).selectOption('product');
    // Without a product the form comes back saying what is missing.
    await form.getByLabel('Percentage or amount', { exact: true }).fill('20');
    await form.getByLabel('Starts', { exact: true }).fill(romeLocal(-5));
    await form.getByLabel('Ends', { exact: true }).fill(romeLocal(7 * 24 * 60));
    await form.getByRole('button', { name: 'Create the sale' }).click();
    await expect(plain.getByRole('alert')).toBeVisible();
    await form.getByLabel('Product number', { exact: true }).fill(String(product.id));
    await form.getByLabel('Percentage or amount', { exact: true }).fill('20');
    await form.getByLabel('Starts', { exact: true }).fill(romeLocal(-5));
    await form.getByLabel('Ends', { exact: true }).fill(romeLocal(7 * 24 * 60));
    await form.getByRole('button', { name: 'Create the sale' }).click();
    await expect(plain.getByRole('status')).toContainText('The sale is set');
    await expect(plain.getByRole('listitem').filter({ hasText: 'Spring sale e2e' }).first()).toContainText('Running');
  } finally {
    await plainContext.close();
  }
  // axe runs scripts: the sales page is checked in the staff member's own browser.
  await staff.goto(`${BACK_OFFICE}/sales`);
  await expect(staff.getByRole('listitem').filter({ hasText: 'Spring sale e2e' }).first()).toContainText('1 product');
  await expectNoAxeViolations(staff);
  await shots(staff, 'sales');

  // The shopper: the product page shows the sale price at once (the catalogue revision), the regular price and
  // the lowest price of the 30 days before the sale (no lower one: the regular price).
  await page.goto(product.path);
  const regular = page.locator('s').filter({ hasText: t.product.regularPrice }).first();
  await expect(regular).toBeVisible();
  await expect(page.getByText(t.product.discount.replace('{{percent}}', '20'), { exact: true }).first()).toBeVisible();
  const lowest = page.getByText(before(t.product.lowestPriorPrice));
  await expect(lowest).toBeVisible();
  const regularCents = cents(await regular.textContent());
  // The amount after the words ('…: 89,95 €'): the regular price, as no lower one was asked in the 30 days before.
  expect(cents((await lowest.textContent())!.split(':').at(-1)!)).toBe(regularCents);
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 390, height: 900 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);

  // Into the cart with the first size that can go in, then the code.
  await hydrated(page);
  const sizes = page.locator('#size-choice');
  const add = page.getByRole('button', { name: t.product.addToCart, exact: true });
  if ((await sizes.count()) > 0) {
    for (const size of await sizes.getByRole('link').all()) {
      await size.click();
      await expect(size).toHaveAttribute('aria-current', 'true');
      if ((await add.count()) === 1 && (await add.isEnabled())) break;
    }
  }
  await add.click();
  // The mini cart opens once the line is in.
  await expect(page.getByRole('dialog', { name: t.cart.drawer.title })).toBeVisible();
  await page.goto('/en/cart');
  const line = page.getByRole('list', { name: t.cart.items }).getByRole('listitem');
  await expect(line).toHaveCount(1);
  await page.getByRole('textbox', { name: t.cart.coupon.label }).fill(code.toLowerCase());
  await page.getByRole('button', { name: t.cart.coupon.apply }).click();
  await expect(page.getByRole('status').filter({ hasText: t.cart.flash.couponAdded })).toHaveCount(1);
  await expect(page.getByRole('list', { name: t.cart.coupon.applied }).getByRole('listitem')).toContainText(code);
  await expect(page.getByRole('term').filter({ hasText: t.cart.discounts })).toBeVisible();
  await expectNoAxeViolations(page);

  // The catalogue manager makes the sale deeper from its page, without JavaScript: the storefront shows it at once,
  // with the 20 % that ran as the 30 days' lowest price, on the product page and on the search's card.
  const editContext = await browser.newContext({ javaScriptEnabled: false, locale: 'en' });
  try {
    await editContext.addCookies(await staff.context().cookies());
    const plain = await editContext.newPage();
    await plain.goto(`${BACK_OFFICE}/sales`);
    await plain.getByRole('link', { name: 'Spring sale e2e' }).first().click();
    await expect(plain.getByRole('heading', { level: 1, name: 'Spring sale e2e' })).toBeVisible();
    await plain.getByLabel('Name (for staff)', { exact: true }).fill('Spring sale e2e, last days');
    await plain.getByLabel('Percentage or amount', { exact: true }).fill('30');
    await plain.getByRole('button', { name: 'Save the sale' }).click();
    await expect(plain.getByRole('status')).toHaveText('The sale is saved: the storefront shows it now.');
    await expect(plain.getByRole('heading', { level: 1, name: 'Spring sale e2e, last days' })).toBeVisible();
  } finally {
    await editContext.close();
  }
  await staff.goto(`${BACK_OFFICE}/sales`);
  await staff.getByRole('link', { name: 'Spring sale e2e, last days' }).first().click();
  await expect(staff.getByLabel('Percentage or amount', { exact: true })).toHaveValue('30');
  await expectNoAxeViolations(staff);
  await shots(staff, 'sale');
  await page.goto(product.path);
  await expect(page.getByText(t.product.discount.replace('{{percent}}', '30'), { exact: true }).first()).toBeVisible();
  const deeper = page.getByText(before(t.product.lowestPriorPrice)).first();
  const salePrice = Math.round(regularCents * 0.8);
  expect(Math.abs(cents((await deeper.textContent())!.split(':').at(-1)!) - salePrice)).toBeLessThanOrEqual(2);
  await page.goto(`/en/search?q=${encodeURIComponent(product.name)}`);
  const card = page.locator('article').filter({ has: page.locator(`a[href="${product.path}"]`) });
  await expect(card.getByText(before(t.product.lowestPriorPrice))).toBeVisible();
  await expectNoAxeViolations(page);
  await shots(page, 'search-card-lowest-price');

  // Ended early from its page: the regular price at once.
  await staff.getByRole('button', { name: 'End "Spring sale e2e, last days" now' }).click();
  await expect(staff.getByRole('status')).toHaveText('It has ended.');
  // Asked again until it shows: the storefront keeps public catalogue answers 5 s (SPEC §9, lib/api/response-cache.ts).
  await expect(async () => {
    await page.goto(product.path);
    await expect(page.getByText(before(t.product.lowestPriorPrice))).toHaveCount(0, { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await expect(page.locator('s').filter({ hasText: t.product.regularPrice })).toHaveCount(0);

  // The code's page counts no use yet (the cart is not an order), and its state is running.
  await staff.goto(`${BACK_OFFICE}/codes?query=${code}`);
  await expect(staff.getByRole('row').filter({ hasText: code })).toContainText('Running');
});
