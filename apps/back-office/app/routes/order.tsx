import { useTranslation } from 'react-i18next';
import type { StaffMember } from '@shop/contract/admin';
import { useRouteLoaderData, useSearchParams } from 'react-router';
import { staffCall } from '../lib/api.server';
import { orderAction } from '../orders/actions.server';
import { OrderActions, OrderReturns } from '../orders/actions';
import { isOrderIntent } from '../orders/forms';
import { dateTime, money } from '../lib/format';
import { DoneNotice, panelClass } from '../lib/forms';
import { ListTable } from '../lib/list-table';
import { BackLink } from '../lib/links';
import type { Route } from './+types/order';

export async function loader({ request, params }: Route.LoaderArgs) {
  if (!/^[A-Za-z0-9]{1,16}$/.test(params.reference)) throw new Response('not_found', { status: 404 });
  return staffCall(request, 'getOrderDetail', { reference: params.reference });
}

export async function action({ request, params }: Route.ActionArgs) {
  if (!/^[A-Za-z0-9]{1,16}$/.test(params.reference)) throw new Response('not_found', { status: 404 });
  return orderAction(request, params.reference);
}

/** An address as the order keeps it: a snapshot of the checkout's fields (the demo orders' older names too). */
function Address({ address }: { address: Record<string, unknown> }) {
  const text = (...keys: string[]) => keys.map((key) => address[key]).find((value): value is string => typeof value === 'string') ?? '';
  const lines = [`${text('first_name')} ${text('last_name')}`, text('company'), text('address1', 'address'), text('address2'), `${text('postcode', 'zip_code')} ${text('city')} ${text('state')}`, text('country'), text('phone')];
  return <address className="not-italic">{lines.filter((line) => line.trim()).map((line, index) => <div key={index}>{line}</div>)}</address>;
}

const section = `mb-6 ${panelClass}`;
const heading = 'mb-3 text-lg font-semibold';

export default function Order({ loaderData, actionData }: Route.ComponentProps) {
  const { order, attempts, refunds, history } = loaderData;
  const { t, i18n } = useTranslation();
  const { staff } = useRouteLoaderData('routes/staff-layout') as { staff: StaffMember };
  const done = useSearchParams()[0].get('done');
  const lang = i18n.language;
  const cents = (value: number) => money(value, order.currency, lang);
  return (
    <>
      <BackLink to="/orders">{t('order.back')}</BackLink>
      <h1 className="mb-1 text-2xl font-semibold">{t('order.title', { reference: order.reference })}</h1>
      <p className="mb-4">
        {dateTime(order.date, lang)} · {t(`status.${order.status}`, { defaultValue: order.status })} · {order.email}
      </p>
      {isOrderIntent(done) && (
        <DoneNotice>
          {t(`orderActions.done.${done}`)}
        </DoneNotice>
      )}
      <OrderActions detail={loaderData} staff={staff} actionData={actionData} money={cents} />
      <OrderReturns detail={loaderData} staff={staff} actionData={actionData} />
      <section className={section} aria-labelledby="lines">
        <h2 id="lines" className={heading}>{t('order.lines')}</h2>
        <ListTable
          columns={[
            {
              header: t('order.product'),
              cell: (line) => (
                <>
                  {line.name}
                  {line.attributes && <span className="block text-stone-700">{line.attributes}</span>}
                  <span className="block font-mono text-xs text-stone-700">{line.reference}</span>
                </>
              ),
            },
            { header: t('order.quantity'), cell: (line) => line.quantity, numeric: true },
            { header: t('order.price'), cell: (line) => cents(line.unit_price), numeric: true, className: 'whitespace-nowrap' },
            { header: t('orders.total'), cell: (line) => cents(line.total), numeric: true, className: 'whitespace-nowrap' },
          ]}
          rows={order.lines}
          rowKey={(_line, index) => index}
        />
        <dl className="mt-3 grid grid-cols-[1fr_auto] gap-x-4 text-sm sm:ml-auto sm:w-72">
          <dt>{t('order.items')}</dt>
          <dd className="text-right">{cents(order.items_total)}</dd>
          {order.discounts > 0 && (
            <>
              <dt>{t('order.discounts')}</dt>
              <dd className="text-right">{cents(-order.discounts)}</dd>
            </>
          )}
          <dt>{t('order.shippingCost')}</dt>
          <dd className="text-right">{cents(order.shipping)}</dd>
          <dt className="font-semibold">{t('orders.total')}</dt>
          <dd className="text-right font-semibold">{cents(order.total)}</dd>
          <dt>{t('order.tax')}</dt>
          <dd className="text-right">{cents(order.tax)}</dd>
          <dt>{t('order.refunded')}</dt>
          <dd className="text-right">{cents(order.refunded)}</dd>
        </dl>
        {order.coupons.length > 0 && (
          <p className="mt-3 text-sm">
            {t('order.codes')}: {order.coupons.map((coupon) => `${coupon.code} (${cents(-coupon.discount)})`).join(', ')}
          </p>
        )}
      </section>
      <div className="grid gap-x-6 md:grid-cols-3">
        <section className={section} aria-labelledby="shipping">
          <h2 id="shipping" className={heading}>{t('order.shipping')}</h2>
          <Address address={order.shipping_address} />
        </section>
        <section className={section} aria-labelledby="billing">
          <h2 id="billing" className={heading}>{t('order.billing')}</h2>
          <Address address={order.billing_address} />
        </section>
        <section className={section} aria-labelledby="delivery">
          <h2 id="delivery" className={heading}>{t('order.delivery')}</h2>
          <p>{order.carrier?.name ?? '—'}</p>
          {order.pickup_point && <p>{`${order.pickup_point.name}, ${order.pickup_point.address1}, ${order.pickup_point.postcode} ${order.pickup_point.city}`}</p>}
          {order.delivery_message && (
            <p className="mt-2">
              {t('order.note')}: {order.delivery_message}
            </p>
          )}
          {order.invoice && (
            <p className="mt-2">
              {t('order.invoice')}: {[order.invoice.vat_number, order.invoice.fiscal_code, order.invoice.pec, order.invoice.sdi].filter(Boolean).join(' · ')}
            </p>
          )}
        </section>
      </div>
      <section className={section} aria-labelledby="payments">
        <h2 id="payments" className={heading}>{t('order.payments')}</h2>
        {attempts.length === 0 && <p className="text-sm">{t('order.noAttempts')}</p>}
        <ul className="space-y-2 text-sm">
          {attempts.map((attempt) => (
            <li key={`${attempt.gateway}-${attempt.payment_id}`}>
              <span className="font-semibold">{attempt.gateway}</span> <span className="font-mono break-all">{attempt.payment_id}</span> · {t('order.started')} {dateTime(attempt.started_at, lang)}
              {attempt.ended_at ? ` · ${t('order.ended')} ${dateTime(attempt.ended_at, lang)}` : ` · ${t('order.current')}`}
              {attempt.stray_refund && <span className="block text-red-900">{t('order.stray', { amount: cents(attempt.stray_amount), refund: t(`dashboard.strayRefund.${attempt.stray_refund}`, { defaultValue: attempt.stray_refund }) })}</span>}
            </li>
          ))}
        </ul>
        <h3 className="mt-4 mb-2 font-semibold">{t('order.refunds')}</h3>
        {refunds.length === 0 ? (
          <p className="text-sm">{t('order.noRefunds')}</p>
        ) : (
          <ul className="space-y-1 text-sm">
            {refunds.map((refund, index) => (
              <li key={index}>
                {dateTime(refund.date, lang)} · {cents(refund.amount)} · {refund.status}
                {refund.gateway_refund_id && <span className="font-mono"> · {refund.gateway_refund_id}</span>}
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className={section} aria-labelledby="history">
        <h2 id="history" className={heading}>{t('order.history')}</h2>
        <ol className="space-y-1 text-sm">
          {history.map((entry, index) => (
            <li key={index}>
              {dateTime(entry.date, lang)} · {t(`orderActions.events.${entry.event.replace('.', '_')}`, { defaultValue: entry.event })}
              {entry.gateway && ` · ${entry.gateway}`}
              {entry.actor && ` · ${t('orderActions.by', { actor: entry.actor })}`}
              {entry.detail && entry.actor && <span className="block whitespace-pre-line pl-4 text-stone-700">{entry.detail}</span>}
            </li>
          ))}
        </ol>
      </section>
    </>
  );
}
