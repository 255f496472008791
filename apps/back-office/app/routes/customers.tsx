import { useTranslation } from 'react-i18next';
import { Form, Link } from 'react-router';
import { staffCall } from '../lib/api.server';
import { dateTime } from '../lib/format';
import { buttonClass, DoneNotice, inputClass, panelClass } from '../lib/forms';
import { ListTable } from '../lib/list-table';
import { CursorPages, cursorParam, ListCount } from '../lib/pages';
import type { Route } from './+types/customers';

/** Customers by email or name, or those who asked to be erased; and the way to a guest's orders by their address. */
export async function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const query = params.get('query')?.trim().slice(0, 100) || undefined;
  const erasure = params.get('erasure') === '1';
  const cursor = cursorParam(params);
  const list = await staffCall(request, 'listCustomers', { query, erasure_requested: erasure || undefined, cursor });
  // What an erasure just did (lib/person.server.ts sends the staff member here with it).
  const erased = params.get('erased') === '1' ? { account: params.get('account') === '1' ? '✓' : '—', orders: params.get('orders') ?? '0', reviews: params.get('reviews') ?? '0', photos: params.get('photos') ?? '0' } : null;
  return { list, query: query ?? '', erasure, erased, paged: cursor !== undefined };
}

export default function Customers({ loaderData: { list, query, erasure, erased, paged } }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  return (
    <>
      <h1 className="mb-4 text-2xl font-semibold">{t('customers.title')}</h1>
      {erased && (
        <DoneNotice>
          {t('customers.erased', erased)}
        </DoneNotice>
      )}
      <Form method="get" className="mb-4 flex flex-wrap items-end gap-3" role="search">
        <div className="min-w-56 flex-1">
          <label htmlFor="query">{t('customers.search')}</label>
          <input id="query" name="query" type="search" defaultValue={query} aria-describedby="query-help" className={inputClass} />
          <p id="query-help" className="mt-1 text-sm text-stone-700">
            {t('customers.searchHelp')}
          </p>
        </div>
        <label className="mb-8 flex items-center gap-2">
          <input type="checkbox" name="erasure" value="1" defaultChecked={erasure} />
          {t('customers.erasureOnly')}
        </label>
        <button type="submit" className={`${buttonClass} mb-6`}>
          {t('customers.filter')}
        </button>
      </Form>
      <ListCount list={list} text="customers.count" />
      <ListTable
        columns={[
          {
            header: t('customers.name'),
            cell: (customer) => (
              <>
                <Link to={`/customers/${customer.id}`} className="text-blue-800 underline">
                  {customer.name || customer.email}
                </Link>
                {customer.erasure_requested_at && <span className="block text-red-900">{t('customers.erasureAsked', { date: dateTime(customer.erasure_requested_at, lang) })}</span>}
              </>
            ),
          },
          { header: t('customers.email'), cell: (customer) => customer.email, className: 'break-all' },
          { header: t('customers.orders'), cell: (customer) => customer.order_count, numeric: true },
          { header: t('customers.newsletter'), cell: (customer) => (customer.newsletter ? t('customers.yes') : t('customers.no')) },
          { header: t('customers.since'), cell: (customer) => dateTime(customer.created_at, lang), className: 'whitespace-nowrap' },
        ]}
        rows={list.customers}
        rowKey={(customer) => customer.id}
        empty={t('customers.none')}
      />
      <CursorPages list={list} params={{ query, erasure: erasure ? '1' : '' }} paged={paged} />
      <section aria-labelledby="guest" className={`mt-8 ${panelClass}`}>
        <h2 id="guest" className="mb-2 text-lg font-semibold">{t('customers.guestTitle')}</h2>
        <Form method="get" action="/customers/guest" className="flex flex-wrap items-end gap-3">
          <div className="min-w-56 flex-1">
            <label htmlFor="guest-email">{t('customers.guestEmail')}</label>
            <input id="guest-email" name="email" type="email" required aria-describedby="guest-help" className={inputClass} />
            <p id="guest-help" className="mt-1 text-sm text-stone-700">
              {t('customers.guestHelp')}
            </p>
          </div>
          <button type="submit" className={`${buttonClass} mb-6`}>
            {t('customers.guestFind')}
          </button>
        </Form>
      </section>
    </>
  );
}
