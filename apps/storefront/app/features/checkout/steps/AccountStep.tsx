import type { SubmissionResult } from '@conform-to/react';
import type { Checkout } from '@shop/contract';
import { useTranslation } from '../../../i18n/use-translation';
import { Link } from 'react-router';
import { SubmitButton, TextField } from '../../../components/forms/fields';
import { ShopForm } from '../../../components/forms/ShopForm';
import { useShopForm } from '../../../components/forms/useShopForm';
import { useLocalePath } from '../../../lib/hooks';
import { accountLabels, loginForm } from '../../account/forms';
import { checkoutEmailForm, checkoutLabels } from '../forms';
import { stepAfter, stepPath } from '../steps';

/**
 * Account: a guest names the address their mails go to; a customer signs in where they are (the cart comes
 * with them) and comes back to the next step. A signed-in customer only confirms.
 */
export function AccountStep({ checkout, lastResult }: { checkout: Checkout; lastResult?: SubmissionResult<string[]> | null }) {
  const { t } = useTranslation();
  const localePath = useLocalePath();
  const next = stepPath(localePath('/checkout'), stepAfter(checkout, 'account'));
  const guest = useShopForm({ id: 'checkout-email', schema: checkoutEmailForm, labels: checkoutLabels(t), lastResult, defaultValue: { email: checkout.email ?? '' } });
  const login = useShopForm({ id: 'login', schema: loginForm, labels: accountLabels(t) });
  if (checkout.signed_in) {
    return (
      <div className="space-y-4">
        <p>{t('checkout.account.signedInAs', { email: checkout.email })}</p>
        <Link to={next} className="button-primary inline-block">
          {t('checkout.continue')}
        </Link>
      </div>
    );
  }
  const afterSignIn = stepPath(localePath('/checkout'), 'address');
  return (
    <div className="grid gap-8 md:grid-cols-2">
      <section aria-labelledby="guest-title" className="space-y-2">
        <h2 id="guest-title" className="text-xl font-semibold">
          {t('checkout.account.guestTitle')}
        </h2>
        <p className="text-stone-700">{t('checkout.account.guestIntro')}</p>
        <ShopForm {...guest.formProps}>
          <TextField field={guest.fields.email} label={t('auth.email')} type="email" autoComplete="email" />
          <SubmitButton busy={guest.busy}>{t('checkout.continue')}</SubmitButton>
        </ShopForm>
      </section>
      <section aria-labelledby="sign-in-title" className="space-y-2">
        <h2 id="sign-in-title" className="text-xl font-semibold">
          {t('checkout.account.signInTitle')}
        </h2>
        <p className="text-stone-700">{t('checkout.account.signInIntro')}</p>
        <ShopForm {...login.formProps} action={localePath('/auth/login')}>
          <input type="hidden" name="redirectTo" value={afterSignIn} />
          <TextField field={login.fields.email} label={t('auth.email')} type="email" autoComplete="email" />
          <TextField field={login.fields.password} label={t('auth.password')} type="password" autoComplete="current-password" />
          <SubmitButton busy={login.busy}>{t('checkout.account.signIn')}</SubmitButton>
        </ShopForm>
        <p>
          <Link to={`${localePath('/auth/register')}?redirectTo=${encodeURIComponent(afterSignIn)}`} className="underline">
            {t('checkout.account.register')}
          </Link>
        </p>
      </section>
    </div>
  );
}
