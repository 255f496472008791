import type { Checkout } from '@shop/contract';
import { Link } from 'react-router';
import { useTranslation } from '~/i18n/use-translation';
import { isReachable, stepPath, type CheckoutScreen } from './steps';

const SCREENS: Array<{ screen: CheckoutScreen; label: string; step: 'address' | 'payment' }> = [
  { screen: 'details', label: 'checkout.screenDetails', step: 'address' },
  { screen: 'payment', label: 'checkout.screenPayment', step: 'payment' },
];

/**
 * Where the shopper is: the two screens ('1. Your details', '2. Payment and review'), the other one a link
 * back to it once it can be reached.
 */
export function CheckoutProgress({ checkout, current, path }: { checkout: Checkout; current: CheckoutScreen; path: string }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('checkout.steps')} className="mt-4">
      <ol className="flex flex-wrap gap-x-5 gap-y-2 text-sm">
        {SCREENS.map(({ screen, label, step }, position) => {
          const text = t('checkout.stepOf', { current: position + 1, total: SCREENS.length, name: t(label) });
          // The details screen is always reachable once there is a checkout; the payment once the details are complete.
          const reachable = screen === 'details' || isReachable(checkout, 'payment');
          return (
            <li key={screen} aria-current={screen === current ? 'step' : undefined} className={screen === current ? 'font-semibold' : 'text-stone-600'}>
              {screen !== current && reachable ? (
                <Link to={stepPath(path, step)} className="underline hover:no-underline">
                  {text}
                </Link>
              ) : (
                text
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
