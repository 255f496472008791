import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Screen } from '../../components/Screen';
import { useLocalePath } from '../../lib/hooks';

export default function CheckoutFailed() {
  const { t } = useTranslation();
  const localePath = useLocalePath();
  return (
    <Screen title={t('checkout.failedTitle')} intro={t('checkout.failedText')}>
      <ul className="mt-6 space-y-2">
        <li>
          <Link to={localePath('/checkout')} className="underline">
            {t('checkout.tryAgain')}
          </Link>
        </li>
        <li>
          <Link to={localePath('/cart')} className="underline">
            {t('checkout.backToCart')}
          </Link>
        </li>
      </ul>
    </Screen>
  );
}
