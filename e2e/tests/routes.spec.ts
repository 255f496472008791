import { expect, test } from '@playwright/test';
import { consentAnswered, hydrated, SHOPS, TEXTS, type TestLang } from './fixtures';

/** Every screen of SPEC §2 whose heading is a fixed text, with the message that heading shows. */
const SCREENS: Array<[path: string, heading: (t: (typeof TEXTS)['en']) => string]> = [
  ['/search', (t) => t.search.title],
  ['/cart', (t) => t.cart.title],
  ['/checkout', (t) => t.checkout.title],
  ['/auth/login', (t) => t.auth.loginTitle],
  ['/login', (t) => t.auth.loginTitle],
  ['/auth/register', (t) => t.auth.registerTitle],
  ['/register', (t) => t.auth.registerTitle],
  ['/forgot-password', (t) => t.auth.forgotTitle],
  ['/auth/reset-password', (t) => t.auth.forgotTitle],
  ['/auth/set-new-password', (t) => t.auth.setNewTitle],
  ['/reset-password', (t) => t.auth.setNewTitle],
  ['/auth/reset-password-success', (t) => t.auth.resetSuccessTitle],
  ['/offline', (t) => t.offline.title],
];

/** The page's main heading as a reader sees it (React writes `'` and `&` as entities). */
const headingOf = (html: string) => /<h1[^>]*>(.*?)<\/h1>/s.exec(html)?.[1]?.replaceAll('&#x27;', "'").replaceAll('&amp;', '&');

for (const lang of ['en', 'fr', 'de'] as TestLang[]) {
  test.describe(`screens in ${lang}`, () => {
    for (const [path, heading] of SCREENS) {
      test(`${path} answers 200 with its heading`, async ({ page }) => {
        const response = await page.goto(`/${lang}${path}`);
        expect(response?.status()).toBe(200);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading(TEXTS[lang]));
        await expect(page.locator('html')).toHaveAttribute('lang', lang);
      });
    }

    test('the order pages of the checkout are about an order: without one there is nothing to show', async ({ page }) => {
      for (const path of ['/checkout/success', '/checkout/failed', '/checkout/validate', '/checkout/success?order=NOSUCHORDER']) {
        const response = await page.goto(`/${lang}${path}`);
        expect(response?.status(), path).toBe(404);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(TEXTS[lang].errors.pageNotFound);
      }
    });

    test("a guest's order link that no longer opens its order says why, as for an unknown order", async ({ request }) => {
      // An expired or spent link is answered by the API as this unknown order is (order-links.test.ts).
      for (const path of ['/checkout/success', '/checkout/failed']) {
        const response = await request.get(`/${lang}${path}?order=NOSUCHORDER&key=${'k'.repeat(43)}`);
        expect(response.status(), path).toBe(404);
        const html = await response.text();
        expect(headingOf(html), path).toBe(TEXTS[lang].checkout.orderLink.title);
        expect(html).toContain(`href="/${lang}/auth/login?redirectTo=${encodeURIComponent(`/${lang}/my-account/orders`)}"`);
      }
    });

    test('home and its alias show product rails', async ({ page }) => {
      for (const path of [`/${lang}`, `/${lang}/home`]) {
        const response = await page.goto(path);
        expect(response?.status()).toBe(200);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(TEXTS[lang].home.heroTitle);
        await expect(page.getByRole('list', { name: TEXTS[lang].home.bestsellers }).getByRole('article')).toHaveCount(8);
        await expect(page.getByRole('list', { name: TEXTS[lang].home.recommended }).getByRole('article').first()).toBeVisible();
      }
    });

    test('the error screen shows the default error', async ({ page }) => {
      const response = await page.goto(`/${lang}/error`);
      expect(response?.status()).toBe(500);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(TEXTS[lang].errors.default);
      await page.getByRole('button', { name: TEXTS[lang].errors.goHome }).click();
      await expect(page).toHaveURL(new RegExp(`/${lang}/?$`));
    });
  });
}

test('an unhandled error in the browser leads to the error screen, and going home clears it', async ({ page }) => {
  await page.goto('/fr/cart');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(TEXTS.fr.cart.title);
  // The shop listens for unhandled errors from an effect that runs just after hydration, so a rejection fired as soon
  // as React runs may come before the listener: fire again until the shop has taken one.
  await hydrated(page);
  await expect(async () => {
    await page.evaluate(() => setTimeout(() => Promise.reject(new Error('Le widget a planté'))));
    await expect(page).toHaveURL('/fr/error', { timeout: 1_000 });
  }).toPass();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(TEXTS.fr.errors.default);
  await expect(page.getByText('Le widget a planté')).toBeVisible();
  await page.getByRole('button', { name: TEXTS.fr.errors.goHome }).click();
  await expect(page).toHaveURL(/\/fr$/);
  // Cleared: the error screen no longer shows the old error.
  await page.goBack();
  await expect(page.getByText('Le widget a planté')).toHaveCount(0);
});

test('login-required screens send a visitor to login and remember where to return', async ({ page }) => {
  for (const path of ['/en/my-account', '/en/my-account/addresses', '/fr/my-account/orders']) {
    await page.goto(path);
    await expect(page).toHaveURL(`/${path.split('/')[1]}/auth/login?redirectTo=${encodeURIComponent(path)}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  }
});

test('a visitor whose session has expired is sent to sign in from every protected page and action, and comes back after', async ({ page, context, request }) => {
  // A session token of the right shape that the shop no longer knows: expired, or signed out on another device.
  const expired = { Cookie: `sid=${'e'.repeat(43)}` };
  const pages = ['/en/my-account', '/it/my-account/addresses', '/de/my-account/orders', '/es/my-account/orders?order=ABCDEFGHI'];
  for (const path of pages) {
    const response = await request.get(path, { headers: expired, maxRedirects: 0 });
    expect(response.status(), path).toBe(302);
    expect(response.headers()['location']).toBe(`/${path.split('/')[1]}/auth/login?redirectTo=${encodeURIComponent(path)}`);
  }
  // The same for the data a navigation in the browser asks for, and for the account forms' posts.
  const data = await request.get('/en/my-account/orders.data', { headers: expired, maxRedirects: 0 });
  expect(data.status()).toBeLessThan(500);
  expect(await data.text()).toContain('/en/auth/login?redirectTo=');
  for (const path of ['/fr/my-account', '/en/my-account/addresses']) {
    const post = await request.post(path, { headers: { ...expired, Origin: SHOPS.main }, form: { intent: 'profile' }, maxRedirects: 0 });
    expect(post.status(), path).toBe(302);
    expect(post.headers()['location']).toContain(`/auth/login?redirectTo=`);
  }

  // In the browser: the expired session leads to sign-in, and signing in leads back to the orders.
  await context.addCookies([{ name: 'sid', value: 'e'.repeat(43), url: SHOPS.main }]);
  await page.goto('/en/my-account/orders');
  await expect(page).toHaveURL(`/en/auth/login?redirectTo=${encodeURIComponent('/en/my-account/orders')}`);
  await page.getByLabel(TEXTS.en.auth.email).fill('demo@example.com');
  await page.getByLabel(TEXTS.en.auth.password, { exact: true }).fill('Demo-Passw0rd!');
  await page.getByRole('button', { name: TEXTS.en.auth.signIn }).click();
  await expect(page).toHaveURL('/en/my-account/orders');
});

test('a trailing slash is removed with a 301 and the query is kept', async ({ request }) => {
  const response = await request.get('/en/cart/?from=mail', { maxRedirects: 0 });
  expect(response.status()).toBe(301);
  expect(response.headers()['location']).toBe('/en/cart?from=mail');
  // Resource routes too: the sitemap, the search suggestions, the web manifest.
  for (const [path, target] of [
    ['/sitemap.xml/', '/sitemap.xml'],
    ['/en/search/suggestions/?q=dress', '/en/search/suggestions?q=dress'],
    ['/de/manifest.webmanifest/', '/de/manifest.webmanifest'],
  ]) {
    const resource = await request.get(path!, { maxRedirects: 0 });
    expect(resource.status(), path).toBe(301);
    expect(resource.headers()['location'], path).toBe(target);
  }
  const root = await request.get('/', { maxRedirects: 0, headers: { 'Accept-Language': 'it-IT,it;q=0.9,en;q=0.5' } });
  expect(root.status()).toBe(302);
  expect(root.headers()['location']).toBe('/it');
});

test.describe('page not found', () => {
  const notFoundPaths = [
    '/en/does-not-exist',
    '/en/some/deep/path',
    '/xx/cart',
    '/en/12_bad.html',
    '/en/999999-missing.html',
    '/en/3-Women',
    '/en/99999-nothing',
    '/en/size-chart/none',
    '/en/brands',
    '/en/brands/1-anything',
  ];
  for (const path of notFoundPaths) {
    test(`${path} is a 404 with the not-found screen`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(TEXTS.en.errors.pageNotFound);
      await expect(page.getByText(TEXTS.en.errors.pageNotFoundText)).toBeVisible();
      // SPEC §8: 'Page Not Found: {path}', the failing path in the tab's title.
      await expect(page).toHaveTitle(`${TEXTS.en.errors.pageNotFoundPath.replace('{{path}}', path)} | ${TEXTS.en.site.name}`);
    });
  }

  test('the 404 screen speaks the page language and leads home', async ({ page }) => {
    await page.goto('/es/no-existe');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(TEXTS.es.errors.pageNotFound);
    await page.getByRole('link', { name: TEXTS.es.errors.goHome }).click();
    await expect(page).toHaveURL(/\/es$/);
  });
});

test('a picture the shop cannot draw is answered with the placeholder image, not a 404', async ({ request }) => {
  for (const path of ['/media/placeholder.svg', '/media/gone-000000-1.svg', '/media/missing.jpg']) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    expect(response.headers()['content-type'], path).toBe('image/svg+xml');
    expect(await response.text(), path).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
  }
});

test.describe('brand pages with the blue theme', () => {
  test.use({ baseURL: SHOPS.blue });
  // The blue shop has a tag manager: its consent dialog would stand over the page.
  test.beforeEach(({ context }) => consentAnswered(context));

  test('lists brands and opens one with its products', async ({ page }) => {
    const response = await page.goto('/it/brands');
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(TEXTS.it.brands.title);
    const first = page.getByRole('main').getByRole('heading', { level: 2 }).first();
    const name = (await first.textContent())!.trim();
    await first.getByRole('link').click();
    await expect(page).toHaveURL(/\/it\/brands\/\d+-[a-z0-9-]+$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
    await expect(page.getByRole('article').first()).toBeVisible();
  });

  test('a malformed brand id is a 404', async ({ page }) => {
    for (const id of ['abc', '12', '12-Brand']) {
      expect((await page.goto(`/en/brands/${id}`))?.status(), id).toBe(404);
    }
  });
});
