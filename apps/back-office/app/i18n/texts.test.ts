import { describe, expect, it } from 'vitest';
import { ALL_TEXTS, createI18n, LANGS } from './texts';

/** Every text of a tree, by its dotted key. */
function flatten(tree: unknown, prefix = ''): Map<string, string> {
  const texts = new Map<string, string>();
  for (const [key, value] of Object.entries(tree as Record<string, unknown>)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') texts.set(path, value);
    else for (const [inner, text] of flatten(value, path)) texts.set(inner, text);
  }
  return texts;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]).sort();
/** A plural form of a counted text (i18next's suffixes): a language may need more forms than English has. */
const PLURAL = /_(zero|one|two|few|many|other)$/;

describe('the back office’s texts', () => {
  const english = ALL_TEXTS.en.map((part) => flatten(part));

  it('are in the six shop languages', () => {
    expect([...LANGS].sort()).toEqual(['de', 'en', 'es', 'fr', 'it', 'pl']);
  });

  it.each(LANGS.filter((lang) => lang !== 'en'))('has every English key in %s, with the same placeholders and a text of its own', (lang) => {
    ALL_TEXTS[lang].forEach((part, index) => {
      const texts = flatten(part);
      for (const [key, text] of english[index]!) {
        expect(texts.has(key), `${lang}: ${key}`).toBe(true);
        expect(texts.get(key)!.trim().length, `${lang}: ${key} is empty`).toBeGreaterThan(0);
        expect(placeholders(texts.get(key)!), `${lang}: ${key}`).toEqual(placeholders(text));
      }
      // Nothing beyond English's keys but the plural forms a language needs, of a counted English text.
      for (const key of texts.keys()) {
        if (english[index]!.has(key)) continue;
        expect(PLURAL.test(key), `${lang}: ${key} is not an English key`).toBe(true);
        const base = key.replace(PLURAL, '');
        expect(english[index]!.has(base) || english[index]!.has(`${base}_other`), `${lang}: ${key}`).toBe(true);
      }
    });
  });

  it('reads counted texts in each language’s plural forms (Polish has three)', () => {
    const t = (lang: (typeof LANGS)[number]) => createI18n(lang).t;
    expect(t('pl')('returns.count', { count: 1 })).toBe('1 zwrot');
    expect(t('pl')('returns.count', { count: 3 })).toBe('3 zwroty');
    expect(t('pl')('returns.count', { count: 7 })).toBe('7 zwrotów');
    expect(t('fr')('team.count', { count: 2 })).toBe('2 membres de l’équipe');
    expect(t('de')('orderActions.parcelQuantity', { name: 'Hemd', left: 1, ordered: 2 })).toBe('Hemd: Menge in diesem Paket (noch 1 von 2 zu versenden)');
    expect(t('es')('refusals.staff_exists')).toContain('ya está en el equipo');
    expect(t('pl')('catalogue.count', { count: 3 })).toBe('3 produkty');
    expect(t('pl')('promotions.codesCount', { count: 12 })).toBe('12 kodów');
    expect(t('pl')('photos.count', { count: 1 })).toBe('1 zdjęcie, pokazywane w tej kolejności');
  });

  it('reads the catalogue’s, photos’ and promotions’ pages in every language, not in English', () => {
    expect(createI18n('fr').t('catalogue.done.grid', { count: 2 })).toBe('2 variantes ont été créées.');
    expect(createI18n('es').t('promotions.endSale', { name: 'Invierno' })).toBe('Terminar «Invierno» ahora');
    expect(createI18n('de').t('photos.title', { name: 'Hemd' })).toBe('Fotos von Hemd');
    expect(createI18n('pl').t('refusals.photo_missing')).toBe('Najpierw wybierz plik zdjęcia.');
    expect(createI18n('de').t('fieldErrors.promo_code')).toBe('Geben Sie 3 bis 32 Buchstaben, Ziffern, - oder _ ein.');
  });
});
