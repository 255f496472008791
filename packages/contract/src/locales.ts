/** Storefront languages (SPEC §9): every route is prefixed with one of these. */
export const STOREFRONT_LANGUAGES = ['en', 'fr', 'it', 'es', 'de'] as const;
export type Lang = (typeof STOREFRONT_LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Lang = 'en';

/** Languages that have texts: the storefront ones plus Polish (a text locale, not a route). */
export const TEXT_LANGUAGES = [...STOREFRONT_LANGUAGES, 'pl'] as const;
export type TextLang = (typeof TEXT_LANGUAGES)[number];

export function isLang(value: unknown): value is Lang {
  return typeof value === 'string' && (STOREFRONT_LANGUAGES as readonly string[]).includes(value);
}

export function isTextLang(value: unknown): value is TextLang {
  return (TEXT_LANGUAGES as readonly unknown[]).includes(value);
}

/**
 * The locale `Intl` formats dates and numbers in for each language: English is the shop's British English
 * (25 November 2026, €89.95), not the US default that plain 'en' gives.
 */
const INTL_LOCALES: Record<TextLang, string> = { en: 'en-GB', fr: 'fr-FR', it: 'it-IT', es: 'es-ES', de: 'de-DE', pl: 'pl-PL' };
export const intlLocale = (lang: string): string => INTL_LOCALES[lang as TextLang] ?? INTL_LOCALES.en;
