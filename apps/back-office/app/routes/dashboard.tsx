import { useTranslation } from 'react-i18next';
import type { StaffMember } from '@shop/contract/admin';
import { Link, useRouteLoaderData } from 'react-router';
import { staffCall } from '../lib/api.server';
import { dateTime, money } from '../lib/format';
import { panelClass } from '../lib/forms';
import { OrderLink } from '../lib/links';
import type { Route } from './+types/dashboard';

/** The home of a signed-in staff member: what needs doing today (a role without the dashboard gets a welcome). */
export async function loader({ request }: Route.LoaderArgs) {
  try {
    return { dashboard: await staffCall(request, 'getDashboard', {}) };
  } catch (error) {
    if (error instanceof Response && error.status === 403) return { dashboard: null };
    throw error;
  }
}

const heading = 'mb-2 text-lg font-semibold';

export default function Dashboard({ loaderData: { dashboard } }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { staff } = useRouteLoaderData('routes/staff-layout') as { staff: StaffMember };
  const lang = i18n.language;
  if (!dashboard) {
    return (
      <>
        <h1 className="mb-4 text-2xl font-semibold">{t('dashboard.title')}</h1>
        <p>{t('dashboard.welcome')}</p>
      </>
    );
  }
  const { to_ship: toShip, failed_refunds: failedRefunds, stray_payments: stray, sales } = dashboard;
  return (
    <>
      <h1 className="mb-4 text-2xl font-semibold">{t('dashboard.title')}</h1>
      <div className="grid gap-4 md:grid-cols-2">
        <section className={panelClass} aria-labelledby="to-ship">
          <h2 id="to-ship" className={heading}>{t('dashboard.toShip')}</h2>
          {toShip.count === 0 ? (
            <p>{t('dashboard.nothingToShip')}</p>
          ) : (
            <>
              <p className="mb-2">{t('dashboard.toShipCount', { count: toShip.count })}</p>
              <p className="text-sm">{t('dashboard.oldestFirst')}</p>
              <ul className="text-sm">
                {toShip.oldest.map((order) => (
                  <li key={order.reference}>
                    <OrderLink reference={order.reference} /> · {dateTime(order.date, lang)} · {t(`status.${order.status}`, { defaultValue: order.status })}
                  </li>
                ))}
              </ul>
            </>
          )}
        </section>
        <section className={panelClass} aria-labelledby="returns">
          <h2 id="returns" className={heading}>{t('dashboard.returns')}</h2>
          <p>
            <Link to="/returns?status=requested" className="text-blue-800 underline">
              {t('dashboard.returnsToReceive', { count: dashboard.returns.to_receive })}
            </Link>
          </p>
          <p>
            <Link to="/returns?status=received" className="text-blue-800 underline">
              {t('dashboard.returnsToRefund', { count: dashboard.returns.to_refund })}
            </Link>
          </p>
        </section>
        <section className={panelClass} aria-labelledby="failed-refunds">
          <h2 id="failed-refunds" className={heading}>{t('dashboard.failedRefunds')}</h2>
          {failedRefunds.length === 0 ? (
            <p>{t('dashboard.noFailedRefunds')}</p>
          ) : (
            <ul className="text-sm">
              {failedRefunds.map((refund, index) => (
                <li key={index}>
                  <OrderLink reference={refund.reference} /> · {money(refund.amount, refund.currency, lang)} · {dateTime(refund.date, lang)}
                </li>
              ))}
            </ul>
          )}
        </section>
        <section className={panelClass} aria-labelledby="stray">
          <h2 id="stray" className={heading}>{t('dashboard.stray')}</h2>
          <p className="mb-2 text-sm text-stone-700">{t('dashboard.strayHelp')}</p>
          {stray.length === 0 ? (
            <p>{t('dashboard.noStray')}</p>
          ) : (
            <ul className="text-sm">
              {stray.map((payment, index) => (
                <li key={index}>
                  <OrderLink reference={payment.reference} /> · {payment.gateway} · {money(payment.amount, payment.currency, lang)} ·{' '}
                  {t(`dashboard.strayRefund.${payment.refund ?? 'none'}`, { defaultValue: payment.refund ?? '' })}
                </li>
              ))}
            </ul>
          )}
        </section>
        <section className={panelClass} aria-labelledby="to-moderate">
          <h2 id="to-moderate" className={heading}>{t('dashboard.heldReviews')}</h2>
          <p>
            <Link to="/reviews?status=held" className="text-blue-800 underline">
              {t('dashboard.heldCount', { count: dashboard.held_reviews })}
            </Link>
          </p>
          <h2 className={`${heading} mt-4`}>{t('dashboard.erasures')}</h2>
          <p>
            <Link to="/customers?erasure=1" className="text-blue-800 underline">
              {t('dashboard.erasureCount', { count: dashboard.erasure_requests })}
            </Link>
          </p>
          <h2 className={`${heading} mt-4`}>{t('mails.dashboard')}</h2>
          <p>
            {/* Fulfilment and customer service see the count; owners and managers, who can send them again, the page too. */}
            {staff.areas.includes('mails') ? (
              <Link to="/mails" className="text-blue-800 underline">
                {t('mails.dashboardCount', { count: dashboard.unsent_mails })}
              </Link>
            ) : (
              t('mails.dashboardCount', { count: dashboard.unsent_mails })
            )}
          </p>
        </section>
        <section className={panelClass} aria-labelledby="sales">
          <h2 id="sales" className={heading}>{t('dashboard.sales')}</h2>
          <p className="mb-2 text-sm text-stone-700">{t('dashboard.salesHelp')}</p>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
            {(['today', 'last_30_days'] as const).map((period) => (
              <div key={period} className="contents">
                <dt className="font-semibold">{t(period === 'today' ? 'dashboard.today' : 'dashboard.last30')}</dt>
                <dd data-testid={`sales-${period}`}>
                  {sales[period].length === 0
                    ? t('dashboard.noSales')
                    : sales[period].map((row) => `${money(row.total, row.currency, lang)} · ${t('dashboard.salesOrders', { count: row.orders })}`).join('; ')}
                </dd>
              </div>
            ))}
          </dl>
        </section>
      </div>
    </>
  );
}
