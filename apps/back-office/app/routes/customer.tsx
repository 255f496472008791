import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { staffCall } from '../lib/api.server';
import { dateTime } from '../lib/format';
import { panelClass } from '../lib/forms';
import { OrderRows } from '../lib/order-rows';
import { PersonData } from '../lib/person';
import { eraseAction } from '../lib/person.server';
import { rowIdOrNotFound } from '../lib/ids';
import { BackLink } from '../lib/links';
import type { Route } from './+types/customer';

export async function loader({ request, params }: Route.LoaderArgs) {
  const id = rowIdOrNotFound(params.id);
  return staffCall(request, 'getCustomerDetail', { id });
}

export const action = ({ request }: Route.ActionArgs) => eraseAction(request);

const section = `mb-6 ${panelClass}`;
const heading = 'mb-3 text-lg font-semibold';

/** A customer: who they are, their consent, addresses and orders, and their data (export, erasure). */
export default function Customer({ loaderData: { customer, addresses, orders }, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  return (
    <>
      <BackLink to="/customers">{t('customers.back')}</BackLink>
      <h1 className="mb-1 text-2xl font-semibold">{customer.name || customer.email}</h1>
      <p className="mb-1 break-all">{customer.email}</p>
      <p className="mb-4 text-sm">
        {t('customers.since')} {dateTime(customer.created_at, lang)} · {t('customers.language')}: {customer.lang}
      </p>
      {customer.erasure_requested_at && (
        <p role="status" className="mb-4 rounded border border-red-300 bg-red-50 p-3 text-red-900">
          {t('customers.erasureAsked', { date: dateTime(customer.erasure_requested_at, lang) })}
        </p>
      )}
      <div className="grid gap-x-6 md:grid-cols-2">
        <section className={section} aria-labelledby="consent">
          <h2 id="consent" className={heading}>{t('customers.consent')}</h2>
          {customer.newsletter ? (
            <>
              <p>{customer.newsletter_consent_at ? t('customers.consentSince', { date: dateTime(customer.newsletter_consent_at, lang) }) : t('customers.yes')}</p>
              {customer.newsletter_interests.length > 0 && <p className="text-sm">{t('customers.interests', { list: customer.newsletter_interests.join(', ') })}</p>}
            </>
          ) : (
            <p>{t('customers.consentNone')}</p>
          )}
        </section>
        <section className={section} aria-labelledby="addresses">
          <h2 id="addresses" className={heading}>{t('customers.addresses')}</h2>
          {addresses.length === 0 && <p>{t('customers.noAddresses')}</p>}
          <ul className="space-y-3">
            {addresses.map((address) => (
              <li key={address.id}>
                <span className="font-semibold">{address.alias}</span>
                {address.is_default && ` (${t('customers.default')})`}
                <address className="not-italic">
                  {[`${address.first_name} ${address.last_name}`, address.company, address.address1, address.address2, `${address.postcode} ${address.city} ${address.state}`, address.country, address.phone]
                    .filter((line) => line.trim())
                    .map((line, index) => (
                      <div key={index}>{line}</div>
                    ))}
                </address>
              </li>
            ))}
          </ul>
        </section>
      </div>
      <section className={section} aria-labelledby="orders">
        <h2 id="orders" className={heading}>
          {t('customers.orders')} ({customer.order_count})
        </h2>
        <OrderRows orders={orders} empty={t('customers.noOrders')} />
        {customer.order_count > orders.length && (
          <p className="mt-2">
            <Link to={`/orders?${new URLSearchParams({ query: customer.email })}`} className="text-blue-800 underline">
              {t('orders.title')}
            </Link>
          </p>
        )}
      </section>
      <PersonData email={customer.email} lastResult={actionData?.result} />
    </>
  );
}
