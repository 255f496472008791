import { useTranslation } from '~/i18n/use-translation';
import { Link } from 'react-router';
import { Screen } from '~/components/Screen';
import { useLocalePath } from '~/lib/hooks';

export default function ResetPasswordSuccess() {
  const { t } = useTranslation();
  const localePath = useLocalePath();
  return (
    <Screen title={t('auth.resetSuccessTitle')} intro={t('auth.resetSuccessText')}>
      <ul className="mt-6 space-y-2">
        <li>
          <Link to={localePath('/auth/login')} className="underline">
            {t('auth.loginTitle')}
          </Link>
        </li>
      </ul>
    </Screen>
  );
}
