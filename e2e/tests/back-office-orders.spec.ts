import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { API, BACK_OFFICE, shots, staffPage } from './back-office-fixtures';
import {
  APPROVED_CARD,
  chooseCarrier,
  continueAsGuest,
  expectConfirmationMail,
  fillAddress,
  fillCartAndCheckOut,
  main,
  MILAN,
  orderReference,
  payByCard,
  placeOrder,
  STANDARD_DELIVERY,
  choosePayment,
  uniqueEmail,
  WOMEN,
} from './checkout-journey';
import { expectFlash, expectNoAxeViolations, hydrated, openSizedProduct, registerCustomer, TEXTS } from './fixtures';

// The back office's order journeys (ADR 34): whole purchases by card, then staff acting on them, on a busy machine.
test.describe.configure({ timeout: 180_000 });

const lang = 'en';
const t = TEXTS[lang];

/** A card purchase to Milan with standard delivery, from the first screen on; its reference. */
async function buyByCard(page: Page) {
  await fillAddress(page, lang, MILAN);
  await chooseCarrier(page, lang, STANDARD_DELIVERY[lang]);
  await choosePayment(page, lang);
  await placeOrder(page, lang);
  await payByCard(page, APPROVED_CARD);
  return orderReference(page, lang);
}

/** The staff page's one-time message of what was done. */
const expectDone = (page: Page, text: string) => expect(page.getByRole('status')).toHaveText(text);

test('fulfilment ships an order: the shopper follows its tracking link and gets the mail; delivered, the shopper returns it and the merchant refunds it', async ({ page, browser }) => {
  const email = uniqueEmail('returner');
  await registerCustomer(page, lang, { email, password: 'Tr4v3l!Blue#Kite' });
  await fillCartAndCheckOut(page, lang, 'address');
  const reference = await buyByCard(page);

  const fulfilment = await staffPage(browser, 'fulfilment');
  await fulfilment.goto(`${BACK_OFFICE}/orders/${reference}`);
  await hydrated(fulfilment);
  // Fulfilment ships; refunds are not theirs to make.
  await expect(fulfilment.getByRole('button', { name: 'Cancel the order' })).toHaveCount(0);
  await fulfilment.getByRole('button', { name: 'Start processing' }).click();
  await expectDone(fulfilment, 'The order is being processed.');
  await fulfilment.getByLabel('Tracking number').fill('BRT 0342 1610');
  await fulfilment.getByLabel('Tracking link (optional)').fill('https://tracking.example/brt?n=03421610');
  await fulfilment.getByRole('button', { name: 'Mark as shipped and email the shopper' }).click();
  await expectDone(fulfilment, 'The parcel is recorded; the shopper has its tracking by email.');
  await expect(fulfilment.getByRole('region', { name: 'History' })).toContainText('BRT 0342 1610');
  await expectNoAxeViolations(fulfilment);
  await shots(fulfilment, 'order-shipped');

  await page.goto(`/${lang}/my-account/orders?order=${reference}`);
  await expect(main(page).getByRole('link', { name: 'Track your parcel' })).toHaveAttribute('href', 'https://tracking.example/brt?n=03421610');
  await expectConfirmationMail(page, lang, email, reference, new RegExp(`Your order ${reference} has shipped`));

  await fulfilment.getByRole('button', { name: 'Mark as delivered' }).click();
  await expectDone(fulfilment, 'The order is delivered.');

  // The shopper sends one item back within the period, with a reason.
  await page.goto(`/${lang}/my-account/orders?order=${reference}`);
  await hydrated(page);
  const request = main(page).getByRole('region', { name: 'Return items' });
  await expectNoAxeViolations(page);
  await shots(page, 'storefront-order-return');
  await request.getByLabel(/^How many of/).first().selectOption('1');
  await request.getByLabel('Reason').selectOption('too_small');
  await request.getByRole('button', { name: 'Request a return' }).click();
  await expectFlash(page, 'Your return is registered: we have emailed you its reference and how to send it.');
  const returns = main(page).getByRole('region', { name: 'Returns' });
  await expect(returns).toContainText('Return requested');
  const returnReference = /RT[A-Z2-9]{8}/.exec((await returns.textContent())!)![0];
  await expect(main(page).getByRole('region', { name: 'Return items' })).toHaveCount(0);
  await expectConfirmationMail(page, lang, email, returnReference, new RegExp(`Your return ${returnReference}: how to send it`));

  // The parcel is in: fulfilment receives it (back on sale); customer service refunds it, once confirmed.
  await fulfilment.goto(`${BACK_OFFICE}/returns`);
  await fulfilment.getByRole('link', { name: reference }).click();
  await fulfilment.getByRole('button', { name: 'Mark as received' }).click();
  await expectDone(fulfilment, 'The return is received; the shopper is told.');

  const service = await staffPage(browser, 'customer_service');
  await service.goto(`${BACK_OFFICE}/returns?status=received`);
  await expectNoAxeViolations(service);
  await shots(service, 'returns');
  await service.getByRole('link', { name: reference }).click();
  await hydrated(service);
  const returnsSection = service.getByRole('region', { name: 'Returns' });
  await returnsSection.getByRole('button', { name: 'Refund the return' }).click();
  await expect(returnsSection.getByText('Tick the box to confirm.')).toBeVisible();
  await returnsSection.getByLabel('Yes, refund this return to the shopper').check();
  await returnsSection.getByRole('button', { name: 'Refund the return' }).click();
  await expectDone(service, 'The return is refunded.');
  await expect(returnsSection).toContainText('Refunded');

  await page.goto(`/${lang}/my-account/orders?order=${reference}`);
  await expect(main(page).getByRole('region', { name: 'Returns' })).toContainText('Refunded');
  await expectConfirmationMail(page, lang, email, reference, new RegExp(`Refund for your order ${reference}`));
});

test('fulfilment ships an order in two parcels: the shopper sees what each held, and it is shipped with the last', async ({ page, browser }) => {
  // Two of one size in the cart, bought as a guest by card.
  const email = uniqueEmail('parcels');
  const name = (await openSizedProduct(page, lang, `/${lang}/${WOMEN[lang]}?availability=in_stock`)).trim();
  await page.getByLabel(t.product.quantity).selectOption('2');
  await page.getByRole('button', { name: t.product.addToCart, exact: true }).click();
  await page.getByRole('dialog', { name: t.cart.drawer.title }).getByRole('link', { name: t.cart.checkout }).click();
  await continueAsGuest(page, lang, email);
  const reference = await buyByCard(page);
  // The guest's order page (the confirmation's address, with its key).
  const orderPage = page.url();

  const fulfilment = await staffPage(browser, 'fulfilment');
  await fulfilment.goto(`${BACK_OFFICE}/orders/${reference}`);
  await hydrated(fulfilment);
  const quantity = fulfilment.getByLabel(/: quantity in this parcel \(2 of 2 left to send\)$/);
  await expect(quantity).toHaveValue('2');
  await quantity.fill('1');
  await fulfilment.getByLabel('Tracking number').fill('BRT 1');
  await fulfilment.getByRole('button', { name: 'Mark as shipped and email the shopper' }).click();
  await expectDone(fulfilment, 'The parcel is recorded; the shopper has its tracking by email.');
  await expect(fulfilment.getByText(/^Sent with .+ \(BRT 1\): 1 × /)).toBeVisible();
  // A parcel has left: the order is no longer cancelled whole, and the rest is still to send.
  await expect(fulfilment.getByLabel(/: quantity in this parcel \(1 of 2 left to send\)$/)).toHaveValue('1');
  await expectNoAxeViolations(fulfilment);
  await shots(fulfilment, 'order-partly-shipped');

  await page.goto(orderPage);
  await expect(main(page).getByText(`In this parcel: 1 × ${name}`, { exact: false })).toBeVisible();
  await expect(main(page).getByText('Part of your order is on its way; the rest will follow in another parcel.')).toBeVisible();
  await expectNoAxeViolations(page);
  await expectConfirmationMail(page, lang, email, reference, new RegExp(`Your order ${reference} has shipped`));

  // The rest, without JavaScript: the form is a plain post, prefilled with what is left.
  const plain = await (await page.context().browser()!.newContext({ javaScriptEnabled: false })).newPage();
  try {
    await plain.context().addCookies(await fulfilment.context().cookies());
    await plain.goto(`${BACK_OFFICE}/orders/${reference}`);
    await plain.getByLabel('Tracking number').fill('GLS 2');
    await plain.getByRole('button', { name: 'Mark as shipped and email the shopper' }).click();
    await expectDone(plain, 'The parcel is recorded; the shopper has its tracking by email.');
    await expect(plain.getByRole('button', { name: 'Mark as delivered' })).toBeVisible();
  } finally {
    await plain.context().close();
  }
  await fulfilment.context().close();
  await page.goto(orderPage);
  await expect(main(page).getByText('Part of your order is on its way', { exact: false })).toHaveCount(0);
  await expect(main(page).getByText('Tracking number: GLS 2')).toBeVisible();
});

test('customer service cancels a paid order: the gateway refunds it in the same step, after a confirmation', async ({ page, browser }) => {
  const email = uniqueEmail('cancelled');
  await fillCartAndCheckOut(page, lang);
  await continueAsGuest(page, lang, email);
  const reference = await buyByCard(page);

  const service = await staffPage(browser, 'customer_service');
  await service.goto(`${BACK_OFFICE}/orders/${reference}`);
  await hydrated(service);
  await expect(service.getByText(/^Cancels it and refunds .+ through card; its items go back on sale\.$/)).toBeVisible();
  await service.getByRole('button', { name: 'Cancel the order' }).click();
  await expect(service.getByText('Tick the box to confirm.')).toBeVisible();
  await service.getByLabel('Yes, cancel this order').check();
  await service.getByRole('button', { name: 'Cancel the order' }).click();
  await expectDone(service, 'The order is cancelled.');
  await expect(service.getByRole('region', { name: 'Payment attempts' })).toContainText('completed');
  await expect(service.getByRole('region', { name: 'History' })).toContainText('Cancelled');
  await expectNoAxeViolations(service);
  await shots(service, 'order-cancelled');
  await expectConfirmationMail(page, lang, email, reference, new RegExp(`Refund for your order ${reference}`));
});

/**
 * `count` guest orders placed through the shop API as the storefront places them (cart, checkout, order), one unit of
 * a variant in stock each, their addresses starting with `tag`: enough for the orders list to have two pages. Their
 * references, in the order placed.
 */
async function placeOrdersByApi(request: APIRequestContext, tag: string, count: number): Promise<string[]> {
  const call = async (name: string, data: unknown, session?: string) => {
    const response = await request.post(`${API}/${name}`, { data, headers: session ? { 'x-session-id': session } : {} });
    const body = await response.json();
    expect(response.status(), `${name}: ${JSON.stringify(body).slice(0, 300)}`).toBe(200);
    return body.psdata;
  };
  const listing = await call('getProducts', { id_category: 3, per_page: 24, with_facets: false, with_category_tree: false });
  const variants: { product_id: number; combination_id: number }[] = [];
  for (const product of listing.products as { id_product: number }[]) {
    const { combinations, minimal_quantity: minimum } = await call('getProduct', { product_id: product.id_product });
    if (minimum !== 1) continue;
    for (const combination of combinations as { id: number; stock: number; available: boolean }[]) {
      if (combination.available && combination.stock > 2) variants.push({ product_id: product.id_product, combination_id: combination.id });
    }
    if (variants.length >= count) break;
  }
  const references: string[] = [];
  for (let index = 0; index < count; index++) {
    const { session } = await call('createCartItem', { ...variants[index % variants.length]!, quantity: 1 });
    await call('updateCheckoutEmail', { email: `${tag}.${index}@example.com` }, session.token);
    await call('updateCheckoutAddress', { shipping: { address: { alias: 'Casa', first_name: 'Giulia', last_name: 'Rossi', address1: 'Via Solferino 10', city: 'Milano', state: 'MI', country: 'IT', postcode: '20121', phone: '+39 02 1234567' } } }, session.token);
    const { carriers } = await call('getCarriers', {}, session.token);
    await call('updateCheckoutCarrier', { carrier_id: (carriers as { id: number; code: string }[]).find((carrier) => carrier.code === 'standard')!.id }, session.token);
    await call('updateCheckoutPayment', { gateway: 'card' }, session.token);
    const { order } = await call('createOrder', { idempotency_key: `${tag}-${String(index).padStart(6, "0")}`, accept_terms: true, accept_privacy: true }, session.token);
    references.push(order.reference);
  }
  return references;
}

test('a merchant pages through the orders list by its links, with and without JavaScript: next, previous and first page keep the search', async ({ browser, request }) => {
  const tag = `pager${Date.now().toString(36)}`;
  // Newest first: the first page holds the last 25 placed, the second the first 2.
  const newestFirst = (await placeOrdersByApi(request, tag, 27)).reverse();
  for (const javaScriptEnabled of [true, false]) {
    const staff = await staffPage(browser, 'fulfilment', { javaScriptEnabled });
    await staff.goto(`${BACK_OFFICE}/orders?query=${tag}`);
    if (javaScriptEnabled) await hydrated(staff);
    // The references column, row by row.
    const firstCells = staff.getByRole('table').locator('tbody tr td:first-child');
    const shown = () => firstCells.first();
    const references = async () => (await firstCells.allTextContents()).map((text) => text.trim());
    const pages = staff.getByRole('navigation', { name: 'Pages of the list' });
    await expect(staff.getByText('27 orders')).toBeVisible();
    await expect(shown()).toContainText(newestFirst[0]!);
    expect(await references()).toEqual(newestFirst.slice(0, 25));
    await expect(pages.getByRole('link')).toHaveText(['Next page']);

    await pages.getByRole('link', { name: 'Next page' }).click();
    await expect(staff).toHaveURL(/[?&]cursor=a\.\d+\.\d+/);
    await expect(shown()).toContainText(newestFirst[25]!);
    expect(await references()).toEqual(newestFirst.slice(25));
    await expect(staff.getByRole('searchbox', { name: 'Search' })).toHaveValue(tag);
    await expect(pages.getByRole('link')).toHaveText(['First page', 'Previous page']);

    await pages.getByRole('link', { name: 'Previous page' }).click();
    await expect(shown()).toContainText(newestFirst[0]!);
    expect(await references()).toEqual(newestFirst.slice(0, 25));
    await pages.getByRole('link', { name: 'First page' }).click();
    await expect(staff).toHaveURL(`${BACK_OFFICE}/orders?query=${tag}`);
    await expect(pages.getByRole('link')).toHaveText(['Next page']);
    if (javaScriptEnabled) {
      await expectNoAxeViolations(staff);
      // A page link cut short or changed by hand: a 400 page saying so, and the way back to the first page.
      const answer = await staff.goto(`${BACK_OFFICE}/orders?query=${tag}&cursor=${encodeURIComponent("a.1.1' or 1=1")}`);
      expect(answer?.status()).toBe(400);
      await expect(staff.getByText('This link to a page of the list is not valid (cut short or changed): start again from the first page.')).toBeVisible();
      await staff.getByRole('link', { name: 'First page' }).click();
      await expect(staff.getByText('27 orders')).toBeVisible();
    }
    await staff.context().close();
  }
});
