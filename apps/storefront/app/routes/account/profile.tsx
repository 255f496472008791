import { useTranslation } from 'react-i18next';
import type { Route } from './+types/profile';
import { AccountScreen } from '../../features/account/AccountScreen';
import { requireCustomer } from '../../lib/auth.server';
import { pageContext } from '../../lib/request-context.server';

export function loader({ request, params }: Route.LoaderArgs) {
  return requireCustomer(request, pageContext(request, params).lang);
}

export default function AccountProfile() {
  const { t } = useTranslation();
  return <AccountScreen title={t('account.title')} />;
}
