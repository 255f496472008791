import { LOW_STOCK_THRESHOLD } from '@shop/contract/admin';
import { useTranslation } from 'react-i18next';
import { Form, Link } from 'react-router';
import { staffCall } from '../lib/api.server';
import { buttonClass, inputClass } from '../lib/forms';
import { pageParam, Pages } from '../lib/pages';
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
      <p className="mb-2">
        <Link to="/products" className="text-blue-800 underline">
          {t('catalogue.back')}
        </Link>
      </p>
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
      <div className="overflow-x-auto">
        <table className="w-full border-collapse bg-white text-left text-sm">
          <thead>
            <tr className="border-b border-stone-300">
              <th scope="col" className="p-2">{t('catalogue.product')}</th>
              <th scope="col" className="p-2">{t('catalogue.sku')}</th>
              <th scope="col" className="p-2">{t('catalogue.colour')}</th>
              <th scope="col" className="p-2">{t('catalogue.size')}</th>
              <th scope="col" className="p-2 text-right">{t('catalogue.stock')}</th>
            </tr>
          </thead>
          <tbody>
            {list.variants.map((variant) => (
              <tr key={variant.id} className="border-b border-stone-200">
                <td className="p-2">
                  <Link to={`/products/${variant.product_id}`} className="text-blue-800 underline">
                    {variant.product_name}
                  </Link>
                </td>
                <td className="p-2 font-mono">{variant.sku}</td>
                <td className="p-2">{variant.colour ?? '—'}</td>
                <td className="p-2">{variant.size ?? '—'}</td>
                <td className="p-2 text-right">{variant.stock}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pages page={list.page} pages={list.pages} params={{ threshold: String(threshold) }} />
    </>
  );
}
