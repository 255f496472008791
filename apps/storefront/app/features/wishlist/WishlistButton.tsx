import { useTranslation } from '~/i18n/use-translation';
import { useFetchers, useLocation } from 'react-router';
import { PostForm, useFormPost } from '~/components/forms/form-post';
import { useHydrated } from '~/components/Drawer';
import { SHARED_DRAWINGS } from '~/components/Icon';
import { useLang, useRootData } from '~/lib/hooks';
import type { action } from '~/routes/wishlist';
import { wishlistPath } from './paths';

type Props = {
  product: { id_product: number; name: string };
  /** The size and colour to save with the product, when the shopper has chosen them. */
  combinationId?: number;
  /** `labelled`: the heart with a visible word (product page); `icon`: the heart alone (cards). */
  variant?: 'icon' | 'labelled';
};

function Heart({ filled }: { filled: boolean }) {
  return (
    // The symbol draws the outline and gives the size its proportions; the class fills it or not.
    <svg aria-hidden="true" className={filled ? 'heart-filled' : 'heart'}>
      <use href={`#${SHARED_DRAWINGS.heart}`} />
    </svg>
  );
}

/**
 * The heart that saves a product to the wishlist or takes it off: a toggle button (`aria-pressed`) in a
 * real form, so that it works without JavaScript (the action redirects back here). With JavaScript it is
 * sent in place: the heart changes at once and the page stays where it is.
 */
export function WishlistButton({ product, combinationId, variant = 'icon' }: Props) {
  const { t } = useTranslation();
  const root = useRootData();
  const lang = useLang();
  const hydrated = useHydrated();
  const { pathname, search } = useLocation();
  const post = useFormPost<Awaited<ReturnType<typeof action>>>({ id: `wishlist-${variant}-${product.id_product}`, inPlace: true });
  const saved = root?.shopper?.wishlist_product_ids.includes(product.id_product) ?? false;
  const pending = post.sending?.get('intent');
  const pressed = pending ? pending === 'add' : saved;
  const actionPath = wishlistPath(lang);
  // A visitor's first save starts their session: a second save sent before it is back would start another.
  const startingSession = useFetchers().some((other) => other.state !== 'idle' && other.formAction === actionPath) && !root?.shopper;
  const announcement =
    !post.busy && post.answer
      ? 'ok' in post.answer
        ? t(pressed ? 'wishlist.added' : 'wishlist.removed', { name: product.name })
        : t('wishlist.failed')
      : '';

  function submit(event: React.FormEvent<HTMLFormElement>) {
    if (startingSession) return event.preventDefault();
    post.onSubmit(event);
  }

  const look = pressed ? 'wish-on' : 'wish-off';
  const shape = variant === 'icon' ? 'wish-icon' : 'h-11 gap-2 rounded px-4';
  return (
    // The wishlist's route is found by the header's link to it: the cards' forms need not each ask for it (data-discover).
    <PostForm post={{ ...post, onSubmit: submit }} action={actionPath} discover="none">
      <input type="hidden" name="intent" value={pressed ? 'remove' : 'add'} />
      <input type="hidden" name="product_id" value={product.id_product} />
      {combinationId ? <input type="hidden" name="combination_id" value={combinationId} /> : null}
      <input type="hidden" name="redirectTo" value={pathname + search} />
      <button
        type="submit"
        aria-pressed={pressed}
        aria-label={t('wishlist.toggle', { name: product.name })}
        aria-disabled={startingSession || undefined}
        className={`wish-button ${shape} ${look}`}
      >
        <Heart filled={pressed} />
        {variant === 'labelled' ? <span>{t('wishlist.toggleShort')}</span> : null}
      </button>
      {/* Only sent in place (JavaScript) has something to say here: the page's HTML goes without 24 empty regions. */}
      {hydrated ? (
        <span role="status" className="sr-only">
          {announcement}
        </span>
      ) : null}
    </PostForm>
  );
}
