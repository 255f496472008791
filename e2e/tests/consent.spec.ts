import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { E2E_GTM_ID } from '../playwright.config';
import { hydrated, SHOPS, TEXTS } from './fixtures';

const TAG_MANAGER = /^https:\/\/[^/]*googletagmanager\.com\//;

/** Every request the browser makes for the tag manager (there is no internet here: each gets an empty script). */
async function tagManagerRequests(context: BrowserContext): Promise<string[]> {
  const requests: string[] = [];
  await context.route(TAG_MANAGER, (route) => {
    requests.push(route.request().url());
    return route.fulfill({ contentType: 'text/javascript', body: '' });
  });
  return requests;
}

/** The consent-mode commands the page gave the tag manager, in order. */
const consentCommands = (page: Page) =>
  page.evaluate(() =>
    ((window as { dataLayer?: ArrayLike<unknown>[] }).dataLayer ?? []).filter((entry) => entry[0] === 'consent').map((entry) => [entry[1], entry[2]]),
  );

const dialog = (page: Page, lang: 'en' | 'de' | 'it' | 'fr' = 'en') => page.getByRole('dialog', { name: TEXTS[lang].consent.title });

test.describe('cookie consent in a shop with a tag manager', () => {
  test.use({ baseURL: SHOPS.blue });

  test('asks first, keeps the focus in the dialog, and rejecting loads nothing and removes tracking cookies', async ({ page, context }) => {
    const requests = await tagManagerRequests(context);
    // A statistics cookie a tag left on an earlier visit.
    await context.addCookies([{ name: '_ga', value: 'GA1.1.123.456', domain: '127.0.0.1', path: '/' }]);
    await page.goto('/en');
    await hydrated(page);
    const consent = dialog(page);
    await expect(consent).toBeVisible();
    await expect(consent).toHaveAttribute('aria-modal', 'true');
    // The focus goes round the dialog's controls, never to the page behind; Escape needs an answer first.
    for (let press = 0; press < 6; press++) {
      await page.keyboard.press('Tab');
      expect(await consent.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press('Shift+Tab');
    expect(await consent.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Escape');
    await expect(consent).toBeVisible();
    expect(requests).toEqual([]);

    await consent.getByRole('button', { name: TEXTS.en.consent.rejectAll }).click();
    await expect(consent).toBeHidden();
    await expect.poll(async () => (await context.cookies()).map((cookie) => cookie.name)).not.toContain('_ga');
    const stored = (await context.cookies()).find((cookie) => cookie.name === 'consent');
    expect(decodeURIComponent(stored!.value)).toMatch(/^\d+\.\.\d{4}-\d\d-\d\dT/);
    await page.reload();
    await hydrated(page);
    await expect(dialog(page)).toBeHidden();
    expect(requests).toEqual([]);
  });

  test('accepting all loads the tag manager once, consent-mode style', async ({ page, context }) => {
    const requests = await tagManagerRequests(context);
    await page.goto('/de');
    await hydrated(page);
    expect(requests).toEqual([]);
    await dialog(page, 'de').getByRole('button', { name: TEXTS.de.consent.acceptAll }).click();
    await expect(dialog(page, 'de')).toBeHidden();
    await expect.poll(() => requests).toEqual([`https://www.googletagmanager.com/gtm.js?id=${E2E_GTM_ID}`]);
    const commands = await consentCommands(page);
    expect(commands[0]).toEqual(['default', expect.objectContaining({ analytics_storage: 'denied', ad_storage: 'denied' })]);
    expect(commands[1]).toEqual(['update', expect.objectContaining({ analytics_storage: 'granted', ad_storage: 'granted' })]);
    // A page opened in the shop does not load it again.
    await page.locator('header nav a').first().click();
    await page.waitForLoadState('networkidle');
    expect(requests).toHaveLength(1);
  });

  test('settings per category, changed later from the footer link', async ({ page, context }) => {
    const requests = await tagManagerRequests(context);
    await page.goto('/it');
    await hydrated(page);
    const t = TEXTS.it.consent;
    await dialog(page, 'it').getByText(t.settings).click();
    await dialog(page, 'it').getByRole('checkbox', { name: t.categories.statistics.name }).check();
    await dialog(page, 'it').getByRole('button', { name: t.save }).click();
    await expect(dialog(page, 'it')).toBeHidden();
    await expect.poll(() => requests).toHaveLength(1);
    expect((await consentCommands(page)).at(-1)).toEqual(['update', expect.objectContaining({ analytics_storage: 'granted', ad_storage: 'denied' })]);

    // The footer's link opens the dialog again with the choice made; Escape closes it and the focus goes back.
    const link = page.getByRole('link', { name: t.link });
    await link.click();
    await expect(dialog(page, 'it')).toBeVisible();
    await dialog(page, 'it').getByText(t.settings).click();
    await expect(dialog(page, 'it').getByRole('checkbox', { name: t.categories.statistics.name })).toBeChecked();
    await expect(dialog(page, 'it').getByRole('checkbox', { name: t.categories.marketing.name })).not.toBeChecked();
    await page.keyboard.press('Escape');
    await expect(dialog(page, 'it')).toBeHidden();
    await expect(link).toBeFocused();

    // Withdrawn: the loaded tag manager is told, and nothing loads again.
    await link.click();
    await dialog(page, 'it').getByRole('button', { name: t.rejectAll }).click();
    await expect(dialog(page, 'it')).toBeHidden();
    await expect.poll(async () => (await consentCommands(page)).at(-1)).toEqual(['update', expect.objectContaining({ analytics_storage: 'denied' })]);
    expect(requests).toHaveLength(1);
  });

  test('asks again when the consent text changed since the answer', async ({ page, context }) => {
    await context.addCookies([{ name: 'consent', value: '0.statistics.2025-01-01T00:00:00.000Z', domain: '127.0.0.1', path: '/' }]);
    await page.goto('/en');
    await expect(dialog(page)).toBeVisible();
  });

  test('works without JavaScript: a panel whose form posts, and a settings page behind the footer link', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL: SHOPS.blue });
    const page = await context.newPage();
    await page.goto('/fr/search?q=robe');
    const panel = page.getByRole('dialog', { name: TEXTS.fr.consent.title });
    await expect(panel).toBeVisible();
    await panel.getByRole('button', { name: TEXTS.fr.consent.rejectAll }).click();
    await expect(page).toHaveURL(/\/fr\/search\?q=robe$/);
    await expect(panel).toBeHidden();

    await page.getByRole('link', { name: TEXTS.fr.consent.link }).click();
    await expect(page).toHaveURL(/\/fr\/cookie-settings$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(TEXTS.fr.consent.title);
    await page.getByRole('checkbox', { name: TEXTS.fr.consent.categories.marketing.name }).check();
    await page.getByRole('button', { name: TEXTS.fr.consent.save }).click();
    await expect(page).toHaveURL(/\/fr$/);
    const stored = (await context.cookies()).find((cookie) => cookie.name === 'consent');
    expect(decodeURIComponent(stored!.value)).toMatch(/^\d+\.marketing\./);
    await context.close();
  });

  test('a kept public page is never the wrong one for the visitor’s consent', async ({ request }) => {
    const title = `>${TEXTS.en.consent.title}<`;
    for (let round = 0; round < 2; round++) {
      expect(await (await request.get('/en', { headers: { Cookie: '' } })).text()).toContain(title);
      const answered = await request.get('/en', { headers: { Cookie: 'consent=1..2026-01-01T00:00:00.000Z' } });
      expect(await answered.text()).not.toContain(title);
    }
  });

  test('only the tag manager is allowed by the policy, and only here', async ({ request }) => {
    const policy = (await request.get('/en')).headers()['content-security-policy'];
    expect(policy).toMatch(/script-src 'self' 'nonce-[^']+' https:\/\/\*\.googletagmanager\.com;/);
    // Another site cannot consent for the shopper (React Router or the shop's own check refuses it).
    const forged = await request.post('/en/cookie-settings', { form: { choice: 'all' }, headers: { Origin: 'https://evil.example' }, maxRedirects: 0 });
    expect([400, 403]).toContain(forged.status());
    expect(forged.headers()['set-cookie']).toBeUndefined();
    const nonsense = await request.post('/en/cookie-settings', { form: { choice: 'everything' }, headers: { Origin: SHOPS.blue } });
    expect(nonsense.status()).toBe(400);
  });
});

test('a shop whose GTM_ID is not a tag manager’s asks nothing and loads nothing', async ({ page, context, request }) => {
  const requests = await tagManagerRequests(context);
  const response = await page.goto('/en');
  expect(response?.headers()['content-security-policy']).not.toContain('googletagmanager');
  await hydrated(page);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('link', { name: TEXTS.en.consent.link })).toHaveCount(0);
  expect((await request.get('/en/cookie-settings')).status()).toBe(404);
  expect(requests).toEqual([]);
});
