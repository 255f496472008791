import type { Order } from '@shop/contract/account';
import { PostForm, useFormPost } from '~/components/forms/form-post';
import { useTranslation } from '~/i18n/use-translation';

/** The form id of 'Buy again' on the order page (routes/account/orders.tsx answers it with buy-again.server.ts). */
export const BUY_AGAIN_FORM = 'buy-again';

/**
 * 'Buy again': a plain form post (it works without JavaScript) that puts the order's items still on sale back in the
 * cart and goes there, saying what could not go in. Shown while at least one of its products is sold.
 */
export function BuyAgain({ order }: { order: Order }) {
  const { t } = useTranslation();
  const post = useFormPost({ id: BUY_AGAIN_FORM });
  if (!order.lines.some((line) => line.link_rewrite !== null)) return null;
  return (
    <PostForm post={post} className="mt-3">
      <button type="submit" className="button-primary" aria-busy={post.busy || undefined} disabled={post.busy}>
        {t('account.buyAgain.button')}
      </button>
    </PostForm>
  );
}
