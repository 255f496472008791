import { expect, test } from '@playwright/test';
import { TEXTS, type TestLang } from './fixtures';

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

/**
 * The English wording of every text that another language words differently, cut at its placeholders and markup:
 * the parts of three words or more, which a page in that language should never show ('Login to Review').
 */
function englishParts(lang: TestLang): string[] {
  type Tree = { [key: string]: string | Tree };
  const flatten = (tree: Tree, prefix = ''): [string, string][] =>
    Object.entries(tree).flatMap(([key, value]) => (typeof value === 'string' ? [[`${prefix}${key}`, value] as [string, string]] : flatten(value, `${prefix}${key}.`)));
  const translated = new Map(flatten(TEXTS[lang] as unknown as Tree));
  return flatten(TEXTS.en as unknown as Tree)
    .filter(([key, text]) => translated.get(key) !== text)
    .flatMap(([, text]) => text.split(/\{\{\w+\}\}|<\/?\w+>/))
    .map((part) => part.trim())
    .filter((part) => part.split(/\s+/).length >= 3);
}

test('pages in other languages show no English leftovers', async ({ page }) => {
  test.setTimeout(120_000);
  for (const lang of ['it', 'de', 'fr', 'es'] as const) {
    const parts = englishParts(lang);
    const { reviews } = TEXTS[lang] as unknown as { reviews: { loginToReview: string } };
    await page.goto(`/${lang}`);
    const product = await page.getByRole('main').locator('a[href$=".html"]').first().getAttribute('href');
    for (const path of [`/${lang}`, product!, `/${lang}/cart`, `/${lang}/auth/login`, `/${lang}/auth/register`, `/${lang}/search?q=a`]) {
      await page.goto(path);
      // The product page's reviews come after the first paint ('Login to Review' was one of them).
      if (path === product) await expect(page.locator('#reviews').getByRole('link', { name: reviews.loginToReview })).toBeVisible();
      const shown = await page.locator('body').innerText();
      expect(parts.filter((part) => shown.includes(part)), `${path}`).toEqual([]);
    }
  }
});
