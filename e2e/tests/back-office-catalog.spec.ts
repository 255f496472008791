import { expect, test } from '@playwright/test';
import { BACK_OFFICE, shots, staffPage } from './back-office-fixtures';
import { expectNoAxeViolations, TEXTS } from './fixtures';

// A catalogue editor's season launch in small (issue 27): a new product in two languages, two colours and four
// sizes, its SEO title and a related product, published; a shopper then sees its page as set, finds it by search and
// puts it in the cart.
test('a catalogue staff member creates a product in two languages with a 2 × 4 grid, publishes it, and a shopper finds it and adds it to the cart', async ({ browser, page }) => {
  // A staff member's set-up (argon2 twice), axe runs and the storefront's journey on a busy machine.
  test.setTimeout(180_000);
  const word = `Zefiro${Date.now().toString(36)}`;
  const staff = await staffPage(browser, 'catalogue', { locale: 'en' });
  // The catalogue role reaches the products, and nothing of orders or customers.
  const nav = staff.getByRole('navigation');
  await expect(nav.getByRole('link', { name: 'Orders' })).toHaveCount(0);
  await nav.getByRole('link', { name: 'Products' }).click();
  await expect(staff.getByRole('heading', { level: 1, name: 'Products' })).toBeVisible();
  await staff.getByLabel('Sort by').selectOption('reference');
  await staff.getByLabel('State').selectOption('active');
  await staff.getByRole('button', { name: 'Show' }).click();
  await expect(staff).toHaveURL(/[?&]sort=reference/);
  await expect(staff.getByRole('table').getByRole('row')).toHaveCount(26);
  // A product on sale (the first), to be shown beside the new one. Its name and reference are read at once: read one
  // after the other, they once came from the list before and after it was filtered (CI), a name and another's reference.
  const firstRow = staff.getByRole('table').getByRole('row').nth(1);
  await expect(firstRow.getByRole('cell').nth(2)).toHaveText('On sale');
  const [relatedName, relatedReference] = await firstRow.evaluate((row) => [row.querySelector('a')!.textContent!.trim(), row.querySelectorAll('td')[1]!.textContent!.trim()]);
  await expectNoAxeViolations(staff);
  await shots(staff, 'products');

  await staff.getByRole('link', { name: 'New product' }).click();
  await staff.getByLabel('Reference', { exact: true }).fill(`ZEF-${Date.now().toString(36).toUpperCase()}`);
  await staff.getByLabel('Shelf price').fill('79,95');
  await staff.getByLabel('Category').selectOption({ index: 1 });
  await staff.getByLabel('Brand').selectOption({ index: 1 });
  await staff.getByLabel('Garment').selectOption('dress');
  await staff.getByLabel('Name (EN)').fill(`${word} linen dress`);
  await staff.getByLabel('Description (EN)', { exact: true }).fill('A light linen dress for summer evenings.');
  await staff.getByLabel('Name (IT)').fill(`Abito di lino ${word}`);
  await staff.getByLabel('Description (IT)', { exact: true }).fill('Un abito di lino leggero per le sere d’estate.');
  await staff.getByRole('button', { name: 'Create the draft' }).click();
  await expect(staff.getByRole('status').filter({ hasText: 'The draft was created.' })).toBeVisible();
  // The completeness mark of each language: the two written are complete, the others are not.
  await expect(staff.getByRole('group', { name: /^English/ })).toContainText('✓ complete');
  await expect(staff.getByRole('group', { name: /^Italian/ })).toContainText('✓ complete');
  await expect(staff.getByRole('group', { name: /^French/ })).toContainText('incomplete');
  await expect(staff.getByRole('heading', { name: 'State: Draft' })).toBeVisible();
  const productId = /\/products\/(\d+)/.exec(staff.url())![1];

  // A French slug with an accent is refused (ADR 59: the shop's addresses are ASCII), its ASCII spelling offered.
  await staff.getByLabel('Name (FR)').fill(`Robe d’été en lin ${word}`);
  await staff.getByLabel('Slug (address) (FR)').fill('robe-été');
  await staff.getByLabel('Description (FR)', { exact: true }).fill('Une robe de lin légère pour les soirs d’été.');
  await staff.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(staff.getByLabel('Slug (address) (FR)')).toHaveAttribute('aria-invalid', 'true');
  await expect(staff.getByText('Letters a–z without accents, digits and hyphens only')).toContainText('Suggested: robe-ete');
  await staff.getByLabel('Slug (address) (FR)').fill('robe-ete');
  await staff.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(staff.getByRole('status').filter({ hasText: 'The product was saved.' })).toBeVisible();
  await expect(staff.getByRole('group', { name: /^French/ })).toContainText('✓ complete');

  // The grid in one step: two colours × four sizes, five units each.
  const grid = staff.getByRole('region', { name: 'Create variants' });
  for (const box of (await grid.getByRole('group', { name: 'Colours' }).getByRole('checkbox').all()).slice(0, 2)) await box.check();
  for (const box of (await grid.getByRole('group', { name: 'Sizes' }).getByRole('checkbox').all()).slice(0, 4)) await box.check();
  await grid.getByLabel('Stock of each new variant').fill('5');
  await grid.getByRole('button', { name: 'Create variants' }).click();
  await expect(staff.getByRole('status').filter({ hasText: '8 variants were created.' })).toBeVisible();
  await expect(staff.getByRole('heading', { name: 'Variants (8)' })).toBeVisible();
  // A GTIN with a wrong check digit is refused on its field.
  const firstVariant = staff.getByRole('region', { name: 'Variants (8)' }).getByRole('listitem').first();
  await firstVariant.getByLabel('GTIN/EAN').fill('4006381333932');
  await firstVariant.getByRole('button', { name: 'Save variant' }).click();
  await expect(staff.getByRole('region', { name: 'Variants (8)' }).getByRole('listitem').first().getByLabel('GTIN/EAN')).toHaveAttribute('aria-invalid', 'true');

  // The SEO title and description (ADR 64) and a related product: a reference the catalogue lacks is refused by name.
  const seoTitle = `${word} linen dress – summer linen`;
  await staff.getByLabel('SEO title (EN)').fill(seoTitle);
  await staff.getByLabel('Meta description (EN)').fill('Light linen, cut for warm evenings.');
  const relatedField = staff.getByLabel('References of related products (one per line, at most 12)');
  await relatedField.fill(`${relatedReference}\nNOPE-${word}`);
  await staff.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(staff.getByRole('alert')).toHaveText(`No other product has the reference NOPE-${word}.`);
  await relatedField.fill(relatedReference);
  await staff.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(staff.getByRole('status').filter({ hasText: 'The product was saved.' })).toBeVisible();
  await expect(staff.getByRole('group', { name: /^English/ })).toContainText('✓ SEO set');
  await expect(staff.getByRole('group', { name: /^Italian/ })).toContainText('SEO from the name');
  await expect(staff.getByRole('region', { name: 'Related products' })).toContainText(`${relatedName} (${relatedReference})`);
  await expectNoAxeViolations(staff);
  await shots(staff, 'product-editor');

  await staff.getByRole('button', { name: 'Publish' }).click();
  await expect(staff.getByRole('status').filter({ hasText: 'The product is on sale.' })).toBeVisible();
  await expect(staff.getByRole('heading', { name: 'State: On sale' })).toBeVisible();
  // The French shopper's page is at its ASCII address; without a French SEO title, its title is made of the name.
  await page.goto(`/fr/${productId}-robe-ete.html`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Robe d’été en lin ${word}`);
  await expect(page).toHaveTitle(new RegExp(`^Robe d’été en lin ${word} \\| `));
  // The English page has the merchant's title and description, and the chosen product first among its related ones
  // (the storefront keeps public catalogue answers for 5 s).
  await expect(async () => {
    await page.goto(`/en/${productId}-${word.toLowerCase()}-linen-dress.html`);
    await expect(page).toHaveTitle(seoTitle, { timeout: 2_000 });
    await expect(page.getByRole('list', { name: TEXTS.en.product.related }).getByRole('listitem').first()).toContainText(relatedName, { timeout: 5_000 });
  }).toPass({ timeout: 30_000 });
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', 'Light linen, cut for warm evenings.');

  // The list's filters find it: without a photo yet, and not discounted.
  await staff.goto(`${BACK_OFFICE}/products`);
  await staff.getByLabel('Search').fill(word);
  await staff.getByRole('checkbox', { name: 'Without a photo' }).check();
  await staff.getByRole('button', { name: 'Show' }).click();
  await expect(staff.getByRole('table').getByRole('link', { name: `${word} linen dress` })).toBeVisible();
  await expect(staff.getByRole('checkbox', { name: 'Without a photo' })).toBeChecked();
  await staff.getByRole('checkbox', { name: 'Discounted now' }).check();
  await staff.getByRole('button', { name: 'Show' }).click();
  await expect(staff.getByText('No product matches.')).toBeVisible();
  await expectNoAxeViolations(staff);
  await shots(staff, 'products-filtered');

  // The shopper finds it by search at once (the catalogue revision, ADR 28) and adds a size to the cart.
  const t = TEXTS.en;
  await page.goto(`/en/search?q=${word}`);
  const results = page.getByRole('list', { name: t.catalog.products });
  await results.getByRole('link', { name: new RegExp(`${word} linen dress`) }).first().click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${word} linen dress`);
  await expect(page.getByText(/79[.,]95/).locator('visible=true').first()).toBeVisible();
  const sizes = page.locator('#size-choice');
  await sizes.getByRole('link').first().click();
  await expect(sizes.getByRole('link').first()).toHaveAttribute('aria-current', 'true');
  await page.getByRole('button', { name: t.product.addToCart, exact: true }).click();
  const drawer = page.getByRole('dialog', { name: t.cart.drawer.title });
  await expect(drawer.getByRole('link', { name: `${word} linen dress` })).toBeVisible();
});
