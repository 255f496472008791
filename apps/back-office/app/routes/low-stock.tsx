import { LOW_STOCK_THRESHOLD } from '@shop/contract/admin';
import { useTranslation } from 'react-i18next';
import { Form, Link } from 'react-router';
import { staffCall } from '../lib/api.server';
import { buttonClass, inputClass } from '../lib/forms';
import { ListTable } from '../lib/list-table';
import { pageParam, Pages } from '../lib/pages';
import { BackLink } from '../lib/links';
import type { Route } from './+types/low-stock';

/** Variants running out, fewest units first, with a link to their product's editor (where stock is changed). */
export async function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const typed = Number.parseInt(params.get('threshold') ?? '', 10);
  const threshold = Number.isInteger(typed) && typed >= 0 && typed <= 1_000 ? typed : LOW_STOCK_THRESHOLD;
  return { list: await staffCall(request, 'listLowStock', { threshold, page: pageParam(params) }), threshold };
}

export default function LowStock({ loaderData: { list, threshold } }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <>
      <BackLink to="/products">{t('catalogue.back')}</BackLink>
      <h1 className="mb-2 text-2xl font-semibold">{t('catalogue.lowStock')}</h1>
      <p className="mb-4">{t('catalogue.lowStockHelp', { threshold })}</p>
      <Form method="get" className="mb-4 flex items-end gap-3">
        <div>
          <label htmlFor="threshold">{t('catalogue.threshold')}</label>
          <input id="threshold" name="threshold" type="number" min={0} max={1000} defaultValue={threshold} className={inputClass} />
        </div>
        <button type="submit" className={`${buttonClass} mb-0.5`}>
          {t('catalogue.filter')}
        </button>
      </Form>
      <ListTable
        columns={[
          { header: t('catalogue.product'), cell: (variant) => <Link to={`/products/${variant.product_id}`} className="text-blue-800 underline">{variant.product_name}</Link> },
          { header: t('catalogue.sku'), cell: (variant) => variant.sku, className: 'font-mono' },
          { header: t('catalogue.colour'), cell: (variant) => variant.colour ?? '—' },
          { header: t('catalogue.size'), cell: (variant) => variant.size ?? '—' },
          { header: t('catalogue.stock'), cell: (variant) => variant.stock, numeric: true },
        ]}
        rows={list.variants}
        rowKey={(variant) => variant.id}
      />
      <Pages page={list.page} pages={list.pages} params={{ threshold: String(threshold) }} />
    </>
  );
}
