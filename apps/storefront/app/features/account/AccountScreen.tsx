import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { Screen } from '../../components/Screen';
import { useLocalePath } from '../../lib/hooks';

const SECTIONS = [
  ['', 'account.profile'],
  ['/addresses', 'account.addresses'],
  ['/orders', 'account.orders'],
] as const;

/** The frame of every my-account screen: its title and the account's sections. */
export function AccountScreen({ title, children }: { title: string; children?: React.ReactNode }) {
  const { t } = useTranslation();
  const localePath = useLocalePath();
  return (
    <Screen title={title}>
      <nav aria-label={t('account.title')} className="mt-6">
        <ul className="flex gap-4">
          {SECTIONS.map(([path, label]) => (
            <li key={path}>
              <NavLink to={localePath(`/my-account${path}`)} end className="aria-[current=page]:font-semibold">
                {t(label)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      {children}
    </Screen>
  );
}
