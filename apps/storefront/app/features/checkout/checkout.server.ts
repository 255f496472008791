import type { Address, Carrier, Checkout, CheckoutStep, Gateway, GatewayName, PickupPoint } from '@shop/contract';
import { randomBytes } from 'node:crypto';
import { data, redirect } from 'react-router';
import { FieldRefusal, postedForm, submitForm } from '~/lib/form-action.server';
import { ShopApiError } from '~/lib/api/client';
import { loadOrFail } from '~/lib/api/shop.server';
import type { PageContext } from '~/lib/request-context.server';
import { notFound } from '~/lib/request-context.server';
import { sessionToken } from '~/lib/session.server';
import { parseWithZod } from '@conform-to/zod/v4';
import { checkoutDraftForm, checkoutLabels, checkoutPointForm, detailsFormFor, DRAFT_FIELD, draftTarget, placeOrderForm, type CheckoutDetailsPost } from './forms';
import { screenOf, screenStep, stepPath, stepToShow, type CheckoutScreen } from './steps';

/** What the checkout page shows: the checkout, the step in the URL, its screen, and that screen's own data. */
export type CheckoutPageData =
  | { checkout: null }
  | {
      checkout: Checkout;
      step: CheckoutStep;
      screen: CheckoutScreen;
      addresses: Address[] | null;
      carriers: Carrier[] | null;
      points: PickupPoint[] | null;
      query: string;
      gateways: Gateway[] | null;
      /** A returning customer's last payment method (getGateways), chosen while the checkout has none. */
      rememberedGateway: GatewayName | null;
      /** A returning customer's last delivery method, ticked while the checkout has none. */
      lastCarrierId: number | null;
      /** The key of this placing (a double submit or a retry sends it again: one order). */
      idempotencyKey: string | null;
    };

/** The collection points are searched at once near the delivery address, unless the shopper asked for another place. */
function pointsQuery(url: URL, checkout: Checkout) {
  const asked = (url.searchParams.get('q') ?? '').trim().slice(0, 64);
  return asked || (checkout.carrier?.kind === 'pickup' ? (checkout.shipping_address?.postcode ?? '') : '');
}

/**
 * A returning customer's last delivery method: her last order's carrier, if it still goes to where the checkout
 * is delivered (matched by name and kind: an order keeps its carrier's name, not its id). Only asked while the
 * checkout has no carrier; an order that cannot be read leaves the first carrier ticked.
 */
async function lastCarrierId(api: PageContext['api'], carriers: Carrier[]): Promise<number | null> {
  try {
    const [last] = (await api('getOrders', {})).orders;
    if (!last) return null;
    const { carrier } = await api('getOrder', { reference: last.reference });
    return carriers.find((candidate) => candidate.name === carrier?.name && candidate.kind === carrier.kind)?.id ?? null;
  } catch (error) {
    if (error instanceof ShopApiError && !error.isTransportFailure) return null;
    throw error;
  }
}

/**
 * The checkout's loader: the step in the URL if it can be reached (every step before it complete), else the
 * first step that is missing; then the data of that step's screen, asked in parallel.
 */
export async function loadCheckoutPage(request: Request, { api, customer, lang }: PageContext): Promise<CheckoutPageData> {
  // A visitor without a session has no cart: nothing to check out, and no call to make.
  if (!sessionToken(request)) return { checkout: null };
  const url = new URL(request.url);
  const checkout = await loadOrFail(api('getCheckout', {}));
  if (checkout.cart.lines.length === 0) return { checkout: null };
  const asked = url.searchParams.get('step');
  const step = stepToShow(checkout, asked);
  if (step !== asked) throw redirect(stepPath(`/${lang}/checkout`, screenStep(step)));
  const screen = screenOf(step);
  const details = screen === 'details';
  const query = details ? pointsQuery(url, checkout) : '';
  const signedIn = details && checkout.signed_in ? await customer() : null;
  const [addresses, carriers, points, payment] = await Promise.all([
    signedIn ? loadOrFail(api('getAddresses', {})).then((answer) => answer.addresses) : null,
    details ? loadOrFail(api('getCarriers', {})).then((answer) => answer.carriers) : null,
    details && checkout.carrier?.kind === 'pickup' && query.length >= 2 ? loadOrFail(api('getPudos', { query })).then((answer) => answer.points) : null,
    details ? null : loadOrFail(api('getGateways', {})),
  ]);
  const lastCarrier = signedIn && carriers && !checkout.carrier ? await lastCarrierId(api, carriers) : null;
  return {
    checkout: { ...checkout, cart: { ...checkout.cart, session: null } },
    step,
    screen,
    addresses,
    carriers,
    points,
    query,
    gateways: payment?.gateways ?? null,
    rememberedGateway: payment?.remembered ?? null,
    lastCarrierId: lastCarrier,
    idempotencyKey: details ? null : randomBytes(18).toString('base64url'),
  };
}

/** The API's input for the Address step from what the form posted. */
function addressInput(post: CheckoutDetailsPost) {
  const saved = post.shipping_id && post.shipping_id !== 'new' ? Number(post.shipping_id) : null;
  return {
    shipping: saved ? { address_id: saved } : { address: post.shipping!, save: Boolean(post.save_shipping) },
    billing: post.billing_same || !post.billing ? undefined : { address: post.billing, save: false },
    invoice: post.invoice_requested ? { requested: true, ...post.invoice } : undefined,
  };
}

/** An API field path as the details form names it: `shipping.address.postcode` → `shipping.postcode`. */
const addressField = (path: string) => path.replace('.address.', '.');

/**
 * Keeps what the first screen holds before it is sent (ADR 0046): while the shopper types (JavaScript), or from its
 * 'Back to cart' and 'Show the delivery methods' buttons (without). A draft beyond its bounds is not kept: sending
 * the screen will say what is wrong. Then back to where the button leads.
 */
async function saveDraft(request: Request, { api, lang }: PageContext, formData: FormData) {
  const target = draftTarget.catch('auto').parse(formData.get(DRAFT_FIELD));
  const submission = parseWithZod(formData, { schema: checkoutDraftForm });
  let saved = false;
  if (submission.status === 'success') {
    try {
      await api('saveCheckoutDraft', { draft: submission.value });
      saved = true;
    } catch (error) {
      // An emptied cart (in another tab) has no checkout to keep it with: the pages say so.
      if (!(error instanceof ShopApiError) || error.isTransportFailure) throw error;
    }
  }
  if (target === 'cart') return redirect(`/${lang}/cart`);
  if (target === 'delivery') {
    const url = new URL(request.url);
    return redirect(`${url.pathname}${url.search}#delivery`);
  }
  return data({ draftSaved: saved });
}

/**
 * The checkout's action: one form per screen, and one per collection point. The details screen saves its
 * steps in their order (Account, Address, Delivery) and goes on to the collection points when the carrier
 * needs one, else to the payment; a refusal stays on the screen with the reason and the fields it names,
 * translated. The payment screen saves the note and the gateway, then places the order.
 */
export async function checkoutAction(request: Request, page: PageContext) {
  const { api, lang, customer } = page;
  const { formData, formId } = await postedForm(request);
  const path = `/${lang}/checkout`;
  const options = { labelsOf: checkoutLabels };
  /** After a screen's form is saved: the first step still missing (the collection point, say), or the payment. */
  const onwards = (checkout: Checkout) => redirect(stepPath(path, screenStep(checkout.next_step)));

  switch (formId) {
    case 'checkout-details': {
      if (formData.has(DRAFT_FIELD)) return saveDraft(request, page, formData);
      const signedIn = Boolean(await customer());
      return submitForm(
        request,
        lang,
        formData,
        detailsFormFor(signedIn),
        async (post: CheckoutDetailsPost) => {
          if (!signedIn && post.email) await api('updateCheckoutEmail', { email: post.email });
          await api('updateCheckoutAddress', addressInput(post));
          return onwards(await api('updateCheckoutCarrier', { carrier_id: post.carrier_id }));
        },
        { ...options, fieldOf: addressField },
      );
    }
    case 'checkout-point':
      return submitForm(
        request,
        lang,
        formData,
        checkoutPointForm,
        async ({ pickup_point_id }) => {
          const current = await api('getCheckout', {});
          if (current.carrier?.kind !== 'pickup') return redirect(stepPath(path, 'delivery'));
          return onwards(await api('updateCheckoutCarrier', { carrier_id: current.carrier.id, pickup_point_id }));
        },
        options,
      );
    case 'checkout-place':
      return submitForm(
        request,
        lang,
        formData,
        placeOrderForm,
        async ({ idempotency_key, gateway, message, saved_message }, t) => {
          if (message !== saved_message.trim()) {
            try {
              await api('addOrEditDeliveryMessage', { message });
            } catch (error) {
              // SPEC §8: 'Failed to save delivery notes', beside the note.
              if (error instanceof ShopApiError && !error.isTransportFailure) throw new FieldRefusal('message', t('checkout.message.failed'));
              throw error;
            }
          }
          await api('updateCheckoutPayment', { gateway });
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
