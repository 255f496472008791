import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, SHOPS, TEXTS } from './fixtures';

test('a shopper browses a category from the menu, sorts it and turns pages', async ({ page }) => {
  await page.goto('/en');
  await page.getByRole('navigation', { name: TEXTS.en.header.mainMenu }).getByRole('link').first().click();
  await expect(page).toHaveURL(/\/en\/3-[a-z-]+$/);
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toBeVisible();
  const products = page.getByRole('list', { name: TEXTS.en.catalog.products }).getByRole('article');
  await expect(products).toHaveCount(24);

  await page.getByLabel(TEXTS.en.catalog.sortBy).selectOption('price_asc');
  await expect(page).toHaveURL(/order=price_asc/);
  const prices = await products.locator('p').filter({ hasText: '€' }).evaluateAll((nodes) =>
    nodes.map((node) => Number(node.querySelector('span')!.textContent!.replace(/[^0-9.]/g, ''))),
  );
  expect(prices).toEqual([...prices].sort((a, b) => a - b));

  await page.getByRole('navigation', { name: TEXTS.en.pagination.label }).getByRole('link', { name: TEXTS.en.pagination.next }).click();
  await expect(page).toHaveURL(/order=price_asc/);
  await expect(page).toHaveURL(/page=2/);
  await expect(page.getByRole('navigation', { name: TEXTS.en.pagination.label }).locator('[aria-current="page"]')).toContainText('2');
});

test('a product page lets the shopper pick a size and a colour, kept in the URL', async ({ page }) => {
  await page.goto('/it');
  await page.getByRole('list', { name: TEXTS.it.home.featured }).getByRole('link').first().click();
  await expect(page).toHaveURL(/\/it\/\d+-[a-z0-9-]+\.html$/);
  await expect(page.getByRole('heading', { name: TEXTS.it.product.description })).toBeVisible();
  await expect(page.getByRole('link', { name: TEXTS.it.product.sizeGuide })).toBeVisible();

  const [sizes, colours] = [page.getByRole('main').getByRole('group').nth(0), page.getByRole('main').getByRole('group').nth(1)];
  await expect(sizes).toHaveAccessibleName(/^Taglia: /);
  expect(await sizes.getByRole('link').count()).toBeGreaterThan(1);

  // Pick another size, then another colour: both stay chosen, in the URL and after a reload.
  const size = sizes.locator('a:not([aria-current])').first();
  const sizeName = (await size.textContent())!.trim();
  await size.click();
  await expect(page).toHaveURL(/\?g\d+=\d+&g\d+=\d+$/);
  await expect(sizes.locator('[aria-current="true"]')).toHaveText(sizeName);
  const colour = colours.locator('a:not([aria-current])').first();
  const colourName = (await colour.getAttribute('title'))!.replace(/ \(.*\)$/, '');
  await colour.click();
  await expect(colours).toHaveAccessibleName(new RegExp(colourName));
  await page.reload();
  await expect(sizes.locator('[aria-current="true"]')).toHaveCount(1);
  await expect(colours).toHaveAccessibleName(new RegExp(colourName));
});

test('the size guide and content pages open in the shopper’s language', async ({ page }) => {
  await page.goto('/es');
  await page.getByRole('list', { name: TEXTS.es.home.latest }).getByRole('link').first().click();
  await page.getByRole('link', { name: TEXTS.es.product.sizeGuide }).click();
  await expect(page).toHaveURL(/\/es\/size-chart\/[a-z0-9-]+$/);
  await expect(page.getByRole('table')).toBeVisible();

  await page.goto('/es');
  const footerLink = page.getByRole('contentinfo').getByRole('link').first();
  const title = (await footerLink.textContent())!.trim();
  await footerLink.click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
});

test('search finds products by a word of their name', async ({ page }) => {
  await page.goto('/en');
  const firstName = (await page.getByRole('list', { name: TEXTS.en.home.bestsellers }).getByRole('heading').first().textContent())!;
  const word = firstName.split(' ').find((w) => w.length > 4) ?? firstName;
  await page.getByRole('searchbox', { name: TEXTS.en.header.searchLabel }).fill(word);
  await page.getByRole('searchbox', { name: TEXTS.en.header.searchLabel }).press('Enter');
  await expect(page).toHaveURL(new RegExp(`/en/search\\?q=${encodeURIComponent(word)}`));
  await expect(page.getByRole('heading', { level: 1 })).toContainText(word);
  await expect(page.getByRole('article').first()).toBeVisible();
});

test('the sitemap lists every language of each page', async ({ request }) => {
  const response = await request.get('/sitemap.xml');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toContain('application/xml');
  const xml = await response.text();
  const origin = SHOPS.main;
  expect(xml).toContain(`<loc>${origin}/en</loc>`);
  expect(xml).toMatch(new RegExp(`<loc>${origin}/de/\\d+-[a-z0-9-]+\\.html</loc>`));
  expect(xml).toMatch(new RegExp(`hreflang="fr" href="${origin}/fr/3-[a-z-]+"`));
  expect((xml.match(/<url>/g) ?? []).length).toBeGreaterThan(300 * 5);
});

test.describe('accessibility', () => {
  for (const [name, path] of [
    ['home', '/en'],
    ['category', '/fr/3-femme'],
    ['search', '/de/search?q=kleid'],
    ['cart', '/it/cart'],
    ['login', '/es/auth/login'],
    ['not found', '/en/nowhere'],
  ] as const) {
    test(`axe finds nothing on the ${name} page`, async ({ page }) => {
      await page.goto(path);
      await expectNoAxeViolations(page);
    });
  }

  test('axe finds nothing on a product page', async ({ page }) => {
    await page.goto('/en');
    await page.getByRole('list', { name: TEXTS.en.home.bestsellers }).getByRole('link').first().click();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('the keyboard reaches the content first through the skip link', async ({ page }) => {
    await page.goto('/en');
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: TEXTS.en.header.skipToContent });
    await expect(skip).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/#main$/);
  });
});
