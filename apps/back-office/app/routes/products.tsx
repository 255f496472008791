import { PRODUCT_SORTS, PRODUCT_STATES, type ProductSort } from '@shop/contract/admin';
import { STOREFRONT_LANGUAGES } from '@shop/contract';
import { useTranslation } from 'react-i18next';
import { Form, Link } from 'react-router';
import { staffCall } from '../lib/api.server';
import { money } from '../lib/format';
import { buttonClass, inputClass, named, Select } from '../lib/forms';
import { ListTable } from '../lib/list-table';
import { pageParam, Pages } from '../lib/pages';
import type { Route } from './+types/products';

const positive = (value: string | null) => (/^\d{1,9}$/.test(value ?? '') && Number(value) > 0 ? Number(value) : undefined);
const oneOf = <T extends string>(list: readonly T[], value: string | null): T | undefined => list.find((item) => item === value);

/** The product list: search, filters and sort in the URL (a GET form), a page at a time. */
export async function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const filters = {
    query: params.get('query')?.trim().slice(0, 100) || undefined,
    category: positive(params.get('category')),
    brand: positive(params.get('brand')),
    state: oneOf(PRODUCT_STATES, params.get('state')),
    stock: oneOf(['in', 'out'] as const, params.get('stock')),
    missing: oneOf(STOREFRONT_LANGUAGES, params.get('missing')),
    on_sale: params.get('on_sale') === '1' || undefined,
    missing_photo: params.get('missing_photo') === '1' || undefined,
    sort: oneOf(PRODUCT_SORTS, params.get('sort')) ?? ('newest' as ProductSort),
  };
  const [list, choices] = await Promise.all([staffCall(request, 'listProducts', { ...filters, page: pageParam(params) }), staffCall(request, 'getProductEditor', {})]);
  // As the URL has them (a ticked box is '1'), for the form and the page links.
  const shown = Object.fromEntries(Object.entries(filters).map(([key, value]) => [key, value === undefined ? '' : value === true ? '1' : String(value)])) as Record<keyof typeof filters, string>;
  return { list, shown, brands: choices.brands, categories: choices.categories };
}

export default function Products({ loaderData: { list, shown, brands, categories } }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  return (
    <>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold">{t('catalogue.title')}</h1>
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2 whitespace-nowrap">
          <Link to="/products/low-stock" className="text-blue-800 underline">
            {t('catalogue.lowStock')}
          </Link>
          <Link to="/products/csv" className="text-blue-800 underline">
            {t('csv.link')}
          </Link>
          <Link to="/products/new" className={buttonClass}>
            {t('catalogue.newProduct')}
          </Link>
        </div>
      </div>
      <Form method="get" className="mb-4 flex flex-wrap items-end gap-3" role="search">
        <div className="min-w-56 flex-1">
          <label htmlFor="query">{t('catalogue.search')}</label>
          <input id="query" name="query" type="search" defaultValue={shown.query} aria-describedby="query-help" className={inputClass} />
          <p id="query-help" className="mt-1 text-sm text-stone-700">
            {t('catalogue.searchHelp')}
          </p>
        </div>
        <Select name="category" label={t('catalogue.category')} empty={t('catalogue.anyCategory')} choices={named(categories)} defaultValue={shown.category} />
        <Select name="brand" label={t('catalogue.brand')} empty={t('catalogue.anyBrand')} choices={named(brands)} defaultValue={shown.brand} />
        <Select name="state" label={t('catalogue.state')} empty={t('catalogue.anyState')} choices={PRODUCT_STATES.map((value) => ({ value, label: t(`catalogue.states.${value}`) }))} defaultValue={shown.state} />
        <Select name="stock" label={t('catalogue.stock')} empty={t('catalogue.anyStock')} choices={[{ value: 'in', label: t('catalogue.inStock') }, { value: 'out', label: t('catalogue.outOfStock') }]} defaultValue={shown.stock} />
        <Select name="missing" label={t('catalogue.missing')} empty={t('catalogue.anyLang')} choices={STOREFRONT_LANGUAGES.map((value) => ({ value, label: t(`catalogue.langNames.${value}`) }))} defaultValue={shown.missing} />
        <div className="mb-6 flex flex-col gap-1">
          <label className="flex items-center gap-2">
            <input type="checkbox" name="on_sale" value="1" defaultChecked={shown.on_sale === '1'} />
            {t('catalogue.onSale')}
          </label>
          <label className="flex items-center gap-2">
            <input type="checkbox" name="missing_photo" value="1" defaultChecked={shown.missing_photo === '1'} />
            {t('catalogue.missingPhoto')}
          </label>
        </div>
        <Select name="sort" label={t('catalogue.sort')} choices={PRODUCT_SORTS.map((value) => ({ value, label: t(`catalogue.sorts.${value}`) }))} defaultValue={shown.sort} />
        <button type="submit" className={`${buttonClass} mb-6`}>
          {t('catalogue.filter')}
        </button>
      </Form>
      <p className="mb-2" aria-live="polite">
        {list.more ? t('catalogue.moreThan', { total: list.total }) : t('catalogue.count', { count: list.total })}
      </p>
      <ListTable
        columns={[
          {
            header: t('catalogue.name'),
            cell: (product) => (
              <>
                <Link to={`/products/${product.id}`} className="text-blue-800 underline">
                  {product.name}
                </Link>
                <br />
                <span className="text-stone-700">{[product.brand, product.category].filter(Boolean).join(' · ')}</span>
              </>
            ),
          },
          { header: t('catalogue.reference'), cell: (product) => product.reference, className: 'font-mono' },
          { header: t('catalogue.state'), cell: (product) => t(`catalogue.states.${product.state}`) },
          { header: t('catalogue.price'), cell: (product) => money(product.price, 'EUR', i18n.language), numeric: true, className: 'whitespace-nowrap' },
          {
            header: t('catalogue.stock'),
            cell: (product) => (
              <>
                {product.stock}
                <span className="sr-only"> · </span>
                <span className="block text-stone-700">
                  {t('catalogue.variants')}: {product.variant_count}
                </span>
              </>
            ),
            numeric: true,
          },
          { header: t('catalogue.languages'), cell: (product) => product.complete_langs.map((lang) => lang.toUpperCase()).join(' ') || '—' },
        ]}
        rows={list.products}
        rowKey={(product) => product.id}
        empty={t('catalogue.none')}
      />
      <Pages page={list.page} pages={list.pages} more={list.more} params={shown} />
    </>
  );
}
