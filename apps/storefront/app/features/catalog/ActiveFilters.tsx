import { FACET_KEYS } from '@shop/contract/constants';
import type { Facets, QueryFilter } from '@shop/contract';
import { useTranslation } from '~/i18n/use-translation';
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

/** The facets a search's words can choose ('rosso', 'Nordvik'), by the kind of filter the API says they are. */
const READ_FROM_QUERY: Partial<Record<(typeof FACET_KEYS)[number], QueryFilter['kind']>> = { colors: 'color', brands: 'brand' };

/**
 * The chosen filters as removable chips above the grid, each a link that takes it back, and one that clears them all.
 * A search's filters read from its words (`queryFilters`: a colour, a brand, a category) are taken back by searching
 * the query without those words.
 */
export function ActiveFilters({ facets, queryFilters }: { facets: Facets; queryFilters: QueryFilter[] }) {
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
        const chosen = params.getAll(name);
        const read = chosen.includes(option.value) ? undefined : queryFilters.find((filter) => filter.kind === READ_FROM_QUERY[key] && String(filter.id) === option.value);
        const to = read ? withQuery(search, { q: read.q }) : withQuery(search, { [name]: chosen.filter((value) => value !== option.value) });
        return { key: `${name}-${option.value}`, label: `${t(`facets.${key}`)}: ${optionLabel(key, option)}`, to };
      }),
  );
  for (const filter of queryFilters.filter((read) => read.kind === 'category')) {
    const name = filter.parent ? t('search.categoryIn', { name: filter.name, parent: filter.parent }) : filter.name;
    chips.unshift({ key: `category-${filter.id}`, label: `${t('facets.category')}: ${name}`, to: withQuery(search, { q: filter.q }) });
  }
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
