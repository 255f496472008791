import { intlLocale } from '@shop/contract/constants';
import type { FacetKey } from '@shop/contract/constants';
import type { FacetOption, PriceRange } from '@shop/contract';
import { useTranslation } from '~/i18n/use-translation';
import { useLang, useRootData } from '~/lib/hooks';
import { numberFormat } from '~/lib/intl';

/** What a filter option is called: sizes, colours and brands are named by the shop, the rest by our texts. */
export function useOptionLabel(): (key: FacetKey, option: FacetOption) => string {
  const { t } = useTranslation();
  return (key, option) => {
    if (key === 'badges') return t(`badges.${option.value}`);
    if (key === 'availability') return t(`availability.${option.value}`);
    return option.label ?? option.value;
  };
}

/** A price in whole currency units, as price filters show them: '€50'. */
export function useWholePrice(): (units: number) => string {
  const lang = useLang();
  const currency = useRootData()?.bootstrap.settings.currency ?? 'EUR';
  const format = numberFormat(intlLocale(lang), { style: 'currency', currency, maximumFractionDigits: 0 });
  return (units) => format.format(units);
}

/** 'Under €50', '€50 to €100', '€200 and more': a ready-made range (its top cent included). */
export function usePriceRangeLabel(): (range: Pick<PriceRange, 'min' | 'max'>) => string {
  const { t } = useTranslation();
  const wholePrice = useWholePrice();
  const whole = (cents: number) => wholePrice(Math.round(cents / 100));
  return ({ min, max }) => {
    if (max === null) return t('facets.priceFrom', { min: whole(min) });
    if (min === 0) return t('facets.priceUnder', { max: whole(max + 1) });
    return t('facets.priceBetween', { min: whole(min), max: whole(max + 1) });
  };
}

/** A range's bounds as the URL holds them: whole units, the top one inclusive (see readListingQuery). */
export const rangeParams = ({ min, max }: Pick<PriceRange, 'min' | 'max'>) => ({
  price_min: min === 0 ? null : Math.floor(min / 100),
  price_max: max === null ? null : Math.floor(max / 100),
});
