import { expect, test } from '@playwright/test';
import { TEXTS } from './fixtures';

test('switching language keeps the product and stores the choice for a year', async ({ page, context }) => {
  await page.goto('/en');
  await page.getByRole('list', { name: TEXTS.en.home.bestsellers }).getByRole('link').first().click();
  await expect(page).toHaveURL(/\/en\/\d+-[a-z0-9-]+\.html$/);
  const id = /\/en\/(\d+)-/.exec(page.url())![1];
  const englishName = await page.getByRole('heading', { level: 1 }).textContent();

  await page.locator('summary', { hasText: TEXTS.en.locale.language }).click();
  await page.getByRole('radio', { name: 'Français' }).check();
  await page.getByRole('button', { name: TEXTS.en.locale.save }).click();

  await expect(page).toHaveURL(new RegExp(`/fr/${id}-[a-z0-9-]+\\.html$`));
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(englishName!);
  await expect(page.getByRole('link', { name: TEXTS.fr.header.account })).toBeVisible();

  const cookie = (await context.cookies()).find((c) => c.name === 'lang');
  expect(cookie).toMatchObject({ value: 'fr', path: '/', sameSite: 'Lax' });
  const days = (cookie!.expires * 1000 - Date.now()) / 86_400_000;
  expect(days).toBeGreaterThan(364);
  expect(days).toBeLessThanOrEqual(365);

  // The stored choice wins over the browser's language on the next visit to the root.
  await page.goto('/');
  await expect(page).toHaveURL(/\/fr$/);
});

test('every page declares its language versions and canonical address', async ({ page }) => {
  await page.goto('/it/cart');
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/it\/cart$/);
  for (const lang of ['en', 'fr', 'it', 'es', 'de']) {
    await expect(page.locator(`link[rel="alternate"][hreflang="${lang}"]`)).toHaveAttribute('href', new RegExp(`/${lang}/cart$`));
  }
});
