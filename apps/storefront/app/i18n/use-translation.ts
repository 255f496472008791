import type { i18n as I18n, TFunction } from 'i18next';
import { useCallback, useContext, useSyncExternalStore } from 'react';
import { I18nContext } from 'react-i18next';

/** One translator per instance and language, shared by every component (i18next's getFixedT). */
const translators = new WeakMap<I18n, Map<string, TFunction>>();

function translatorOf(i18n: I18n, language: string): TFunction {
  let byLanguage = translators.get(i18n);
  if (!byLanguage) translators.set(i18n, (byLanguage = new Map()));
  let t = byLanguage.get(language);
  if (!t) byLanguage.set(language, (t = i18n.getFixedT(language)));
  return t;
}

/**
 * The shop's `useTranslation`: react-i18next's, less its copy of the i18next instance. Version 17 copies every own
 * property of the instance (some fifty bound methods) for each component on its first render; on the server every
 * component renders once, and the copies took a tenth of a product page's render time (CPU profile, 2026-11-26).
 * The shop needs nothing the copy is for: every text of the page's language is loaded before it renders (no
 * suspense, no namespaces). A component gets the instance, the translator of the current language, and renders
 * again when the language changes (a switch in the browser, i18n/i18n.ts).
 */
export function useTranslation(): { t: TFunction; i18n: I18n } {
  const { i18n } = useContext(I18nContext);
  const subscribe = useCallback(
    (changed: () => void) => {
      i18n.on('languageChanged', changed);
      return () => i18n.off('languageChanged', changed);
    },
    [i18n],
  );
  const language = useSyncExternalStore(subscribe, () => i18n.language, () => i18n.language);
  return { t: translatorOf(i18n, language), i18n };
}
