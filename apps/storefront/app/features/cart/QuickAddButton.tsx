import { useState } from 'react';
import { useTranslation } from '~/i18n/use-translation';
import { useLocation } from 'react-router';
import { PostForm, useFormPost } from '~/components/forms/form-post';
import { useLocalePath } from '~/lib/hooks';
import { useRefusalText } from '~/lib/refusal-text';
import type { CartActionData } from './cart-answer';
import { LazyMiniCart } from './LazyMiniCart';

/**
 * A product card's own add-to-cart, for a product that has one combination in stock (a one-size scarf):
 * nothing to choose, so one press adds it and opens the mini cart. Other products are chosen on their page.
 */
export function QuickAddButton({ product }: { product: { id_product: number; name: string; single_combination_id: number } }) {
  const { t } = useTranslation();
  const localePath = useLocalePath();
  const { pathname, search } = useLocation();
  const failureText = useRefusalText();
  const post = useFormPost<CartActionData>({ id: `quick-add-${product.id_product}`, inPlace: true });
  const { busy } = post;
  // The mini cart opens for each add that worked, until the shopper closes it.
  const [closedFor, setClosedFor] = useState<unknown>(null);
  const result = post.answer;
  const failure = result && !result.ok ? result.failure : undefined;
  return (
    <>
      {/* Above the card's stretched link, like the wishlist heart. */}
      <PostForm post={post} action={localePath('/cart')} className="relative z-10 flex flex-col gap-1">
        <input type="hidden" name="intent" value="add" />
        <input type="hidden" name="product_id" value={product.id_product} />
        <input type="hidden" name="combination_id" value={product.single_combination_id} />
        <input type="hidden" name="quantity" value="1" />
        <input type="hidden" name="redirectTo" value={pathname + search} />
        <button
          type="submit"
          aria-label={t('cart.quickAdd', { name: product.name })}
          aria-busy={busy || undefined}
          className="self-start rounded border border-stone-900 px-3 py-1.5 text-sm font-medium hover:bg-stone-900 hover:text-white"
        >
          {t('product.addToCart')}
        </button>
        <p role="alert" className="text-xs text-red-800">
          {failure ? `${t('messages.productNotAdded')} ${failureText(failure)}` : null}
        </p>
      </PostForm>
      <LazyMiniCart cart={result?.ok ? result.cart : null} open={Boolean(result?.ok) && closedFor !== result} onClose={() => setClosedFor(result)} />
    </>
  );
}
