import { expect, test } from '@playwright/test';
import { STANDARD_DELIVERY, WOMEN } from './checkout-journey';
import { before, expectFlash, expectNoAxeViolations, fill, openSizedProduct, TEXTS } from './fixtures';

test.use({ viewport: { width: 390, height: 844 } });

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the product page, the cart and the checkout’s delivery methods show one delivery date, in German', async ({ page }) => {
    const t = TEXTS.de;
    await openSizedProduct(page, 'de', `/de/${WOMEN.de}?availability=in_stock`);
    // 'Lieferung voraussichtlich Mi., 2. Dez. – Fr., 4. Dez.': the shop's dates in German words.
    const promised = page.getByText(new RegExp(`^${before(t.geo.delivery.range)} `));
    await expect(promised).toHaveText(/^Lieferung voraussichtlich \p{L}{2}\.,\s\d{1,2}\.\s\p{L}+\.? – \p{L}{2}\.,\s\d{1,2}\.\s\p{L}+\.?$/u);
    const dates = (await promised.textContent())!;

    await page.getByRole('button', { name: t.product.addToCart, exact: true }).click();
    await page.goto('/de/cart');
    await expect(page.getByRole('main').getByText(`Standardversand · ${dates}`)).toBeVisible();

    await page.getByRole('main').getByRole('link', { name: t.cart.checkout }).click();
    await expect(page.getByRole('radio', { name: STANDARD_DELIVERY.de })).toBeVisible();
    await expect(page.locator('label').filter({ has: page.getByRole('radio', { name: STANDARD_DELIVERY.de }) })).toContainText(dates);
  });
});

test('the demo customer buys an order again: its lines link to their products, and Buy again fills the cart', async ({ page }) => {
  const t = TEXTS.en;
  await page.goto('/en/auth/login');
  await page.getByLabel(t.auth.email).fill('demo@example.com');
  await page.getByLabel(t.auth.password, { exact: true }).fill('Demo-Passw0rd!');
  await page.getByRole('button', { name: t.auth.signIn }).click();
  await expect(page).toHaveURL('/en/my-account');

  await page.goto('/en/my-account/orders?order=DEMO000002');
  const items = page.getByRole('region', { name: t.account.orderItems }).getByRole('listitem');
  const first = items.first().getByRole('link');
  // The product in English, on the size and colour bought.
  await expect(first).toHaveAttribute('href', /^\/en\/\d+-[a-z0-9-]+\.html\?g\d+=\d+&g\d+=\d+$/);
  const name = (await first.textContent())!;
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: t.account.buyAgain.button }).click();
  await expect(page).toHaveURL('/en/cart');
  // 'The items of order DEMO000002 are in your cart.' (or '…, except: …' for what sold out meanwhile)
  await expectFlash(page, fill(t.account.buyAgain.done, { reference: 'DEMO000002' }).replace(/\.$/, ''));
  await expect(page.getByRole('main').getByRole('link', { name, exact: true })).toBeVisible();
  await expectNoAxeViolations(page);
});
