import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, fill, hydrated, SHOPS, TEXTS } from './fixtures';

// The blue shop asks for cookie consent (it has a tag manager) and believes X-Country: this visitor comes from
// Germany to the Italian shop, so both the consent dialog and the country notice (Germany applied) have something to say.
test.use({ baseURL: SHOPS.blue, extraHTTPHeaders: { 'X-Country': 'DE', 'X-Forwarded-For': `10.28.${Math.floor(Math.random() * 250)}.1` } });

const t = TEXTS.en;

for (const width of [320, 390]) {
  test(`first visit at ${width} px: the consent dialog, then the country notice as a strip, never both`, async ({ page }) => {
    await page.setViewportSize({ width, height: 844 });
    await page.goto('/en');
    await hydrated(page);
    const consent = page.getByRole('dialog', { name: t.consent.title });
    const notice = page.getByRole('region', { name: t.geo.noticeLabel });
    await expect(consent).toBeVisible();
    await expect(notice).toHaveCount(0);
    if (width === 390) await page.screenshot({ path: test.info().outputPath('consent-first-390.png') });

    await consent.getByRole('button', { name: t.consent.rejectAll }).click();
    await expect(consent).toBeHidden();
    await expect(notice).toContainText(fill(t.geo.applied, { country: 'Germany' }));
    // A strip across the top: the page goes on below it on the first screen.
    const box = (await notice.boundingBox())!;
    expect(box.height).toBeLessThanOrEqual(96);
    await expectNoAxeViolations(page);
    if (width === 390) await page.screenshot({ path: test.info().outputPath('notice-second-390.png') });

    // Answered both: the next page has neither.
    await notice.getByRole('button', { name: t.geo.confirm }).click();
    await expect(notice).toHaveCount(0);
    await page.reload();
    await expect(consent).toBeHidden();
    await expect(notice).toHaveCount(0);
  });
}

test('without JavaScript the dialog’s panel comes first too, and the notice after its answer', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL: SHOPS.blue, extraHTTPHeaders: { 'X-Country': 'DE' }, viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.goto('/en');
  await expect(page.getByRole('button', { name: t.consent.acceptAll })).toBeVisible();
  await expect(page.getByRole('region', { name: t.geo.noticeLabel })).toHaveCount(0);
  await page.getByRole('button', { name: t.consent.acceptAll }).click();
  await expect(page.getByRole('button', { name: t.consent.acceptAll })).toHaveCount(0);
  await expect(page.getByRole('region', { name: t.geo.noticeLabel })).toBeVisible();
  await context.close();
});
