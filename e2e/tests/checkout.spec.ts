import { expect, test, type Locator, type Page } from '@playwright/test';
import {
  APPROVED_CARD,
  chooseCarrier,
  choosePayment,
  continueAsGuest,
  DECLINED_CARD,
  detailsForm,
  expectConfirmationMail,
  fillAddress,
  fillCartAndCheckOut,
  main,
  MILAN,
  orderReference,
  PARIS,
  payByCard,
  placeOrder,
  STANDARD_DELIVERY,
  uniqueEmail,
  WOMEN,
} from './checkout-journey';
import { before, expectFlash, expectNoAxeViolations, fill, hydrated, openSizedProduct, registerCustomer, TEXTS, withoutTags } from './fixtures';

// Whole purchases, with the card processor's page and axe runs in between: give them time on a busy machine.
test.describe.configure({ timeout: 120_000 });

test('a guest pays by card in Italian, from the home page to the confirmation and its mail; axe finds nothing on either screen', async ({ page }) => {
  const lang = 'it';
  const t = TEXTS[lang];
  await page.goto(`/${lang}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.home.heroTitle);
  await fillCartAndCheckOut(page, lang);
  await expectNoAxeViolations(page);

  const email = uniqueEmail('ospite');
  await continueAsGuest(page, lang, email);
  // A wrong postcode and a missing city are said together, each at its field, in Italian; the first one has
  // the focus and nothing moves on.
  await fillAddress(page, lang, { ...MILAN, postcode: '123' });
  const postcode = detailsForm(page).getByLabel(t.account.addressFields.postcode, { exact: true }).first();
  const city = detailsForm(page).getByLabel(t.account.addressFields.city, { exact: true }).first();
  await city.fill('');
  await chooseCarrier(page, lang, STANDARD_DELIVERY[lang]);
  await expect(main(page).getByRole('alert').first()).toHaveText(t.validation.formIncomplete);
  await expect(postcode).toHaveAttribute('aria-invalid', 'true');
  await expect(city).toHaveAttribute('aria-invalid', 'true');
  await expect(main(page).getByText(fill(t.validation.required, { name: t.account.addressFields.city }))).toBeVisible();
  await expect(postcode).toBeFocused();
  await expect(page).toHaveURL(`/${lang}/checkout?step=account`);
  await expectNoAxeViolations(page);
  await postcode.fill(MILAN.postcode);
  await city.fill(MILAN.city);
  await chooseCarrier(page, lang, STANDARD_DELIVERY[lang]);
  await choosePayment(page, lang, { axe: true });
  await expect(main(page).getByText(email)).toBeVisible();
  await placeOrder(page, lang);
  await payByCard(page, APPROVED_CARD);

  await expect(page).toHaveURL(new RegExp(`/${lang}/checkout/success\\?order=`));
  const reference = await orderReference(page, lang);
  await expect(page.getByRole('heading', { level: 2, name: fill(t.account.orderTitle, { reference }) })).toBeVisible();
  await expect(page.getByRole('link', { name: t.checkout.success.createAccount })).toBeVisible();
  // How to return, rather than 'No returns for this order'.
  await expect(page.getByText(t.checkout.success.returnsGuest)).toBeVisible();
  await expect(page.getByText(t.account.noReturns)).toHaveCount(0);
  await expectNoAxeViolations(page);
  // The cart is now the order.
  await page.goto(`/${lang}/cart`);
  await expect(page.getByText(t.cart.empty)).toBeVisible();
  await expectConfirmationMail(page, lang, email, reference, new RegExp(`Il tuo ordine ${reference} è confermato`));
});

test('a customer checks out in French with a collection point and a code, and finds the order in the account', async ({ page }) => {
  const lang = 'fr';
  const t = TEXTS[lang];
  const email = uniqueEmail('cliente');
  await registerCustomer(page, lang, { email, password: 'Tr4v3l!Blue#Kite' });
  // Signed in, the contact is known: the first screen opens at the address and says who orders.
  await fillCartAndCheckOut(page, lang, 'address');
  await expect(detailsForm(page).getByText(fill(t.checkout.account.signedInAs, { email }))).toBeVisible();
  await fillAddress(page, lang, PARIS);
  await main(page).getByLabel(t.checkout.address.save).check();
  await chooseCarrier(page, lang, /Point relais/);

  // The collection points near the address are listed at once, on the same screen; another place can be searched.
  await expect(page).toHaveURL(`/${lang}/checkout?step=points`);
  const firstPoint = main(page).getByRole('button', { name: new RegExp(`^${t.checkout.points.choose}: `) }).first();
  await expect(firstPoint).toBeVisible();
  await main(page).getByLabel(t.checkout.points.searchLabel).fill('Paris');
  await main(page).getByRole('button', { name: t.checkout.points.search }).click();
  await expect(page).toHaveURL(`/${lang}/checkout?step=points&q=Paris`);
  await expect(firstPoint).toBeVisible();
  await expectNoAxeViolations(page);
  const pointName = (await firstPoint.getAttribute('aria-label'))!.split(': ')[1]!;
  await firstPoint.click();

  // The codes are folded on the payment screen, one tap away.
  await expect(page).toHaveURL(`/${lang}/checkout?step=payment`);
  await main(page).getByText(t.checkout.codesAdd).click();
  await main(page).getByLabel(t.cart.coupon.label).fill('WELCOME10');
  await main(page).getByRole('button', { name: t.cart.coupon.apply }).click();
  await expect(main(page).getByRole('list', { name: t.cart.coupon.applied })).toContainText('WELCOME10');
  await choosePayment(page, lang);
  await expect(main(page).getByText(pointName).first()).toBeVisible();
  await expect(main(page).getByText(fill(t.checkout.codesApplied, { codes: 'WELCOME10' }))).toBeVisible();
  await placeOrder(page, lang);
  await payByCard(page, APPROVED_CARD);

  const reference = await orderReference(page, lang);
  // A customer is told where returns are made: her order's page.
  await expect(page.getByText(t.checkout.success.returnsSignedIn)).toBeVisible();
  await page.getByRole('link', { name: t.checkout.success.myOrders }).click();
  await expect(page.getByRole('heading', { level: 2, name: fill(t.account.orderTitle, { reference }) })).toBeVisible();
  await expect(page.getByText(pointName).first()).toBeVisible();
  // What was typed is now in the address book.
  await page.goto(`/${lang}/my-account/addresses`);
  await expect(page.getByText(PARIS.address1)).toBeVisible();
  await expectConfirmationMail(page, lang, email, reference, new RegExp(`Votre commande ${reference} est confirmée`));
});

test('a returning customer buys again with nothing to type: her address and last carrier are chosen, two taps to the card page', async ({ page }) => {
  const lang = 'en';
  const t = TEXTS[lang];
  await registerCustomer(page, lang, { email: uniqueEmail('again'), password: 'Tr4v3l!Blue#Kite' });
  await fillCartAndCheckOut(page, lang, 'address');
  await fillAddress(page, lang, MILAN);
  await main(page).getByLabel(t.checkout.address.save).check();
  await chooseCarrier(page, lang, /Express delivery/);
  await choosePayment(page, lang);
  await placeOrder(page, lang);
  await payByCard(page, APPROVED_CARD);
  await orderReference(page, lang);

  // The second time the first screen has everything: Continue, then the terms and Place order.
  await fillCartAndCheckOut(page, lang, 'address');
  await expect(detailsForm(page).getByRole('radio', { name: new RegExp(MILAN.address1) })).toBeChecked();
  await expect(detailsForm(page).getByRole('radio', { name: /Express delivery/ })).toBeChecked();
  await detailsForm(page).getByRole('button', { name: t.checkout.toPayment }).click();
  await expect(page).toHaveURL(`/${lang}/checkout?step=payment`);
  await expect(main(page).getByText(/Express delivery/).first()).toBeVisible();
  await expect(main(page).getByText(MILAN.address1)).toBeVisible();
  await placeOrder(page, lang);
});

test('a declined card leads to the failed page, and paying again succeeds', async ({ page }) => {
  const lang = 'en';
  const t = TEXTS[lang];
  await fillCartAndCheckOut(page, lang);
  await continueAsGuest(page, lang, uniqueEmail('declined'));
  await fillAddress(page, lang, MILAN);
  await chooseCarrier(page, lang, /Express delivery/);
  await choosePayment(page, lang);
  await placeOrder(page, lang);
  await payByCard(page, DECLINED_CARD);
  // The processor keeps the shopper on its page with the decline; they give up there and come back.
  await expect(page).toHaveURL(/\/pay\/cs_/);
  await page.getByRole('link', { name: 'Cancel and return' }).click();

  await expect(page).toHaveURL(/\/en\/checkout\/failed\?order=/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.checkout.failedTitle);
  await expectNoAxeViolations(page);
  await expect(page.getByRole('radio', { name: t.checkout.gateways.card })).toBeChecked();
  await page.getByRole('button', { name: t.checkout.failed.retry }).click();
  await expect(page).toHaveURL(/\/pay\/cs_/);
  await payByCard(page, APPROVED_CARD);
  await orderReference(page, lang);
  await expect(page.getByText(t.account.status.payment_accepted)).toBeVisible();
});

test('a shopper who gives up on paying finds her items in the order from the cart page, and can pay or change it', async ({ page }, testInfo) => {
  const lang = 'es';
  const t = TEXTS[lang];
  await page.setViewportSize({ width: 390, height: 844 });
  await fillCartAndCheckOut(page, lang);
  await continueAsGuest(page, lang, uniqueEmail('cambio'));
  await fillAddress(page, lang, MILAN);
  await chooseCarrier(page, lang, STANDARD_DELIVERY[lang]);
  await choosePayment(page, lang);
  await placeOrder(page, lang);
  await page.getByRole('link', { name: 'Cancelar y volver' }).click();
  await expect(page).toHaveURL(/\/es\/checkout\/failed\?order=/);
  await expect(page.getByText(t.checkout.failed.cancelled)).toBeVisible();
  const reference = page.url().match(/order=([A-Z0-9]+)/)![1]!;
  // 'Back to cart': the cart is not just empty, it says where the items are, and offers to pay or change the order.
  await main(page).getByRole('link', { name: t.checkout.backToCart }).click();
  await expect(page).toHaveURL(`/${lang}/cart`);
  await expect(main(page).getByRole('heading', { name: t.cart.waiting.title })).toBeVisible();
  await expect(main(page).getByText(new RegExp(`^${before(t.cart.waiting.text_one)} ${reference} `))).toBeVisible();
  await expect(main(page).getByText(t.cart.empty)).toHaveCount(0);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: testInfo.outputPath(`cart-waiting-${lang}.png`), fullPage: true });
  await main(page).getByRole('link', { name: t.checkout.failed.retry }).click();
  await expect(page).toHaveURL(`/${lang}/checkout/failed?order=${reference}`);
  await expect(page.getByRole('button', { name: t.checkout.failed.retry })).toBeVisible();
  await page.goBack();
  await main(page).getByRole('button', { name: t.checkout.failed.change }).click();
  await expect(page).toHaveURL(`/${lang}/cart`);
  await expectFlash(page, t.checkout.flash.backInCart);
  await expect(page.getByRole('list', { name: t.cart.items }).getByRole('listitem')).toHaveCount(1);
});

/** Presses Tab until `target` has the focus: it can be reached with the keyboard alone. */
async function tabTo(page: Page, target: Locator) {
  for (let presses = 0; presses < 80; presses++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error('not reachable with Tab');
}

test('the whole checkout works with the keyboard alone', async ({ page }) => {
  const lang = 'en';
  const t = TEXTS[lang];
  await fillCartAndCheckOut(page, lang);
  await hydrated(page);
  const form = main(page);
  await tabTo(page, detailsForm(page).getByLabel(t.auth.email, { exact: true }));
  await page.keyboard.type(uniqueEmail('keyboard'));
  for (const [label, value] of [
    [t.auth.firstName, MILAN.firstName],
    [t.auth.lastName, MILAN.lastName],
    [t.account.addressFields.address1, MILAN.address1],
    [t.account.addressFields.postcode, MILAN.postcode],
    [t.account.addressFields.city, MILAN.city],
  ] as const) {
    await tabTo(page, form.getByLabel(label, { exact: true }).first());
    await page.keyboard.type(value);
  }
  // Italy is the shop's country: the province is a list chosen with the arrow keys.
  await tabTo(page, form.getByLabel(t.account.addressFields.state).first());
  await page.keyboard.press('ArrowDown');
  const carriers = detailsForm(page).getByRole('group', { name: t.checkout.delivery.title }).getByRole('radio');
  await tabTo(page, carriers.first());
  await page.keyboard.press('ArrowDown');
  await expect(carriers.nth(1)).toBeChecked();
  await tabTo(page, form.getByRole('button', { name: t.checkout.toPayment }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(`/${lang}/checkout?step=payment`);
  // The note is folded: Enter opens it.
  await tabTo(page, form.getByText(t.checkout.noteAdd));
  await page.keyboard.press('Enter');
  await tabTo(page, form.getByLabel(t.checkout.message.label));
  await page.keyboard.type('Please ring twice');
  await tabTo(page, form.getByLabel(withoutTags(t.checkout.review.acceptTerms)));
  await page.keyboard.press('Space');
  await tabTo(page, form.getByLabel(withoutTags(t.checkout.review.acceptPrivacy)));
  await page.keyboard.press('Space');
  await tabTo(page, form.getByRole('button', { name: t.checkout.review.place }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/pay\/cs_/);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('both screens work with plain forms, up to the card processor’s page', async ({ page }) => {
    const lang = 'de';
    const t = TEXTS[lang];
    await openSizedProduct(page, lang, `/${lang}/${WOMEN[lang]}?availability=in_stock`);
    await page.getByRole('button', { name: t.product.addToCart, exact: true }).click();
    await page.goto(`/${lang}/checkout`);
    await expect(page).toHaveURL(`/${lang}/checkout?step=account`);
    // A later screen cannot be skipped to: asking for it lands on the first step missing.
    await page.goto(`/${lang}/checkout?step=review`);
    await expect(page).toHaveURL(`/${lang}/checkout?step=account`);
    await continueAsGuest(page, lang, uniqueEmail('ohne-js'));
    // Sent without an address: every missing field is said at once, beside it, by the server.
    await detailsForm(page).getByRole('button', { name: t.checkout.toPayment }).click();
    await expect(page).toHaveURL(`/${lang}/checkout?step=account`);
    for (const label of [t.auth.firstName, t.auth.lastName, t.account.addressFields.address1, t.account.addressFields.city]) {
      await expect(detailsForm(page).getByLabel(label, { exact: true }).first()).toHaveAttribute('aria-invalid', 'true');
    }
    await fillAddress(page, lang, { ...PARIS, country: 'DE', postcode: '10115', city: 'Berlin' });
    // Billing elsewhere and an invoice: the fields are on the page without JavaScript too.
    await main(page).getByLabel(t.checkout.address.billingSame).uncheck();
    await main(page).getByLabel(t.checkout.invoice.requested).check();
    await main(page).getByLabel(t.checkout.invoice.vatNumber).fill('DE136695976');
    const billing = main(page).getByRole('region', { name: t.checkout.address.billingTitle });
    await fillAddress(page, lang, { firstName: 'Max', lastName: 'Muster', address1: 'Torstraße 1', postcode: '10115', city: 'Berlin', country: 'DE' }, billing);
    await chooseCarrier(page, lang, STANDARD_DELIVERY[lang]);
    await choosePayment(page, lang);
    await expect(main(page).getByText(fill(t.checkout.invoice.issued, { number: '136695976' }))).toBeVisible();
    await expect(main(page).getByText('Torstraße 1')).toBeVisible();
    // Sent without the boxes ticked: each box says what to do, in its own words.
    await main(page).getByRole('button', { name: t.checkout.review.place }).click();
    await expect(main(page).getByText(t.validation.acceptTerms)).toBeVisible();
    await expect(main(page).getByText(t.validation.acceptPrivacy)).toBeVisible();
    await placeOrder(page, lang);
  });
});

test.describe('what a guest typed, on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });
  // Three languages' screenshots and axe runs beside a reload and a trip to the cart: more than one purchase's time.
  test.describe.configure({ timeout: 240_000 });
  const field = (page: Page, label: string) => detailsForm(page).getByLabel(label, { exact: true }).first();
  const standardDelivery = (page: Page, lang: 'en' | 'de') => detailsForm(page).getByRole('radio', { name: STANDARD_DELIVERY[lang] });

  test('survives a reload and a trip back to the cart, and the carriers follow the country chosen', async ({ page }, testInfo) => {
    const lang = 'en';
    const t = TEXTS[lang];
    await fillCartAndCheckOut(page, lang);
    await hydrated(page);
    const email = uniqueEmail('draft');
    await continueAsGuest(page, lang, email);
    await field(page, t.auth.firstName).fill(MILAN.firstName);
    await field(page, t.auth.lastName).fill(MILAN.lastName);
    // Nothing is sent: a moment after the last key the draft is kept.
    const kept = page.waitForResponse((response) => response.request().method() === 'POST' && (response.request().postData() ?? '').includes('Solferino'));
    await field(page, t.account.addressFields.address1).fill(MILAN.address1);
    await kept;
    await page.reload();
    await expect(field(page, t.auth.email)).toHaveValue(email);
    await expect(field(page, t.auth.firstName)).toHaveValue(MILAN.firstName);
    await expect(field(page, t.account.addressFields.address1)).toHaveValue(MILAN.address1);
    // Back to the cart and on again, from the cart page.
    await field(page, t.account.addressFields.city).fill(MILAN.city);
    await detailsForm(page).getByRole('button', { name: t.checkout.backToCart }).click();
    await expect(page).toHaveURL(`/${lang}/cart`);
    await main(page).getByRole('link', { name: t.cart.checkout }).click();
    await expect(page).toHaveURL(`/${lang}/checkout?step=account`);
    await expect(field(page, t.account.addressFields.city)).toHaveValue(MILAN.city);
    await expect(field(page, t.auth.lastName)).toHaveValue(MILAN.lastName);
    // Italy's standard delivery, then the United States' once that country is chosen; what was typed stays.
    await expect(standardDelivery(page, lang)).toBeChecked();
    await expect(standardDelivery(page, lang)).toHaveAccessibleName(/€6\.90/);
    await hydrated(page);
    await field(page, t.account.addressFields.country).selectOption('US');
    await expect(standardDelivery(page, lang)).toHaveAccessibleName(/€24\.90/);
    await expect(field(page, t.auth.firstName)).toHaveValue(MILAN.firstName);
    // With JavaScript the carriers follow by themselves: no button for it.
    await expect(detailsForm(page).getByRole('button', { name: t.checkout.delivery.refresh })).toHaveCount(0);
    await expectNoAxeViolations(page);
    await page.screenshot({ path: testInfo.outputPath(`details-${lang}.png`), fullPage: true });
    for (const other of ['de', 'it'] as const) {
      await page.goto(`/${other}/checkout?step=account`);
      await expect(field(page, TEXTS[other].auth.firstName)).toHaveValue(MILAN.firstName);
      await page.screenshot({ path: testInfo.outputPath(`details-${other}.png`), fullPage: true });
    }
  });

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });

    test('"Back to cart" keeps what was typed, and a button shows the delivery methods of the country chosen', async ({ page }) => {
      const lang = 'de';
      const t = TEXTS[lang];
      await openSizedProduct(page, lang, `/${lang}/${WOMEN[lang]}?availability=in_stock`);
      await page.getByRole('button', { name: t.product.addToCart, exact: true }).click();
      await page.goto(`/${lang}/checkout`);
      const email = uniqueEmail('entwurf');
      await continueAsGuest(page, lang, email);
      await field(page, t.auth.firstName).fill('Max');
      await field(page, t.account.addressFields.address1).fill('Torstraße 1');
      // Half typed, and yet back to the cart without a complaint; what was typed is there on the way back.
      await detailsForm(page).getByRole('button', { name: t.checkout.backToCart }).click();
      await expect(page).toHaveURL(`/${lang}/cart`);
      await page.goto(`/${lang}/checkout`);
      await expect(field(page, t.auth.email)).toHaveValue(email);
      await expect(field(page, t.auth.firstName)).toHaveValue('Max');
      await expect(field(page, t.account.addressFields.address1)).toHaveValue('Torstraße 1');
      await expect(field(page, t.auth.lastName)).not.toHaveAttribute('aria-invalid', 'true');
      await expect(standardDelivery(page, lang)).toHaveAccessibleName(/6,90\s€/);
      await field(page, t.account.addressFields.country).selectOption('US');
      await detailsForm(page).getByRole('button', { name: t.checkout.delivery.refresh }).click();
      await expect(page).toHaveURL(`/${lang}/checkout?step=account#delivery`);
      await expect(standardDelivery(page, lang)).toHaveAccessibleName(/24,90\s€/);
      await expect(field(page, t.account.addressFields.country)).toHaveValue('US');
      await expect(field(page, t.auth.firstName)).toHaveValue('Max');
      // (axe needs the page's JavaScript: the same screen is checked by the test above.)
    });
  });
});
