import type { Address, Carrier, Checkout, CheckoutStep, Gateway, PickupPoint } from '@shop/contract';
import { randomBytes } from 'node:crypto';
import { data, redirect } from 'react-router';
import { postedForm, submitAccountForm } from '../account/form-action.server';
import { loadOrFail } from '../../lib/api/shop.server';
import { flashHeaders } from '../../lib/auth.server';
import type { PageContext } from '../../lib/request-context.server';
import { notFound } from '../../lib/request-context.server';
import { sessionToken } from '../../lib/session.server';
import {
  checkoutAddressForm,
  checkoutCarrierForm,
  checkoutEmailForm,
  checkoutLabels,
  checkoutMessageForm,
  checkoutPaymentForm,
  checkoutPointForm,
  placeOrderForm,
  type CheckoutAddressPost,
} from './forms';
import { stepAfter, stepPath, stepToShow } from './steps';

/** What the checkout page shows: the checkout, the step in the URL, and that step's own data. */
export type CheckoutPageData =
  | { checkout: null }
  | {
      checkout: Checkout;
      step: CheckoutStep;
      addresses: Address[] | null;
      carriers: Carrier[] | null;
      points: PickupPoint[] | null;
      query: string;
      gateways: Gateway[] | null;
      /** The key of this placing (a double submit or a retry sends it again: one order). */
      idempotencyKey: string | null;
    };

/**
 * The checkout's loader: the step in the URL if it can be reached (every step before it complete), else the
 * first step that is missing; then that step's data, asked in parallel.
 */
export async function loadCheckoutPage(request: Request, { api, customer, lang }: PageContext): Promise<CheckoutPageData> {
  // A visitor without a session has no cart: nothing to check out, and no call to make.
  if (!sessionToken(request)) return { checkout: null };
  const url = new URL(request.url);
  const checkout = await loadOrFail(api('getCheckout', {}));
  if (checkout.cart.lines.length === 0) return { checkout: null };
  const asked = url.searchParams.get('step');
  const step = stepToShow(checkout, asked);
  if (step !== asked) throw redirect(stepPath(`/${lang}/checkout`, step));
  const query = (url.searchParams.get('q') ?? '').trim().slice(0, 64);
  const signedIn = step === 'address' ? await customer() : null;
  const [addresses, carriers, points, gateways] = await Promise.all([
    signedIn ? loadOrFail(api('getAddresses', {})).then((answer) => answer.addresses) : null,
    step === 'delivery' ? loadOrFail(api('getCarriers', {})).then((answer) => answer.carriers) : null,
    step === 'points' && query.length >= 2 ? loadOrFail(api('getPudos', { query })).then((answer) => answer.points) : null,
    step === 'payment' ? loadOrFail(api('getGateways', {})).then((answer) => answer.gateways) : null,
  ]);
  return {
    checkout: { ...checkout, cart: { ...checkout.cart, session: null } },
    step,
    addresses,
    carriers,
    points,
    query,
    gateways,
    idempotencyKey: step === 'review' ? randomBytes(18).toString('base64url') : null,
  };
}

/** The API's input for the Address step from what the form posted. */
function addressInput(post: CheckoutAddressPost) {
  const saved = post.shipping_id && post.shipping_id !== 'new' ? Number(post.shipping_id) : null;
  return {
    shipping: saved ? { address_id: saved } : { address: post.shipping!, save: Boolean(post.save_shipping) },
    billing: post.billing_same || !post.billing ? undefined : { address: post.billing, save: false },
    invoice: post.invoice_requested ? { requested: true, ...post.invoice } : undefined,
  };
}

/** An API field path as the Address form names it: `shipping.address.postcode` → `shipping.postcode`. */
const addressField = (path: string) => path.replace('.address.', '.');

/**
 * The checkout's action: one form per step. A saved step goes to the step after it (or back to one that is
 * missing); a refusal stays on the step with the reason and the fields it names, translated.
 */
export async function checkoutAction(request: Request, { api, lang }: PageContext) {
  const { formData, formId } = await postedForm(request);
  const path = `/${lang}/checkout`;
  const options = { labelsOf: checkoutLabels };
  /** After a step is saved: the step that follows it, as the checkout now stands. */
  const onwards = (checkout: Checkout, from: CheckoutStep, flash?: string) =>
    redirect(stepPath(path, stepAfter(checkout, from)), flash ? { headers: flashHeaders(request, flash) } : undefined);

  switch (formId) {
    case 'checkout-email':
      return submitAccountForm(request, lang, formData, checkoutEmailForm, async ({ email }) => onwards(await api('updateCheckoutEmail', { email }), 'account'), options);
    case 'checkout-address':
      return submitAccountForm(
        request,
        lang,
        formData,
        checkoutAddressForm,
        async (post) => onwards(await api('updateCheckoutAddress', addressInput(post)), 'address'),
        { ...options, fieldOf: addressField },
      );
    case 'checkout-carrier':
      return submitAccountForm(request, lang, formData, checkoutCarrierForm, async ({ carrier_id }) => onwards(await api('updateCheckoutCarrier', { carrier_id }), 'delivery'), options);
    case 'checkout-point':
      return submitAccountForm(
        request,
        lang,
        formData,
        checkoutPointForm,
        async ({ pickup_point_id }) => {
          const current = await api('getCheckout', {});
          if (current.carrier?.kind !== 'pickup') return redirect(stepPath(path, 'delivery'));
          return onwards(await api('updateCheckoutCarrier', { carrier_id: current.carrier.id, pickup_point_id }), 'points');
        },
        options,
      );
    case 'checkout-message':
      return submitAccountForm(
        request,
        lang,
        formData,
        checkoutMessageForm,
        async ({ message }) => {
          await api('addOrEditDeliveryMessage', { message });
          return onwards(await api('getCheckout', {}), 'message', 'checkout.flash.notesSaved');
        },
        // SPEC §8: 'Failed to save delivery notes'.
        { ...options, refusalKey: 'checkout.message.failed' },
      );
    case 'checkout-payment':
      return submitAccountForm(request, lang, formData, checkoutPaymentForm, async ({ gateway }) => onwards(await api('updateCheckoutPayment', { gateway }), 'payment'), options);
    case 'checkout-place':
      return submitAccountForm(
        request,
        lang,
        formData,
        placeOrderForm,
        async ({ idempotency_key }) => {
          const placed = await api('createOrder', { idempotency_key, accept_terms: true, accept_privacy: true });
          const reference = encodeURIComponent(placed.order.reference);
          // The gateway could not be reached: the order waits for its payment, the failed page offers to pay again.
          if (!placed.redirect_url) return redirect(`/${lang}/checkout/failed?order=${reference}&reason=unavailable`);
          return data({ payment: { reference: placed.order.reference, url: placed.redirect_url } });
        },
        options,
      );
    default:
      return notFound();
  }
}
