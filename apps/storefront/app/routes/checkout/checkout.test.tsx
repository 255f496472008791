// @vitest-environment happy-dom
import type { Checkout as CheckoutData, CheckoutStep } from '@shop/contract';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderRoute, stubApi } from '../../../test/route-stub';
import Checkout, { loader } from './checkout';

/** The checkout route (loader and screen), rendered through createRoutesStub with a stubbed shop API. */
const route = { path: '/:lang/checkout', Component: Checkout, loader };
const SESSION = `sid=${'a'.repeat(43)}`;

const STEPS: CheckoutStep[] = ['account', 'address', 'delivery', 'vouchers', 'message', 'payment', 'review'];

/** A guest's checkout of one dress whose steps up to (not including) `missing` are complete. */
function checkoutMissing(missing: CheckoutStep): CheckoutData {
  const firstMissing = STEPS.indexOf(missing);
  return {
    cart: {
      lines: [
        {
          id: 1,
          product_id: 7,
          combination_id: 70,
          name: 'Linen summer dress',
          link_rewrite: 'linen-summer-dress',
          reference: 'DR-7',
          image: { url: '/media/dress.jpg', width: 600, height: 800, alt: '' },
          attributes: [],
          quantity: 1,
          unit_price: 5900,
          regular_unit_price: 5900,
          total: 5900,
          minimal_quantity: 1,
          max_quantity: 5,
          on_demand_quantity: 0,
          on_demand: null,
          available_date: null,
          cancellable: true,
          available_quantity: null,
          free_shipping: false,
        },
      ],
      coupons: [],
      totals: { items_count: 1, products: 5900, discounts: 0, shipping: 0, shipping_free: false, tax: 983, total: 5900, vat_rate_bp: 2000 },
      country: 'FR',
      currency: 'EUR',
      free_shipping: null,
      session: null,
    },
    email: 'guest@example.com',
    signed_in: false,
    shipping_address: null,
    billing_address: null,
    invoice: null,
    carrier: null,
    pickup_point: null,
    delivery_message: '',
    gateway: null,
    steps: STEPS.map((step, index) => ({ step, complete: index < firstMissing })),
    next_step: missing,
  };
}

afterEach(cleanup);

describe('the checkout route', () => {
  it('shows a visitor without a session the empty checkout, without calling the shop API', async () => {
    const { api, calls } = stubApi({});
    await renderRoute(route, '/en/checkout?step=payment', { api });
    expect(await screen.findByText('Your cart is empty: add a product before checking out.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to cart' }).getAttribute('href')).toBe('/en/cart');
    expect(calls).toEqual([]);
  });

  it('sends a shopper who asks for a step not yet reachable to the first missing one', async () => {
    const { api, calls } = stubApi({ getCheckout: () => checkoutMissing('delivery'), getCarriers: () => ({ carriers: [] }) });
    await renderRoute(route, '/en/checkout?step=payment', { api, cookie: SESSION });
    expect(await screen.findByText('Step 3 of 7: Delivery')).toBeTruthy();
    expect(screen.getByRole('group', { name: 'How should we deliver?' })).toBeTruthy();
    expect(screen.queryByText('Step 6 of 7: Payment')).toBeNull();
    // The payment step's data is never asked for; the delivery step's is.
    expect(calls.map(({ name }) => name)).toEqual(['getCheckout', 'getCheckout', 'getCarriers']);
  });

  it('shows a step that can be reached where it was asked', async () => {
    const { api } = stubApi({ getCheckout: () => checkoutMissing('payment') });
    await renderRoute(route, '/en/checkout?step=message', { api, cookie: SESSION });
    expect(await screen.findByText('Step 5 of 7: Message')).toBeTruthy();
  });

  it('shows the empty checkout when the session has an empty cart', async () => {
    const empty = checkoutMissing('account');
    const { api } = stubApi({ getCheckout: () => ({ ...empty, cart: { ...empty.cart, lines: [] } }) });
    await renderRoute(route, '/en/checkout?step=account', { api, cookie: SESSION });
    expect(await screen.findByText('Your cart is empty: add a product before checking out.')).toBeTruthy();
  });
});
