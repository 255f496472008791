import { expect, test, type Page } from '@playwright/test';
import { before, cents, expectNoAxeViolations, fill, openSizedProduct, TEXTS } from './fixtures';

// Whole shopping journeys with axe runs: give them time on a busy machine.
test.describe.configure({ timeout: 60_000 });

/** The one-time message of the page (other live regions may be empty). */
async function expectStatus(page: Page, text: string) {
  await expect(page.getByRole('status').filter({ hasText: text })).toHaveCount(1);
}

test('a shopper adds a size, sees the mini cart, changes the quantity and tries codes', async ({ page }) => {
  const t = TEXTS.en;
  const name = await openSizedProduct(page, 'en', '/en/3-women?availability=in_stock');
  const add = page.getByRole('button', { name: t.product.addToCart, exact: true });
  await add.click();

  // The mini cart: a modal dialog that takes the focus, lists the line and gives it back on Escape.
  const drawer = page.getByRole('dialog', { name: t.cart.drawer.title });
  await expect(drawer).toBeVisible();
  await expect(drawer.getByRole('button', { name: t.cart.drawer.close })).toBeFocused();
  await expect(drawer.getByRole('list', { name: t.cart.items }).getByRole('listitem')).toHaveCount(1);
  await expect(drawer.getByRole('link', { name })).toBeVisible();
  await expect(drawer.getByRole('link', { name: t.cart.checkout })).toHaveAttribute('href', '/en/checkout');
  // The drawer's total says what it includes: the products and the shipping, each on its own row.
  for (const row of [t.cart.subtotal, t.cart.shipping, t.cart.total]) {
    await expect(drawer.getByRole('term').filter({ hasText: new RegExp(`^${row}$`) })).toBeVisible();
  }
  const headerCart = page.getByRole('link', { name: fill(t.header.cartWithCount_one, { count: 1 }) });
  await expect(headerCart).toBeAttached();
  await expectNoAxeViolations(page);
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(add).toBeFocused();

  await headerCart.click();
  await expect(page).toHaveURL('/en/cart');
  const line = page.getByRole('list', { name: t.cart.items }).getByRole('listitem');
  await expect(line).toHaveCount(1);
  await expect(line.getByRole('link', { name })).toBeVisible();
  await expect(line.locator('img')).toHaveAttribute('width', /^\d+$/);
  const lineTotal = line.locator('p').filter({ hasText: t.cart.lineTotal });
  const unitPrice = cents(await lineTotal.textContent());

  // The stepper's + and the typed quantity both change the line and the totals in place.
  const stepper = line.getByRole('group', { name: fill(t.cart.quantityOf, { name }) });
  await stepper.getByRole('button', { name: t.cart.increase }).click();
  await expect(stepper.getByRole('spinbutton')).toHaveValue('2');
  await expect.poll(async () => cents(await lineTotal.textContent())).toBe(2 * unitPrice);
  await expectStatus(page, before(t.cart.updated));
  await stepper.getByRole('spinbutton').fill('3');
  await stepper.getByRole('button', { name: t.cart.update }).click();
  await expect.poll(async () => cents(await lineTotal.textContent())).toBe(3 * unitPrice);
  await expect(page.getByRole('term').filter({ hasText: new RegExp(`^${t.cart.subtotal}$`) })).toBeVisible();
  // More than the product's limit is refused in place, with the limit the shop's refusal carries (ADR 26).
  await stepper.getByRole('spinbutton').fill('98');
  await stepper.getByRole('button', { name: t.cart.update }).click();
  const limit = line.getByRole('alert').filter({ hasText: before(t.cart.errors.quantity_above_limit_other) });
  await expect(limit).toHaveText(/\d/);
  await expect(stepper.getByRole('spinbutton')).toHaveValue('3');

  // An unknown code is refused with a reason; a known one is added, then deleted.
  const code = page.getByRole('textbox', { name: t.cart.coupon.label });
  const apply = page.getByRole('button', { name: t.cart.coupon.apply });
  await code.fill('NO-SUCH-CODE');
  await apply.click();
  await expect(page.getByRole('alert').filter({ hasText: t.cart.errors.coupon_unknown })).toBeVisible();
  await code.fill('welcome10');
  await apply.click();
  await expectStatus(page, t.cart.flash.couponAdded);
  const codes = page.getByRole('list', { name: t.cart.coupon.applied });
  await expect(codes.getByRole('listitem')).toContainText('WELCOME10');
  await expect(page.getByRole('term').filter({ hasText: t.cart.discounts })).toBeVisible();
  await expectNoAxeViolations(page);
  await codes.getByRole('button', { name: fill(t.cart.coupon.removeCode, { code: 'WELCOME10' }) }).click();
  await expectStatus(page, t.cart.flash.couponDeleted);
  await expect(codes).toHaveCount(0);
  await expect(page.getByRole('term').filter({ hasText: t.cart.discounts })).toHaveCount(0);

  // Removing the last line leaves a cart that leads on, with the focus kept in it.
  await line.getByRole('button', { name: fill(t.cart.removeItem, { name }) }).click();
  await expect(page.getByText(t.cart.empty)).toBeFocused();
  await expect(page.getByRole('link', { name: t.cart.newArrivals })).toBeVisible();
  await expect(page.getByRole('link', { name: t.header.cart, exact: true })).toBeVisible();
  await expectNoAxeViolations(page);
});

test('a pre-order needs the shopper’s consent before it goes in the cart, in Italian', async ({ page }) => {
  const t = TEXTS.it;
  await page.goto('/it/3-donna?availability=preorder');
  await page.getByRole('list', { name: t.catalog.products }).getByRole('link').first().click();
  await expect(page).toHaveURL(/\.html$/);
  // The shopper picks a size (none is chosen for them).
  const size = page.locator('#size-choice').getByRole('link').first();
  await size.click();
  await expect(size).toHaveAttribute('aria-current', 'true');
  const consent = page.getByRole('checkbox', { name: before(t.cart.confirm.preorder) });
  const add = page.getByRole('button', { name: t.product.addToCart, exact: true });
  await add.click();
  await expect(page.getByRole('alert').filter({ hasText: t.cart.confirm.preorderMissing })).toBeVisible();
  await expect(consent).toBeFocused();
  await expect(page.getByRole('dialog')).toBeHidden();

  await consent.check();
  await expect(page.getByRole('alert').filter({ hasText: t.cart.confirm.preorderMissing })).toHaveCount(0);
  await add.click();
  const drawer = page.getByRole('dialog', { name: t.cart.drawer.title });
  await drawer.getByRole('link', { name: t.cart.viewCart }).click();
  await expect(page).toHaveURL('/it/cart');
  const line = page.getByRole('list', { name: t.cart.items }).getByRole('listitem');
  await expect(line).toContainText(before(t.cart.preorder));
  await expect(line).toContainText(t.cart.nonCancellable);
  await expect(page.getByRole('link', { name: fill(t.header.cartWithCount_one, { count: 1 }) })).toBeAttached();

  // An expired code says so, in Italian.
  await page.getByRole('textbox', { name: t.cart.coupon.label }).fill('SUMMER2024');
  await page.getByRole('button', { name: t.cart.coupon.apply }).click();
  await expect(page.getByRole('alert').filter({ hasText: t.cart.errors.coupon_expired })).toBeVisible();
});

test('a backorder goes in the cart only with the shopper’s “Confirm order”, in Spanish', async ({ page }) => {
  const t = TEXTS.es;
  await page.goto('/es/3-mujer?availability=backorder');
  await page.getByRole('list', { name: t.catalog.products }).getByRole('link').first().click();
  await expect(page).toHaveURL(/\.html/);
  // Sizes without stock are still sold on demand: the first one whose add asks for the consent.
  const sizes = page.locator('#size-choice');
  await expect(sizes.getByRole('link').first()).toBeVisible();
  const confirm = page.getByRole('button', { name: t.cart.confirm.confirmOrder });
  for (const size of await sizes.getByRole('link').all()) {
    await size.click();
    await expect(size).toHaveAttribute('aria-current', 'true');
    if ((await confirm.count()) === 1) break;
  }
  await expect(page.getByText(t.cart.confirm.backorder)).toBeVisible();
  await expect(page.getByRole('button', { name: t.product.addToCart, exact: true })).toHaveCount(0);
  await confirm.click();
  const drawer = page.getByRole('dialog', { name: t.cart.drawer.title });
  await drawer.getByRole('link', { name: t.cart.viewCart }).click();
  await expect(page).toHaveURL('/es/cart');
  await expect(page.getByRole('list', { name: t.cart.items }).getByRole('listitem')).toContainText(fill(t.cart.backorder_one, { count: 1 }));
});

test('a one-size scarf goes in the cart straight from its card', async ({ page }) => {
  const t = TEXTS.en;
  await page.goto('/en/search?q=scarf');
  const card = page.getByRole('list', { name: t.catalog.products }).getByRole('article').filter({ has: page.getByRole('button', { name: new RegExp(`^${fill(t.cart.quickAdd, { name: '.+' })}$`) }) }).first();
  const name = (await card.getByRole('heading').textContent())!;
  await card.getByRole('button', { name: fill(t.cart.quickAdd, { name }) }).click();
  const drawer = page.getByRole('dialog', { name: t.cart.drawer.title });
  await expect(drawer.getByRole('link', { name })).toBeVisible();
  await expect(drawer).toContainText('One size');
  await expect(page.getByRole('link', { name: fill(t.header.cartWithCount_one, { count: 1 }) })).toBeAttached();
  await expectNoAxeViolations(page);
});

test('a new visitor’s empty cart is public, asks the shop nothing and leads on', async ({ page }) => {
  const response = await page.goto('/fr/cart');
  expect(response?.headers()['cache-control']).toMatch(/public/);
  await expect(page.getByText(TEXTS.fr.cart.empty)).toBeVisible();
  await expect(page.getByRole('navigation', { name: TEXTS.fr.cart.browse }).getByRole('link')).not.toHaveCount(0);
  expect((await page.context().cookies()).map((cookie) => cookie.name)).not.toContain('sid');
  await expectNoAxeViolations(page);
});

test('garbage sent to the cart gets a translated answer, never a server error', async ({ page }) => {
  const t = TEXTS.en;
  const posts = [
    [{ intent: 'add', product_id: 'abc', combination_id: '1' }, t.cart.errors.invalid_request],
    [{ intent: 'add', product_id: '1' }, t.cart.errors.choose_combination],
    [{ intent: 'add', product_id: '1', combination_id: '1', quantity: '1e9' }, fill(t.cart.errors.invalid_quantity, { max: 99 })],
    [{ intent: 'update', item_id: '999999', quantity: '2' }, t.cart.errors.cart_item_not_found],
    [{ intent: 'coupon-add', code: '' }, t.cart.errors.coupon_missing],
    [{ intent: 'drop-tables' }, t.cart.errors.invalid_request],
  ] as const;
  await page.goto('/en/cart');
  for (const [fields, message] of posts) {
    // A hand-made form, posted as a browser posts one (the page's own script is not involved).
    const [response] = await Promise.all([
      page.waitForResponse((each) => each.request().method() === 'POST'),
      page.evaluate((values) => {
        const form = Object.assign(document.createElement('form'), { method: 'post', action: '/en/cart' });
        for (const [name, value] of Object.entries(values)) form.append(Object.assign(document.createElement('input'), { type: 'hidden', name, value }));
        document.body.append(form);
        form.submit();
      }, fields),
    ]);
    expect(response.status(), JSON.stringify(fields)).toBeGreaterThanOrEqual(400);
    expect(response.status(), JSON.stringify(fields)).toBeLessThan(500);
    await expect(page.getByRole('alert').filter({ hasText: message })).toBeVisible();
  }
  // Another site cannot make a shopper's browser change their cart (React Router or the action refuses it).
  const forged = await page.request.post('/en/cart', { form: { intent: 'coupon-add', code: 'WELCOME10' }, headers: { Origin: 'https://elsewhere.example' } });
  expect([400, 403]).toContain(forged.status());
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the cart works with plain forms, in German', async ({ page }) => {
    const t = TEXTS.de;
    const name = await openSizedProduct(page, 'de', '/de/3-damen?availability=in_stock');
    const productPage = page.url();
    await page.getByRole('button', { name: t.product.addToCart, exact: true }).click();
    await expect(page).toHaveURL(productPage);
    await expectStatus(page, t.cart.flash.productAdded);

    await page.getByRole('link', { name: fill(t.header.cartWithCount_one, { count: 1 }) }).click();
    await expect(page).toHaveURL('/de/cart');
    const stepper = page.getByRole('group', { name: fill(t.cart.quantityOf, { name }) });
    await stepper.getByRole('button', { name: t.cart.increase }).click();
    await expectStatus(page, t.cart.flash.quantityUpdated);
    await expect(stepper.getByRole('spinbutton')).toHaveValue('2');
    await expect(page.getByRole('link', { name: fill(t.header.cartWithCount_other, { count: 2 }) })).toBeVisible();

    // A quantity the shop cannot take is explained at its line.
    await stepper.getByRole('spinbutton').fill('0');
    await stepper.getByRole('button', { name: t.cart.update }).click();
    await expect(page.getByRole('alert').filter({ hasText: fill(t.cart.errors.invalid_quantity, { max: 99 }) })).toBeVisible();
    await expect(stepper.getByRole('spinbutton')).toHaveValue('2');
  });
});
