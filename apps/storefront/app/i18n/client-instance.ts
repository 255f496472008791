import type { i18n as I18n } from 'i18next';

/** The browser's one i18next instance, set by entry.client before hydration. */
let clientInstance: I18n | null = null;

export function setClientI18n(instance: I18n): void {
  clientInstance = instance;
}

export function getClientI18n(): I18n {
  if (!clientInstance) throw new Error('i18n is not initialised in the browser');
  return clientInstance;
}
