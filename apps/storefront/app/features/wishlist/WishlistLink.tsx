import { useTranslation } from '~/i18n/use-translation';
import { CountLink } from '~/components/CountLink';
import { useLang } from '~/lib/hooks';
import { wishlistPath } from './paths';

/** The header's way to the wishlist, with how many products are saved. */
export function WishlistLink({ count }: { count: number }) {
  const { t } = useTranslation();
  const lang = useLang();
  return <CountLink to={wishlistPath(lang)} label={t('wishlist.header')} count={count} countedLabel={t('wishlist.headerWithCount', { count })} icon="heart" />;
}
