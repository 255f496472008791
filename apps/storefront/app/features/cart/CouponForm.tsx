import type { Cart, CartCoupon } from '@shop/contract';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '~/i18n/use-translation';
import { PostForm, useFormPost } from '~/components/forms/form-post';
import { useFormatPrice, useLocalePath } from '~/lib/hooks';
import { useRefusalText } from '~/lib/refusal-text';
import type { CartActionData } from './cart-answer';

/** Every remove button shares one fetcher: the code field says what its answer was after the code is gone. */
const REMOVE_KEY = 'coupon-remove';
const useRemovePost = (id: string) => useFormPost<CartActionData>({ id, inPlace: { key: REMOVE_KEY } });

function AppliedCode({ coupon, onSend, redirectTo }: { coupon: CartCoupon; onSend: () => void; redirectTo?: string }) {
  const { t } = useTranslation();
  const localePath = useLocalePath();
  const format = useFormatPrice();
  const failureText = useRefusalText();
  const post = useRemovePost(`coupon-remove-${coupon.code}`);
  const send = (event: React.FormEvent<HTMLFormElement>) => {
    onSend();
    post.onSubmit(event);
  };
  return (
    <li className="flex flex-wrap items-baseline justify-between gap-2 py-2">
      <div>
        <p className="font-mono font-semibold">{coupon.code}</p>
        <p className="text-sm text-stone-600">{coupon.name}</p>
        {coupon.problem ? <p className="text-sm text-red-800">{failureText({ code: coupon.problem, details: null })}</p> : null}
      </div>
      <div className="flex items-baseline gap-3">
        <span>{coupon.discount > 0 ? format(-coupon.discount) : coupon.free_shipping ? t('cart.coupon.freeShipping') : null}</span>
        <PostForm post={{ ...post, onSubmit: send }} action={localePath('/cart')}>
          <input type="hidden" name="intent" value="coupon-remove" />
          <input type="hidden" name="code" value={coupon.code} />
          {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
          <button type="submit" aria-label={t('cart.coupon.removeCode', { code: coupon.code })} className="text-sm underline hover:no-underline">
            {t('cart.remove')}
          </button>
        </PostForm>
      </div>
    </li>
  );
}

const postedHere = (posted: CartActionData | undefined) => (posted?.intent === 'coupon-add' || posted?.intent === 'coupon-remove' ? posted : undefined);

/**
 * The code field (coupon or voucher) and the codes in the cart, each with its remove button and, when it
 * takes nothing off at the moment, why. What happened is said in place: added, applied, deleted or refused.
 */
export function CouponForm({
  cart,
  posted,
  redirectTo,
}: {
  cart: Cart;
  /** The action's answer to a plain form post (no JavaScript). */
  posted?: CartActionData;
  /** Where a plain form post comes back to (the checkout's Vouchers step); the cart by default. */
  redirectTo?: string;
}) {
  const { t } = useTranslation();
  const localePath = useLocalePath();
  const failureText = useRefusalText();
  const add = useFormPost<CartActionData>({ id: 'coupon-add', inPlace: true });
  const form = useRef<HTMLFormElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const added = add.answer;
  const removed = useRemovePost('coupon-remove').answer;
  // What is said is the answer to the form sent last (or, without JavaScript, to the plain post).
  const [sentLast, setSentLast] = useState<'add' | 'remove' | null>(null);
  const latest = sentLast === 'add' ? added : sentLast === 'remove' ? removed : postedHere(posted);
  useEffect(() => {
    if (added?.ok) form.current?.reset();
  }, [added]);
  useEffect(() => {
    // The button that had the focus went away with its code.
    if (removed?.ok) input.current?.focus();
  }, [removed]);
  const failure = latest && !latest.ok ? latest.failure : undefined;
  return (
    <div className="space-y-3">
      <PostForm
        ref={form}
        post={{
          ...add,
          onSubmit: (event) => {
            setSentLast('add');
            add.onSubmit(event);
          },
        }}
        action={localePath('/cart')}
      >
        <input type="hidden" name="intent" value="coupon-add" />
        {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
        <label htmlFor="coupon-code" className="block font-semibold">
          {t('cart.coupon.label')}
        </label>
        <div className="mt-1 flex gap-2">
          <input
            ref={input}
            id="coupon-code"
            name="code"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            aria-invalid={failure ? true : undefined}
            aria-describedby={failure ? 'coupon-message' : undefined}
            className="min-w-0 flex-1 rounded border border-stone-400 px-3 py-2 uppercase aria-[invalid=true]:border-red-700"
          />
          <button type="submit" className="button-primary" aria-busy={add.busy || undefined}>
            {t('cart.coupon.apply')}
          </button>
        </div>
      </PostForm>
      {/* Refusals are alerts; what worked is a polite status. */}
      <div id="coupon-message">
        {failure ? (
          <p role="alert" className="text-sm text-red-800">
            {failureText(failure)}
          </p>
        ) : null}
      </div>
      <p role="status" className="text-sm text-emerald-800">
        {latest?.ok ? t(latest.message) : null}
      </p>
      {cart.coupons.length > 0 ? (
        <ul aria-label={t('cart.coupon.applied')} className="divide-y divide-stone-200">
          {cart.coupons.map((coupon) => (
            <AppliedCode key={coupon.code} coupon={coupon} onSend={() => setSentLast('remove')} redirectTo={redirectTo} />
          ))}
        </ul>
      ) : null}
    </div>
  );
}
