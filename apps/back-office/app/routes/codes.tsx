import type { AdminCode } from '@shop/contract/admin';
import { useTranslation } from 'react-i18next';
import { Form, Link } from 'react-router';
import { staffCall } from '../lib/api.server';
import { dateTime, money } from '../lib/format';
import { buttonClass, inputClass } from '../lib/forms';
import { pageParam, Pages } from '../lib/pages';
import { stateParam } from '../promotions/forms';
import { StateFilter } from '../promotions/StateFilter';
import type { Route } from './+types/codes';

/** Coupons and vouchers, newest first, by code and state, with their uses. */
export async function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const query = params.get('query')?.trim().slice(0, 32) || undefined;
  const state = stateParam(params);
  return { list: await staffCall(request, 'listCodes', { query, state, page: pageParam(params) }), query: query ?? '', state: state ?? '' };
}

/** What a code takes off, in a few words. */
function useReductionText() {
  const { t, i18n } = useTranslation();
  return (code: Pick<AdminCode, 'reduction_percent' | 'reduction_amount' | 'free_shipping'>) =>
    [
      code.reduction_percent ? `${code.reduction_percent} %` : null,
      code.reduction_amount ? money(code.reduction_amount, 'EUR', i18n.language) : null,
      code.free_shipping ? t('promotions.freeShipping') : null,
    ]
      .filter(Boolean)
      .join(' + ');
}

export default function Codes({ loaderData: { list, query, state } }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const reduction = useReductionText();
  return (
    <>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold">{t('promotions.codesTitle')}</h1>
        <Link to="/codes/new" className={buttonClass}>
          {t('promotions.newCode')}
        </Link>
      </div>
      <Form method="get" className="mb-4 flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor="query">{t('promotions.code')}</label>
          <input id="query" name="query" defaultValue={query} className={inputClass} />
        </div>
        <StateFilter state={state} />
        <button type="submit" className={buttonClass}>
          {t('orders.filter')}
        </button>
      </Form>
      <p className="mb-2">{t('promotions.codesCount', { count: list.total })}</p>
      {list.codes.length === 0 ? (
        <p>{t('promotions.noCodes')}</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full border-collapse bg-white text-left text-sm">
            <thead>
              <tr className="border-b border-stone-300">
                <th scope="col" className="p-2">{t('promotions.code')}</th>
                <th scope="col" className="p-2">{t('promotions.kind')}</th>
                <th scope="col" className="p-2">{t('promotions.reduction')}</th>
                <th scope="col" className="p-2">{t('promotions.endsAt')}</th>
                <th scope="col" className="p-2">{t('orders.status')}</th>
                <th scope="col" className="p-2 text-right">{t('promotions.uses')}</th>
              </tr>
            </thead>
            <tbody>
              {list.codes.map((code) => (
                <tr key={code.id} className="border-b border-stone-200">
                  <td className="p-2 font-mono">
                    <Link to={`/codes/${code.id}`} className="text-blue-800 underline">
                      {code.code}
                    </Link>
                  </td>
                  <td className="p-2">{t(`promotions.kinds.${code.kind}`)}</td>
                  <td className="p-2">{reduction(code)}</td>
                  <td className="p-2 whitespace-nowrap">{code.ends_at ? dateTime(code.ends_at, i18n.language) : '—'}</td>
                  <td className="p-2">{t(`promotions.states.${code.state}`)}</td>
                  <td className="p-2 text-right">
                    {code.uses}
                    {code.total_uses_limit !== null && ` / ${code.total_uses_limit}`}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pages page={list.page} pages={list.pages} params={{ query, state }} />
    </>
  );
}
