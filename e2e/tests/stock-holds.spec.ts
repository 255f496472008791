import { expect, test, type Page } from '@playwright/test';
import { hydrated, SHOPS, TEXTS } from './fixtures';

/**
 * What one shopper's cart holds, another shopper's product page no longer offers, and offers again when the
 * cart lets go (docs/adr/0009-soft-holds.md). Pages and the catalogue calls are cached for up to 5 + 5 seconds.
 */
const t = TEXTS.en;
const API = SHOPS.main.replace(/:(\d+)$/, (_match, port: string) => `:${Number(port) + 1000}`);
const CACHES_MS = 30_000;

type Offered = {
  id_product: number;
  link_rewrite: string;
  out_of_stock_policy: string;
  selected_combination_id: number;
  groups: { id: number; attributes: { id: number }[] }[];
  combinations: { id: number; stock: number; attributes: number[] }[];
};

/**
 * A product sold only from stock whose default combination has a few units left, as the shop API describes it;
 * its page address names that combination's size and colour (the shopper has chosen them: no size is chosen for them).
 */
async function productWithFewLeft(): Promise<{ path: string; left: number }> {
  for (let id = 7; id < 400; id += 3) {
    const response = await fetch(`${API}/getProduct`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ product_id: id }) });
    if (!response.ok) continue;
    const product = (await response.json()).psdata as Offered;
    const chosen = product.combinations.find((combination) => combination.id === product.selected_combination_id);
    const left = chosen?.stock ?? 0;
    if (product.out_of_stock_policy === 'deny' && left >= 2 && left <= 5) {
      const query = product.groups.map((group) => `g${group.id}=${group.attributes.find((attribute) => chosen!.attributes.includes(attribute.id))!.id}`).join('&');
      return { path: `/en/${product.id_product}-${product.link_rewrite}.html?${query}`, left };
    }
  }
  throw new Error('no product with a few units left in the demo shop');
}

/** Reloads the product page until it says `text` about the chosen size (the caches let go within seconds). */
async function expectOffer(page: Page, path: string, text: string) {
  await expect(async () => {
    await page.goto(path);
    await expect(page.getByRole('main').getByText(text, { exact: true })).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: CACHES_MS });
}

test('units in one shopper’s cart are not offered to another until that cart lets them go', async ({ page, browser }) => {
  test.setTimeout(90_000);
  const { path, left } = await productWithFewLeft();
  const onlyLeft = (count: number) => t.product[count === 1 ? 'onlyLeft_one' : 'onlyLeft_other'].replace('{{count}}', String(count));

  // The first shopper takes every unit left, choosing the quantity before the page's script has run: the
  // choice survives it taking over.
  let releaseScripts = () => {};
  const scriptsHeld = new Promise<void>((resolve) => (releaseScripts = resolve));
  await page.route('**/assets/*.js', async (route) => {
    await scriptsHeld;
    await route.continue();
  });
  await page.goto(path, { waitUntil: 'commit' });
  await expect(page.getByRole('main').getByText(onlyLeft(left), { exact: true })).toBeVisible();
  await page.getByLabel(t.product.quantity).selectOption(String(left));
  releaseScripts();
  await hydrated(page);
  await page.unroute('**/assets/*.js');
  await page.getByRole('button', { name: t.product.addToCart, exact: true }).click();
  await expect(page.getByRole('dialog', { name: t.cart.drawer.title })).toBeVisible();

  // The second shopper finds the size sold out and cannot add it.
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await expectOffer(otherPage, path, t.product.outOfStock);
  const add = otherPage.getByRole('button', { name: t.product.addToCart, exact: true });
  expect((await add.count()) === 0 || (await add.isDisabled())).toBe(true);

  // The first shopper removes the line: the units are offered again.
  await page.goto('/en/cart');
  await page.getByRole('list', { name: t.cart.items }).getByRole('listitem').getByRole('button', { name: t.cart.removeItem.split('{{')[0] }).click();
  await expect(page.getByText(t.cart.empty)).toBeVisible();
  await expectOffer(otherPage, path, onlyLeft(left));
  await other.close();
});
