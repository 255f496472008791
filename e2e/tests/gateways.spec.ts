import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect, test, type Page } from '@playwright/test';
import { E2E_ADMIN_TOKEN, SHOPS } from '../playwright.config';
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
} from './checkout-journey';
import { expectNoAxeViolations, registerCustomer, TEXTS, type TestLang } from './fixtures';

// Purchases through the PayPal and MultiSafepay sandboxes (their own pages, outside axe's audit of the shop).
test.describe.configure({ timeout: 120_000 });

const BERLIN = { firstName: 'Lena', lastName: 'Schmidt', address1: 'Torstraße 120', postcode: '10115', city: 'Berlin', country: 'DE' };

/** A guest's checkout up to Place order, paying with `gateway`; axe runs on the payment screen. */
async function guestCheckout(page: Page, lang: TestLang, gateway: 'paypal' | 'multisafepay', email: string) {
  await fillCartAndCheckOut(page, lang);
  await continueAsGuest(page, lang, email);
  await fillAddress(page, lang, MILAN);
  await chooseCarrier(page, lang, STANDARD_DELIVERY[lang]);
  await choosePayment(page, lang, { gateway, axe: true });
}

test('a guest pays with MultiSafepay in Italian and lands on the confirmation, with its mail', async ({ page }) => {
  const lang = 'it';
  const email = uniqueEmail('msp');
  await guestCheckout(page, lang, 'multisafepay', email);
  await placeOrder(page, lang, 'multisafepay');
  // MultiSafepay's page: the card among its methods, then the issuer's approval.
  await page.locator('input[name=method][value=CREDITCARD]').check();
  await page.locator('form:has(input[name=method]) button[type=submit]').click();
  await page.locator('button[name=outcome][value=approve]').click();
  await expect(page).toHaveURL(new RegExp(`/${lang}/checkout/success\\?order=`));
  const reference = await orderReference(page, lang);
  await expect(page.getByText(TEXTS[lang].checkout.gateways.multisafepay)).toBeVisible();
  await expectConfirmationMail(page, lang, email, reference, new RegExp(`Il tuo ordine ${reference} è confermato`));
  const orderPage = page.url();

  // The shop refunds the whole order from its back office; the shopper's order page and mailbox say so.
  const refunded = await promisify(execFile)('node', ['scripts/refund.mjs', reference], {
    cwd: fileURLToPath(new URL('../..', import.meta.url)),
    env: { ...process.env, ADMIN_TOKEN: E2E_ADMIN_TOKEN, SHOP_API_URL: SHOPS.main.replace(/:(\d+)$/, (_, port) => `:${Number(port) + 1000}`) },
  });
  expect(refunded.stdout).toMatch(new RegExp(`order ${reference} is refunded`));
  await expectConfirmationMail(page, lang, email, reference, new RegExp(`Rimborso del tuo ordine ${reference}`));
  await page.goto(orderPage);
  await expect(page.getByText(TEXTS[lang].account.status.refunded)).toBeVisible();
  await expect(page.getByText(TEXTS[lang].checkout.orderDetails.refunded)).toBeVisible();
});

test('a customer pays with PayPal in German, with its instalments offered, and lands on the confirmation', async ({ page }) => {
  const lang = 'de';
  const t = TEXTS[lang];
  const email = uniqueEmail('paypal');
  await registerCustomer(page, lang, { email, password: 'Tr4v3l!Blue#Kite' });
  await fillCartAndCheckOut(page, lang, 'address');
  await fillAddress(page, lang, BERLIN);
  await chooseCarrier(page, lang, STANDARD_DELIVERY[lang]);
  await expect(page).toHaveURL(`/${lang}/checkout?step=payment`);
  await expect(main(page).getByText(/PayPal in 3 zinsfreien Raten/)).toBeVisible();
  await main(page).getByRole('radio', { name: t.checkout.gateways.paypal }).check();
  await expectNoAxeViolations(page);
  await placeOrder(page, lang, 'paypal');
  await page.locator('button[name=action][value=approve]').click();
  await expect(page).toHaveURL(new RegExp(`/${lang}/checkout/success\\?order=`));
  const reference = await orderReference(page, lang);
  await expectConfirmationMail(page, lang, email, reference, new RegExp(`Ihre Bestellung ${reference} ist bestätigt`));
});

test('a shopper cancels on PayPal, comes back to the failed page and pays by card instead', async ({ page }) => {
  const lang = 'en';
  const t = TEXTS[lang];
  const email = uniqueEmail('changed-mind');
  await guestCheckout(page, lang, 'paypal', email);
  await placeOrder(page, lang, 'paypal');
  await page.locator('button[name=action][value=cancel]').click();
  await expect(page).toHaveURL(/\/en\/checkout\/failed\?order=/);
  await expect(page.getByText(t.checkout.failed.cancelled)).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('radio', { name: t.checkout.gateways.card }).check();
  await page.getByRole('button', { name: t.checkout.failed.retry }).click();
  await expect(page).toHaveURL(/\/pay\/cs_/);
  await payByCard(page, APPROVED_CARD);
  const reference = await orderReference(page, lang);
  await expect(page.getByText(t.checkout.gateways.card)).toBeVisible();
  await expectConfirmationMail(page, lang, email, reference, new RegExp(`Your order ${reference} is confirmed`));
});
