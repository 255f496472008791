import { TEXT_LANGUAGES } from '@shop/contract';
import { describe, expect, it } from 'vitest';
import { loadResources } from './i18n';

type Tree = { [key: string]: string | Tree };

/** Key paths with plural suffixes folded (`count_one`, `count_few` → `count`), each with its placeholders. */
function entries(tree: Tree, prefix = ''): Map<string, string[]> {
  const result = new Map<string, string[]>();
  for (const [key, value] of Object.entries(tree)) {
    const path = `${prefix}${key.replace(/_(zero|one|two|few|many|other)$/, '')}`;
    if (typeof value === 'string') {
      expect(value.trim(), path).not.toBe('');
      result.set(path, [...new Set([...(result.get(path) ?? []), ...(value.match(/\{\{\w+\}\}/g) ?? [])])].sort());
    } else {
      for (const [childPath, placeholders] of entries(value, `${path}.`)) result.set(childPath, placeholders);
    }
  }
  return result;
}

describe('texts', () => {
  it.each(TEXT_LANGUAGES)('%s: no two feature files define the same top-level key', (lang) => {
    const files = import.meta.glob<Tree>('./locales/*/*.json', { eager: true, import: 'default' });
    const owners = new Map<string, string>();
    for (const [path, tree] of Object.entries(files).filter(([path]) => path.startsWith(`./locales/${lang}/`))) {
      for (const key of Object.keys(tree)) {
        expect(owners.get(key), `${key} is in ${owners.get(key)} and ${path}`).toBeUndefined();
        owners.set(key, path);
      }
    }
    expect(owners.size).toBeGreaterThan(0);
  });

  it.each(TEXT_LANGUAGES)('%s has every English key, with the same placeholders', async (lang) => {
    const resources = await loadResources(lang);
    const english = entries((await loadResources('en')).en!.translation as Tree);
    const translated = entries(resources[lang]!.translation as Tree);
    expect([...translated.keys()].sort()).toEqual([...english.keys()].sort());
    for (const [path, placeholders] of english) expect(translated.get(path), `${lang}: ${path}`).toEqual(placeholders);
  });

  // The browser gets only the page's language, without the English fallback (root.tsx): a plural form missing
  // there would show its key instead of the English text.
  it.each(TEXT_LANGUAGES)('%s has every plural form its language needs', async (lang) => {
    const categories = new Intl.PluralRules(lang).resolvedOptions().pluralCategories;
    const missing: string[] = [];
    const visit = (tree: Tree, prefix: string) => {
      const keys = Object.keys(tree);
      for (const key of keys) {
        const value = tree[key]!;
        if (typeof value !== 'string') visit(value, `${prefix}${key}.`);
        const base = /^(.*)_other$/.exec(key)?.[1];
        if (base) for (const category of categories) if (!keys.includes(`${base}_${category}`)) missing.push(`${prefix}${base}_${category}`);
      }
    };
    visit((await loadResources(lang))[lang]!.translation as Tree, '');
    expect(missing).toEqual([]);
  });

  // EU consumer rights (directive 2011/83/EU, art. 8(2)): the button that places the order says that it
  // obliges to pay, in the directive's words for each language; the consent lines link the words of their page.
  const OBLIGATION_TO_PAY: Record<string, RegExp> = {
    en: /^Order with obligation to pay$/,
    fr: /obligation de paiement/,
    it: /obbligo di pagamento/,
    es: /obligación de pago/,
    de: /^Zahlungspflichtig bestellen$/,
    pl: /obowiązkiem zapłaty/,
  };
  it.each(TEXT_LANGUAGES)('%s: Place order names the obligation to pay; the consent lines mark their page', async (lang) => {
    const { checkout } = (await loadResources(lang))[lang]!.translation as { checkout: { review: Record<string, string> } };
    expect(checkout.review.place).toMatch(OBLIGATION_TO_PAY[lang]!);
    for (const line of [checkout.review.acceptTerms!, checkout.review.acceptPrivacy!]) expect(line).toMatch(/^[^<]*<page>[^<]+<\/page>[^<]*$/);
  });

  // A text that reads exactly as the English one is an English leftover ('Login to Review' in Italian), unless the
  // word is the same in that language: names, and the words listed here after a look at each.
  const SAME_EVERYWHERE = ['site.name', 'badges.black_friday', 'badges.outlet', 'checkout.gateways.paypal', 'consent.categories.marketing.name', 'account.newsletterTitle', 'checkout.points.distance'];
  const SAME_AS_ENGLISH: Record<string, string[]> = {
    fr: ['account.lineTotal', 'account.orderDate', 'account.orderTotal', 'badges.promo', 'cart.total', 'catalog.pageTitle', 'checkout.review.codes', 'checkout.review.contact', 'checkout.stepMessage', 'header.menu', 'mailbox.date', 'pagination.label', 'pagination.page', 'product.description', 'reviews.photos.label', 'search.suggestionCount'],
    it: ['auth.password', 'badges.promo', 'checkout.stepAccount', 'header.home', 'header.menu', 'reviews.criteria.comfort', 'reviews.inLanguage', 'search.categoryIn'],
    es: ['account.lineTotal', 'account.orderTotal', 'badges.promo', 'cart.subtotal', 'cart.total', 'errors.statusCode'],
    de: ['account.orderDetails', 'account.orderStatus', 'badges.sale', 'checkout.review.codes', 'footer.sitemap', 'forms.optional', 'reviews.form.optional', 'search.categoryIn'],
    pl: ['account.orderStatus', 'header.menu'],
  };
  const texts = (tree: Tree, prefix = ''): [string, string][] =>
    Object.entries(tree).flatMap(([key, value]) => {
      const path = `${prefix}${key.replace(/_(zero|one|two|few|many|other)$/, '')}`;
      return typeof value === 'string' ? [[path, value] as [string, string]] : texts(value, `${path}.`);
    });
  it.each(TEXT_LANGUAGES.filter((lang) => lang !== 'en'))('%s has no English leftovers', async (lang) => {
    const english = new Map(texts((await loadResources('en')).en!.translation as Tree));
    const allowed = new Set([...SAME_EVERYWHERE, ...(SAME_AS_ENGLISH[lang] ?? [])]);
    const leftovers = texts((await loadResources(lang))[lang]!.translation as Tree)
      // Words, not only placeholders and signs ('({{n}})').
      .filter(([path, value]) => english.get(path) === value && /[a-z]{2,}/i.test(value.replace(/\{\{\w+\}\}/g, '')) && !allowed.has(path))
      .map(([path]) => path);
    expect([...new Set(leftovers)]).toEqual([]);
  });
});
