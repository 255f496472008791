import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, TEXTS } from './fixtures';

const plural = (text: string, count: number) => text.replace('{{count}}', String(count));

test('a shopper picks a suggestion with the keyboard, and a typo still finds jackets', async ({ page }) => {
  const texts = TEXTS.en;
  await page.goto('/en');
  const box = page.getByRole('combobox', { name: texts.header.searchLabel });
  await box.pressSequentially('jaket', { delay: 40 });
  const listbox = page.getByRole('listbox', { name: texts.search.suggestions });
  await expect(listbox).toBeVisible();
  await expect(box).toHaveAttribute('aria-expanded', 'true');
  await expect(listbox).toContainText(texts.search.correctedTo.replace('{{q}}', 'jacket'));
  const options = listbox.getByRole('option');
  const count = (await listbox.getByRole('group').getByRole('option').count());
  await expect(page.getByRole('status').filter({ hasText: plural(texts.search.suggestionCount_other, count) })).toBeAttached();

  await box.press('ArrowDown');
  const first = options.first();
  await expect(first).toHaveAttribute('aria-selected', 'true');
  await expect(box).toHaveAttribute('aria-activedescendant', (await first.getAttribute('id'))!);
  const name = (await first.locator('span.truncate').textContent())!;
  expect(name.toLowerCase()).toContain('jacket');
  await box.press('ArrowUp');
  await expect(options.last()).toHaveAttribute('aria-selected', 'true');
  await box.press('ArrowDown');
  await expect(first).toHaveAttribute('aria-selected', 'true');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/en\/\d+-[a-z0-9-]+\.html$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
});

test('Escape closes the suggestions, and the last option shows all results (German)', async ({ page }) => {
  const texts = TEXTS.de;
  await page.goto('/de');
  const box = page.getByRole('combobox', { name: texts.header.searchLabel });
  await box.pressSequentially('Kleider', { delay: 40 });
  const listbox = page.getByRole('listbox', { name: texts.search.suggestions });
  await expect(listbox.getByRole('option').first()).toBeVisible();
  await box.press('Escape');
  await expect(listbox).toBeHidden();
  await expect(box).toHaveAttribute('aria-expanded', 'false');
  await expect(box).toHaveValue('Kleider');
  await box.press('Escape');
  await expect(box).toHaveValue('');
  await box.pressSequentially('Kleider', { delay: 40 });
  await expect(listbox).toBeVisible();
  await box.press('Escape');

  await box.press('ArrowDown');
  await expect(listbox).toBeVisible();
  await box.press('ArrowUp');
  const showAll = listbox.getByRole('option').last();
  await expect(showAll).toHaveText(texts.search.showAllFor.replace('{{q}}', 'Kleider'));
  await expect(showAll).toHaveAttribute('aria-selected', 'true');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/de\/search\?q=Kleider$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(texts.search.resultsFor.replace('{{q}}', 'Kleider'));
  await expect(page.getByRole('list', { name: texts.catalog.products }).getByRole('article').first()).toContainText(/kleid/i);
});

test('the results page sorts and filters, and offers the right spelling for a typo (Spanish)', async ({ page }) => {
  const texts = TEXTS.es;
  await page.goto('/es/search?q=vestidos');
  const products = page.getByRole('list', { name: texts.catalog.products }).getByRole('article');
  await expect(products.first()).toBeVisible();
  await page.getByRole('combobox', { name: texts.catalog.sortBy }).selectOption('price_desc');
  await expect(page).toHaveURL(/q=vestidos.*order=price_desc|order=price_desc.*q=vestidos/);
  const filters = page.getByRole('form', { name: texts.facets.title });
  await filters.getByRole('group', { name: texts.facets.colors }).getByRole('checkbox').first().check();
  await expect(page).toHaveURL(/color=\d+/);
  await expect(page).toHaveURL(/q=vestidos/);

  // A typo: the results of the catalogue's spelling, and the query as typed one click away.
  await page.goto('/es/search?q=vestdo');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(texts.search.showingResultsFor.replace('{{q}}', 'vestido'));
  // The description search engines and shared links show speaks of what was searched, with the count found.
  const [before, after] = texts.search.description_other.replace('{{q}}', 'vestido').replace('{{shop}}', texts.site.name).split('{{count}}');
  const literal = (text = '') => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', new RegExp(`^${literal(before)}[1-9]\\d*${literal(after)}$`));
  await expect(products.first()).toContainText(/vestido/i);
  await page.getByRole('link', { name: texts.search.searchInstead.replace('{{q}}', 'vestdo') }).click();
  await expect(page).toHaveURL(/q=vestdo&exact=1$/);
  await expect(page.getByText(texts.search.noResults.replace('{{q}}', 'vestdo'))).toBeVisible();
  // Nothing for it: the spelling offered, and popular products to go on with.
  await expect(page.getByRole('list', { name: texts.search.popular }).getByRole('article').first()).toBeVisible();
  await page.getByRole('link', { name: 'vestido', exact: true }).click();
  await expect(page).toHaveURL(/q=vestido$/);
  await expect(products.first()).toBeVisible();
});

test('search does not mind accents, and switching language keeps the query and filters (French, then German)', async ({ page }) => {
  await page.goto('/fr/search?q=echarpe');
  const products = page.getByRole('list', { name: TEXTS.fr.catalog.products }).getByRole('article');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(TEXTS.fr.search.resultsFor.replace('{{q}}', 'echarpe'));
  await expect(products.first()).toContainText(/écharpe/i);
  const filters = page.getByRole('form', { name: TEXTS.fr.facets.title });
  await filters.getByRole('group', { name: TEXTS.fr.facets.colors }).getByRole('checkbox').first().check();
  await expect(page).toHaveURL(/color=\d+/);
  const query = new URL(page.url()).search;
  await page.locator('summary', { hasText: TEXTS.fr.locale.language }).click();
  await page.getByRole('radio', { name: 'Deutsch' }).check();
  await page.getByRole('button', { name: TEXTS.fr.locale.save }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/de/search' && url.search === query);
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(TEXTS.de.search.resultsFor.replace('{{q}}', 'echarpe'));
});

test('axe finds nothing with the suggestions open', async ({ page }) => {
  await page.goto('/fr');
  await page.getByRole('combobox', { name: TEXTS.fr.header.searchLabel }).pressSequentially('robe', { delay: 40 });
  await expect(page.getByRole('listbox', { name: TEXTS.fr.search.suggestions }).getByRole('option').first()).toBeVisible();
  await expectNoAxeViolations(page);
});

test('a colour is suggested as its name is typed, and picking it searches the query with that colour (Italian)', async ({ page }) => {
  const texts = TEXTS.it;
  await page.goto('/it');
  const box = page.getByRole('combobox', { name: texts.header.searchLabel });
  await box.pressSequentially('jeans ross', { delay: 40 });
  const colours = page.getByRole('listbox', { name: texts.search.suggestions }).getByRole('group', { name: texts.search.colorsGroup });
  const red = colours.getByRole('option', { name: 'Rosso' });
  await expect(red).toBeVisible();
  await expectNoAxeViolations(page);
  await red.click();
  await expect(page).toHaveURL(/\/it\/search\?q=jeans%20Rosso$/);
  const chips = page.getByRole('region', { name: texts.facets.active });
  await expect(chips.getByRole('link', { name: texts.facets.remove.replace('{{name}}', `${texts.facets.colors}: Rosso`) })).toBeVisible();
});

test('axe finds nothing on results whose query set filters', async ({ page }) => {
  await page.goto('/it/search?q=jeans%20blu%20uomo');
  await expect(page.getByRole('region', { name: TEXTS.it.facets.active })).toBeVisible();
  await expectNoAxeViolations(page);
});

/** The number of products the listing says it has ('18 products'). */
const productCount = async (page: import('@playwright/test').Page) => Number((await page.locator('#listing-count').textContent())!.replace(/\D/g, ''));

test.describe('a query read as filters, without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('Italian: "scarpe donna" is Women › Shoes, as a chip that widens the search to Women when removed, and counts as the listing', async ({ page }) => {
    const texts = TEXTS.it;
    await page.goto('/it/search?q=scarpe%20donna');
    const chips = page.getByRole('region', { name: texts.facets.active });
    const category = `${texts.facets.category}: ${texts.search.categoryIn.replace('{{name}}', 'Scarpe').replace('{{parent}}', 'Donna')}`;
    const chip = chips.getByRole('link', { name: texts.facets.remove.replace('{{name}}', category) });
    await expect(chip).toBeVisible();
    const found = await productCount(page);
    expect(found).toBeGreaterThan(0);

    // The category's own listing (Women › Shoes, category 12 of the demo shop) has as many products.
    await page.goto('/it/12-scarpe-donna');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Scarpe');
    expect(await productCount(page)).toBe(found);

    await page.goto('/it/search?q=scarpe%20donna');
    // Removing it takes its own word back: Women.
    await chip.click();
    await expect(page).toHaveURL(/\/it\/search\?q=donna$/);
    expect(await productCount(page)).toBeGreaterThan(found);
  });

  test('German: "rote Kleider" sets the colour Red and the dresses; removing the colour widens the results', async ({ page }) => {
    const texts = TEXTS.de;
    await page.goto('/de/search?q=rote%20Kleider');
    const chips = page.getByRole('region', { name: texts.facets.active });
    const colour = chips.getByRole('link', { name: texts.facets.remove.replace('{{name}}', `${texts.facets.colors}: Rot`) });
    await expect(colour).toBeVisible();
    await expect(chips.getByRole('link', { name: new RegExp(`${texts.facets.category}: Kleider`) })).toHaveCount(2);
    const red = await productCount(page);
    expect(red).toBeGreaterThan(0);
    await colour.click();
    await expect(page).toHaveURL(/\/de\/search\?q=kleider$/);
    expect(await productCount(page)).toBeGreaterThan(red);
  });

  test('a search that finds nothing says so and offers popular products, with no sort, page size or view to choose', async ({ page }) => {
    const texts = TEXTS.en;
    await page.goto('/en/search?q=qqqqxz');
    await expect(page.getByText(texts.search.noResults.replace('{{q}}', 'qqqqxz'))).toBeVisible();
    await expect(page.getByRole('heading', { name: texts.search.popular })).toBeVisible();
    await expect(page.getByLabel(texts.catalog.sortBy)).toHaveCount(0);
    await expect(page.getByRole('navigation', { name: texts.catalog.view })).toHaveCount(0);
  });

  test("Italian: a search for women's shoes that finds nothing offers Women › Shoes and the best sellers for women", async ({ page }) => {
    const texts = TEXTS.it;
    await page.goto('/it/search?q=scarpe%20donna%20qqqqxz');
    await expect(page.getByText(texts.search.noResults.replace('{{q}}', 'scarpe donna qqqqxz'))).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: texts.search.popularIn.replace('{{category}}', 'Donna') })).toBeVisible();
    await page.getByRole('link', { name: texts.search.closestCategory.replace('{{category}}', 'Scarpe') }).click();
    await expect(page).toHaveURL(/\/it\/12-scarpe-donna$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Scarpe');
  });

  test('German: "Damenschuhe" reads as "Damen Schuhe": the same chip and products', async ({ page }) => {
    const texts = TEXTS.de;
    await page.goto('/de/search?q=Damen%20Schuhe');
    const apart = await productCount(page);
    await page.goto('/de/search?q=Damenschuhe');
    const chips = page.getByRole('region', { name: texts.facets.active });
    await expect(chips.getByRole('link', { name: new RegExp(`${texts.facets.category}: .*Schuhe`) })).toBeVisible();
    expect(await productCount(page)).toBe(apart);
  });
});
