import { expect, test } from '@playwright/test';
import { shots, staffPage } from './back-office-fixtures';
import { expectNoAxeViolations, SHOPS } from './fixtures';

// The search's synonyms (issue 29): a catalogue manager adds a group in the back office, and the shopper's next
// search finds the products by its new word, without a correction.

test('a merchant adds a synonym and a shopper finds products by it at once', async ({ browser, page }) => {
  test.setTimeout(240_000);
  // A word of no product name, unique to this run.
  const word = `grembo${Date.now().toString(36)}`;
  const staff = await staffPage(browser, 'catalogue', { locale: 'en' });
  await staff.getByRole('link', { name: 'Search synonyms', exact: true }).click();
  await expect(staff.getByRole('heading', { level: 1, name: 'Search synonyms' })).toBeVisible();
  await staff.getByLabel('Language', { exact: true }).selectOption('it');
  await staff.getByRole('button', { name: 'Show' }).click();
  await expect(staff.getByRole('heading', { level: 2, name: 'Your groups (Italian)' })).toBeVisible();

  // One word alone is refused, and comes back as typed.
  await staff.getByLabel('New group', { exact: true }).fill(word);
  await staff.getByRole('button', { name: 'Add the group' }).click();
  await expect(staff.getByText('Give two different words at least, each up to 60 characters.')).toBeVisible();
  await expect(staff.getByLabel('New group', { exact: true })).toHaveValue(word);
  await staff.getByLabel('New group', { exact: true }).fill(`${word}, scamiciato`);
  await staff.getByRole('button', { name: 'Add the group' }).click();
  await expect(staff.getByRole('status')).toHaveText('The group is added.');
  const group = staff.locator('form').filter({ has: staff.locator(`input[value="${word}, scamiciato"]`) });
  await expect(group).toBeVisible();
  await expect(staff.getByLabel('New group', { exact: true })).toHaveValue('');
  await expectNoAxeViolations(staff);
  await shots(staff, 'search-synonyms');

  // The shopper, in Italian: the pinafore dresses, named 'Scamiciato', found by the new word.
  await page.goto(`${SHOPS.main}/it/search?q=${word}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(word);
  await expect(page.getByRole('link', { name: /scamiciato/i }).first()).toBeVisible();

  // Deleted: the word finds nothing again. The API may answer with the results of the revision before for up to
  // CATALOG_STALE_MS (2 s, ADR 47) while it works out the new ones, so the shopper searches again until then; each
  // search is another address than the pages the storefront keeps a few seconds.
  await group.getByRole('button', { name: 'Delete' }).click();
  await expect(staff.getByRole('status')).toHaveText('The group is deleted.');
  let attempt = 0;
  await expect(async () => {
    attempt += 1;
    await page.goto(`${SHOPS.main}/it/search?q=${word.toUpperCase()}&attempt=${attempt}`);
    await expect(page.getByRole('link', { name: /scamiciato/i })).toHaveCount(0, { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await staff.context().close();
});
