import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
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
 * The MultiSafepay gateway, through MultiSafepay's JSON API v1: a redirect order per payment attempt, the
 * shopper pays on MultiSafepay's payment page (iDEAL, card, bank transfer), the order's status is always read
 * back from the API (never from a query or a notification body alone). In development and tests the API is the
 * MultiSafepay sandbox (apps/multisafepay-sandbox), which `npm start` starts.
 */

export type MultisafepayGatewayConfig = {
  /** The API's address (`…/v1/json/…` is appended). */
  apiUrl: string;
  /** The website API key: sent as `api_key` on every call, and the key notifications' Auth header is made with. */
  apiKey: string;
  /** Where MultiSafepay posts its notifications: this API's public address + /webhooks/multisafepay. */
  notificationUrl: string;
  timeoutMs: number;
  /** How far a notification's signed time may be from ours (MultiSafepay's SDK allows 600 s). */
  notificationToleranceSeconds: number;
  /** Payment attempts one shop order may make (order ids REF, REF-2 … REF-n) once MultiSafepay refuses reuse. */
  maxAttempts: number;
};

export function readMultisafepayGatewayConfig(env: NodeJS.ProcessEnv = process.env): MultisafepayGatewayConfig {
  const apiUrl = baseUrl(env.MULTISAFEPAY_API_URL, 'http://127.0.0.1:4150');
  requireOwnSecrets({ urlVariable: 'MULTISAFEPAY_API_URL', url: apiUrl }, [{ variable: 'MULTISAFEPAY_API_KEY', value: env.MULTISAFEPAY_API_KEY, sandboxValue: 'msp_sandbox_key' }]);
  return {
    apiUrl,
    apiKey: env.MULTISAFEPAY_API_KEY || 'msp_sandbox_key',
    notificationUrl: env.MULTISAFEPAY_NOTIFICATION_URL || 'http://127.0.0.1:4000/webhooks/multisafepay',
    timeoutMs: CALL_TIMEOUT_MS,
    notificationToleranceSeconds: 600,
    maxAttempts: 10,
  };
}

/** MultiSafepay refused a call or did not answer: the checkout cannot go on with this gateway now. */
export class MultisafepayError extends Error {
  readonly statusCode = 502;
  constructor(
    message: string,
    /** The API's HTTP status, when it answered. */
    readonly apiStatus?: number,
    /** MultiSafepay's error_code (e.g. 1006, 1034), when it gave one. */
    readonly errorCode?: number,
  ) {
    super(message);
    this.name = 'MultisafepayError';
  }
}

/** The parts of an order the shop reads (MultiSafepay's field names). */
type MspOrder = {
  order_id: string;
  transaction_id: number | string | null;
  status: string;
  amount: number;
  amount_refunded?: number;
  currency: string;
  modified?: string;
  var1?: string | null;
};

/** MultiSafepay's `customer.locale` for the shop's languages. */
const LOCALES: Record<string, string> = { en: 'en_US', fr: 'fr_FR', it: 'it_IT', es: 'es_ES', de: 'de_DE', pl: 'pl_PL' };

/**
 * What an order's status means for the shop's order:
 * - completed, and partial_refunded (paid, part of it given back: the notification says how much) → paid;
 * - refunded (all of it given back) and chargedback (the shopper's bank took it back) → refunded;
 * - initialized (not paid yet, or a bank transfer on its way), uncleared (paid, held for review), reserved →
 *   still awaiting payment (the shop says 'payment pending');
 * - declined → payment error (the shopper may pay again);
 * - void, cancelled (the shopper or the merchant gave up this attempt) → still awaiting payment: the shopper
 *   may try again until the shop's own time for unpaid orders runs out;
 * - expired (MultiSafepay will take no more money on it) → cancelled, as the card gateway does with an expired session.
 */
export function outcomeOfStatus(status: string): PaymentOutcome['status'] {
  switch (status) {
    case 'completed':
    case 'partial_refunded':
    case 'shipped':
      return 'payment_accepted';
    case 'refunded':
    case 'chargedback':
      return 'refunded';
    case 'declined':
      return 'payment_error';
    case 'expired':
      return 'cancelled';
    default:
      return 'awaiting_payment';
  }
}

function header(headers: Record<string, string | undefined>, name: string): string | undefined {
  const key = Object.keys(headers).find((candidate) => candidate.toLowerCase() === name);
  return key === undefined ? undefined : headers[key];
}

/**
 * Checks MultiSafepay's `Auth` header: base64 of "<timestamp>:<hex HMAC-SHA512 of "<timestamp>:<raw body>" with
 * the API key>", compared in constant time, the timestamp within the tolerance. Throws InvalidNotificationError.
 */
export function verifyMultisafepayAuth(input: { header: string | undefined; rawBody: string; apiKey: string; toleranceSeconds: number; nowSeconds: number }): void {
  const { header: value, rawBody, apiKey, toleranceSeconds, nowSeconds } = input;
  if (!value) throw new InvalidNotificationError('No Auth header');
  if (value.length > 1024 || !/^[A-Za-z0-9+/]+={0,2}$/.test(value.trim())) throw new InvalidNotificationError('Malformed Auth header');
  const decoded = Buffer.from(value.trim(), 'base64').toString('utf8');
  const match = /^(\d{1,12}(?:\.\d{1,6})?):([0-9a-f]{128})$/i.exec(decoded);
  if (!match) throw new InvalidNotificationError('Malformed Auth header');
  const timestamp = match[1] as string;
  if (Math.abs(nowSeconds - Number(timestamp)) > toleranceSeconds) throw new InvalidNotificationError('Stale notification: its signed time is outside the tolerance');
  const expected = createHmac('sha512', apiKey.trim()).update(`${timestamp}:${rawBody}`).digest();
  if (!timingSafeEqual(Buffer.from(match[2] as string, 'hex'), expected)) throw new InvalidNotificationError('Bad notification signature');
}

/** The order id a notification is about (the body is signed, but only the id is taken from it). */
function notifiedOrderId(rawBody: string): string {
  let body: unknown;
  try {
    body = JSON.parse(rawBody);
  } catch {
    throw new InvalidNotificationError('The notification is not JSON');
  }
  const orderId = (body as { order_id?: unknown } | null)?.order_id;
  if ((typeof orderId !== 'string' && typeof orderId !== 'number') || String(orderId).length === 0 || String(orderId).length > 50) {
    throw new InvalidNotificationError('The notification names no order');
  }
  return String(orderId);
}

/** The shop's reference of a MultiSafepay order: var1, as createPayment sets it (else the order id without its attempt suffix). */
function referenceOf(order: MspOrder): string {
  return order.var1 || order.order_id.replace(/-\d+$/, '');
}

export function createMultisafepayGateway(config: MultisafepayGatewayConfig, deps: { fetch?: typeof fetch; nowSeconds?: () => number } = {}): PaymentGateway {
  const fetchImpl = deps.fetch ?? fetch;
  const nowSeconds = deps.nowSeconds ?? (() => Math.floor(Date.now() / 1000));

  async function call<T>(method: 'GET' | 'POST' | 'PATCH', path: string, body?: Record<string, unknown>): Promise<T> {
    const what = `${method} ${path.split('/').slice(0, 4).join('/')}`;
    const answer = await callJson(
      fetchImpl,
      `${config.apiUrl}/v1/json${path}`,
      {
        method,
        headers: { api_key: config.apiKey, accept: 'application/json', ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
        timeoutMs: config.timeoutMs,
      },
      (reason) => new MultisafepayError(`MultiSafepay unreachable (${what}): ${reason}`),
    );
    const { status } = answer;
    const json = answer.json as { success?: boolean; data?: unknown; error_code?: number; error_info?: string } | null;
    if (!answer.ok || json?.success !== true) {
      throw new MultisafepayError(`MultiSafepay refused ${what} (${status}${json?.error_code ? `, ${json.error_code}` : ''}): ${json?.error_info ?? 'no reason given'}`, status, json?.error_code);
    }
    if (typeof json.data !== 'object' || json.data === null) throw new MultisafepayError(`MultiSafepay answered ${what} without data`, status);
    return json.data as T;
  }

  const readOrder = (orderId: string) => call<MspOrder>('GET', `/orders/${encodeURIComponent(orderId)}`);

  /** The order id of attempt n: the shop's reference, then REF-2, REF-3… */
  const attemptId = (reference: string, attempt: number) => (attempt === 1 ? reference : `${reference}-${attempt}`);

  return {
    name: 'multisafepay',
    // MultiSafepay takes a notification as received when the answer starts with OK.
    acknowledgement: 'OK',

    async createPayment(order: PayableOrder): Promise<CreatedPayment> {
      if (!Number.isSafeInteger(order.totalCents) || order.totalCents <= 0) throw new MultisafepayError(`Cannot pay an amount of ${order.totalCents} cents`);
      // MultiSafepay refuses an order id already used for a transaction (1006): the next attempt gets a suffix.
      for (let attempt = 1; attempt <= config.maxAttempts; attempt++) {
        const orderId = attemptId(order.reference, attempt);
        try {
          const created = await call<{ order_id: string; payment_url?: string }>('POST', '/orders', {
            type: 'redirect',
            order_id: orderId,
            currency: order.currency.toUpperCase(),
            amount: order.totalCents,
            description: `Order ${order.reference}`,
            var1: order.reference,
            customer: { locale: LOCALES[order.lang] ?? 'en_US' },
            payment_options: {
              notification_url: config.notificationUrl,
              notification_method: 'POST',
              redirect_url: order.returnUrl,
              cancel_url: order.cancelUrl,
              close_window: false,
            },
          });
          if (!created.payment_url) throw new MultisafepayError(`MultiSafepay gave order ${orderId} no payment page`);
          return { paymentId: created.order_id || orderId, redirectUrl: created.payment_url };
        } catch (error) {
          if (error instanceof MultisafepayError && error.errorCode === 1006 && attempt < config.maxAttempts) continue;
          throw error;
        }
      }
      throw new MultisafepayError(`No payment attempt left for order ${order.reference}`);
    },

    async readPayment({ order, paymentId }): Promise<PaymentReading> {
      if (!paymentId || paymentId.length > 50) throw new MultisafepayError('Not a MultiSafepay order id');
      const msp = await readOrder(paymentId);
      if (referenceOf(msp) !== order.reference || (msp.order_id !== order.reference && !msp.order_id.startsWith(`${order.reference}-`))) {
        throw new MultisafepayError(`MultiSafepay order ${msp.order_id} is not for order ${order.reference}`);
      }
      if (msp.amount !== order.totalCents || msp.currency.toUpperCase() !== order.currency.toUpperCase()) {
        throw new MultisafepayError(`MultiSafepay order ${msp.order_id} is for ${msp.amount} ${msp.currency}, not the order's ${order.totalCents} ${order.currency}`);
      }
      return { paymentId: msp.order_id, status: outcomeOfStatus(msp.status), refundedCents: msp.amount_refunded ?? 0 };
    },

    async endPayment({ paymentId }): Promise<void> {
      try {
        await call('PATCH', `/orders/${encodeURIComponent(paymentId)}`, { status: 'cancelled' });
      } catch (error) {
        // Refused (paid, or past paying already): the read-back that follows says what it is; unanswered: thrown.
        if (error instanceof MultisafepayError && error.apiStatus !== undefined && error.apiStatus < 500) return;
        throw error;
      }
    },

    async handleNotification({ headers, rawBody }): Promise<NotificationHint> {
      const auth = header(headers, 'auth');
      verifyMultisafepayAuth({ header: auth, rawBody, apiKey: config.apiKey, toleranceSeconds: config.notificationToleranceSeconds, nowSeconds: nowSeconds() });
      const orderId = notifiedOrderId(rawBody);
      // Only the order id is taken from the body; the status is read back (readPayment). The body is the order as it
      // was when the event happened: the same body sent again (a resend, a replay) is the same event.
      return { eventId: `${orderId}:${createHash('sha256').update(rawBody).digest('hex').slice(0, 32)}`, paymentId: orderId };
    },

    async refund({ order, paymentId, amountCents }): Promise<{ refundId: string }> {
      if (!Number.isSafeInteger(amountCents) || amountCents <= 0) throw new MultisafepayError(`Cannot refund an amount of ${amountCents} cents`);
      const refund = await call<{ refund_id?: number | string; transaction_id?: number | string }>('POST', `/orders/${encodeURIComponent(paymentId)}/refunds`, {
        amount: amountCents,
        currency: order.currency.toUpperCase(),
        description: `Refund of order ${order.reference}`,
      });
      const refundId = refund.refund_id ?? refund.transaction_id;
      if (refundId === undefined) throw new MultisafepayError(`MultiSafepay gave the refund of ${paymentId} no id`);
      return { refundId: String(refundId) };
    },
  };
}
