import type { Lang } from '@shop/contract/constants';
import type { TFunction } from 'i18next';
import { createI18n, loadResources } from './i18n';

const translators = new Map<Lang, Promise<TFunction>>();

/** A translator for server code (form actions): one i18next instance per language, made once. */
export function serverTranslator(lang: Lang): Promise<TFunction> {
  let translator = translators.get(lang);
  if (!translator) {
    translator = loadResources(lang).then((resources) => createI18n(lang, resources).t);
    translators.set(lang, translator);
  }
  return translator;
}
