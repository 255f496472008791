import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import { BACK_OFFICE, shots, staffPage } from './back-office-fixtures';
import { expectNoAxeViolations, TEXTS } from './fixtures';

// The catalogue as CSV (issue 27): a catalogue staff member exports the catalogue, uploads a stock and price file,
// reads its dry run, applies it, and a shopper sees the new price and stock at once (the catalogue revision).
test('a catalogue staff member exports, uploads a stock and price CSV, checks the dry run, applies it, and a shopper sees it', async ({ browser, page }) => {
  // A staff member's set-up (argon2 twice), axe runs and the storefront's page on a busy machine.
  test.setTimeout(240_000);
  const staff = await staffPage(browser, 'catalogue', { locale: 'en' });
  await staff.getByRole('navigation').getByRole('link', { name: 'Products' }).click();
  await staff.getByRole('link', { name: 'Import and export (CSV)' }).click();
  await expect(staff.getByRole('heading', { level: 1, name: 'Products as CSV' })).toBeVisible();
  await expectNoAxeViolations(staff);
  await shots(staff, 'products-csv');

  const [download] = await Promise.all([staff.waitForEvent('download'), staff.getByRole('link', { name: 'Download the catalogue (CSV)' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^products-\d{4}-\d{2}-\d{2}\.csv$/);
  const rows = parse(await readFile((await download.path())!, 'utf8'), { columns: true }) as Record<string, string>[];
  const product = rows.find((row) => row.status === 'active' && row.sku && row.garment !== 'shoes')!;
  const variants = rows.filter((row) => row.handle === product.handle);
  expect(variants.length).toBeGreaterThan(0);
  // The tax class and the related products (ADR 64) are columns of the file too.
  expect(['standard', 'children']).toContain(product.tax_class);
  expect(product.related).toBeDefined();

  // A file of SKUs alone with their new stock and price; one row of it with a SKU the shop does not have first.
  const upload = async (name: string, lines: string[]) => {
    await staff.goto(`${BACK_OFFICE}/products/csv`);
    await staff.getByLabel('CSV file').setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(lines.join('\n')) });
    await staff.getByRole('button', { name: 'Check the file (dry run)' }).click();
    await expect(staff.getByRole('heading', { level: 1, name: `Dry run of ${name}` })).toBeVisible();
  };
  const file = ['sku,stock,price', ...variants.map((variant) => `${variant.sku},2,123.45`)];
  await upload('stock-typo.csv', [...file, 'NO-SUCH-SKU,4,10.00']);
  await expect(staff.getByRole('alert')).toContainText('nothing of it will be applied');
  await expect(staff.getByRole('row', { name: new RegExp(`^${variants.length + 2} No variant has this SKU`) })).toBeVisible();
  await expect(staff.getByRole('button', { name: 'Apply the import' })).toHaveCount(0);
  await expectNoAxeViolations(staff);
  await shots(staff, 'product-import-refused');

  await upload('stock.csv', file);
  await expect(staff.locator('[data-count="rows"]')).toHaveText(String(variants.length));
  await expect(staff.locator('[data-count="refused"]')).toHaveText('0');
  await expect(staff.locator('[data-count="created"]')).toHaveText('0');
  await expect(staff.getByText('Nothing has changed yet.')).toBeVisible();
  await expectNoAxeViolations(staff);
  await shots(staff, 'product-import');
  await staff.getByRole('button', { name: 'Apply the import' }).click();
  await expect(staff.getByRole('status')).toContainText(`Applied: ${variants.length} rows written.`);

  // The shopper's product page shows the new price, and the chosen size's new stock.
  await staff.goto(`${BACK_OFFICE}/products?query=${encodeURIComponent(product.handle!)}`);
  const href = await staff.getByRole('table').getByRole('link').first().getAttribute('href');
  const id = /\/products\/(\d+)/.exec(href ?? '')![1];
  await page.goto(`/en/${id}.html`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(product.name_en!);
  await expect(page.getByText(/123[.,]45/).locator('visible=true').first()).toBeVisible();
  const sizes = page.locator('#size-choice');
  if ((await sizes.count()) > 0) await sizes.getByRole('link').first().click();
  await expect(page.getByText(TEXTS.en.product.onlyLeft_other.replace('{{count}}', '2')).locator('visible=true').first()).toBeVisible();
});
