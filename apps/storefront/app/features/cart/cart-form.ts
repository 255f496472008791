import type { Cart } from '@shop/contract';
import { useState } from 'react';
import { useFetcher } from 'react-router';
import type { CartFailure } from './cart-errors';

/** What a cart form asks the cart route's action (`/{lang}/cart`) to do. */
export const CART_INTENTS = ['add', 'update', 'remove', 'coupon-add', 'coupon-remove'] as const;
export type CartIntent = (typeof CART_INTENTS)[number];

/**
 * Sent along by a form that JavaScript submits through a fetcher: the action then answers with data for the
 * page to show in place. A plain form post (no JavaScript) gets a redirect with a one-time message instead.
 */
export const IN_PLACE_FIELD = 'in_place';

/** An add the shop refused, kept so that it can be sent again (confirmed) from the cart page without JavaScript. */
export type PendingAdd = { product_id: number; combination_id: number; quantity: number; redirectTo: string };

/** What a refusal tells besides why: the line it was about and the quantity asked, or the add to send again. */
export type RefusalExtras = {
  item_id?: number;
  quantity?: number;
  pending?: PendingAdd;
  /** The page a refused add came from (no size chosen, say): the cart page leads back to it. */
  back?: string;
};

export type CartActionData =
  | { ok: true; intent: CartIntent; cart: Cart; /** The message key of what was done. */ message: string }
  | { ok: false; intent: CartIntent | null; failure: CartFailure } & RefusalExtras;

/**
 * A cart form that works without JavaScript (a plain post to the action) and, once the page runs, is sent by
 * a fetcher instead: no page load, and the answer stays in `fetcher.data`. Forms sharing a `key` share it.
 */
export function useCartForm(key?: string) {
  const fetcher = useFetcher<CartActionData>(key ? { key } : undefined);
  const [confirmMissing, setConfirmMissing] = useState(false);
  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    // A pre-order box must be ticked before the change is sent (SPEC §4); without JavaScript the shop refuses it.
    const unticked = form.querySelector<HTMLInputElement>('input[type="checkbox"][name="confirm"]:not(:checked)');
    setConfirmMissing(Boolean(unticked));
    if (unticked) return unticked.focus();
    // The button that sent the form carries a value too (the quantity steppers, 'Confirm order').
    const formData = new FormData(form, (event.nativeEvent as SubmitEvent).submitter);
    formData.set(IN_PLACE_FIELD, '1');
    void fetcher.submit(formData, { method: 'post', action: form.getAttribute('action') ?? undefined });
  };
  const onTick = () => setConfirmMissing(false);
  return { fetcher, onSubmit, busy: fetcher.state !== 'idle', confirmMissing, onTick };
}
