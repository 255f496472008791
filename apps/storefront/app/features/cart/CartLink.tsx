import { useTranslation } from '~/i18n/use-translation';
import { CountLink } from '~/components/CountLink';
import { useLocalePath } from '~/lib/hooks';

/** The header's way to the cart, with how many items it holds. */
export function CartLink({ count }: { count: number }) {
  const { t } = useTranslation();
  const localePath = useLocalePath();
  return <CountLink to={localePath('/cart')} label={t('header.cart')} count={count} countedLabel={t('header.cartWithCount', { count })} icon="bag" />;
}
