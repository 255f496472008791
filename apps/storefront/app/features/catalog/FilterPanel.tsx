import { FACET_KEYS, type FacetKey } from '@shop/contract/constants';
import type { Facets } from '@shop/contract';
import { useEffect, useRef } from 'react';
import { useTranslation } from '~/i18n/use-translation';
import { Link, useLocation } from 'react-router';
import { useFormatPrice } from '~/lib/hooks';
import { rangeParams, useOptionLabel, usePriceRangeLabel } from './facet-labels';
import { submitOwnForm, useCleanGetSubmit, useSamePageLoading } from './get-form';
import { FILTER_PARAM_NAMES, FILTER_PARAMS, keptParams, withQuery } from './listing-query';

const INPUT = 'w-full rounded border border-stone-300 px-2 py-1';

function OptionList({ facetKey, facets }: { facetKey: FacetKey; facets: Facets }) {
  const { t } = useTranslation();
  const optionLabel = useOptionLabel();
  const options = facets[facetKey];
  if (options.length === 0) return null;
  const name = FILTER_PARAMS[facetKey];
  return (
    <fieldset className="border-t border-stone-200 py-4">
      <legend className="float-left mb-2 w-full font-semibold">{t(`facets.${facetKey}`)}</legend>
      <ul className={`clear-left ${facetKey === 'sizes' ? 'flex flex-wrap gap-x-4 gap-y-1' : 'space-y-1'}`}>
        {options.map((option) => {
          // Nothing left to find with this option: shown, so that the choice is visible, but not offered.
          const disabled = option.count === 0 && !option.selected;
          return (
            <li key={option.value}>
              {/* The box inside its label is named by it: no `for` and no id needed. */}
              <label className={disabled ? 'facet-option-off' : 'facet-option'}>
                <input type="checkbox" name={name} value={option.value} defaultChecked={option.selected} disabled={disabled} onChange={submitOwnForm} />
                {option.hex ? <span aria-hidden="true" className="swatch" style={{ backgroundColor: option.hex }} /> : null}
                <span>{optionLabel(facetKey, option)}</span>
                <span className="facet-count">{t('facets.count', { n: option.count })}</span>
              </label>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}

function PriceFilter({ facets }: { facets: Facets }) {
  const { t } = useTranslation();
  const { search } = useLocation();
  const rangeLabel = usePriceRangeLabel();
  const format = useFormatPrice();
  const params = new URLSearchParams(search);
  const { price } = facets;
  if (price.ranges.length === 0 && !params.has(FILTER_PARAMS.priceMin) && !params.has(FILTER_PARAMS.priceMax)) return null;
  return (
    <fieldset className="border-t border-stone-200 py-4">
      <legend className="float-left mb-2 w-full font-semibold">{t('facets.price')}</legend>
      {price.min !== null && price.max !== null ? (
        <p className="clear-left mb-2 text-sm text-stone-600">{t('facets.priceSpan', { min: format(price.min), max: format(price.max) })}</p>
      ) : null}
      <ul className="clear-left mb-3 space-y-1">
        {price.ranges.map((range) => (
          <li key={range.min}>
            {range.count === 0 && !range.selected ? (
              <span className="text-stone-500">
                {rangeLabel(range)} {t('facets.count', { n: 0 })}
              </span>
            ) : (
              <Link
                to={withQuery(search, range.selected ? { price_min: null, price_max: null } : rangeParams(range))}
                preventScrollReset
                aria-current={range.selected ? 'true' : undefined}
                className={`hover:underline ${range.selected ? 'font-semibold underline' : ''}`}
              >
                {rangeLabel(range)} <span className="facet-count">{t('facets.count', { n: range.count })}</span>
              </Link>
            )}
          </li>
        ))}
      </ul>
      <div className="flex items-end gap-2">
        <label className="flex-1 text-sm">
          {t('facets.priceMin')}
          <input type="number" name={FILTER_PARAMS.priceMin} min={0} step={1} inputMode="numeric" defaultValue={params.get(FILTER_PARAMS.priceMin) ?? ''} className={INPUT} />
        </label>
        <label className="flex-1 text-sm">
          {t('facets.priceMax')}
          <input type="number" name={FILTER_PARAMS.priceMax} min={0} step={1} inputMode="numeric" defaultValue={params.get(FILTER_PARAMS.priceMax) ?? ''} className={INPUT} />
        </label>
      </div>
    </fieldset>
  );
}

type PanelProps = { facets: Facets; /** Products the filters give now: 'Show n products'. */ total: number; /** The shopper is done (the drawer closes). */ onShow: () => void };

/**
 * The filters: one GET form (works without JavaScript; with it, a ticked box applies at once and the drawer's
 * 'Show n products' counts what it gives). Each option shows how many products choosing it would give, all
 * other choices kept.
 */
export function FilterPanel({ facets, total, onShow }: PanelProps) {
  const { t } = useTranslation();
  const { search } = useLocation();
  const onSubmit = useCleanGetSubmit();
  const loading = useSamePageLoading();
  // The form is drawn again for each new query: the box the shopper just ticked gets the focus back.
  // Known by its name and value (the boxes carry no id: a page has some forty).
  const form = useRef<HTMLFormElement>(null);
  const focused = useRef<{ name: string; value: string } | null>(null);
  useEffect(() => {
    const was = focused.current;
    if (!was || document.activeElement !== document.body) return;
    const box = [...(form.current?.elements ?? [])].find((element) => element instanceof HTMLInputElement && element.name === was.name && element.value === was.value);
    (box as HTMLInputElement | undefined)?.focus();
  }, [search]);
  return (
    // Keyed by the query: after a navigation the boxes show the URL's choices, not the last clicks.
    <form
      key={search}
      method="get"
      onSubmit={(event) => {
        onSubmit(event);
        // The button closes the drawer; a ticked box (requestSubmit, no submitter) keeps it open.
        if ((event.nativeEvent as SubmitEvent).submitter) onShow();
      }}
      ref={form}
      onFocus={(event) => {
        const { target } = event;
        focused.current = target instanceof HTMLInputElement && target.type === 'checkbox' ? { name: target.name, value: target.value } : null;
      }}
      aria-labelledby="filters-title"
    >
      <h2 id="filters-title" className="sr-only mb-2 text-lg font-semibold lg:not-sr-only">
        {t('facets.title')}
      </h2>
      {keptParams(search, FILTER_PARAM_NAMES).map(([key, value], index) => (
        <input key={`${key}-${index}`} type="hidden" name={key} value={value} />
      ))}
      {FACET_KEYS.map((key) => (
        <OptionList key={key} facetKey={key} facets={facets} />
      ))}
      <PriceFilter facets={facets} />
      {/* On a phone it stays in sight at the drawer's foot. */}
      <div className="sticky bottom-0 -mx-4 bg-white px-4 py-3 lg:static lg:mx-0 lg:p-0">
        <button type="submit" aria-busy={loading || undefined} className="button-primary flex w-full items-center justify-center lg:mt-2">
                    <span className="lg:hidden">{t('facets.show', { count: total })}</span>
          <span className="hidden lg:inline">{t('facets.apply')}</span>
        </button>
      </div>
    </form>
  );
}
