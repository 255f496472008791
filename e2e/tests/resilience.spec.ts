import { expect, test } from '@playwright/test';
import { SHOPS, TEXTS } from './fixtures';

test.describe('maintenance mode', () => {
  test.use({ baseURL: SHOPS.maintenance });

  for (const path of ['/en', '/fr/cart', '/it/3-donna', '/de/auth/login', '/en/missing-page']) {
    test(`${path} answers 503 with the maintenance message`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(503);
      const lang = path.split('/')[1] as 'en';
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(TEXTS[lang].errors.maintenance);
      await expect(page.getByText(TEXTS[lang].errors.retryLater)).toBeVisible();
      await expect(page.getByText('503', { exact: true })).toBeVisible();
      // The tab's title is the short form (SPEC §8).
      await expect(page).toHaveTitle(`${TEXTS[lang].errors.maintenanceShort} | ${TEXTS[lang].site.name}`);
    });
  }

  test('resource routes answer 503 too, and no page redirects to its canonical slug first', async ({ request }) => {
    // A product or category under an old slug would otherwise be sent to its current one.
    for (const path of ['/sitemap.xml', '/en/search/suggestions?q=dress', '/it/12-old-slug.html', '/en/3-old-slug']) {
      const response = await request.get(path, { maxRedirects: 0 });
      expect(response.status(), path).toBe(503);
    }
  });
});

test.describe('shop API unreachable', () => {
  test.use({ baseURL: SHOPS.apiDown });

  test('pages show the 503 screen, not a crash', async ({ page }) => {
    for (const path of ['/en', '/es/12-anything.html']) {
      const response = await page.goto(path);
      expect(response?.status()).toBe(503);
      const lang = path.split('/')[1] as 'en';
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(TEXTS[lang].errors.unavailable);
      await expect(page.getByText(TEXTS[lang].errors.retryLater)).toBeVisible();
    }
  });
});

test('answers carry strict security headers', async ({ request }) => {
  const response = await request.get('/en');
  const headers = response.headers();
  expect(headers['content-security-policy']).toContain("default-src 'self'");
  expect(headers['content-security-policy']).toMatch(/script-src 'self' 'nonce-/);
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(headers['cache-control']).toContain('public');
});

test('a form post from another site is refused', async ({ request }) => {
  const response = await request.post('/en/preferences', {
    form: { lang: 'fr', path_fr: '/fr' },
    headers: { Origin: 'https://evil.example' },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(403);
  expect(response.headers()['set-cookie']).toBeUndefined();
});
