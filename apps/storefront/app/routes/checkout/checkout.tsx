import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Screen } from '../../components/Screen';
import { useLocalePath } from '../../lib/hooks';

/** SPEC §2's checkout steps, in order. */
const STEPS = ['stepAccount', 'stepAddress', 'stepDelivery', 'stepPayment', 'stepVouchers', 'stepMessage', 'stepPoints'] as const;

export default function Checkout() {
  const { t } = useTranslation();
  const localePath = useLocalePath();
  return (
    <Screen title={t('checkout.title')}>
      <nav aria-label={t('checkout.steps')} className="mt-6">
        <ol className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
          {STEPS.map((step, index) => (
            <li key={step} aria-current={index === 0 ? 'step' : undefined} className={index === 0 ? 'font-semibold' : 'text-stone-600'}>
              {index + 1}. {t(`checkout.${step}`)}
            </li>
          ))}
        </ol>
      </nav>
      <p className="mt-8">{t('checkout.emptyCart')}</p>
      <Link to={localePath('/cart')} className="button-primary mt-6 inline-block">
        {t('checkout.backToCart')}
      </Link>
    </Screen>
  );
}
