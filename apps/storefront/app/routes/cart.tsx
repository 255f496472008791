import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Screen } from '../components/Screen';
import { useLocalePath } from '../lib/hooks';

/** The cart screen; its lines, coupons and totals come with the cart issue. */
export default function Cart() {
  const { t } = useTranslation();
  const localePath = useLocalePath();
  return (
    <Screen title={t('cart.title')}>
      <div className="mt-8 rounded border border-dashed border-stone-300 p-10 text-center">
        <p className="font-medium">{t('cart.empty')}</p>
        <p className="mt-2 text-stone-600">{t('cart.emptyHint')}</p>
        <Link to={localePath()} className="button-primary mt-6 inline-block">
          {t('cart.continueShopping')}
        </Link>
      </div>
    </Screen>
  );
}
