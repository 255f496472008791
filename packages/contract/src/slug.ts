import type { Lang } from './locales.ts';

/**
 * The shop's slugs (ADR 59): lowercase ASCII letters and digits in words joined by single hyphens. Addresses stay
 * ASCII in every language, as the big European fashion shops keep theirs: what a merchant types with accents or
 * letters outside a–z (été, größe, żółty) is refused with its spelling in ASCII offered instead.
 */
export const SLUG_WORDS = '[a-z0-9]+(?:-[a-z0-9]+)*';
export const SLUG_PATTERN = new RegExp(`^${SLUG_WORDS}$`);

// German spells umlauts out in URLs (Größe → groesse), other languages just drop the accent.
const GERMAN_LETTERS: Record<string, string> = { ä: 'ae', ö: 'oe', ü: 'ue', Ä: 'Ae', Ö: 'Oe', Ü: 'Ue' };
// Letters Unicode does not split into a base letter and an accent: written as their languages spell them in ASCII.
const SPELLED: Record<string, string> = { ß: 'ss', ẞ: 'ss', æ: 'ae', Æ: 'ae', œ: 'oe', Œ: 'oe', ø: 'o', Ø: 'o', ł: 'l', Ł: 'l', đ: 'd', Đ: 'd', ð: 'd', Ð: 'd', þ: 'th', Þ: 'th', ı: 'i' };

/** ASCII, lowercase, hyphen-separated: matches SLUG_PATTERN for any text with a letter or digit (empty otherwise). */
export function slugify(text: string, lang?: Lang): string {
  const spelled = lang === 'de' ? text.replace(/[äöüÄÖÜ]/g, (letter) => GERMAN_LETTERS[letter] ?? letter) : text;
  return spelled
    .replace(/[ßẞæÆœŒøØłŁđĐðÐþÞı]/g, (letter) => SPELLED[letter] ?? letter)
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
