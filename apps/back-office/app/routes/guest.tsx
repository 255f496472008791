import { emailSchema } from '@shop/contract';
import { useTranslation } from 'react-i18next';
import { staffCall } from '../lib/api.server';
import { panelClass } from '../lib/forms';
import { OrderRows } from '../lib/order-rows';
import { CursorPages, cursorParam, ListCount } from '../lib/pages';
import { PersonData } from '../lib/person';
import { eraseAction } from '../lib/person.server';
import { BackLink } from '../lib/links';
import type { Route } from './+types/guest';

/** A guest's orders by their exact address (placed without an account), with their data: export and erasure. */
export async function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const email = emailSchema.safeParse(params.get('email') ?? '');
  if (!email.success) return { email: params.get('email') ?? '', list: null, paged: false };
  const cursor = cursorParam(params);
  return { email: email.data, list: await staffCall(request, 'listGuestOrders', { email: email.data, cursor }), paged: cursor !== undefined };
}

export const action = ({ request }: Route.ActionArgs) => eraseAction(request);

export default function Guest({ loaderData: { email, list, paged }, actionData }: Route.ComponentProps) {
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
          <section className={`mb-6 ${panelClass}`} aria-label={t('customers.orders')}>
            <ListCount list={list} text="orders.count" />
            <OrderRows orders={list.orders} />
            <CursorPages list={list} params={{ email }} paged={paged} />
          </section>
          <PersonData email={email} lastResult={actionData?.result} />
        </>
      )}
    </>
  );
}
