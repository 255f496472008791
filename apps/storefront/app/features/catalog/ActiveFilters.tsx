import { FACET_KEYS } from '@shop/contract/constants';
import type { Facets } from '@shop/contract';
import { useTranslation } from '../../i18n/use-translation';
import { Link, useLocation } from 'react-router';
import { useOptionLabel, useWholePrice } from './facet-labels';
import { FILTER_PARAM_NAMES, FILTER_PARAMS, withQuery } from './listing-query';

const CHIP = 'inline-flex items-center gap-1 rounded-full border border-stone-300 px-3 py-1 text-sm hover:bg-stone-100';

/** How many filters are chosen (each option, and a price range as one): the 'Filters (n)' button's n. */
export function activeFilterCount(facets: Facets, search: string): number {
  const params = new URLSearchParams(search);
  const price = params.get(FILTER_PARAMS.priceMin) || params.get(FILTER_PARAMS.priceMax) ? 1 : 0;
  return FACET_KEYS.reduce((sum, key) => sum + facets[key].filter((option) => option.selected).length, price);
}

/** The chosen filters as removable chips above the grid, each a link that takes it back, and one that clears them all. */
export function ActiveFilters({ facets }: { facets: Facets }) {
  const { t } = useTranslation();
  const { search } = useLocation();
  const optionLabel = useOptionLabel();
  const wholePrice = useWholePrice();
  const params = new URLSearchParams(search);
  const chips = FACET_KEYS.flatMap((key) =>
    facets[key]
      .filter((option) => option.selected)
      .map((option) => {
        const name = FILTER_PARAMS[key];
        const rest = params.getAll(name).filter((value) => value !== option.value);
        return { key: `${name}-${option.value}`, label: `${t(`facets.${key}`)}: ${optionLabel(key, option)}`, to: withQuery(search, { [name]: rest }) };
      }),
  );
  const priceMin = params.get(FILTER_PARAMS.priceMin);
  const priceMax = params.get(FILTER_PARAMS.priceMax);
  if (priceMin || priceMax) {
    const min = wholePrice(Number(priceMin));
    const max = wholePrice(Number(priceMax));
    const range = !priceMax ? t('facets.priceFrom', { min }) : !priceMin ? t('facets.priceUpTo', { max }) : t('facets.priceBetween', { min, max });
    chips.push({
      key: 'price',
      label: `${t('facets.price')}: ${range}`,
      to: withQuery(search, { [FILTER_PARAMS.priceMin]: null, [FILTER_PARAMS.priceMax]: null }),
    });
  }
  if (chips.length === 0) return null;
  return (
    <section aria-labelledby="active-filters" className="mb-6">
      <h2 id="active-filters" className="sr-only">
        {t('facets.active')}
      </h2>
      <ul className="flex flex-wrap items-center gap-2">
        {chips.map((chip) => (
          <li key={chip.key}>
            <Link to={chip.to} preventScrollReset className={CHIP} aria-label={t('facets.remove', { name: chip.label })}>
              {chip.label} <span aria-hidden="true">×</span>
            </Link>
          </li>
        ))}
        <li>
          <Link to={withQuery(search, Object.fromEntries(FILTER_PARAM_NAMES.map((name) => [name, null])))} preventScrollReset className="text-sm underline">
            {t('facets.clear')}
          </Link>
        </li>
      </ul>
    </section>
  );
}
