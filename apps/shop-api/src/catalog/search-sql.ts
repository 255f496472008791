import type { Lang, TextLang } from '@shop/contract';
import { sql, type SQL } from 'drizzle-orm';

/**
 * The text-search configuration of each language (as search_config() in migration 0010): the language's stemmer
 * after unaccent, so that 'echarpe' finds 'écharpe'. Polish (migration 0030) has no stemmer, only unaccent: it
 * reads the vocabulary's Polish words, the catalogue has no Polish texts.
 */
export const TEXT_SEARCH_CONFIG: Record<TextLang, string> = {
  en: 'shop_english',
  fr: 'shop_french',
  it: 'shop_italian',
  es: 'shop_spanish',
  de: 'shop_german',
  pl: 'shop_polish',
};

/** PostgreSQL's own configuration of each language, which drops its stop words (shop_spanish keeps them, for 'ante'). */
const STOP_WORDS_CONFIG: Record<TextLang, string> = { en: 'english', fr: 'french', it: 'italian', es: 'spanish', de: 'german', pl: 'simple' };
export const stopWordsConfig = (lang: TextLang) => sql.raw(`'${STOP_WORDS_CONFIG[lang]}'::regconfig`);

/**
 * Language and configuration as SQL literals, not parameters: the planner reads only the language's partition
 * of catalog_search_entries, and knows its statistics, when it sees the constant. Both come from fixed lists,
 * never from input.
 */
const langLiteral = (lang: Lang) => sql.raw(`'${lang}'`);
export const configLiteral = (lang: TextLang) => sql.raw(`'${TEXT_SEARCH_CONFIG[lang]}'::regconfig`);

/**
 * The rows of catalog_search_entries `entry` (migration 0013: one per active product and language) in `lang`
 * whose document (name A, description B) matches `query`.
 */
export function searchMatch(lang: Lang, entry: SQL, query: SQL): SQL {
  return sql`${entry}.lang = ${langLiteral(lang)} and ${entry}.document @@ ${query}`;
}

/** `pt` is the translation in `lang`. */
export const translationIn = (lang: Lang) => sql`pt.lang = ${langLiteral(lang)}`;

/** The words of a query, lowercased; punctuation and operators are dropped. At most `max` words. */
export function queryWords(q: string, max = 6): string[] {
  return (q.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, max);
}

/** A tsquery matching names that have words starting with each typed word (the shopper is still typing). */
export function namePrefixQuery(lang: Lang, words: string[]): SQL {
  // Words hold only letters and digits (queryWords), so no quoting is needed inside the tsquery text.
  return sql`to_tsquery(${configLiteral(lang)}, ${words.map((word) => `${word}:*A`).join(' & ')})`;
}

/** What a shopper types in the search page: words, "phrases", OR and -exclusions (websearch syntax). */
export function websearchQuery(lang: Lang, q: string): SQL {
  return sql`websearch_to_tsquery(${configLiteral(lang)}, ${q})`;
}
