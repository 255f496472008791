import type { Cart, CartCoupon } from '@shop/contract';
import { describe, expect, it, vi } from 'vitest';
import { ShopApiError } from '~/lib/api/client';
import type { ShopApi } from '~/lib/api/shop.server';
import { cartAction } from './cart.server';
import { IN_PLACE_FIELD } from '~/lib/form-fields';

const SHOP = 'http://shop.test';

function cartWith({ coupons = [], session = null }: { coupons?: CartCoupon[]; session?: Cart['session'] } = {}): Cart {
  return {
    lines: [],
    coupons,
    totals: { items_count: 0, products: 0, discounts: 0, shipping: 0, shipping_free: false, tax: 0, total: 0, vat_rate_bp: 2200, vat_rates_bp: [2200] },
    country: 'IT',
    currency: 'EUR',
    free_shipping: null,
    delivery: null,
    session,
  };
}

/** Posts a form to the cart action as the browser would (from the shop's own pages), with the API's answer. */
async function post(fields: Record<string, string>, answer: () => Promise<Cart>) {
  const api = vi.fn(answer);
  const request = new Request(`${SHOP}/en/cart`, { method: 'POST', body: new URLSearchParams(fields), headers: { Origin: SHOP } });
  const result = await cartAction(request, { api: api as unknown as ShopApi, lang: 'en' });
  return { result, api };
}

const started = { token: 'new-guest-token', expires_at: '2030-01-01T00:00:00.000Z' };
const add = { intent: 'add', product_id: '12', combination_id: '34', quantity: '2' };

describe('the cart action', () => {
  it('answers a plain post with a redirect, a one-time message and the guest session the API started', async () => {
    const { result, api } = await post({ ...add, redirectTo: '/en/12-linen-dress.html?g1=5' }, async () => cartWith({ session: started }));
    expect(api).toHaveBeenCalledWith('createCartItem', { product_id: 12, combination_id: 34, quantity: 2 });
    expect(result).toBeInstanceOf(Response);
    const response = result as Response;
    expect(response.headers.get('Location')).toBe('/en/12-linen-dress.html?g1=5');
    const cookies = response.headers.getSetCookie().join('\n');
    expect(cookies).toContain('sid=new-guest-token');
    expect(cookies).toContain(`flash=${encodeURIComponent('cart.flash.productAdded')}`);
  });

  it('answers a fetcher with the new cart, never with the session token', async () => {
    const { result } = await post({ ...add, [IN_PLACE_FIELD]: '1' }, async () => cartWith({ session: started }));
    expect(result).not.toBeInstanceOf(Response);
    const { data, init } = result as unknown as { data: { ok: boolean; cart: Cart; message: string }; init: ResponseInit };
    expect(data).toMatchObject({ ok: true, message: 'cart.flash.productAdded', cart: { session: null } });
    expect(new Headers(init.headers).get('Set-Cookie')).toContain('sid=new-guest-token');
  });

  it('says a voucher is applied and a coupon added, and sends codes in capitals', async () => {
    const voucher: CartCoupon = { code: 'SAVE20', name: '20 €', kind: 'voucher', discount: 2000, free_shipping: false, problem: null };
    const { result, api } = await post({ intent: 'coupon-add', code: ' save20 ' }, async () => cartWith({ coupons: [voucher] }));
    expect(api).toHaveBeenCalledWith('addOrRemoveCoupon', { code: 'SAVE20', action: 'add' });
    expect((result as Response).headers.getSetCookie().join()).toContain(encodeURIComponent('cart.flash.voucherApplied'));
  });

  it('turns a refusal into its code and details, and keeps the add to confirm it', async () => {
    const refusal = new ShopApiError(409, 'preorder_confirmation_required', 'Confirm', { in_stock: 0, available_date: '2027-02-01T00:00:00.000Z' });
    const { result } = await post({ ...add, redirectTo: '/en/12-linen-dress.html' }, () => Promise.reject(refusal));
    const { data, init } = result as unknown as { data: unknown; init: ResponseInit };
    expect(init.status).toBe(409);
    expect(data).toEqual({
      ok: false,
      intent: 'add',
      failure: { code: 'preorder_confirmation_required', details: { in_stock: 0, available_date: '2027-02-01T00:00:00.000Z' } },
      pending: { product_id: 12, combination_id: 34, quantity: 2, redirectTo: '/en/12-linen-dress.html' },
    });
  });

  it('reads an unknown refusal as "something went wrong" and a sick API as the 503 screen', async () => {
    const odd = await post(add, () => Promise.reject(new ShopApiError(422, 'brand_new_code', 'New')));
    expect((odd.result as unknown as { data: { failure: unknown } }).data.failure).toEqual({ code: 'something_went_wrong', details: null });
    await expect(post(add, () => Promise.reject(new ShopApiError(0, 'timeout', 'timeout of 10000ms exceeded')))).rejects.toMatchObject({ init: { status: 503 } });
  });

  it.each([
    [{ intent: 'add', product_id: 'x', combination_id: '1' }, 'invalid_request'],
    [{ intent: 'add', product_id: '1' }, 'choose_combination'],
    [{ intent: 'update', item_id: '3', quantity: '-1' }, 'invalid_quantity'],
    [{ intent: 'coupon-add', code: '' }, 'coupon_missing'],
    [{ intent: 'coupon-add', code: 'X'.repeat(80) }, 'coupon_unknown'],
    [{ intent: 'empty-the-shop' }, 'invalid_request'],
  ])('refuses %j with %s, without calling the API', async (fields, code) => {
    const { result, api } = await post(fields, async () => cartWith());
    const { data, init } = result as unknown as { data: { failure: { code: string } }; init: ResponseInit };
    expect(init.status).toBe(400);
    expect(data.failure.code).toBe(code);
    expect(api).not.toHaveBeenCalled();
  });

  it('never redirects outside the shop', async () => {
    const { result } = await post({ ...add, redirectTo: '//evil.example/phish' }, async () => cartWith());
    expect((result as Response).headers.get('Location')).toBe('/en/cart');
  });

});
