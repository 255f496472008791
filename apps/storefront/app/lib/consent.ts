/**
 * Cookie consent (docs/adr/0019): what the shopper allowed, kept in a necessary first-party cookie with the
 * version of the consent text they answered and the date. Shared by the server (reads and writes the cookie)
 * and the browser (the dialog, the tag manager).
 */

/** The page a shopper changes their choice on without JavaScript: the footer's 'Cookie settings' link. */
export const CONSENT_SETTINGS_PATH = '/cookie-settings';

/** Raise it when the consent text or the categories change: every shopper is asked again. */
export const CONSENT_VERSION = 1;

/** The categories a shopper chooses; the necessary cookies (session, language, this choice) need no consent. */
export const CONSENT_CATEGORIES = ['preferences', 'statistics', 'marketing'] as const;
export type ConsentCategory = (typeof CONSENT_CATEGORIES)[number];

export type Consent = { version: number; granted: ConsentCategory[]; date: Date };

/** What every page knows about consent (root data): the tag manager to load, if any, and what is granted. */
export type ConsentState = {
  /** The shop's tag manager id; null when the shop has none: then nothing needs consent and nobody is asked. */
  tagManagerId: string | null;
  /** The categories the shopper granted under the current text; null when they have not answered it yet. */
  granted: ConsentCategory[] | null;
};

/** The shopper has not answered the current consent text of a shop that asks: the dialog stands over every page. */
export const consentAwaited = (state: ConsentState) => Boolean(state.tagManagerId) && state.granted === null;

/** SPEC §9: a tag-manager id is GTM- followed by letters or digits; anything else (null) loads nothing. */
export function tagManagerId(value: string | undefined): string | null {
  return value && /^GTM-[A-Z0-9]+$/i.test(value) ? value : null;
}

export const isConsentCategory = (value: unknown): value is ConsentCategory => (CONSENT_CATEGORIES as readonly unknown[]).includes(value);

/** The cookie's value: `version.category_category.ISO-date` (an empty middle part: only the necessary ones). */
export function formatConsent({ version, granted, date }: Consent): string {
  return [version, CONSENT_CATEGORIES.filter((category) => granted.includes(category)).join('_'), date.toISOString()].join('.');
}

/** The stored choice, or null when the value is missing or not one this shop wrote. */
export function parseConsent(value: string | undefined): Consent | null {
  const match = /^(\d{1,6})\.([a-z_]*)\.(\d{4}-\d\d-\d\dT[\d:.]+Z)$/.exec(value ?? '');
  if (!match) return null;
  const granted = match[2] ? match[2].split('_') : [];
  const date = new Date(match[3]!);
  if (!granted.every(isConsentCategory) || Number.isNaN(date.getTime())) return null;
  return { version: Number(match[1]), granted, date };
}

/** The granted categories when the choice answers the current text, else null (the shopper is asked again). */
export function currentGrants(consent: Consent | null): ConsentCategory[] | null {
  return consent?.version === CONSENT_VERSION ? consent.granted : null;
}
