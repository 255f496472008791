import { STOREFRONT_LANGUAGES, type Lang } from '@shop/contract';

/** The languages every translated seed row exists in. */
export const LANGS = STOREFRONT_LANGUAGES;

export type Translated = Record<Lang, string>;

/** A text in every language, always given in the order en, fr, it, es, de. */
export function t(en: string, fr: string, it: string, es: string, de: string): Translated {
  return { en, fr, it, es, de };
}

/** Builds a value per language. */
export function byLang<T>(build: (lang: Lang) => T): Record<Lang, T> {
  return Object.fromEntries(LANGS.map((lang) => [lang, build(lang)])) as Record<Lang, T>;
}

/** Every date of the demo shop is relative to this instant, so that two seeds are identical. */
export const REFERENCE_TIME = Date.UTC(2026, 8, 1);
export const DAY_MS = 86_400_000;

export function daysBeforeReference(days: number): Date {
  return new Date(REFERENCE_TIME - days * DAY_MS);
}

/** A content page in one language: its title, its slug (by default derived from the title) and its body. */
type PageText = { title: string; slug?: string; body: string[] | { columns: string[]; rows: string[][] } };
/** A content page of the demo shop (about us, size charts…) in every language. */
export type PageSource = { key: string; texts: Record<Lang, PageText> };
