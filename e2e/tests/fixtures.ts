import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { readdirSync, readFileSync } from 'node:fs';

export { SHOPS } from '../playwright.config';

/** The shop's texts per language, to find things by what a shopper reads in that language. */
const LANGS = ['en', 'fr', 'it', 'es', 'de'] as const;
export type TestLang = (typeof LANGS)[number];
type Messages = typeof import('../../apps/storefront/app/i18n/locales/en/common.json') &
  typeof import('../../apps/storefront/app/i18n/locales/en/catalog.json') &
  typeof import('../../apps/storefront/app/i18n/locales/en/account.json') &
  typeof import('../../apps/storefront/app/i18n/locales/en/validation.json') &
  typeof import('../../apps/storefront/app/i18n/locales/en/wishlist.json') &
  typeof import('../../apps/storefront/app/i18n/locales/en/cart.json');

/** A language's texts: every feature file of its folder, merged as the storefront merges them. */
function readTexts(lang: TestLang): Messages {
  const folder = new URL(`../../apps/storefront/app/i18n/locales/${lang}/`, import.meta.url);
  const files = readdirSync(folder).filter((name) => name.endsWith('.json'));
  return Object.assign({}, ...files.map((name) => JSON.parse(readFileSync(new URL(name, folder), 'utf8'))));
}

export const TEXTS = Object.fromEntries(LANGS.map((lang) => [lang, readTexts(lang)])) as Record<TestLang, Messages>;

/** axe finds no violation on the page as it is now. */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** The first product link of the page's product list. */
export function firstProductLink(page: Page) {
  return page.getByRole('list', { name: /./ }).first().getByRole('link').first();
}
