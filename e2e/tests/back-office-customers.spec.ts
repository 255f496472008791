import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { BACK_OFFICE, shots, signedInStaff } from './back-office-fixtures';
import { expectFlash, expectNoAxeViolations, hydrated, registerCustomer, SHOPS, TEXTS } from './fixtures';

/** The customer's own page at both widths, as the back office's are (shots reads BACK_OFFICE_SCREENSHOTS). */
const storefrontShots = (page: Page, name: string) => shots(page, `storefront-${name}`);

test('a customer downloads their data and asks to be erased, customer service erases them (the forms without JavaScript)', async ({ page, browser }) => {
  // Registration by mail, a staff member's set-up (argon2 twice), axe and screenshots on a busy machine.
  test.setTimeout(120_000);
  const t = TEXTS.en;
  const email = `erase.me.${Date.now()}@example.com`;
  await registerCustomer(page, 'en', { email, password: 'Kite#Blue-7-Travel', firstName: 'Erin', lastName: 'Rasmussen' });

  // The download: a plain post the browser saves as a file.
  const yourData = page.getByRole('region', { name: t.account.yourData });
  await expect(yourData).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent('download'), yourData.getByRole('button', { name: t.account.downloadData }).click()]);
  expect(download.suggestedFilename()).toMatch(/^my-data-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(await readFile((await download.path())!, 'utf8'));
  expect(data).toMatchObject({ email, account: { email, first_name: 'Erin', last_name: 'Rasmussen' }, orders: [], erasure_requested_at: null });
  expect(data.account).not.toHaveProperty('password_hash');

  // The request to be erased, without JavaScript (the same session): the box must be ticked first.
  const withoutScripts = await browser.newContext({ javaScriptEnabled: false, locale: 'en', baseURL: SHOPS.main });
  try {
    await withoutScripts.addCookies(await page.context().cookies());
    const plain = await withoutScripts.newPage();
    await plain.goto('/en/my-account');
    const section = plain.getByRole('region', { name: t.account.yourData });
    await section.getByRole('button', { name: t.account.requestErasure }).click();
    await expect(section.getByRole('checkbox', { name: t.account.erasureConfirm })).toHaveAttribute('aria-invalid', 'true');
    await section.getByRole('checkbox', { name: t.account.erasureConfirm }).check();
    await section.getByRole('button', { name: t.account.requestErasure }).click();
    await expectFlash(plain, t.flash.erasureRequested);
  } finally {
    await withoutScripts.close();
  }
  await page.reload();
  await expect(yourData.getByRole('status')).toContainText(t.account.erasureRequested.split('{{')[0]!.trim());
  await expectNoAxeViolations(page);
  await storefrontShots(page, 'your-data');

  // Customer service sees the request on the dashboard and in the customers' list.
  const staffContext = await browser.newContext({ locale: 'en' });
  const noScripts = await browser.newContext({ javaScriptEnabled: false, locale: 'en' });
  try {
    const staff = await staffContext.newPage();
    await signedInStaff(staff, 'customer_service');
    await expect(staff.getByRole('link', { name: /asked to be erased/ })).toBeVisible();
    await expectNoAxeViolations(staff);
    await hydrated(staff);
    await staff.getByRole('link', { name: 'Customers', exact: true }).click();
    await staff.getByLabel('Search').fill(email);
    await staff.getByLabel('Only those who asked to be erased').check();
    await staff.getByRole('button', { name: 'Search' }).click();
    await expect(staff.getByRole('table').getByRole('row')).toHaveCount(2);
    await expectNoAxeViolations(staff);
    await shots(staff, 'customers');
    await staff.getByRole('table').getByRole('link', { name: 'Erin Rasmussen' }).click();
    await expect(staff.getByRole('heading', { level: 1, name: 'Erin Rasmussen' })).toBeVisible();
    await expect(staff.getByText(/Asked to be erased on/)).toBeVisible();
    await expectNoAxeViolations(staff);
    await shots(staff, 'customer');
    // What the shop holds about her, for the staff member to hand over.
    const [held] = await Promise.all([staff.waitForEvent('download'), staff.getByRole('button', { name: 'Download the data (JSON)' }).click()]);
    expect(JSON.parse(await readFile((await held.path())!, 'utf8'))).toMatchObject({ email, account: { email }, erasure_requested_at: expect.any(String) });

    // The erasure, without JavaScript (the same staff session): a mistyped address is refused, the right one erases.
    await noScripts.addCookies(await staffContext.cookies());
    const plain = await noScripts.newPage();
    await plain.goto(staff.url());
    await plain.getByLabel('Type the email address again to confirm').fill(`x${email}`);
    await plain.getByLabel('Reason (the request, its date and channel)').fill('Asked from the account');
    await plain.getByRole('button', { name: 'Erase for good' }).click();
    await expect(plain.getByText('Type the same email address again.')).toBeVisible();
    await plain.getByLabel('Type the email address again to confirm').fill(email);
    await plain.getByLabel('Reason (the request, its date and channel)').fill('Asked from the account');
    await plain.getByRole('button', { name: 'Erase for good' }).click();
    await expect(plain.getByRole('status')).toHaveText('Erased: account ✓, 0 orders made anonymous, 0 reviews and 0 photos deleted.');
  } finally {
    await staffContext.close();
    await noScripts.close();
  }

  // The customer's session went with the account.
  await page.goto('/en/my-account');
  await expect(page).toHaveURL(/\/en\/auth\/login/);
});

test('customer service hides a review: the product page stops showing it, and shows it again once shown', async ({ page, browser }) => {
  test.setTimeout(120_000);
  await signedInStaff(page, 'customer_service');
  await hydrated(page);
  await page.getByRole('link', { name: 'Reviews', exact: true }).click();
  await page.getByLabel('State').selectOption('published');
  await page.getByRole('button', { name: 'Filter' }).click();
  await expect(page).toHaveURL(/status=published/);
  await expectNoAxeViolations(page);
  await shots(page, 'reviews');

  // The newest shown review: its product's page in the review's language lists it.
  const card = page.getByRole('listitem').filter({ has: page.getByRole('button', { name: 'Hide' }) }).first();
  const title = (await card.getByRole('heading', { level: 2 }).textContent())!.split(' · ')[0]!.trim();
  const [, productId] = /\(#(\d+)\)/.exec((await card.textContent())!)!;
  const [, lang] = / \((en|fr|it|es|de|pl)\), /.exec((await card.textContent())!)!;
  const shopper = await browser.newPage();
  try {
    const reviewsOnProduct = () => shopper.getByRole('region', { name: TEXTS[lang as 'en'].product.reviews }).getByRole('heading', { name: title });
    await shopper.goto(`/${lang}/${productId}.html`);
    const before = await reviewsOnProduct().count();
    expect(before).toBeGreaterThan(0);

    await card.getByLabel('Reason').fill('Insults another shopper');
    await card.getByRole('button', { name: 'Hide' }).click();
    await expect(page.getByRole('status')).toHaveText('The review is hidden.');
    // Anonymous pages may be kept for 5 seconds by the storefront (README): the next fresh one has it gone.
    const shows = async (count: number) =>
      expect(async () => {
        await shopper.reload();
        await expect(reviewsOnProduct()).toHaveCount(count, { timeout: 1000 });
      }).toPass({ timeout: 20_000 });
    await shows(before - 1);

    // Shown again (the demo shop's reviews stay as other tests know them).
    await page.getByLabel('State').selectOption('hidden');
    await page.getByLabel('Product id').fill(productId!);
    await page.getByRole('button', { name: 'Filter' }).click();
    const hidden = page.getByRole('listitem').filter({ hasText: 'Insults another shopper' }).first();
    await hidden.getByLabel('Reason').fill('Shown again after the test');
    await hidden.getByRole('button', { name: 'Show' }).click();
    await expect(page.getByRole('status')).toHaveText('The review is shown.');
    await shows(before);
  } finally {
    await shopper.close();
  }
});

test('the subscribers page and its CSV export, with each consent date', async ({ page }) => {
  await signedInStaff(page, 'manager');
  await page.goto(`${BACK_OFFICE}/subscribers`);
  await expect(page.getByRole('heading', { level: 1, name: 'Newsletter subscribers' })).toBeVisible();
  await expectNoAxeViolations(page);
  await shots(page, 'subscribers');
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export as CSV' }).click()]);
  const csv = await readFile((await download.path())!, 'utf8');
  expect(csv.split('\n')[0]).toBe('email,first_name,last_name,language,interests,consent_at');
  // The demo customer subscribed when she registered.
  expect(csv).toMatch(/^demo@example\.com,Giulia,Rossi,en,women news,\d{4}-\d{2}-\d{2}T[\d:.]+Z$/m);
});
