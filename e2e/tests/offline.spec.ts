import { expect, test } from '@playwright/test';
import { hydrated, SHOPS, TEXTS } from './fixtures';

test.describe('with the service worker', () => {
  test.use({ serviceWorkers: 'allow' });

  test('a page opened without network shows the offline screen in its language, and personal pages are never kept', async ({ page, context }) => {
    await page.goto('/de');
    await hydrated(page);
    // The worker registers when the page is idle and keeps the offline screens before it takes control.
    await page.waitForFunction(async () => Boolean((await navigator.serviceWorker.ready).active) && navigator.serviceWorker.controller !== null, null, {
      timeout: 15_000,
    });
    const kept = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
      return urls.sort();
    });
    expect(kept).toEqual(['/de/offline', '/en/offline', '/es/offline', '/fr/offline', '/it/offline']);

    await context.setOffline(true);
    await page.goto('/de/cart');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(TEXTS.de.offline.title);
    await expect(page.getByText(TEXTS.de.offline.text)).toBeVisible();
    await page.goto('/it/my-account');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(TEXTS.it.offline.title);

    // Back online, the same address is the real page again.
    await context.setOffline(false);
    await page.getByRole('button', { name: TEXTS.it.offline.retry }).click();
    await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(TEXTS.it.offline.title);
  });
});

test.describe('a link followed without network', () => {
  test.use({ serviceWorkers: 'allow' });

  for (const lang of ['de', 'it'] as const) {
    test(`${lang}: shows the offline screen, never an error, and so does a reload`, async ({ page, context }) => {
      const t = TEXTS[lang];
      const menu = page.getByRole('navigation', { name: t.header.mainMenu }).getByRole('link');
      await page.goto(`/${lang}`);
      await hydrated(page);
      await page.waitForFunction(async () => Boolean((await navigator.serviceWorker.ready).active) && navigator.serviceWorker.controller !== null, null, {
        timeout: 15_000,
      });
      // Two categories opened online: going back to the first needs only its data, which the network no longer gives.
      await menu.first().click();
      await page.waitForLoadState('networkidle');
      await menu.nth(1).click();
      await page.waitForLoadState('networkidle');

      // Usually the shop's own screen in the same document; should the page reload, the service worker's copy.
      await context.setOffline(true);
      await menu.first().click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.offline.title);
      await expect(page.getByText(t.offline.text)).toBeVisible();
      await expect(page.getByText(t.errors.default)).toHaveCount(0);

      await page.reload();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.offline.title);
      await expect(page.getByRole('button', { name: t.offline.retry })).toBeVisible();
    });
  }
});

test('the web app manifest is named in each language', async ({ request, page }) => {
  await page.goto('/fr');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/fr/manifest.webmanifest');
  const response = await request.get(href!);
  expect(response.headers()['content-type']).toContain('application/manifest+json');
  expect(await response.json()).toMatchObject({ name: TEXTS.fr.site.name, description: TEXTS.fr.site.tagline, lang: 'fr', start_url: '/fr' });
});

test('a code chunk gone after a deploy reloads the page once, never in a loop', async ({ page, context }) => {
  // The blue shop's consent dialog loads its code when it shows: that chunk is gone, as after a deploy.
  await context.route(/\/assets\/ConsentDialog-[^/]+\.js$/, (route) => route.fulfill({ status: 404, body: '' }));
  // Page loads counted by their document requests (a reload can come before the first page's load event).
  let loads = 0;
  page.on('request', (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) loads++;
  });
  await page.goto(`${SHOPS.blue}/en`);
  await expect.poll(() => loads, { timeout: 10_000 }).toBe(2);
  // The reloaded page fails the same way within 10 s: it stays, without the dialog (so nothing is consented to).
  await page.waitForTimeout(3_000);
  expect(loads).toBe(2);
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(TEXTS.en.errors.errorTitle);
  await expect(page.getByRole('navigation', { name: TEXTS.en.header.mainMenu })).toBeVisible();
});
