import { intlLocale } from '@shop/contract/constants';
import type { Lang } from '@shop/contract';
import { useTranslation } from '~/i18n/use-translation';
import { useRouteLoaderData } from 'react-router';
import type { RootData } from './root-data';
import { dateFormat, numberFormat } from './intl';

/** The current storefront language. */
export function useLang(): Lang {
  return useTranslation().i18n.language as Lang;
}

/** A path inside the current language: `/dresses` → `/fr/dresses`. */
export function useLocalePath(): (path?: string) => string {
  const lang = useLang();
  return (path = '') => `/${lang}${path}`;
}

/** The root loader's data: settings, menu, countries. Present on every page the shop renders normally. */
export function useRootData(): RootData | undefined {
  return useRouteLoaderData<RootData>('root');
}

/** Formats integer cents in the shop currency for the current language. */
export function useFormatPrice(): (cents: number) => string {
  const lang = useLang();
  const currency = useRootData()?.bootstrap.settings.currency ?? 'EUR';
  const format = numberFormat(intlLocale(lang), { style: 'currency', currency });
  return (cents) => format.format(cents / 100);
}

/** Formats a date (an ISO day or time) for the current language, as a long date ('12 March 2026'). */
export function useFormatDate(): (iso: string) => string {
  const lang = useLang();
  const format = dateFormat(intlLocale(lang), { dateStyle: 'long', timeZone: 'UTC' });
  return (iso) => format.format(new Date(iso));
}
