import type { AdminCode } from '@shop/contract/admin';
import { useTranslation } from 'react-i18next';
import { Form, Link } from 'react-router';
import { staffCall } from '../lib/api.server';
import { dateTime, money } from '../lib/format';
import { buttonClass, inputClass } from '../lib/forms';
import { ListTable } from '../lib/list-table';
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
      <ListTable
        columns={[
          { header: t('promotions.code'), cell: (code) => <Link to={`/codes/${code.id}`} className="text-blue-800 underline">{code.code}</Link>, className: 'font-mono' },
          { header: t('promotions.kind'), cell: (code) => t(`promotions.kinds.${code.kind}`) },
          { header: t('promotions.reduction'), cell: reduction },
          { header: t('promotions.endsAt'), cell: (code) => (code.ends_at ? dateTime(code.ends_at, i18n.language) : '—'), className: 'whitespace-nowrap' },
          { header: t('orders.status'), cell: (code) => t(`promotions.states.${code.state}`) },
          {
            header: t('promotions.uses'),
            cell: (code) => (
              <>
                {code.uses}
                {code.total_uses_limit !== null && ` / ${code.total_uses_limit}`}
              </>
            ),
            numeric: true,
          },
        ]}
        rows={list.codes}
        rowKey={(code) => code.id}
        empty={t('promotions.noCodes')}
      />
      <Pages page={list.page} pages={list.pages} params={{ query, state }} />
    </>
  );
}
