import { expect, test, type Locator } from '@playwright/test';
import { before, cents, expectNoAxeViolations, fill, hydrated, SHOPS, TEXTS } from './fixtures';

test('a shopper browses a category from the menu, sorts it and turns pages', async ({ page }) => {
  await page.goto('/en');
  await page.getByRole('navigation', { name: TEXTS.en.header.mainMenu }).getByRole('link').first().click();
  await expect(page).toHaveURL(/\/en\/3-[a-z-]+$/);
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toBeVisible();
  const products = page.getByRole('list', { name: TEXTS.en.catalog.products }).getByRole('article');
  await expect(products).toHaveCount(24);

  await page.getByRole('combobox', { name: TEXTS.en.catalog.sortBy }).selectOption('price_asc');
  await expect(page).toHaveURL(/order=price_asc/);
  // The address changes as the navigation starts: wait for the sorted list itself. Each card's price to pay, as a
  // screen reader names it (a discounted card has a second amount: its 30-day lowest price).
  const prices = () =>
    products.locator('p').filter({ hasText: `${TEXTS.en.product.price}: ` }).evaluateAll((nodes) =>
      nodes.map((node) => Number(node.querySelector('span')!.textContent!.replace(/[^0-9.]/g, ''))),
    );
  await expect.poll(async () => {
    const shown = await prices();
    return shown.length === 24 && shown.every((price, index) => index === 0 || shown[index - 1]! <= price);
  }).toBe(true);

  await page.getByRole('navigation', { name: TEXTS.en.pagination.label }).getByRole('link', { name: TEXTS.en.pagination.next }).click();
  await expect(page).toHaveURL(/order=price_asc/);
  await expect(page).toHaveURL(/page=2/);
  await expect(page.getByRole('navigation', { name: TEXTS.en.pagination.label }).locator('[aria-current="page"]')).toContainText('2');
});

test('filters respond to each other, live in the URL and go back with the browser', async ({ page }) => {
  const texts = TEXTS.en;
  await page.goto('/en/3-women');
  const count = page.locator('#listing-count');
  const total = Number((await count.textContent())!.replace(/\D/g, ''));
  const filters = page.getByRole('form', { name: texts.facets.title });
  const sizes = filters.getByRole('group', { name: texts.facets.sizes });
  const colours = filters.getByRole('group', { name: texts.facets.colors });

  await sizes.getByRole('checkbox', { name: /^M\b/ }).check();
  await expect(page).toHaveURL(/[?&]size=\d+/);
  await expect(page.getByRole('link', { name: `${texts.facets.remove.replace('{{name}}', `${texts.facets.sizes}: M`)}` })).toBeVisible();
  // The colour's count (every other filter applied) is what choosing it gives.
  const black = colours.getByRole('checkbox', { name: /^Black\b/ });
  const blackLabel = colours.locator('label').filter({ has: page.getByRole('checkbox', { name: /^Black\b/ }) });
  const blackCount = Number(/\((\d+)\)/.exec((await blackLabel.textContent())!)![1]);
  await black.check();
  await expect(page).toHaveURL(/size=\d+.*color=\d+|color=\d+.*size=\d+/);
  await expect(count).toHaveText(new RegExp(`^${blackCount} `));
  expect(blackCount).toBeLessThan(total);

  await page.goBack();
  await expect(page).not.toHaveURL(/color=/);
  await expect(colours.getByRole('checkbox', { name: /^Black\b/ })).not.toBeChecked();
  await expect(sizes.getByRole('checkbox', { name: /^M\b/ })).toBeChecked();

  await page.getByRole('link', { name: texts.facets.clear }).first().click();
  await expect(page).not.toHaveURL(/size=/);
  await expect(count).toHaveText(new RegExp(`^${total} `));
});

test('a shopper switches to the list view and a smaller page size, in French', async ({ page }) => {
  const texts = TEXTS.fr;
  await page.goto('/fr/3-femme');
  const products = page.getByRole('list', { name: texts.catalog.products });
  await expect(products.getByRole('article')).toHaveCount(24);
  await page.getByLabel(texts.catalog.perPage).selectOption('12');
  await expect(page).toHaveURL(/per_page=12/);
  await expect(products.getByRole('article')).toHaveCount(12);

  await page.getByRole('navigation', { name: texts.catalog.view }).getByRole('link', { name: texts.catalog.viewList }).click();
  await expect(page).toHaveURL(/view=list/);
  await expect(products).toHaveAttribute('data-layout', 'list');
  await expect(page.getByRole('link', { name: texts.catalog.viewList, exact: true })).toHaveAttribute('aria-current', 'true');
  await expect(products.getByRole('article')).toHaveCount(12);

  // The choices survive a page change and a reload.
  await page.getByRole('navigation', { name: texts.pagination.label }).getByRole('link', { name: texts.pagination.next }).click();
  await expect(page).toHaveURL(/page=2/);
  await page.reload();
  await expect(products).toHaveAttribute('data-layout', 'list');
  await expect(products.getByRole('article')).toHaveCount(12);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the filters, the sort and the search still work as plain forms', async ({ page }) => {
    const texts = TEXTS.de;
    await page.goto('/de/3-damen');
    const filters = page.getByRole('form', { name: texts.facets.title });
    await filters.getByRole('group', { name: texts.facets.availability }).getByRole('checkbox', { name: new RegExp(`^${texts.availability.in_stock}`) }).check();
    await filters.getByLabel(texts.facets.priceMax).fill('80');
    await filters.getByRole('button', { name: texts.facets.apply }).click();
    await expect(page).toHaveURL(/availability=in_stock/);
    await expect(page).toHaveURL(/price_max=80/);
    const prices = await page.getByRole('list', { name: texts.catalog.products }).getByRole('article').locator('p span.font-semibold').allTextContents();
    expect(prices.length).toBeGreaterThan(0);
    for (const price of prices) expect(Number(price.replace(/[^\d,]/g, '').replace(',', '.'))).toBeLessThan(81);

    await page.getByRole('combobox', { name: texts.header.searchLabel }).fill('Kleider');
    await page.getByRole('button', { name: texts.header.search, exact: true }).click();
    await expect(page).toHaveURL(/\/de\/search\?q=Kleider/);
    await expect(page.getByRole('article').first()).toBeVisible();
  });
});

test('a product page lets the shopper pick a size and a colour, kept in the URL', async ({ page }) => {
  await page.goto('/it');
  await page.getByRole('list', { name: TEXTS.it.home.featured }).getByRole('link').first().click();
  await expect(page).toHaveURL(/\/it\/\d+-[a-z0-9-]+\.html$/);
  await expect(page.getByRole('heading', { name: TEXTS.it.product.description })).toBeVisible();
  await expect(page.getByRole('link', { name: TEXTS.it.product.sizeGuide })).toBeVisible();

  // Colour first (it changes the pictures), then the size, which is never chosen for the shopper.
  const [colours, sizes] = [page.getByRole('main').getByRole('group').nth(0), page.locator('#size-choice')];
  await expect(sizes).toHaveAccessibleName(fill(TEXTS.it.product.choose, { group: 'Taglia' }));
  await expect(sizes.locator('[aria-current]')).toHaveCount(0);
  expect(await sizes.getByRole('link').count()).toBeGreaterThan(1);

  // Pick a size, then another colour: both stay chosen, in the URL and after a reload.
  const size = sizes.locator('a:not([aria-current])').first();
  const sizeName = (await size.textContent())!.trim();
  await size.click();
  await expect(page).toHaveURL(/\?g\d+=\d+&g\d+=\d+$/);
  await expect(sizes.locator('[aria-current="true"]')).toHaveText(sizeName);
  await expect(sizes).toHaveAccessibleName(/^Taglia: /);
  const colour = colours.locator('a:not([aria-current])').first();
  const colourName = (await colour.getAttribute('title'))!.replace(/ \(.*\)$/, '');
  await colour.click();
  await expect(colours).toHaveAccessibleName(new RegExp(colourName));
  await page.reload();
  await expect(sizes.locator('[aria-current="true"]')).toHaveCount(1);
  await expect(colours).toHaveAccessibleName(new RegExp(colourName));

  // Search engines read the product with its offer, and the breadcrumbs.
  const structured = (await page.locator('script[type="application/ld+json"]').allTextContents()).map((text) => JSON.parse(text));
  const product = structured.find((item) => item['@type'] === 'Product');
  expect(product.offers).toMatchObject({ '@type': 'Offer', priceCurrency: 'EUR', availability: expect.stringMatching(/^https:\/\/schema.org\//) });
  expect(structured.some((item) => item['@type'] === 'BreadcrumbList')).toBe(true);
  await expect(page.locator('meta[property="og:type"]')).toHaveAttribute('content', 'product');

  // The reviews block (the demo catalogue has reviews: features/reviews), after the description and before the related products.
  const reviews = page.getByRole('region', { name: TEXTS.it.product.reviews });
  await expect(reviews).toHaveAttribute('id', 'reviews');
  await expect(reviews.getByRole('heading', { level: 2, name: TEXTS.it.product.reviews })).toBeVisible();
  await expect(reviews).toContainText(TEXTS.it.product.reviewsFromBuyers);
  // The related products stream in below (their cards' code with them).
  const related = page.getByRole('region', { name: TEXTS.it.product.related });
  await expect(related).toBeVisible();
  const order = await page.evaluate(() => {
    const [description, block, relatedBlock] = ['#product-description', '#reviews', '#related-products'].map((selector) => document.querySelector(selector)!);
    const follows = (a: Node, b: Node) => Boolean(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING);
    return follows(description!, block!) && follows(block!, relatedBlock!);
  });
  expect(order).toBe(true);

  // Related products come a page at a time.
  const first = await related.getByRole('article').first().textContent();
  await related.getByRole('navigation', { name: TEXTS.it.product.relatedPages }).getByRole('link', { name: TEXTS.it.pagination.next }).click();
  await expect(page).toHaveURL(/related=2/);
  await expect(related.getByRole('article').first()).not.toHaveText(first!);
});

test('sizes that cost differently: a from-price on the card, in search and on the page; a size changes the page in place, asking the server nothing', async ({ page, browser }) => {
  const t = TEXTS.en;
  const saysFrom = `${t.product.price}: ${before(t.product.fromPrice)} `;
  // The price line's amount (the price to pay: the first of the line), in cents.
  const amountOf = async (line: Locator) => cents(await line.locator('span').first().textContent());
  await page.goto('/en/3-women');
  const card = page.getByRole('list', { name: t.catalog.products }).getByRole('article').filter({ has: page.locator('.price-line', { hasText: saysFrom }) }).first();
  await expect(card).toBeVisible();
  const name = (await card.getByRole('heading').textContent())!.trim();
  const from = await amountOf(card.locator('.price-line'));
  expect(from).toBeGreaterThan(0);

  // Search finds it with the same from-price.
  await page.goto(`/en/search?q=${encodeURIComponent(name)}`);
  const found = page.getByRole('article').filter({ has: page.getByRole('heading', { name, exact: true }) }).first();
  await expect(found.locator('.price-line')).toHaveText(new RegExp(`^${saysFrom}`));
  expect(await amountOf(found.locator('.price-line'))).toBe(from);

  // The product page says the same until a size is chosen.
  await found.getByRole('link', { name, exact: true }).click();
  await expect(page).toHaveURL(/\.html/);
  await hydrated(page);
  const main = page.getByRole('main');
  const price = main.locator('.price-line').first();
  await expect(price).toHaveText(new RegExp(`^${saysFrom}`));
  expect(await amountOf(price)).toBe(from);
  await expect(price.locator('xpath=..').getByText(t.product.inStock, { exact: true })).toHaveCount(0);

  // Each size: its own price (no 'from'), its stock, its delivery date, Add to cart as it allows; no document and
  // no data request.
  const asked: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'document' || new URL(request.url()).pathname.endsWith('.data')) asked.push(request.url());
  });
  const sizes = page.locator('#size-choice');
  const add = page.locator('#add-to-cart-button');
  const seen: { size: string; price: number }[] = [];
  for (const size of await sizes.getByRole('link').all()) {
    const label = (await size.textContent())!.trim();
    const sellable = (await size.getAttribute('class'))!.includes('line-through') === false;
    await size.click();
    await expect(size).toHaveAttribute('aria-current', 'true');
    await expect(page).toHaveURL(new RegExp(`[?&]g\\d+=\\d+`));
    await expect(price).not.toHaveText(new RegExp(`^${saysFrom}`));
    // The stock beside the price, the delivery date under the button.
    await expect(price.locator('xpath=..').getByText(sellable ? /^(In stock|Only \d+ left)$/ : /^(Out of stock|Pre-order: .*|Made to order: .*)$/)).toBeVisible();
    if (sellable) {
      await expect(add).toBeEnabled();
      await expect(page.locator('#add-to-cart').getByText(/^Delivered /)).toBeVisible();
    }
    seen.push({ size: label, price: await amountOf(price) });
  }
  const prices = seen.map((each) => each.price);
  expect(new Set(prices).size, JSON.stringify(seen)).toBeGreaterThan(1);
  expect(Math.min(...prices)).toBe(from);
  expect(asked, 'requests while choosing sizes').toEqual([]);
  console.log(`size switches: ${seen.length}, document requests: ${asked.filter((url) => !url.endsWith('.data')).length}, data requests: ${asked.length}`);

  // The address names the last size: loaded afresh, the server shows what the page showed.
  const shown = await price.textContent();
  await page.reload();
  await expect(price).toHaveText(shown!);
  await expect(sizes.locator('[aria-current="true"]')).toHaveText(seen.at(-1)!.size);

  // Without JavaScript the sizes are links: the from-price, then the size's price.
  const plain = await browser.newContext({ javaScriptEnabled: false });
  try {
    const noScripts = await plain.newPage();
    await noScripts.goto(page.url().replace(/\?.*$/, ''));
    const plainPrice = noScripts.getByRole('main').locator('.price-line').first();
    await expect(plainPrice).toHaveText(new RegExp(`^${saysFrom}`));
    const dear = seen.reduce((high, each) => (each.price > high.price ? each : high));
    await noScripts.locator('#size-choice').getByText(dear.size, { exact: true }).click();
    await expect(plainPrice).not.toHaveText(new RegExp(`^${saysFrom}`));
    expect(await amountOf(plainPrice)).toBe(dear.price);
  } finally {
    await plain.close();
  }
});

test('the size guide and content pages open in the shopper’s language', async ({ page }) => {
  await page.goto('/es');
  await page.getByRole('list', { name: TEXTS.es.home.latest }).getByRole('link').first().click();
  await page.getByRole('link', { name: TEXTS.es.product.sizeGuide }).click();
  await expect(page).toHaveURL(/\/es\/size-chart\/[a-z0-9-]+$/);
  await expect(page.getByRole('table')).toBeVisible();

  await page.goto('/es');
  const footerLink = page.getByRole('contentinfo').getByRole('navigation', { name: TEXTS.es.footer.help }).getByRole('link').first();
  const title = (await footerLink.textContent())!.trim();
  await footerLink.click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
});

test('a page for a visitor without a session is rendered once and served from the cache; with a session it is fresh', async ({ request }) => {
  const path = '/en/3-women?order=title_desc&per_page=12';
  const first = await request.get(path);
  expect(first.headers()['cache-control']).toContain('public');
  const again = await request.get(path);
  expect(again.headers()['x-page-cache']).toBe('hit');
  // The same page, except for the CSP nonce: every answer gets its own.
  const withoutNonce = async (response: typeof first) => (await response.text()).replace(/nonce="[^"]+"/g, 'nonce=""');
  expect(await withoutNonce(again)).toBe(await withoutNonce(first));
  const personal = await request.get(path, { headers: { Cookie: `sid=${'s'.repeat(43)}` } });
  expect(personal.headers()['x-page-cache']).toBeUndefined();
  expect(personal.headers()['cache-control']).toContain('no-store');
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
    ['filtered list view', '/it/3-donna?view=list&availability=in_stock&price_min=50&order=price_desc'],
    ['search', '/de/search?q=kleid'],
    ['search without results', '/en/search?q=jaket'],
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
    await expect(page.getByRole('region', { name: TEXTS.en.product.reviews }).getByText(TEXTS.en.product.reviewsFromBuyers)).toBeVisible();
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
