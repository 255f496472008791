import { couponCodeSchema, createCartItemInput, removeCartItemInput, updateCartItemInput, type Cart } from '@shop/contract';
import { CART_ERROR_CODES, COUPON_ERROR_CODES, MAX_LINE_QUANTITY } from '@shop/contract/constants';
import { data } from 'react-router';
import { z } from 'zod';
import { ShopApiError } from '~/lib/api/client';
import { loadOrFail, pageError, type ShopApi } from '~/lib/api/shop.server';
import type { PageContext } from '~/lib/request-context.server';
import { redirectWithFlash } from '~/lib/flash.server';
import { sessionToken, startedSessionHeaders } from '~/lib/session.server';
import { IN_PLACE_FIELD } from '~/lib/form-fields';
import type { ShownRefusal } from '~/lib/refusal-text';
import { safeRedirect } from '~/lib/safe-redirect.server';
import type { CartActionData, CartIntent, RefusalExtras } from './cart-answer';
import { readForm } from '~/lib/form-body.server';

/** The session token stays in the HttpOnly cookie: it never goes to the page. */
const withoutSession = (cart: Cart): Cart => ({ ...cart, session: null });

/**
 * The shopper's cart, or null for a visitor without a session: there is no cart to ask for, and the page
 * stays public and cacheable (DESIGN.md §2).
 */
export async function loadCart(request: Request, api: ShopApi): Promise<Cart | null> {
  if (!sessionToken(request)) return null;
  return withoutSession(await loadOrFail(api('getCartItems', {})));
}

/**
 * An empty cart whose items wait in an unpaid order (a payment that failed or was left on the gateway's page): that
 * order, so that the cart page says where they are. Asked only once the cart is known to be empty.
 */
export async function loadWaitingOrder(request: Request, api: ShopApi, cart: Cart | null) {
  if (!sessionToken(request) || (cart && cart.lines.length > 0)) return null;
  return (await loadOrFail(api('getPayableOrder', {}))).order;
}

const KNOWN_CODES: readonly string[] = [...CART_ERROR_CODES, ...COUPON_ERROR_CODES];

/** A refusal of the shop API as the cart shows it: its code and the contract's details (an unknown code reads as 'Something went wrong'). */
export function failureOf(error: ShopApiError): ShownRefusal {
  const { refusal } = error;
  return KNOWN_CODES.includes(refusal.code) ? refusal : { code: 'something_went_wrong', details: null };
}

/** A form value the schemas cannot read (a garbage quantity, no size chosen) as a message for the shopper. */
function formFailure(error: z.ZodError): ShownRefusal {
  const issue = error.issues[0];
  switch (issue?.path[0]) {
    case 'quantity':
      return { code: 'invalid_quantity', details: { max: MAX_LINE_QUANTITY } };
    case 'combination_id':
      return { code: 'choose_combination', details: null };
    case 'code':
      // Longer than any code: it cannot be one. Otherwise it was left empty.
      return issue.code === 'too_big' ? { code: 'coupon_unknown', details: null } : { code: 'coupon_missing', details: null };
    default:
      return { code: 'invalid_request', details: null };
  }
}

const couponForm = z.object({ code: couponCodeSchema });

/** The posted fields, with empty ones left out (an unticked confirmation, an empty optional field). */
function postedFields(formData: FormData): Record<string, string> {
  return Object.fromEntries([...formData].filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== ''));
}

/**
 * The cart route's action: add, update, remove, coupon-add and coupon-remove. A plain form post (no
 * JavaScript) is answered with a redirect (back to `redirectTo`, else the cart) and a one-time message; a
 * fetcher's post (IN_PLACE_FIELD) with the new cart. A refusal is data with its status either way: the
 * page that sent it (or the cart page, without JavaScript) shows why, translated.
 */
export async function cartAction(request: Request, { api, lang }: Pick<PageContext, 'api' | 'lang'>) {
  const formData = await readForm(request);
  const fields = postedFields(formData);
  const inPlace = IN_PLACE_FIELD in fields;
  const back = safeRedirect(request, fields.redirectTo ?? null, `/${lang}/cart`);

  const answer = (value: CartActionData, init: ResponseInit) => data(value, init);
  const refused = (intent: CartIntent | null, failure: ShownRefusal, status: number, extra: RefusalExtras = {}) =>
    answer({ ok: false, intent, failure, ...extra }, { status });

  /** Sends the change: a refusal of the shop comes back as a failure the page words, a sick API is the 503 screen. */
  async function attempt(intent: CartIntent, send: () => Promise<Cart>, messageOf: (cart: Cart) => string, extra: RefusalExtras = {}) {
    let cart: Cart;
    try {
      cart = await send();
    } catch (error) {
      if (!(error instanceof ShopApiError) || error.isTransportFailure) return pageError(error);
      return refused(intent, failureOf(error), error.status, extra);
    }
    const message = `cart.flash.${messageOf(cart)}`;
    // A first change starts a guest session: the storefront keeps it in its cookie.
    const headers = startedSessionHeaders(request, cart.session);
    if (inPlace) return answer({ ok: true, intent, cart: withoutSession(cart), message }, { headers });
    return redirectWithFlash(request, back, message, headers);
  }

  switch (fields.intent) {
    case 'add': {
      const input = createCartItemInput.safeParse(fields);
      if (!input.success) return refused('add', formFailure(input.error), 400, { back });
      const { product_id, combination_id, quantity } = input.data;
      return attempt('add', () => api('createCartItem', input.data), () => 'productAdded', {
        pending: { product_id, combination_id, quantity, redirectTo: back },
      });
    }
    case 'update': {
      const input = updateCartItemInput.safeParse(fields);
      const item_id = Number(fields.item_id) || undefined;
      if (!input.success) return refused('update', formFailure(input.error), 400, { item_id });
      return attempt('update', () => api('updateCartItem', input.data), () => 'quantityUpdated', { item_id, quantity: input.data.quantity });
    }
    case 'remove': {
      const input = removeCartItemInput.safeParse(fields);
      if (!input.success) return refused('remove', formFailure(input.error), 400);
      return attempt('remove', () => api('removeCartItem', input.data), () => 'productRemoved', { item_id: input.data.item_id });
    }
    case 'coupon-add': {
      const input = couponForm.safeParse(fields);
      if (!input.success) return refused('coupon-add', formFailure(input.error), 400);
      const { code } = input.data;
      return attempt(
        'coupon-add',
        () => api('addOrRemoveCoupon', { code, action: 'add' }),
        // SPEC §8: a voucher is 'applied', a coupon 'added'.
        (cart) => (cart.coupons.find((coupon) => coupon.code === code)?.kind === 'voucher' ? 'voucherApplied' : 'couponAdded'),
      );
    }
    case 'coupon-remove': {
      const input = couponForm.safeParse(fields);
      if (!input.success) return refused('coupon-remove', formFailure(input.error), 400);
      return attempt('coupon-remove', () => api('addOrRemoveCoupon', { code: input.data.code, action: 'remove' }), () => 'couponDeleted');
    }
    default:
      return refused(null, { code: 'invalid_request', details: null }, 400);
  }
}
