import type { Checkout, CheckoutStep } from '@shop/contract';
import { useTranslation } from '../../i18n/use-translation';
import { Link } from 'react-router';
import { isReachable, stepPath } from './steps';

const STEP_LABELS: Record<CheckoutStep, string> = {
  account: 'checkout.stepAccount',
  address: 'checkout.stepAddress',
  delivery: 'checkout.stepDelivery',
  points: 'checkout.stepPoints',
  vouchers: 'checkout.stepVouchers',
  message: 'checkout.stepMessage',
  payment: 'checkout.stepPayment',
  review: 'checkout.stepReview',
};

export const useStepLabel = () => {
  const { t } = useTranslation();
  return (step: CheckoutStep) => t(STEP_LABELS[step]);
};

/**
 * Where the shopper is: on a phone one line ('Step 3 of 7: Delivery'), wider the whole list, where every step
 * that can be reached is a link back to it.
 */
export function CheckoutProgress({ checkout, current, path }: { checkout: Checkout; current: CheckoutStep; path: string }) {
  const { t } = useTranslation();
  const label = useStepLabel();
  const index = checkout.steps.findIndex((step) => step.step === current);
  return (
    <nav aria-label={t('checkout.steps')} className="mt-4">
      <p className="text-sm font-medium text-stone-700 sm:hidden">
        {t('checkout.stepOf', { current: index + 1, total: checkout.steps.length, name: label(current) })}
      </p>
      <ol className="hidden flex-wrap gap-x-5 gap-y-2 text-sm sm:flex">
        {checkout.steps.map(({ step, complete }, position) => {
          const text = (
            <>
              {position + 1}. {label(step)}
              {complete && step !== current ? <span className="sr-only"> ({t('checkout.stepDone')})</span> : null}
            </>
          );
          return (
            <li key={step} aria-current={step === current ? 'step' : undefined} className={step === current ? 'font-semibold' : 'text-stone-600'}>
              {step !== current && isReachable(checkout, step) ? (
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
