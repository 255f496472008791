import { useTranslation } from 'react-i18next';
import { Form, NavLink, Outlet } from 'react-router';
import { staffCall } from '../lib/api.server';
import type { Route } from './+types/staff-layout';

/** Every page behind it needs a staff session: without one, the sign-in page. */
export async function loader({ request }: Route.LoaderArgs) {
  return { staff: await staffCall(request, 'getCurrentStaff', {}) };
}

export default function StaffLayout({ loaderData: { staff } }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <>
      <header className="border-b border-stone-300 bg-white">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-3 px-4 py-3">
          <nav aria-label={t('title')} className="flex items-center gap-4">
            <span className="font-semibold">{t('title')}</span>
            {staff.areas.includes('orders') && (
              <NavLink to="/orders" className="text-blue-800 underline aria-[current=page]:font-semibold">
                {t('nav.orders')}
              </NavLink>
            )}
            {staff.areas.includes('returns') && (
              <NavLink to="/returns" className="text-blue-800 underline aria-[current=page]:font-semibold">
                {t('nav.returns')}
              </NavLink>
            )}
            {staff.areas.includes('reports') && (
              <>
                <NavLink to="/audit" className="text-blue-800 underline aria-[current=page]:font-semibold">
                  {t('nav.audit')}
                </NavLink>
                <NavLink to="/exports" className="text-blue-800 underline aria-[current=page]:font-semibold">
                  {t('nav.exports')}
                </NavLink>
              </>
            )}
          </nav>
          <div className="flex flex-wrap items-center gap-3 text-sm">
            <span>{t('nav.signedInAs', { email: staff.email, role: t(`roles.${staff.role}`) })}</span>
            <Form method="post" action="/sign-out">
              <button type="submit" className="rounded border border-stone-500 px-3 py-1">
                {t('nav.signOut')}
              </button>
            </Form>
          </div>
        </div>
      </header>
      <main id="main" className="mx-auto max-w-6xl p-4">
        <Outlet />
      </main>
    </>
  );
}
