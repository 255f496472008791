import { emailSchema } from '@shop/contract';
import { useTranslation } from 'react-i18next';
import { staffCall } from '../lib/api.server';
import { OrderRows } from '../lib/order-rows';
import { Pages, pageParam } from '../lib/pages';
import { PersonData } from '../lib/person';
import { eraseAction } from '../lib/person.server';
import { BackLink } from '../lib/links';
import type { Route } from './+types/guest';

/** A guest's orders by their exact address (placed without an account), with their data: export and erasure. */
export async function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const email = emailSchema.safeParse(params.get('email') ?? '');
  if (!email.success) return { email: params.get('email') ?? '', list: null };
  return { email: email.data, list: await staffCall(request, 'listGuestOrders', { email: email.data, page: pageParam(params) }) };
}

export const action = ({ request }: Route.ActionArgs) => eraseAction(request);

export default function Guest({ loaderData: { email, list }, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <>
      <BackLink to="/customers">{t('customers.back')}</BackLink>
      <h1 className="mb-1 text-2xl font-semibold">{t('customers.guestTitle')}</h1>
      <p className="mb-4 break-all">{email}</p>
      {!list ? (
        <p role="alert">{t('fieldErrors.email')}</p>
      ) : list.total === 0 ? (
        <p>{t('customers.guestNone')}</p>
      ) : (
        <>
          <section className="mb-6 rounded border border-stone-300 bg-white p-4" aria-label={t('customers.orders')}>
            <p className="mb-2">{t('orders.count', { count: list.total })}</p>
            <OrderRows orders={list.orders} />
            <Pages page={list.page} pages={list.pages} params={{ email }} />
          </section>
          <PersonData email={email} lastResult={actionData?.result} />
        </>
      )}
    </>
  );
}
