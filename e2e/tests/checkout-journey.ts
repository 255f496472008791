import { expect, type Locator, type Page } from '@playwright/test';
import { before, expectNoAxeViolations, openSizedProduct, TEXTS, withoutTags, type TestLang } from './fixtures';

/** The steps of a purchase as a shopper takes them, shared by the checkout's and the gateways' journeys. */

type GatewayName = 'card' | 'paypal' | 'multisafepay';

export const APPROVED_CARD = '4242 4242 4242 4242';
export const DECLINED_CARD = '4000 0000 0000 0002';

export type Address = { firstName: string; lastName: string; address1: string; postcode: string; city: string; country: string; state?: string };
export const MILAN: Address = { firstName: 'Giulia', lastName: 'Rossi', address1: 'Via Solferino 10', postcode: '20121', city: 'Milano', country: 'IT', state: 'MI' };
export const PARIS: Address = { firstName: 'Camille', lastName: 'Martin', address1: 'Rue de Rivoli 20', postcode: '75001', city: 'Paris', country: 'FR' };

/** The women's category, by its slug in each language. */
export const WOMEN: Record<TestLang, string> = { en: '3-women', fr: '3-femme', it: '3-donna', es: '3-mujer', de: '3-damen' };

/** The standard carrier's name in each language (the demo shop's carriers). */
export const STANDARD_DELIVERY: Record<TestLang, RegExp> = {
  en: /Standard delivery/,
  fr: /Livraison standard/,
  it: /Consegna standard/,
  es: /Envío estándar/,
  de: /Standardversand/,
};

export const uniqueEmail = (who: string) => `${who}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;

/** Puts a size of an in-stock women's product in the cart from its page and goes to the checkout from the mini cart. */
export async function fillCartAndCheckOut(page: Page, lang: TestLang, firstStep = 'account') {
  const t = TEXTS[lang];
  await openSizedProduct(page, lang, `/${lang}/${WOMEN[lang]}?availability=in_stock`);
  await page.getByRole('button', { name: t.product.addToCart, exact: true }).click();
  await page.getByRole('dialog', { name: t.cart.drawer.title }).getByRole('link', { name: t.cart.checkout }).click();
  await expect(page).toHaveURL(`/${lang}/checkout?step=${firstStep}`);
}

export const main = (page: Page) => page.getByRole('main');

/** The checkout's first screen's form (contact, address, delivery, billing), beside the folded sign-in form. */
export const detailsForm = (page: Page) => page.locator('form#checkout-details');

/** The contact section of the first screen: a guest's email. */
export async function continueAsGuest(page: Page, lang: TestLang, email: string) {
  const t = TEXTS[lang];
  await detailsForm(page).getByLabel(t.auth.email, { exact: true }).fill(email);
}

export async function fillAddress(page: Page, lang: TestLang, address: Address, where: Locator = main(page)) {
  const t = TEXTS[lang];
  const field = (label: string) => where.getByLabel(label, { exact: true }).first();
  await field(t.auth.firstName).fill(address.firstName);
  await field(t.auth.lastName).fill(address.lastName);
  await field(t.account.addressFields.address1).fill(address.address1);
  await field(t.account.addressFields.postcode).fill(address.postcode);
  await field(t.account.addressFields.city).fill(address.city);
  await field(t.account.addressFields.country).selectOption(address.country);
  if (address.state) await field(t.account.addressFields.state).selectOption(address.state);
}

/** The delivery section of the first screen, then its button: on to the payment (or to the collection points). */
export async function chooseCarrier(page: Page, lang: TestLang, carrier: RegExp | string) {
  const t = TEXTS[lang];
  await detailsForm(page).getByRole('radio', { name: carrier }).check();
  await detailsForm(page).getByRole('button', { name: t.checkout.toPayment }).click();
}

/** The second screen: codes and note folded away, the gateway chosen; the review and Place order below. */
export async function choosePayment(page: Page, lang: TestLang, { axe = false, gateway = 'card' as GatewayName } = {}) {
  const t = TEXTS[lang];
  await expect(page).toHaveURL(`/${lang}/checkout?step=payment`);
  if (axe) await expectNoAxeViolations(page);
  await main(page).getByRole('radio', { name: t.checkout.gateways[gateway] }).check();
}

/** Card: the processor's hosted page; PayPal: its approval page; MultiSafepay: its payment page. */
export const GATEWAY_PAGES: Record<GatewayName, RegExp> = { card: /\/pay\/cs_/, paypal: /\/checkoutnow\?token=/, multisafepay: /:\d+\/pay\// };

export async function placeOrder(page: Page, lang: TestLang, gateway: GatewayName = 'card') {
  const t = TEXTS[lang];
  await main(page).getByLabel(withoutTags(t.checkout.review.acceptTerms)).check();
  await main(page).getByLabel(withoutTags(t.checkout.review.acceptPrivacy)).check();
  await main(page).getByRole('button', { name: t.checkout.review.place }).click();
  // On to the gateway's own page: a card is typed there, never on the shop's.
  await expect(page).toHaveURL(GATEWAY_PAGES[gateway]);
}

/** On the card processor's page (its own texts): name, number, expiry, code, then its pay button. */
export async function payByCard(page: Page, number: string) {
  await page.locator('input[name=cardholder_name]').fill('Test Shopper');
  await page.locator('input[name=card_number]').fill(number);
  await page.locator('input[name=expiry]').fill('12/34');
  await page.locator('input[name=cvc]').fill('123');
  await page.locator('button[type=submit]').click();
}

/** The confirmation mail in the development mailbox: its subject names the order. */
export async function expectConfirmationMail(page: Page, lang: TestLang, email: string, reference: string, subject: RegExp) {
  // Exactly one mail with this subject to this shopper about this order.
  const mail = page.getByRole('listitem').filter({ hasText: email }).filter({ hasText: reference }).filter({ has: page.getByRole('heading', { name: subject }) });
  await expect(async () => {
    await page.goto(`/${lang}/dev/mailbox`);
    await expect(mail).toHaveCount(1, { timeout: 1000 });
  }).toPass({ timeout: 20_000 });
}

export async function orderReference(page: Page, lang: TestLang): Promise<string> {
  const t = TEXTS[lang];
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.checkout.successTitle);
  const shown = await page.getByText(new RegExp(`^${before(t.checkout.success.reference)}`)).textContent();
  return shown!.replace(before(t.checkout.success.reference), '').trim();
}

