import type { Lang } from '@shop/contract';

// German spells umlauts out in URLs (Größe → groesse), other languages just drop the accent.
const GERMAN_LETTERS: Record<string, string> = { ä: 'ae', ö: 'oe', ü: 'ue', Ä: 'Ae', Ö: 'Oe', Ü: 'Ue' };

/** ASCII, lowercase, hyphen-separated: matches ^[a-z0-9]+(-[a-z0-9]+)*$ for any text with a letter or digit. */
export function slugify(text: string, lang?: Lang): string {
  const spelled = lang === 'de' ? text.replace(/[äöüÄÖÜ]/g, (letter) => GERMAN_LETTERS[letter] ?? letter) : text;
  return spelled
    .replace(/ß/g, 'ss')
    .replace(/æ/gi, 'ae')
    .replace(/œ/gi, 'oe')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
