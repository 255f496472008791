import { DEFAULT_LANGUAGE, type TextLang } from '@shop/contract/constants';
import { createInstance, type i18n as I18n, type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';

type MessageTree = { [key: string]: string | MessageTree };

/**
 * Texts live in `locales/{lang}/*.json`, one file per feature, merged into one tree per language. Each file
 * is its own chunk: the browser downloads only the files of the languages it shows.
 */
const messageFiles = import.meta.glob<{ default: MessageTree }>('./locales/*/*.json');

async function loadMessages(lang: TextLang): Promise<MessageTree> {
  const files = Object.entries(messageFiles).filter(([path]) => path.startsWith(`./locales/${lang}/`));
  const loaded = await Promise.all(files.map(([, load]) => load()));
  return Object.assign({}, ...loaded.map((file) => file.default));
}

/** A language and its fallbacks, in the order i18next looks them up. */
export function withFallbacks(lang: TextLang): TextLang[] {
  return lang === DEFAULT_LANGUAGE ? [lang] : [lang, DEFAULT_LANGUAGE];
}

export async function loadResources(lang: TextLang): Promise<Resource> {
  const languages = withFallbacks(lang);
  const bundles = await Promise.all(languages.map(loadMessages));
  return Object.fromEntries(languages.map((code, index) => [code, { translation: bundles[index]! }]));
}

/** A ready i18next instance: resources are given up front, so initialisation is synchronous. */
export function createI18n(lang: TextLang, resources: Resource): I18n {
  const instance = createInstance();
  void instance.use(initReactI18next).init({
    lng: lang,
    fallbackLng: DEFAULT_LANGUAGE,
    resources,
    initAsync: false,
    // React escapes what it renders: escaping here too would show &amp; to shoppers.
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  return instance;
}

/** Adds a language (and its fallbacks) to a running instance, then switches to it. */
export async function switchLanguage(instance: I18n, lang: TextLang): Promise<void> {
  if (instance.language === lang) return;
  const resources = await loadResources(lang);
  for (const [code, bundle] of Object.entries(resources)) {
    instance.addResourceBundle(code, 'translation', bundle.translation, true, true);
  }
  await instance.changeLanguage(lang);
}

/** Name of the global that carries the server's texts to the browser for hydration. */
export const I18N_STATE_GLOBAL = '__SHOP_I18N__';
/** Name of the global the texts script calls once it set them, when the app is already waiting for them. */
export const I18N_READY_GLOBAL = '__SHOP_I18N_READY__';
export type I18nState = { lang: TextLang; resources: Resource };
