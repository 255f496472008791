import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';

export { SHOPS } from '../playwright.config';

/** The shop's texts per language, to find things by what a shopper reads in that language. */
const LANGS = ['en', 'fr', 'it', 'es', 'de'] as const;
export type TestLang = (typeof LANGS)[number];
type Messages = typeof import('../../apps/storefront/app/i18n/locales/en.json');
export const TEXTS = Object.fromEntries(
  LANGS.map((lang) => [lang, JSON.parse(readFileSync(new URL(`../../apps/storefront/app/i18n/locales/${lang}.json`, import.meta.url), 'utf8'))]),
) as Record<TestLang, Messages>;

/** axe finds no violation on the page as it is now. */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** The first product link of the page's product list. */
export function firstProductLink(page: Page) {
  return page.getByRole('list', { name: /./ }).first().getByRole('link').first();
}
