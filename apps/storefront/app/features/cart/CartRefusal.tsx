import { useTranslation } from '~/i18n/use-translation';
import { Link } from 'react-router';
import { PostForm, useFormPost } from '~/components/forms/form-post';
import { useLocalePath } from '~/lib/hooks';
import { confirmationAsked, refusedPreorderDate, useRefusalText } from '~/lib/refusal-text';
import type { CartActionData } from './cart-answer';
import { OnDemandConfirmation } from './OnDemandConfirmation';

type Refusal = Extract<CartActionData, { ok: false }>;

/**
 * Without JavaScript, a refused change lands on the cart page; this says why when no line or code field
 * on the page does. A refused add ('Product not added to cart') asks for the pre-order or backorder consent
 * when that was the reason (the same add is then sent again, confirmed) and leads back to the product.
 */
export function CartRefusal({ refusal }: { refusal: Refusal }) {
  const { t } = useTranslation();
  const localePath = useLocalePath();
  const failureText = useRefusalText();
  const form = useFormPost<CartActionData>({ id: 'cart-refused-add', inPlace: true });
  const { pending } = refusal;
  const back = pending?.redirectTo ?? refusal.back;
  if (form.answer?.ok) {
    return (
      <p role="status" className="mt-6 rounded border border-emerald-300 bg-emerald-50 px-4 py-3 text-emerald-900">
        {t(form.answer.message)}
      </p>
    );
  }
  // Sent again with JavaScript and refused again: the newer reason.
  const reason = form.answer && !form.answer.ok ? form.answer.failure : refusal.failure;
  const asked = confirmationAsked(reason);
  return (
    <div className="mt-6 space-y-3 rounded border border-red-300 bg-red-50 px-4 py-3 text-red-900">
      <p role="alert">
        {refusal.intent === 'add' ? <strong className="block">{t('messages.productNotAdded')}</strong> : null} {failureText(reason)}
      </p>
      {pending && asked ? (
        <PostForm post={form} action={localePath('/cart')}>
          <input type="hidden" name="intent" value="add" />
          <input type="hidden" name="product_id" value={pending.product_id} />
          <input type="hidden" name="combination_id" value={pending.combination_id} />
          <input type="hidden" name="quantity" value={pending.quantity} />
          <input type="hidden" name="redirectTo" value={pending.redirectTo} />
          <OnDemandConfirmation
            kind={asked}
            date={refusedPreorderDate(reason)}
            submitLabel={t('product.addToCart')}
            post={form}
          />
        </PostForm>
      ) : null}
      {back && back !== localePath('/cart') ? (
        <Link to={back} className="inline-block underline">
          {t('cart.backToProduct')}
        </Link>
      ) : null}
    </div>
  );
}
