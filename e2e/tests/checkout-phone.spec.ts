import { expect, test, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import {
  APPROVED_CARD,
  chooseCarrier,
  choosePayment,
  continueAsGuest,
  detailsForm,
  fillAddress,
  fillCartAndCheckOut,
  GATEWAY_PAGES,
  main,
  MILAN,
  orderReference,
  payByCard,
  placeOrder,
  uniqueEmail,
  WOMEN,
} from './checkout-journey';
import { expectNoAxeViolations, fill, hydrated, openSizedProduct, registerCustomer, SHOPS, TEXTS, withoutTags, type TestLang } from './fixtures';

/**
 * Issue 28's test of the checkout on a phone, in each of the five languages: a guest buys in at most three screens
 * (with every field error at once on the way), a returning customer in two taps with nothing to type, and both
 * find their confirmation mail, pictures loaded, in the outbox.
 */
test.use({ viewport: { width: 390, height: 844 }, baseURL: SHOPS.phone });
// A purchase or two, the card processor's page, the mailbox and three axe runs: some 20 s each on a quiet machine,
// but over two minutes with four shops' tests on two cores.
test.describe.configure({ timeout: 240_000 });

const LANGS = ['en', 'fr', 'it', 'es', 'de'] as const;

/** The delivery method that is not the first one offered, in each language: chosen once, remembered after. */
const EXPRESS: Record<TestLang, RegExp> = { en: /Express delivery/, fr: /Livraison express/, it: /Consegna espressa/, es: /Envío exprés/, de: /Expressversand/ };

/** Milan, not on the street of the shop's return address that the mail names too. */
const HOME = { ...MILAN, address1: 'Corso Como 5' };

/** A text as a pattern that finds it, or that matches it alone. */
const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const exactly = (text: string) => new RegExp(`^${literal(text)}$`);

/** With CHECKOUT_SCREENSHOTS=<folder>, full-page pictures of the screens for the note (en, de and it). */
async function screenshot(page: Page, lang: TestLang, name: string) {
  const folder = process.env.CHECKOUT_SCREENSHOTS;
  if (!folder || !['en', 'de', 'it'].includes(lang)) return;
  mkdirSync(folder, { recursive: true });
  await page.screenshot({ path: join(folder, `${lang}-${name}.png`), fullPage: true });
}

/**
 * Counts the screens a shopper sees from the cart to the payment gateway's page. A screen is an address of the
 * shop's main frame, without its #fragment, other than the one before it: a document loaded (a link followed, a
 * form sent, a redirect's end) or a client route change (history push or replace), both of which Playwright reports
 * as `framenavigated`. The same address shown again (errors answered on the screen they are about) is the same
 * screen; a jump to a fragment (#delivery) is a scroll, not a screen. The cart the count starts from and the
 * gateway's page it ends on are not counted.
 */
function screenCounter(page: Page) {
  // The cart is on when counting starts: its own address was reported before.
  const addresses: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame !== page.mainFrame()) return;
    const address = new URL(frame.url());
    address.hash = '';
    if (addresses.at(-1) !== address.href) addresses.push(address.href);
  });
  return {
    /** The screens after the cart (path and query), short of the gateway's page. */
    screens: () =>
      addresses
        .filter((address) => !Object.values(GATEWAY_PAGES).some((gateway) => gateway.test(address)))
        .map((address) => address.slice(new URL(address).origin.length)),
  };
}

/** A size of an in-stock women's product in the cart, from its page. */
async function putInCart(page: Page, lang: TestLang) {
  const t = TEXTS[lang];
  await openSizedProduct(page, lang, `/${lang}/${WOMEN[lang]}?availability=in_stock`);
  await page.getByRole('button', { name: t.product.addToCart, exact: true }).click();
  // Under load the cart can take a while to answer.
  await expect(page.getByRole('dialog', { name: t.cart.drawer.title })).toBeVisible({ timeout: 30_000 });
}

/** From the cart page, on with its Go to checkout link; returns the counter started on the cart. */
async function checkOutFromCart(page: Page, lang: TestLang, firstStep: 'account' | 'address') {
  await page.goto(`/${lang}/cart`);
  await hydrated(page);
  const counter = screenCounter(page);
  await main(page).getByRole('link', { name: TEXTS[lang].cart.checkout }).click();
  await expect(page).toHaveURL(`/${lang}/checkout?step=${firstStep}`);
  // The address changes as the screen's data arrives, a moment before the screen itself.
  await expect(detailsForm(page)).toBeVisible();
  return counter;
}

/**
 * Every field of the screen, folded ones included, names what a browser may fill it with (`off` where no token
 * fits: a VAT number, a code). Returns how many there are.
 */
async function expectAutofillTokens(page: Page): Promise<number> {
  const fields = main(page).locator('input:not([type=hidden]):not([type=radio]):not([type=checkbox]), select, textarea');
  const untold = await fields.evaluateAll((all) => all.filter((field) => !field.getAttribute('autocomplete')?.trim()).map((field) => field.getAttribute('name')));
  expect(untold).toEqual([]);
  return fields.count();
}

/**
 * The confirmation mail in the development mailbox, opened as a mail program shows its HTML part: the product's
 * picture loaded, its size and colour, both addresses, the totals with VAT as the success page gave them, and a
 * button that opens the order. Returns the button's address.
 */
async function expectHtmlConfirmation(page: Page, lang: TestLang, who: 'guest' | 'customer', order: { email: string; reference: string; attributes: string; total: string; tax: string; street: string }) {
  const t = TEXTS[lang];
  const mail = page.getByRole('listitem').filter({ hasText: order.email }).filter({ hasText: order.reference });
  await expect(async () => {
    await page.goto(`/${lang}/dev/mailbox`);
    await expect(mail).toHaveCount(1, { timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  await mail.getByRole('link', { name: t.mailbox.html }).click();
  await expect(page).toHaveURL(new RegExp(`/${lang}/dev/mailbox/`));
  await expect(page.getByText(order.reference).first()).toBeVisible();
  const picture = page.locator('img').first();
  await expect(picture).toBeVisible();
  await expect.poll(() => picture.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBeGreaterThan(0);
  await expect(page.getByText(order.attributes)).toBeVisible();
  // Delivered and billed to the same address: it is written twice, once under each title.
  await expect(page.getByText(order.street)).toHaveCount(2);
  // Laid out in tables of presentation (mail programs' layout), so found by their text.
  await expect(page.getByText(order.total, { exact: true })).toBeVisible();
  await expect(page.getByText(order.tax, { exact: true })).toBeVisible();
  await screenshot(page, lang, `mail-${who}`);
  const button = page.getByRole('link').filter({ hasText: /./ }).first();
  return (await button.getAttribute('href'))!;
}

/** The success page's reference, its one line's size and colour, and its total and VAT as shown. */
async function successDetails(page: Page, lang: TestLang) {
  const t = TEXTS[lang];
  const reference = await orderReference(page, lang);
  const figures = main(page).locator('dl').filter({ hasText: t.account.taxIncluded });
  const value = (label: string) => figures.locator('dt').filter({ hasText: exactly(label) }).locator('xpath=following-sibling::dd[1]').textContent();
  return {
    reference,
    // The line's second paragraph, under its name.
    attributes: (await main(page).getByRole('region', { name: t.account.orderItems }).getByRole('listitem').first().locator('p').nth(1).textContent())!.trim(),
    total: (await value(t.account.orderTotal))!.trim(),
    tax: (await value(t.account.taxIncluded))!.trim(),
  };
}

for (const lang of LANGS) {
  const t = TEXTS[lang];

  test(`${lang}: a guest buys in at most three screens, every field error at once, and finds the HTML mail with its picture`, async ({ page }) => {
    await putInCart(page, lang);
    const counter = await checkOutFromCart(page, lang, 'account');
    await hydrated(page);
    await screenshot(page, lang, 'checkout-1');
    await expectNoAxeViolations(page);
    // Sign-in, contact, address, billing and invoice fields.
    expect(await expectAutofillTokens(page)).toBeGreaterThan(15);

    // Sent empty: every required field says so at once, beside it, and the first one has the focus.
    await detailsForm(page).getByRole('button', { name: t.checkout.toPayment }).click();
    await expect(main(page).getByRole('alert').first()).toHaveText(t.validation.formIncomplete);
    const field = (label: string) => detailsForm(page).getByLabel(label, { exact: true }).first();
    const required = [t.auth.email, t.auth.firstName, t.auth.lastName, t.account.addressFields.address1, t.account.addressFields.postcode, t.account.addressFields.city];
    for (const label of required) {
      await expect(field(label), label).toHaveAttribute('aria-invalid', 'true');
      await expect(field(label), label).toHaveAccessibleDescription(new RegExp(literal(fill(t.validation.required, { name: label }))));
    }
    await expect(field(t.auth.email)).toBeFocused();
    await expect(page).toHaveURL(`/${lang}/checkout?step=account`);
    await expectNoAxeViolations(page);

    const email = uniqueEmail(`phone-${lang}`);
    await continueAsGuest(page, lang, email);
    await fillAddress(page, lang, HOME);
    for (const label of required) await expect(field(label), label).not.toHaveAttribute('aria-invalid', 'true');
    await chooseCarrier(page, lang, EXPRESS[lang]);
    await choosePayment(page, lang, { axe: true });
    await expectAutofillTokens(page);
    await screenshot(page, lang, 'checkout-2');
    await placeOrder(page, lang);
    // The details screen (its errors shown on it), then the payment screen, then the processor's page.
    expect(counter.screens()).toEqual([`/${lang}/checkout?step=account`, `/${lang}/checkout?step=payment`]);
    await payByCard(page, APPROVED_CARD);

    await expect(page).toHaveURL(new RegExp(`/${lang}/checkout/success\\?order=`));
    const order = await successDetails(page, lang);
    await expectNoAxeViolations(page);
    await screenshot(page, lang, 'success');
    const button = await expectHtmlConfirmation(page, lang, 'guest', { email, street: HOME.address1, ...order });
    // A guest's button opens the order by its token.
    expect(button).toContain(`/${lang}/checkout/success?order=${order.reference}&key=`);
    await page.goto(button);
    await expect(page.getByRole('heading', { level: 2, name: fill(t.account.orderTitle, { reference: order.reference }) })).toBeVisible();
  });

  test(`${lang}: a returning customer buys in two taps after the cart with nothing to type, and finds the mail`, async ({ page }) => {
    const email = uniqueEmail(`again-${lang}`);
    await registerCustomer(page, lang, { email, password: 'Tr4v3l!Blue#Kite' });
    // Her first order: the address typed and saved, express delivery (not the first one offered) chosen.
    await fillCartAndCheckOut(page, lang, 'address');
    await fillAddress(page, lang, HOME);
    await main(page).getByLabel(t.checkout.address.save).check();
    await chooseCarrier(page, lang, EXPRESS[lang]);
    await choosePayment(page, lang);
    await placeOrder(page, lang);
    await payByCard(page, APPROVED_CARD);
    await orderReference(page, lang);

    // The second time, from the cart: everything is known; a tap on Continue, the boxes the law asks for, a tap on
    // Place order. Nothing is typed until the card, on the processor's page.
    await putInCart(page, lang);
    // Whatever is typed into the shop's pages from here on (a key, a paste, autofill) is noted.
    const typed: string[] = [];
    await page.exposeFunction('noteTyping', (name: string) => typed.push(name));
    await page.addInitScript(() =>
      document.addEventListener('beforeinput', (event) => (window as unknown as { noteTyping: (name: string) => void }).noteTyping((event.target as HTMLInputElement).name), true),
    );
    const counter = await checkOutFromCart(page, lang, 'address');
    await expect(detailsForm(page).getByRole('radio', { name: new RegExp(HOME.address1) })).toBeChecked();
    await expect(detailsForm(page).getByRole('radio', { name: EXPRESS[lang] })).toBeChecked();
    await detailsForm(page).getByRole('button', { name: t.checkout.toPayment }).click();
    await expect(page).toHaveURL(`/${lang}/checkout?step=payment`);
    await expect(main(page).getByText(HOME.address1)).toBeVisible();
    await expectNoAxeViolations(page);
    await main(page).getByLabel(withoutTags(t.checkout.review.acceptTerms)).check();
    await main(page).getByLabel(withoutTags(t.checkout.review.acceptPrivacy)).check();
    await main(page).getByRole('button', { name: t.checkout.review.place }).click();
    await expect(page).toHaveURL(GATEWAY_PAGES.card);
    expect(counter.screens()).toEqual([`/${lang}/checkout?step=address`, `/${lang}/checkout?step=payment`]);
    expect(typed).toEqual([]);
    await payByCard(page, APPROVED_CARD);

    const order = await successDetails(page, lang);
    await expectNoAxeViolations(page);
    const button = await expectHtmlConfirmation(page, lang, 'customer', { email, street: HOME.address1, ...order });
    // A customer's button opens the order in her account.
    expect(button).toContain(`/${lang}/my-account/orders?order=${order.reference}`);
  });
}
