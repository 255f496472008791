import type { Checkout } from '@shop/contract';
import { useTranslation } from '../../../i18n/use-translation';
import { Link } from 'react-router';
import { useLocalePath } from '../../../lib/hooks';
import { CouponForm } from '../../cart/CouponForm';
import { stepAfter, stepPath } from '../steps';

/** Vouchers: the cart's code field, here too (each code checked as in the cart); then on, with or without one. */
export function VouchersStep({ checkout }: { checkout: Checkout }) {
  const { t } = useTranslation();
  const localePath = useLocalePath();
  const here = stepPath(localePath('/checkout'), 'vouchers');
  return (
    <div className="space-y-6">
      <div>
        <h2 className="text-xl font-semibold">{t('checkout.vouchers.title')}</h2>
        <p className="text-stone-700">{t('checkout.vouchers.intro')}</p>
      </div>
      <CouponForm cart={checkout.cart} redirectTo={here} />
      <Link to={stepPath(localePath('/checkout'), stepAfter(checkout, 'vouchers'))} className="button-primary inline-block">
        {t('checkout.continue')}
      </Link>
    </div>
  );
}
