import { TEXT_LANGUAGES, type TextLang } from '@shop/contract';
import { describe, expect, it } from 'vitest';

/**
 * One voice per language (glossary/<lang>.json): the register the shop speaks in, the words it uses for its
 * things, and the words it must not use (another register, a synonym of a glossary term, another spelling).
 */
type Glossary = {
  language: string;
  register: string;
  terms: Record<string, string>;
  forbidden: Array<{ word: string; use: string; caseSensitive?: boolean }>;
};
type Tree = { [key: string]: string | Tree };

const glossaries = import.meta.glob<Glossary>('./glossary/*.json', { eager: true, import: 'default' });
const localeFiles = import.meta.glob<Tree>('./locales/*/*.json', { eager: true, import: 'default' });

/** Every text of a language, with its key path; placeholders (`{{name}}`) are not words of the text. */
function textsOf(lang: TextLang): Array<[string, string]> {
  const texts: Array<[string, string]> = [];
  const walk = (tree: Tree, prefix: string) => {
    for (const [key, value] of Object.entries(tree)) {
      if (typeof value === 'string') texts.push([`${prefix}${key}`, value.replace(/\{\{\w+\}\}/g, ' ')]);
      else walk(value, `${prefix}${key}.`);
    }
  };
  for (const [path, tree] of Object.entries(localeFiles)) if (path.startsWith(`./locales/${lang}/`)) walk(tree, `${path.split('/').pop()}: `);
  return texts;
}

/** The word on its own (not inside another word), letters of any alphabet counted. */
const wordPattern = ({ word, caseSensitive }: Glossary['forbidden'][number]) =>
  new RegExp(`(?<![\\p{L}\\p{N}])${word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}\\p{N}])`, caseSensitive ? 'u' : 'iu');

describe('glossaries', () => {
  it.each(TEXT_LANGUAGES)('%s has a glossary with a register, its terms and forbidden words', (lang) => {
    const glossary = glossaries[`./glossary/${lang}.json`];
    expect(glossary?.register).toBeTruthy();
    expect(Object.keys(glossary?.terms ?? {})).toEqual(expect.arrayContaining(['cart', 'wishlist', 'checkout', 'size']));
    expect(glossary?.forbidden.length).toBeGreaterThan(0);
  });

  it.each(TEXT_LANGUAGES)('%s texts use no word its glossary forbids', (lang) => {
    const { forbidden } = glossaries[`./glossary/${lang}.json`]!;
    const found = textsOf(lang).flatMap(([key, text]) =>
      forbidden.filter((rule) => wordPattern(rule).test(text)).map((rule) => `${key}: '${rule.word}' (use '${rule.use}') in “${text.trim()}”`),
    );
    expect(found).toEqual([]);
  });

  it('catches a forbidden word on its own, in any case where the rule says so, and not inside another word', () => {
    expect(wordPattern({ word: 'du', use: 'Sie' }).test('Meintest du das?')).toBe(true);
    expect(wordPattern({ word: 'du', use: 'Sie' }).test('Du bist')).toBe(true);
    expect(wordPattern({ word: 'du', use: 'Sie' }).test('Produkt')).toBe(false);
    expect(wordPattern({ word: 'Lei', use: 'tu', caseSensitive: true }).test('lei è')).toBe(false);
    expect(wordPattern({ word: 'Lei', use: 'tu', caseSensitive: true }).test('Lei può')).toBe(true);
    expect(wordPattern({ word: 'ta', use: 'votre' }).test('ta commande')).toBe(true);
    expect(wordPattern({ word: 'ta', use: 'votre' }).test('taille')).toBe(false);
  });
});
