import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Screen } from '../../components/Screen';
import { useLocalePath } from '../../lib/hooks';

export default function Login() {
  const { t } = useTranslation();
  const localePath = useLocalePath();
  return (
    <Screen title={t('auth.loginTitle')} intro={t('auth.loginIntro')}>
      <ul className="mt-6 space-y-2">
        <li>
          <Link to={localePath('/auth/register')} className="underline">
            {t('auth.noAccount')}
          </Link>
        </li>
        <li>
          <Link to={localePath('/forgot-password')} className="underline">
            {t('auth.forgotLink')}
          </Link>
        </li>
      </ul>
    </Screen>
  );
}
