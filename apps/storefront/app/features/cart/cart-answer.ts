import type { Cart } from '@shop/contract';
import type { ShownRefusal } from '~/lib/refusal-text';

/** What a cart form asks the cart route's action (`/{lang}/cart`) to do. */
export const CART_INTENTS = ['add', 'update', 'remove', 'coupon-add', 'coupon-remove'] as const;
export type CartIntent = (typeof CART_INTENTS)[number];

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

/** The cart action's answer to an in-place post (or to a plain post it refused): the new cart, or the refusal. */
export type CartActionData =
  | { ok: true; intent: CartIntent; cart: Cart; /** The message key of what was done. */ message: string }
  | ({ ok: false; intent: CartIntent | null; failure: ShownRefusal } & RefusalExtras);
