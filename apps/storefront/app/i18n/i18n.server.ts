import { createHash } from 'node:crypto';
import type { TextLang } from '@shop/contract/constants';
import type { i18n as I18n, TFunction } from 'i18next';
import { createI18n, I18N_READY_GLOBAL, I18N_STATE_GLOBAL, loadResources, type I18nState } from './i18n';

/**
 * One i18next instance per language for the whole process, made on first use: the texts never change while it
 * runs and no server render switches language, so parsing and merging them for every request is waste.
 */
const instances = new Map<TextLang, Promise<I18n>>();
export function serverI18n(lang: TextLang): Promise<I18n> {
  let instance = instances.get(lang);
  if (!instance) {
    instance = loadResources(lang).then((resources) => createI18n(lang, resources));
    instances.set(lang, instance);
  }
  return instance;
}

/** A translator for server code (form actions, resource routes). */
export async function serverTranslator(lang: TextLang): Promise<TFunction> {
  return (await serverI18n(lang)).t;
}

/**
 * A language's texts as the browser needs them before hydrating: a script that sets I18N_STATE_GLOBAL, and its
 * version (a hash of it) that names its URL, so that browsers keep it for good and every page after the first
 * comes without it (routes/texts.ts, entry.server.tsx). Only the page's language: every text exists in every language
 * with each plural form it needs (i18n/locales.test.ts), so the English fallback would be dead weight.
 */
export type PageTexts = { version: string; script: string };
const pageTextsByLang = new Map<TextLang, Promise<PageTexts>>();
export function pageTexts(lang: TextLang): Promise<PageTexts> {
  let texts = pageTextsByLang.get(lang);
  if (!texts) {
    texts = serverI18n(lang).then((i18n) => {
      const script = textsScript({ lang, resources: { [lang]: i18n.store.data[lang]! } });
      return { version: createHash('sha256').update(script).digest('base64url').slice(0, 16), script };
    });
    pageTextsByLang.set(lang, texts);
  }
  return texts;
}

/** Where a page finds its language's texts (routes/texts.ts), named by their version so that browsers keep them. */
export const textsUrl = (lang: string, version: string) => `/${lang}/texts/${version}.js`;

/**
 * The script that hands the texts to the browser, and starts the app if it came first and waits (entry.client);
 * `<` is escaped so that no text can close a script element early.
 */
function textsScript(state: I18nState): string {
  return `window.${I18N_STATE_GLOBAL}=${JSON.stringify(state).replace(/</g, '\\u003c')};window.${I18N_READY_GLOBAL}?.()`;
}
