import type { OrderSummary } from '@shop/contract';
import { Link } from 'react-router';
import { PostForm, useFormPost } from '~/components/forms/form-post';
import { useTranslation } from '~/i18n/use-translation';
import { useFormatPrice, useLocalePath } from '~/lib/hooks';
import { CART_FOCUS_ID } from './CartLines';

/**
 * The cart is empty because its items wait in an unpaid order (the payment failed, or was left on the gateway's
 * page): where they are, and the two ways on, paying the order or changing it (its items back in the cart). Both go
 * through the failed payment's page, whose action does them.
 */
export function WaitingOrder({ order }: { order: OrderSummary }) {
  const { t } = useTranslation();
  const localePath = useLocalePath();
  const format = useFormatPrice();
  const change = useFormPost({ id: 'payment-change' });
  const failedPage = `${localePath('/checkout/failed')}?order=${encodeURIComponent(order.reference)}`;
  return (
    <section aria-labelledby={CART_FOCUS_ID} className="mt-8 space-y-4 rounded border border-stone-300 p-5">
      <h2 id={CART_FOCUS_ID} tabIndex={-1} className="text-lg font-semibold outline-none">
        {t('cart.waiting.title')}
      </h2>
      <p>{t('cart.waiting.text', { reference: order.reference, count: order.item_count, total: format(order.total) })}</p>
      <div className="flex flex-wrap items-center gap-4">
        <Link to={failedPage} className="button-primary">
          {t('checkout.failed.retry')}
        </Link>
        <PostForm post={change} action={failedPage}>
          <input type="hidden" name="intent" value="change" />
          <button type="submit" className="underline hover:no-underline" aria-busy={change.busy || undefined}>
            {t('checkout.failed.change')}
          </button>
        </PostForm>
      </div>
    </section>
  );
}
