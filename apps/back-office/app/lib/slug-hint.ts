import { slugify, SLUG_PATTERN, type Lang } from '@shop/contract';
import type { TFunction } from 'i18next';

/**
 * What a refused slug would be in ASCII (ADR 59: the shop's addresses are ASCII), as the language spells its letters
 * there: 'größe' in German → 'Suggested: groesse'. Nothing when the typed text is empty or has no letter to offer.
 */
export function slugHint(t: TFunction, typed: string | undefined, lang: Lang): string | undefined {
  const typedSlug = typed?.trim().toLowerCase() ?? '';
  const ascii = slugify(typedSlug, lang);
  return typedSlug && ascii && ascii !== typedSlug && SLUG_PATTERN.test(ascii) ? t('slugSuggestion', { slug: ascii }) : undefined;
}
