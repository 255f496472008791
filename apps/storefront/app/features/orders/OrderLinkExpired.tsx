import { Link } from 'react-router';
import { Screen } from '~/components/Screen';
import { useTranslation } from '~/i18n/use-translation';
import { useLocalePath } from '~/lib/hooks';

/** A guest's order link that no longer opens its order (order-link.server.ts): why, and the way to the orders. */
export function OrderLinkExpired() {
  const { t } = useTranslation();
  const localePath = useLocalePath();
  return (
    <Screen title={t('checkout.orderLink.title')} intro={t('checkout.orderLink.text')}>
      <p className="mt-6">
        <Link to={`${localePath('/auth/login')}?redirectTo=${encodeURIComponent(localePath('/my-account/orders'))}`} className="button-primary inline-block">
          {t('checkout.orderLink.signIn')}
        </Link>
      </p>
    </Screen>
  );
}
