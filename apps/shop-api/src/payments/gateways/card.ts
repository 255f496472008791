import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  InvalidNotificationError,
  type CreatedPayment,
  type PayableOrder,
  type NotificationHint,
  type PaymentGateway,
  type PaymentOutcome,
  type PaymentReading,
} from '../gateway.ts';
import { baseUrl, CALL_TIMEOUT_MS, callJson, requireOwnSecrets } from './http.ts';

/**
 * The card gateway: a processor with a hosted payment page in the style of Stripe Checkout. In development and
 * tests that processor is the card sandbox (apps/card-sandbox), which `npm start` starts; configured with another
 * CARD_PROCESSOR_URL it is a real one speaking the same protocol. Card data is typed on the processor's page
 * only: nothing here ever sees it.
 */

export type CardGatewayConfig = {
  /** The processor's API (and where its hosted page lives). */
  processorUrl: string;
  /** The secret API key, sent as `Authorization: Bearer …`. */
  secretKey: string;
  /** The secret notifications are signed with (Stripe-Signature). */
  webhookSecret: string;
  /** Time one call to the processor may take. */
  timeoutMs: number;
  /** How far a notification's signed time may be from ours (replays of old notifications are refused). */
  signatureToleranceSeconds: number;
};

export function readCardGatewayConfig(env: NodeJS.ProcessEnv = process.env): CardGatewayConfig {
  const processorUrl = baseUrl(env.CARD_PROCESSOR_URL, 'http://127.0.0.1:4100');
  requireOwnSecrets({ urlVariable: 'CARD_PROCESSOR_URL', url: processorUrl }, [
    { variable: 'CARD_PROCESSOR_SECRET_KEY', value: env.CARD_PROCESSOR_SECRET_KEY, sandboxValue: 'sk_test_sandbox' },
    { variable: 'CARD_WEBHOOK_SECRET', value: env.CARD_WEBHOOK_SECRET, sandboxValue: 'whsec_sandbox' },
  ]);
  return {
    processorUrl,
    secretKey: env.CARD_PROCESSOR_SECRET_KEY || 'sk_test_sandbox',
    webhookSecret: env.CARD_WEBHOOK_SECRET || 'whsec_sandbox',
    timeoutMs: CALL_TIMEOUT_MS,
    signatureToleranceSeconds: 300,
  };
}

/** The processor refused a call or did not answer: the checkout cannot go on with this gateway now. */
export class CardProcessorError extends Error {
  readonly statusCode = 502;
  constructor(
    message: string,
    /** The processor's HTTP status, when it answered. */
    readonly processorStatus?: number,
    /** The processor's error code (e.g. amount_too_large), when it gave one. */
    readonly code?: string,
  ) {
    super(message);
    this.name = 'CardProcessorError';
  }
}

/** The parts of a checkout session the shop reads (Stripe's field names). */
type CheckoutSession = {
  id: string;
  url: string | null;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid' | 'no_payment_required';
  amount_total: number;
  currency: string;
  client_reference_id: string | null;
  payment_intent: string | null;
  last_payment_error?: { code?: string; decline_code?: string; message?: string } | null;
};

const HOSTED_PAGE_LOCALES = new Set(['en', 'fr', 'it', 'es', 'de', 'pl']);

/** What a session means for its order. */
export function outcomeOfSession(session: Pick<CheckoutSession, 'status' | 'payment_status' | 'last_payment_error'>): PaymentOutcome['status'] {
  if (session.payment_status === 'paid') return 'payment_accepted';
  if (session.status === 'expired') return 'cancelled';
  if (session.status === 'open' && session.last_payment_error) return 'payment_error';
  // Open and not tried yet, or complete with a payment still on its way.
  return 'awaiting_payment';
}

/** Appends `name=value` to a URL's query as written (value is not encoded: it may be a template). */
function withQuery(url: string, pair: string): string {
  const hash = url.indexOf('#');
  const base = hash === -1 ? url : url.slice(0, hash);
  const fragment = hash === -1 ? '' : url.slice(hash);
  const separator = !base.includes('?') ? '?' : base.endsWith('?') || base.endsWith('&') ? '' : '&';
  return `${base}${separator}${pair}${fragment}`;
}

function header(headers: Record<string, string | undefined>, name: string): string | undefined {
  const key = Object.keys(headers).find((candidate) => candidate.toLowerCase() === name);
  return key === undefined ? undefined : headers[key];
}

/**
 * Checks a Stripe-Signature header (`t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.rawBody">`, possibly several v1
 * during a secret's rotation) in constant time; throws InvalidNotificationError when it does not hold.
 */
export function verifyStripeSignature(input: { header: string | undefined; rawBody: string; secret: string; toleranceSeconds: number; nowSeconds: number }): void {
  const { header: value, rawBody, secret, toleranceSeconds, nowSeconds } = input;
  if (!value) throw new InvalidNotificationError('No Stripe-Signature header');
  let timestamp: number | null = null;
  const signatures: Buffer[] = [];
  for (const part of value.split(',')) {
    const [key, item] = part.trim().split('=', 2);
    if (key === 't' && item !== undefined && /^\d{1,12}$/.test(item)) timestamp = Number(item);
    if (key === 'v1' && item !== undefined && /^[0-9a-f]{64}$/i.test(item)) signatures.push(Buffer.from(item, 'hex'));
  }
  if (timestamp === null || signatures.length === 0) throw new InvalidNotificationError('Malformed Stripe-Signature header');
  if (Math.abs(nowSeconds - timestamp) > toleranceSeconds) throw new InvalidNotificationError('Stale notification: its signed time is outside the tolerance');
  const expected = createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest();
  // Every candidate is compared (no early exit) so the time taken says nothing about which one matched.
  let matched = false;
  for (const signature of signatures) matched = timingSafeEqual(signature, expected) || matched;
  if (!matched) throw new InvalidNotificationError('Bad notification signature');
}

type NotificationEvent = { id: string; type: string; data: { object: CheckoutSession } };

function parseEvent(rawBody: string): NotificationEvent {
  let event: unknown;
  try {
    event = JSON.parse(rawBody);
  } catch {
    throw new InvalidNotificationError('The notification is not JSON');
  }
  const candidate = event as Partial<NotificationEvent> | null;
  const object = candidate?.data?.object;
  if (
    typeof candidate?.id !== 'string' ||
    typeof candidate.type !== 'string' ||
    typeof object?.id !== 'string' ||
    typeof object.client_reference_id !== 'string' ||
    object.client_reference_id === ''
  ) {
    throw new InvalidNotificationError('The notification is not a checkout session event');
  }
  return candidate as NotificationEvent;
}

/** The notifications the shop subscribes to: each only says which session to read back. */
const EVENT_TYPES = new Set([
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
  'payment_intent.payment_failed',
  'checkout.session.expired',
]);

export function createCardGateway(config: CardGatewayConfig, deps: { fetch?: typeof fetch; nowSeconds?: () => number } = {}): PaymentGateway {
  const fetchImpl = deps.fetch ?? fetch;
  const nowSeconds = deps.nowSeconds ?? (() => Math.floor(Date.now() / 1000));

  async function call<T>(method: 'GET' | 'POST', path: string, body?: Record<string, unknown>): Promise<T> {
    const { status, ok, json } = await callJson(
      fetchImpl,
      `${config.processorUrl}${path}`,
      {
        method,
        headers: {
          authorization: `Bearer ${config.secretKey}`,
          accept: 'application/json',
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
        timeoutMs: config.timeoutMs,
      },
      (reason) => new CardProcessorError(`Card processor unreachable (${method} ${path.split('/').slice(0, 3).join('/')}): ${reason}`),
    );
    if (!ok) {
      const error = (json as { error?: { message?: string; code?: string } } | null)?.error;
      throw new CardProcessorError(`Card processor refused ${method} ${path.split('/').slice(0, 3).join('/')} (${status}): ${error?.message ?? 'no reason given'}`, status, error?.code);
    }
    if (json === null || typeof json !== 'object') throw new CardProcessorError(`Card processor answered ${method} ${path} with something that is not JSON`, status);
    return json as T;
  }

  const readSession = (sessionId: string) => call<CheckoutSession>('GET', `/v1/checkout/sessions/${encodeURIComponent(sessionId)}`);

  return {
    name: 'card',

    async createPayment(order: PayableOrder): Promise<CreatedPayment> {
      if (!Number.isSafeInteger(order.totalCents) || order.totalCents <= 0) throw new CardProcessorError(`Cannot pay an amount of ${order.totalCents} cents by card`);
      const session = await call<CheckoutSession>('POST', '/v1/checkout/sessions', {
        mode: 'payment',
        amount: order.totalCents,
        currency: order.currency.toLowerCase(),
        client_reference_id: order.reference,
        // The processor fills in the session id on the way back: the return is read back by that id (handleReturn),
        // the cancel link's too, so a shopper who cancels is matched to their session as well.
        success_url: withQuery(order.returnUrl, 'session_id={CHECKOUT_SESSION_ID}'),
        cancel_url: withQuery(order.cancelUrl, 'session_id={CHECKOUT_SESSION_ID}'),
        locale: HOSTED_PAGE_LOCALES.has(order.lang) ? order.lang : 'auto',
      });
      if (!session.url) throw new CardProcessorError(`Card processor gave session ${session.id} no payment page`);
      return { paymentId: session.id, redirectUrl: session.url };
    },

    async readPayment({ order, paymentId }): Promise<PaymentReading> {
      if (!/^cs_[A-Za-z0-9_]{1,200}$/.test(paymentId)) throw new CardProcessorError('Not a checkout session id');
      const session = await readSession(paymentId);
      if (session.client_reference_id !== order.reference) throw new CardProcessorError(`Checkout session ${session.id} is not for order ${order.reference}`);
      if (session.amount_total !== order.totalCents || session.currency.toLowerCase() !== order.currency.toLowerCase()) {
        throw new CardProcessorError(`Checkout session ${session.id} is for ${session.amount_total} ${session.currency}, not the order's ${order.totalCents} ${order.currency}`);
      }
      const status = outcomeOfSession(session);
      if (status !== 'payment_accepted' || !session.payment_intent) return { paymentId: session.id, status };
      // What has been given back of a paid session: its payment's refunds (made by the shop, or at the processor).
      const refunds = await call<{ data: { amount: number; status: string }[] }>('GET', `/v1/refunds?payment_intent=${encodeURIComponent(session.payment_intent)}&limit=100`);
      const refundedCents = refunds.data.filter((refund) => refund.status === 'succeeded').reduce((sum, refund) => sum + refund.amount, 0);
      return { paymentId: session.id, status, refundedCents };
    },

    async endPayment({ paymentId }): Promise<void> {
      try {
        await call('POST', `/v1/checkout/sessions/${encodeURIComponent(paymentId)}/expire`);
      } catch (error) {
        // Paid or expired already: nothing to end (the read-back says which).
        if (error instanceof CardProcessorError && error.code === 'checkout_session_not_open') return;
        throw error;
      }
    },

    async handleNotification({ headers, rawBody }): Promise<NotificationHint> {
      verifyStripeSignature({
        header: header(headers, 'stripe-signature'),
        rawBody,
        secret: config.webhookSecret,
        toleranceSeconds: config.signatureToleranceSeconds,
        nowSeconds: nowSeconds(),
      });
      const event = parseEvent(rawBody);
      if (!EVENT_TYPES.has(event.type)) throw new InvalidNotificationError(`Unsupported notification type: ${event.type.slice(0, 100)}`);
      // Only the session's id is taken from the body: what happened is read back from the processor.
      return { eventId: event.id, paymentId: event.data.object.id };
    },

    async refund({ paymentId, amountCents }): Promise<{ refundId: string }> {
      if (!Number.isSafeInteger(amountCents) || amountCents <= 0) throw new CardProcessorError(`Cannot refund an amount of ${amountCents} cents`);
      // Refunds name the payment intent; the shop knows the session.
      const session = await readSession(paymentId);
      if (!session.payment_intent) throw new CardProcessorError(`Checkout session ${session.id} has no payment to refund`);
      const refund = await call<{ id: string; status: string }>('POST', '/v1/refunds', { payment_intent: session.payment_intent, amount: amountCents });
      if (refund.status !== 'succeeded' && refund.status !== 'pending') throw new CardProcessorError(`Refund ${refund.id} ${refund.status}`);
      return { refundId: refund.id };
    },
  };
}
