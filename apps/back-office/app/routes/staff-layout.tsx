import { useTranslation } from 'react-i18next';
import { Form, NavLink, Outlet } from 'react-router';
import { staffCall } from '../lib/api.server';
import type { Route } from './+types/staff-layout';

/** Every page behind it needs a staff session: without one, the sign-in page. */
export async function loader({ request }: Route.LoaderArgs) {
  return { staff: await staffCall(request, 'getCurrentStaff', {}) };
}

function NavItem({ to, label, end }: { to: string; label: string; end?: boolean }) {
  return (
    <NavLink to={to} end={end} className="text-blue-800 underline aria-[current=page]:font-semibold">
      {label}
    </NavLink>
  );
}

export default function StaffLayout({ loaderData: { staff } }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <>
      <header className="border-b border-stone-300 bg-white">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-3 px-4 py-3">
          <nav aria-label={t('title')} className="flex flex-wrap items-center gap-x-4 gap-y-1">
            <span className="font-semibold">{t('title')}</span>
            {staff.areas.includes('dashboard') && <NavItem to="/" end label={t('navPeople.dashboard')} />}
            {staff.areas.includes('orders') && <NavItem to="/orders" label={t('nav.orders')} />}
            {staff.areas.includes('customers') && <NavItem to="/customers" label={t('navPeople.customers')} />}
            {staff.areas.includes('customers') && <NavItem to="/subscribers" label={t('navPeople.subscribers')} />}
            {staff.areas.includes('reviews') && <NavItem to="/reviews" label={t('navPeople.reviews')} />}
            {staff.areas.includes('catalogue') && <NavItem to="/products" label={t('catalogue.title')} />}
            {staff.areas.includes('catalogue') && <NavItem to="/search-synonyms" label={t('synonyms.nav')} />}
            {staff.areas.includes('returns') && <NavItem to="/returns" label={t('nav.returns')} />}
            {staff.areas.includes('mails') && <NavItem to="/mails" label={t('mails.nav')} />}
            {staff.areas.includes('reports') && <NavItem to="/audit" label={t('nav.audit')} />}
            {staff.areas.includes('reports') && <NavItem to="/exports" label={t('nav.exports')} />}
            {staff.areas.includes('promotions') && <NavItem to="/codes" label={t('promotions.codesTitle')} />}
            {staff.areas.includes('promotions') && <NavItem to="/sales" label={t('promotions.salesTitle')} />}
            {staff.areas.includes('delivery') && <NavItem to="/delivery" label={t('nav.delivery')} />}
            {staff.areas.includes('delivery') && <NavItem to="/tax-rates" label={t('nav.taxRates')} />}
            {staff.areas.includes('content') && <NavItem to="/pages" label={t('nav.pages')} />}
            {staff.areas.includes('staff') && <NavItem to="/staff" label={t('team.title')} />}
          </nav>
          <div className="flex flex-wrap items-center gap-3 text-sm">
            <span>{t('nav.signedInAs', { email: staff.email, role: t(`roles.${staff.role}`) })}</span>
            <NavLink to="/account/password" className="text-blue-800 underline aria-[current=page]:font-semibold">
              {t('ownPassword.nav')}
            </NavLink>
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
