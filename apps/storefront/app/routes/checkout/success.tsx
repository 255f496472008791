import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Screen } from '../../components/Screen';
import { useLocalePath } from '../../lib/hooks';

export default function CheckoutSuccess() {
  const { t } = useTranslation();
  const localePath = useLocalePath();
  return (
    <Screen title={t('checkout.successTitle')} intro={t('checkout.successText')}>
      <ul className="mt-6 space-y-2">
        <li>
          <Link to={localePath('')} className="underline">
            {t('cart.continueShopping')}
          </Link>
        </li>
      </ul>
    </Screen>
  );
}
