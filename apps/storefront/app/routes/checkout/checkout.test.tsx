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
      totals: { items_count: 1, products: 5900, discounts: 0, shipping: 0, shipping_free: false, tax: 983, total: 5900, vat_rate_bp: 2000, vat_rates_bp: [2000] },
      country: 'FR',
      currency: 'EUR',
      free_shipping: null,
      delivery: null,
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
    draft: null,
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

  it('sends a shopper who asks for a step not yet reachable to the first screen, where all its sections are', async () => {
    const { api, calls } = stubApi({ getCheckout: () => checkoutMissing('delivery'), getCarriers: () => ({ carriers: [] }) });
    await renderRoute(route, '/en/checkout?step=payment', { api, cookie: SESSION });
    const progress = await screen.findByRole('navigation', { name: 'Checkout steps' });
    expect(progress.querySelector('[aria-current=step]')?.textContent).toBe('Step 1 of 2: Your details');
    // One screen, one form: contact, address, delivery and billing together, and the way on to the payment.
    for (const name of ['Contact', 'Shipping address', 'How should we deliver?', 'Billing address']) expect(screen.getByRole('heading', { level: 2, name })).toBeTruthy();
    // Every field a shopper types in says what browsers may fill it with; the ones she may leave empty say so.
    const form = document.getElementById('checkout-details')!;
    const typed = [...form.querySelectorAll('input:not([type=hidden]):not([type=radio]):not([type=checkbox]), select, textarea')];
    expect(typed.length).toBeGreaterThan(15);
    expect(typed.filter((field) => !field.getAttribute('autocomplete')).map((field) => field.getAttribute('name'))).toEqual([]);
    expect(form.querySelector('input[name=email]')?.getAttribute('autocomplete')).toBe('email');
    expect(form.querySelector('input[name="shipping.postcode"]')?.getAttribute('autocomplete')).toBe('shipping postal-code');
    expect(form.querySelector('input[name="billing.postcode"]')?.getAttribute('autocomplete')).toBe('billing postal-code');
    expect(screen.getAllByLabelText('Additional information (optional)').length).toBe(2);
    expect(screen.getByRole('button', { name: 'Continue to payment' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'How would you like to pay?' })).toBeNull();
    // The payment screen's data is never asked for; the first screen's is (a guest has no saved addresses).
    expect(calls.map(({ name }) => name)).toEqual(['getCheckout', 'getCheckout', 'getCarriers']);
  });

  it('starts a returning customer with her default address and her last order’s carrier chosen', async () => {
    const missing = checkoutMissing('address');
    const home = { alias: 'Home', first_name: 'Giulia', last_name: 'Rossi', company: '', address1: 'Via Solferino 10', address2: '', city: 'Milano', state: 'MI', country: 'IT', postcode: '20121', phone: '+39 02 1234567', vat_number: '' };
    const carrier = (id: number, name: string) => ({ id, code: name, name, kind: 'home' as const, price: 500, regular_price: 500, free: false, delivery_days: { min: 1, max: 3 } });
    const { api, calls } = stubApi({
      getCheckout: () => ({ ...missing, signed_in: true }),
      getAddresses: () => ({ addresses: [{ ...home, id: 4, alias: 'Office', is_default: false }, { ...home, id: 5, is_default: true }] }),
      getCarriers: () => ({ carriers: [carrier(1, 'Standard delivery'), carrier(2, 'Express delivery')] }),
      getOrders: () => ({ orders: [{ reference: 'NEWEST', date: '2026-11-20', status: 'delivered', total: 5900, currency: 'EUR', item_count: 1 }] }),
      getOrder: () => ({ carrier: { name: 'Express delivery', kind: 'home', delivery_days: { min: 1, max: 2 } } }),
    });
    const customer = { id: 9, email: 'guest@example.com', first_name: 'Giulia', last_name: 'Rossi', gender: null, newsletter: false, newsletter_interests: [], created_at: '2026-01-01' };
    await renderRoute(route, '/en/checkout?step=address', { api, cookie: SESSION, customer });
    expect(await screen.findByText('Signed in as guest@example.com. Your order confirmation goes to this address.')).toBeTruthy();
    const radio = (name: RegExp) => screen.getByRole('radio', { name }) as HTMLInputElement;
    expect(radio(/^Home ?: Giulia Rossi, Via Solferino 10, 20121 Milano, Italy, \+39 02 1234567/).checked).toBe(true);
    expect(radio(/^Office ?:/).checked).toBe(false);
    expect(radio(/Express delivery/).checked).toBe(true);
    expect(radio(/Standard delivery/).checked).toBe(false);
    expect(calls.find(({ name }) => name === 'getOrder')?.payload).toEqual({ reference: 'NEWEST' });
  });

  it('shows the second screen for any of its steps, its fields marked and filled in by the browser', async () => {
    const { api, calls } = stubApi({ getCheckout: () => checkoutMissing('payment'), getGateways: () => ({ gateways: [{ name: 'card' }, { name: 'paypal' }], remembered: null }) });
    await renderRoute(route, '/en/checkout?step=message', { api, cookie: SESSION });
    const progress = await screen.findByRole('navigation', { name: 'Checkout steps' });
    expect(progress.querySelector('[aria-current=step]')?.textContent).toBe('Step 2 of 2: Payment and review');
    // The first screen is a link back.
    expect(screen.getByRole('link', { name: 'Step 1 of 2: Your details' }).getAttribute('href')).toBe('/en/checkout?step=address');
    for (const name of ['Vouchers and coupons', 'How would you like to pay?', 'A note for the delivery', 'Check and place your order']) expect(screen.getByRole('heading', { level: 2, name })).toBeTruthy();
    expect((screen.getByRole('radio', { name: /card/i }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole('button', { name: 'Order with obligation to pay' })).toBeTruthy();
    expect(calls.map(({ name }) => name)).toEqual(['getCheckout', 'getGateways']);
  });

  it('starts the payment with the method a returning customer paid with last, until the checkout has one', async () => {
    const gateways = [{ name: 'card' as const }, { name: 'paypal' as const }];
    const { api } = stubApi({ getCheckout: () => checkoutMissing('payment'), getGateways: () => ({ gateways, remembered: 'paypal' as const }) });
    await renderRoute(route, '/en/checkout?step=payment', { api, cookie: SESSION });
    expect(((await screen.findByRole('radio', { name: /paypal/i })) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('radio', { name: /card/i }) as HTMLInputElement).checked).toBe(false);
    cleanup();

    const chosen = stubApi({ getCheckout: () => ({ ...checkoutMissing('payment'), gateway: 'card' as const }), getGateways: () => ({ gateways, remembered: 'paypal' as const }) });
    await renderRoute(route, '/en/checkout?step=payment', { api: chosen.api, cookie: SESSION });
    expect(((await screen.findByRole('radio', { name: /card/i })) as HTMLInputElement).checked).toBe(true);
  });

  it('shows the empty checkout when the session has an empty cart', async () => {
    const empty = checkoutMissing('account');
    const { api } = stubApi({ getCheckout: () => ({ ...empty, cart: { ...empty.cart, lines: [] } }) });
    await renderRoute(route, '/en/checkout?step=account', { api, cookie: SESSION });
    expect(await screen.findByText('Your cart is empty: add a product before checking out.')).toBeTruthy();
  });
});
