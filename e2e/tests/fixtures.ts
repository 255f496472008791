import AxeBuilder from '@axe-core/playwright';
import { expect, type BrowserContext, type Page } from '@playwright/test';
import { readdirSync, readFileSync } from 'node:fs';

import { CONSENT_VERSION } from '../../apps/storefront/app/lib/consent';

export { SHOPS } from '../playwright.config';

/** The shop's texts per language, to find things by what a shopper reads in that language. */
const LANGS = ['en', 'fr', 'it', 'es', 'de'] as const;
export type TestLang = (typeof LANGS)[number];
type Messages = typeof import('../../apps/storefront/app/i18n/locales/en/common.json') &
  typeof import('../../apps/storefront/app/i18n/locales/en/catalog.json') &
  typeof import('../../apps/storefront/app/i18n/locales/en/account.json') &
  typeof import('../../apps/storefront/app/i18n/locales/en/validation.json') &
  typeof import('../../apps/storefront/app/i18n/locales/en/wishlist.json') &
  typeof import('../../apps/storefront/app/i18n/locales/en/cart.json') &
  typeof import('../../apps/storefront/app/i18n/locales/en/checkout.json') &
  typeof import('../../apps/storefront/app/i18n/locales/en/geo.json') &
  typeof import('../../apps/storefront/app/i18n/locales/en/consent.json');

/** A language's texts: every feature file of its folder, merged as the storefront merges them. */
function readTexts(lang: TestLang): Messages {
  const folder = new URL(`../../apps/storefront/app/i18n/locales/${lang}/`, import.meta.url);
  const files = readdirSync(folder).filter((name) => name.endsWith('.json'));
  return Object.assign({}, ...files.map((name) => JSON.parse(readFileSync(new URL(name, folder), 'utf8'))));
}

export const TEXTS = Object.fromEntries(LANGS.map((lang) => [lang, readTexts(lang)])) as Record<TestLang, Messages>;

/**
 * The shopper already answered the cookie-consent dialog (necessary cookies only): for tests of a shop with a tag
 * manager (the blue shop) that are about something else. Cookies ignore ports: every shop on this host gets it.
 */
export async function consentAnswered(context: BrowserContext) {
  await context.addCookies([{ name: 'consent', value: `${CONSENT_VERSION}..2026-01-01T00:00:00.000Z`, domain: '127.0.0.1', path: '/' }]);
}

/** axe finds no violation on the page as it is now, once its fades have ended. */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  // A fade still under way (a listing coming back from its loading dim) would be measured at a passing contrast.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation instanceof CSSTransition)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** The first product link of the page's product list. */
export function firstProductLink(page: Page) {
  return page.getByRole('list', { name: /./ }).first().getByRole('link').first();
}

/** The one-time message of the page (other live regions may be empty). */
export async function expectFlash(page: Page, text: string) {
  await expect(page.getByRole('status').filter({ hasText: text })).toBeVisible();
}

export type NewCustomer = { email: string; password: string; firstName?: string; lastName?: string };

/** With JavaScript, waits until React runs the page: fields filled before that may be reset as it takes over. */
export async function hydrated(page: Page) {
  await page.waitForFunction(() => '__reactRouterDataRouter' in window);
}

type Browsing = { javaScript?: boolean };

/** Fills in and sends the registration form; the screen then asks the shopper to check their email. */
export async function sendRegistration(
  page: Page,
  lang: TestLang,
  { email, password, firstName = 'Chiara', lastName = 'Bianchi' }: NewCustomer,
  { javaScript = true }: Browsing = {},
) {
  const t = TEXTS[lang];
  await page.goto(`/${lang}/auth/register`);
  if (javaScript) await hydrated(page);
  await page.getByLabel(t.auth.firstName, { exact: true }).fill(firstName);
  await page.getByLabel(t.auth.lastName, { exact: true }).fill(lastName);
  await page.getByLabel(t.auth.email).fill(email);
  await page.getByLabel(t.auth.password, { exact: true }).fill(password);
  await page.getByLabel(t.auth.confirmPassword).fill(password);
  await page.getByRole('button', { name: t.auth.createAccount }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.auth.checkEmailTitle);
  await expect(page.getByRole('status').filter({ hasText: t.auth.checkEmailText })).toBeVisible();
}

/**
 * Opens the development mailbox (the main e2e shop runs with DEV_MAILBOX=on) until the newest mail to `email`
 * with a link matching `link` has arrived (mail goes out after the shop has answered), and follows that link.
 */
export async function followMailedLink(page: Page, lang: TestLang, email: string, link: RegExp) {
  const mailLink = page.getByRole('listitem').filter({ hasText: email }).getByRole('link', { name: link }).first();
  await expect(async () => {
    await page.goto(`/${lang}/dev/mailbox`);
    await expect(mailLink).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  await mailLink.click();
}

/** Follows the confirmation mail's link and confirms: the shopper lands signed in on the account screen. */
export async function confirmRegistration(page: Page, lang: TestLang, email: string) {
  const t = TEXTS[lang];
  await followMailedLink(page, lang, email, /confirm-account\?token=/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.auth.confirmTitle);
  await page.getByRole('button', { name: t.auth.confirmAccount }).click();
  await expect(page).toHaveURL(`/${lang}/my-account`);
  await expectFlash(page, t.flash.registered);
}

/** A new customer, registered and confirmed through the mailed link, signed in on the account screen. */
export async function registerCustomer(page: Page, lang: TestLang, customer: NewCustomer, browsing: Browsing = {}) {
  await sendRegistration(page, lang, customer, browsing);
  await confirmRegistration(page, lang, customer.email);
}

/** A text with its placeholders filled in, as the shop shows it. */
export function fill(text: string, values: Record<string, string | number>): string {
  return Object.entries(values).reduce((result, [name, value]) => result.replaceAll(`{{${name}}}`, String(value)), text);
}

/** A text with markup for a link (`I accept the <page>terms of sale</page>`) as the shopper reads it. */
export const withoutTags = (text: string) => text.replace(/<\/?\w+>/g, '');

/** The part of a text before its first placeholder (for texts with a date or an amount in them). */
export const before = (text: string) => text.split('{{')[0]!.trim();

/** An amount as the shop shows it ('€90.04', '90,04 €'), in cents. */
export const cents = (shown: string | null) => Number((shown ?? '').replace(/\D/g, ''));

/**
 * Opens the first product of a listing and picks the first size that can go in the cart as it is (in stock
 * for three at least, no pre-order or backorder consent needed). Returns the product's name.
 */
export async function openSizedProduct(page: Page, lang: TestLang, listing: string): Promise<string> {
  const t = TEXTS[lang];
  await page.goto(listing);
  await page.getByRole('list', { name: t.catalog.products }).getByRole('link').first().click();
  await expect(page).toHaveURL(/\.html/);
  const sizes = page.locator('#size-choice');
  const add = page.getByRole('button', { name: t.product.addToCart, exact: true });
  // The address changes before the product is on screen: wait for its sizes.
  await expect(sizes.getByRole('link').first()).toBeVisible();
  for (const size of await sizes.getByRole('link').all()) {
    await size.click();
    await expect(size).toHaveAttribute('aria-current', 'true');
    const addable = (await add.count()) === 1 && (await add.isEnabled());
    if (addable && (await page.getByLabel(t.product.quantity).getByRole('option').count()) >= 3) {
      return (await page.getByRole('heading', { level: 1 }).textContent())!;
    }
  }
  throw new Error(`no size of ${page.url()} can be added to the cart`);
}
