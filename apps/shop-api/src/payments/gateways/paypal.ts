import { randomUUID } from 'node:crypto';
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
 * PayPal through its REST API: OAuth 2.0 client credentials, Orders v2 (create, show, capture), Payments v2
 * refunds, and webhooks verified by PayPal's own verify-webhook-signature call. In development and tests PayPal
 * is the PayPal sandbox (apps/paypal-sandbox), which `npm start` starts; with another PAYPAL_API_URL (e.g.
 * https://api-m.sandbox.paypal.com) it is PayPal.
 */

export type PaypalGatewayConfig = {
  /** PayPal's REST API. */
  apiUrl: string;
  /** The REST app's credentials, exchanged for an access token. */
  clientId: string;
  clientSecret: string;
  /** The id of the webhook PayPal posts to (part of what its signature covers). */
  webhookId: string;
  /** Time one call to PayPal may take. */
  timeoutMs: number;
  /** How long before its end a cached access token is replaced (at most a tenth of its life). */
  tokenMarginSeconds: number;
  /** How far a notification's transmission time may be from ours (an old recorded one is refused). */
  transmissionToleranceSeconds: number;
};

export function readPaypalGatewayConfig(env: NodeJS.ProcessEnv = process.env): PaypalGatewayConfig {
  const apiUrl = baseUrl(env.PAYPAL_API_URL, 'http://127.0.0.1:4200');
  requireOwnSecrets({ urlVariable: 'PAYPAL_API_URL', url: apiUrl }, [
    { variable: 'PAYPAL_CLIENT_ID', value: env.PAYPAL_CLIENT_ID, sandboxValue: 'sandbox-client' },
    { variable: 'PAYPAL_CLIENT_SECRET', value: env.PAYPAL_CLIENT_SECRET, sandboxValue: 'sandbox-secret' },
    { variable: 'PAYPAL_WEBHOOK_ID', value: env.PAYPAL_WEBHOOK_ID, sandboxValue: 'WH-SANDBOX' },
  ]);
  return {
    apiUrl,
    clientId: env.PAYPAL_CLIENT_ID || 'sandbox-client',
    clientSecret: env.PAYPAL_CLIENT_SECRET || 'sandbox-secret',
    webhookId: env.PAYPAL_WEBHOOK_ID || 'WH-SANDBOX',
    timeoutMs: CALL_TIMEOUT_MS,
    tokenMarginSeconds: 60,
    transmissionToleranceSeconds: 300,
  };
}

/** PayPal refused a call or did not answer: the checkout cannot go on with this gateway now. */
export class PaypalApiError extends Error {
  readonly statusCode = 502;
  constructor(
    message: string,
    /** PayPal's HTTP status, when it answered. */
    readonly paypalStatus?: number,
    /** PayPal's issue (details[0].issue, e.g. ORDER_NOT_APPROVED), else its error name, when it gave one. */
    readonly issue?: string,
  ) {
    super(message);
    this.name = 'PaypalApiError';
  }
}

/** Integer cents to PayPal's decimal string ("61.12"), exactly. */
export function centsToValue(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents < 0) throw new PaypalApiError(`Cannot express ${cents} cents as a PayPal amount`);
  return `${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/** PayPal's decimal string back to integer cents, exactly; null when it is not an amount with at most two decimals. */
export function valueToCents(value: unknown): number | null {
  if (typeof value !== 'string') return null;
  const match = /^(\d{1,13})(?:\.(\d{1,2}))?$/.exec(value);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** Currencies PayPal takes without decimals: the shop's cents cannot be sent as they are. */
const WITHOUT_DECIMALS = new Set(['HUF', 'JPY', 'TWD']);

/** The languages of the shop, as PayPal's locales (its approval page speaks them). */
const LOCALES: Record<string, string> = { en: 'en-GB', fr: 'fr-FR', it: 'it-IT', es: 'es-ES', de: 'de-DE', pl: 'pl-PL' };

type Money = { currency_code: string; value: string };
type Link = { href: string; rel: string; method?: string };
type Capture = { id: string; status: string; amount?: Money; custom_id?: string; supplementary_data?: { related_ids?: { order_id?: string } }; links?: Link[] };
type PaypalOrder = {
  id: string;
  status: 'CREATED' | 'SAVED' | 'APPROVED' | 'VOIDED' | 'COMPLETED' | 'PAYER_ACTION_REQUIRED';
  purchase_units?: Array<{ reference_id?: string; custom_id?: string; amount?: Money; payments?: { captures?: Capture[]; refunds?: Array<{ status: string; amount?: Money }> } }>;
  links?: Link[];
};

/** What PayPal has given back of an order's payment so far, in cents (its completed refunds). */
export function refundedCentsOf(order: Pick<PaypalOrder, 'purchase_units'>): number {
  const refunds = order.purchase_units?.[0]?.payments?.refunds ?? [];
  return refunds.filter((refund) => refund.status === 'COMPLETED').reduce((sum, refund) => sum + (valueToCents(refund.amount?.value) ?? 0), 0);
}

/** An order not yet approved may be paid on its approval page; an approved one is captured by the shop. */
const REUSABLE = new Set(['CREATED', 'PAYER_ACTION_REQUIRED', 'SAVED', 'APPROVED']);
/** Tries of createPayment's idempotency keys (`<reference>-1`, `-2`, …) before it gives up. */
const MAX_ATTEMPTS = 20;

/** What a PayPal order means for the shop's order. */
export function outcomeOfOrder(order: Pick<PaypalOrder, 'status' | 'purchase_units'>): PaymentOutcome['status'] {
  if (order.status === 'VOIDED') return 'cancelled';
  if (order.status !== 'COMPLETED') return 'awaiting_payment';
  const capture = order.purchase_units?.[0]?.payments?.captures?.[0];
  switch (capture?.status) {
    case 'COMPLETED':
    case 'PARTIALLY_REFUNDED':
      return 'payment_accepted';
    case 'REFUNDED':
      return 'refunded';
    case 'DECLINED':
    case 'FAILED':
      return 'payment_error';
    default:
      // PENDING (an eCheck, a review): PayPal says more later, by notification.
      return 'awaiting_payment';
  }
}

function header(headers: Record<string, string | undefined>, name: string): string | undefined {
  const key = Object.keys(headers).find((candidate) => candidate.toLowerCase() === name);
  return key === undefined ? undefined : headers[key];
}

/** Appends `name=value` to a URL's query as written. */
function withQuery(url: string, pair: string): string {
  const hash = url.indexOf('#');
  const base = hash === -1 ? url : url.slice(0, hash);
  const separator = !base.includes('?') ? '?' : base.endsWith('?') || base.endsWith('&') ? '' : '&';
  return `${base}${separator}${pair}${hash === -1 ? '' : url.slice(hash)}`;
}

const ORDER_ID = /^[A-Z0-9]{1,36}$/;

type WebhookEvent = { id: string; event_type: string; resource: Record<string, unknown> };

function parseEvent(rawBody: string): WebhookEvent {
  let event: unknown;
  try {
    event = JSON.parse(rawBody);
  } catch {
    throw new InvalidNotificationError('The notification is not JSON');
  }
  const candidate = event as Partial<WebhookEvent> | null;
  if (
    typeof candidate !== 'object' ||
    candidate === null ||
    Array.isArray(candidate) ||
    typeof candidate.id !== 'string' ||
    candidate.id === '' ||
    typeof candidate.event_type !== 'string' ||
    typeof candidate.resource !== 'object' ||
    candidate.resource === null
  ) {
    throw new InvalidNotificationError('The notification is not a PayPal webhook event');
  }
  return candidate as WebhookEvent;
}

export function createPaypalGateway(config: PaypalGatewayConfig, deps: { fetch?: typeof fetch; nowMs?: () => number } = {}): PaymentGateway {
  const fetchImpl = deps.fetch ?? fetch;
  const nowMs = deps.nowMs ?? Date.now;
  let cached: { token: string; renewAt: number } | null = null;
  let pending: Promise<string> | null = null;

  async function send(method: string, path: string, init: { headers: Record<string, string>; body?: string }): Promise<{ status: number; json: unknown }> {
    const { status, json } = await callJson(
      fetchImpl,
      `${config.apiUrl}${path}`,
      { method, headers: { accept: 'application/json', ...init.headers }, body: init.body, timeoutMs: config.timeoutMs },
      (reason) => new PaypalApiError(`PayPal unreachable (${method} ${path.split('/').slice(0, 4).join('/')}): ${reason}`),
    );
    return { status, json };
  }

  /** A fresh access token (client credentials), cached until shortly before it expires; one fetch for concurrent callers. */
  async function accessToken(): Promise<string> {
    if (cached && nowMs() < cached.renewAt) return cached.token;
    pending ??= (async () => {
      try {
        const basic = Buffer.from(`${config.clientId}:${config.clientSecret}`).toString('base64');
        const { status, json } = await send('POST', '/v1/oauth2/token', {
          headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
          body: 'grant_type=client_credentials',
        });
        const answer = json as { access_token?: unknown; expires_in?: unknown; error?: string; error_description?: string } | null;
        if (status !== 200 || typeof answer?.access_token !== 'string') {
          throw new PaypalApiError(`PayPal refused the access token (${status}): ${answer?.error_description ?? answer?.error ?? 'no reason given'}`, status, answer?.error);
        }
        const lifeSeconds = typeof answer.expires_in === 'number' && answer.expires_in > 0 ? answer.expires_in : 0;
        const margin = Math.min(config.tokenMarginSeconds, lifeSeconds / 10);
        cached = { token: answer.access_token, renewAt: nowMs() + (lifeSeconds - margin) * 1000 };
        return answer.access_token;
      } finally {
        pending = null;
      }
    })();
    return pending;
  }

  /** A call with the access token; a 401 (the token expired or was revoked early) gets a new token and one more try. */
  async function call<T>(method: 'GET' | 'POST', path: string, options: { body?: unknown; rawBody?: string; requestId?: string } = {}): Promise<T> {
    const body = options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
    const attempt = async () => {
      const token = await accessToken();
      const answer = await send(method, path, {
        headers: {
          authorization: `Bearer ${token}`,
          ...(method === 'POST' ? { 'content-type': 'application/json' } : {}),
          ...(options.requestId ? { 'paypal-request-id': options.requestId } : {}),
          prefer: 'return=representation',
        },
        body: method === 'POST' ? (body ?? '{}') : undefined,
      });
      return { ...answer, token };
    };
    let answer = await attempt();
    if (answer.status === 401) {
      if (cached?.token === answer.token) cached = null;
      answer = await attempt();
    }
    const { status, json } = answer;
    if (status < 200 || status >= 300) {
      const error = json as { name?: string; message?: string; details?: Array<{ issue?: string; description?: string }>; error?: string; error_description?: string } | null;
      const issue = error?.details?.[0]?.issue ?? error?.name ?? error?.error;
      const reason = error?.details?.[0]?.description ?? error?.message ?? error?.error_description ?? 'no reason given';
      throw new PaypalApiError(`PayPal refused ${method} ${path.split('/').slice(0, 4).join('/')} (${status}${issue ? ` ${issue}` : ''}): ${reason}`, status, issue);
    }
    if (json === null || typeof json !== 'object') throw new PaypalApiError(`PayPal answered ${method} ${path} with something that is not JSON`, status);
    return json as T;
  }

  const readOrder = (id: string) => call<PaypalOrder>('GET', `/v2/checkout/orders/${encodeURIComponent(id)}`);

  /**
   * Captures an approved order. The request id is the order's, so the shopper's return and the approval's
   * notification may both ask: PayPal captures once and answers both alike; captured otherwise, it is read back.
   */
  async function capture(id: string): Promise<PaypalOrder> {
    try {
      return await call<PaypalOrder>('POST', `/v2/checkout/orders/${encodeURIComponent(id)}/capture`, { requestId: `capture-${id}` });
    } catch (error) {
      if (error instanceof PaypalApiError && (error.issue === 'ORDER_ALREADY_CAPTURED' || error.issue === 'ORDER_NOT_APPROVED')) return readOrder(id);
      throw error;
    }
  }

  /** The PayPal order is the shop order's, for its amount and currency (anything else is not this order's payment). */
  function checkOrder(order: PaypalOrder, payable: PayableOrder): void {
    const unit = order.purchase_units?.[0];
    if ((unit?.custom_id ?? unit?.reference_id) !== payable.reference) throw new PaypalApiError(`PayPal order ${order.id} is not for order ${payable.reference}`);
    const amounts = [unit?.amount, ...(unit?.payments?.captures ?? []).map((item) => item.amount)];
    for (const amount of amounts) {
      if (valueToCents(amount?.value) !== payable.totalCents || amount?.currency_code !== payable.currency.toUpperCase()) {
        throw new PaypalApiError(`PayPal order ${order.id} is for ${amount?.value} ${amount?.currency_code}, not the order's ${centsToValue(payable.totalCents)} ${payable.currency}`);
      }
    }
  }

  /** Verifies a transmission (fresh, and signed for this webhook by PayPal's own check); returns its id. */
  async function verify(headers: Record<string, string | undefined>, rawBody: string): Promise<string> {
    const names = ['paypal-auth-algo', 'paypal-cert-url', 'paypal-transmission-id', 'paypal-transmission-sig', 'paypal-transmission-time'] as const;
    const values = names.map((name) => header(headers, name));
    if (values.some((value) => !value || value.length > 500)) throw new InvalidNotificationError('No PayPal transmission headers');
    const [authAlgo, certUrl, transmissionId, transmissionSig, transmissionTime] = values as [string, string, string, string, string];
    // The signature covers a CRC32 of the body, which a forger can match: a recorded transmission must not be
    // usable later, whatever body it is sent with (and the body is only a hint: ADR 30).
    const sentAt = Date.parse(transmissionTime);
    if (!Number.isFinite(sentAt) || Math.abs(nowMs() - sentAt) > config.transmissionToleranceSeconds * 1000) {
      throw new InvalidNotificationError('Stale notification: its transmission time is outside the tolerance');
    }
    // The event goes back to PayPal as it came, byte for byte (re-encoding it could change what was signed).
    const body = `{"auth_algo":${JSON.stringify(authAlgo)},"cert_url":${JSON.stringify(certUrl)},"transmission_id":${JSON.stringify(transmissionId)},"transmission_sig":${JSON.stringify(transmissionSig)},"transmission_time":${JSON.stringify(transmissionTime)},"webhook_id":${JSON.stringify(config.webhookId)},"webhook_event":${rawBody}}`;
    let answer: { verification_status?: string };
    try {
      answer = await call('POST', '/v1/notifications/verify-webhook-signature', { rawBody: body });
    } catch (error) {
      // PayPal refusing the request itself (400: a header it cannot read) is a notification that cannot be verified;
      // PayPal unreachable is not the notification's fault: the route fails and PayPal sends it again later.
      if (error instanceof PaypalApiError && error.paypalStatus === 400) throw new InvalidNotificationError(`PayPal could not verify the notification: ${error.issue ?? 'bad request'}`);
      throw error;
    }
    if (answer.verification_status !== 'SUCCESS') throw new InvalidNotificationError('PayPal did not verify the notification signature');
    return transmissionId;
  }

  return {
    name: 'paypal',

    async createPayment(order: PayableOrder): Promise<CreatedPayment> {
      if (!Number.isSafeInteger(order.totalCents) || order.totalCents <= 0) throw new PaypalApiError(`Cannot pay an amount of ${order.totalCents} cents with PayPal`);
      const currency = order.currency.toUpperCase();
      if (WITHOUT_DECIMALS.has(currency)) throw new PaypalApiError(`PayPal takes ${currency} without decimals: not supported by this shop`);
      const request = {
        intent: 'CAPTURE',
        purchase_units: [
          { reference_id: order.reference, custom_id: order.reference, description: `Order ${order.reference}`, amount: { currency_code: currency, value: centsToValue(order.totalCents) } },
        ],
        payment_source: {
          paypal: {
            experience_context: {
              return_url: order.returnUrl,
              cancel_url: order.cancelUrl,
              ...(LOCALES[order.lang] ? { locale: LOCALES[order.lang] } : {}),
              user_action: 'PAY_NOW',
              shipping_preference: 'NO_SHIPPING',
            },
          },
        },
      };
      // The request id makes a retried call (a lost answer) one PayPal order. A payment started again (after a
      // cancel or a declined capture) finds the earlier attempt's order: still payable, it is used again; finished
      // (captured, voided), the next attempt number makes a new one.
      for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
        const created = await call<PaypalOrder>('POST', '/v2/checkout/orders', { body: request, requestId: `${order.reference}-${attempt}` });
        if (!REUSABLE.has(created.status)) continue;
        const unit = created.purchase_units?.[0];
        if (valueToCents(unit?.amount?.value) !== order.totalCents || unit?.amount?.currency_code !== currency) continue;
        if (created.status === 'APPROVED') {
          // Approved earlier but never captured: back to the shop, whose return captures it.
          return { paymentId: created.id, redirectUrl: withQuery(order.returnUrl, `token=${encodeURIComponent(created.id)}`) };
        }
        const link = created.links?.find((candidate) => candidate.rel === 'payer-action' || candidate.rel === 'approve');
        if (!link) throw new PaypalApiError(`PayPal gave order ${created.id} no approval link`);
        return { paymentId: created.id, redirectUrl: link.href };
      }
      throw new PaypalApiError(`PayPal orders of ${order.reference}: all ${MAX_ATTEMPTS} attempts are used`);
    },

    async readPayment({ order, paymentId, settle }): Promise<PaymentReading> {
      if (!ORDER_ID.test(paymentId)) throw new PaypalApiError('Not a PayPal order id');
      const before = await readOrder(paymentId);
      checkOrder(before, order);
      // An approval is money only once the shop captures it: done for the attempt that may pay the order alone.
      const settled = settle && before.status === 'APPROVED' ? await capture(paymentId) : before;
      checkOrder(settled, order);
      return { paymentId, status: outcomeOfOrder(settled), refundedCents: refundedCentsOf(settled) };
    },

    // Orders v2 has no void for an order to capture: one the shop never captures takes no money, so ending it is
    // leaving it (an approval that comes later is read back and not captured).
    async endPayment(): Promise<void> {},

    async handleNotification({ headers, rawBody }): Promise<NotificationHint> {
      const deliveryId = await verify(headers, rawBody);
      const event = parseEvent(rawBody);
      const resource = event.resource;
      // Only the PayPal order the event is about is taken from it: everything else is read back (readPayment).
      let orderId: unknown;
      switch (event.event_type) {
        case 'CHECKOUT.ORDER.APPROVED':
          orderId = resource.id;
          break;
        case 'PAYMENT.CAPTURE.COMPLETED':
        case 'PAYMENT.CAPTURE.DENIED':
          orderId = (resource as Capture).supplementary_data?.related_ids?.order_id;
          break;
        case 'PAYMENT.CAPTURE.REFUNDED': {
          // A refund names its capture (the 'up' link), whose PayPal order is read from PayPal.
          const up = (resource as { links?: Link[] }).links?.find((link) => link.rel === 'up')?.href;
          const captureId = up ? /\/v2\/payments\/captures\/([A-Z0-9]{1,36})$/.exec(up)?.[1] : undefined;
          if (!captureId) throw new InvalidNotificationError('The refund names no capture');
          orderId = (await call<Capture>('GET', `/v2/payments/captures/${captureId}`)).supplementary_data?.related_ids?.order_id;
          break;
        }
        default:
          throw new InvalidNotificationError(`Unsupported notification type: ${event.event_type.slice(0, 100)}`);
      }
      if (typeof orderId !== 'string' || !ORDER_ID.test(orderId)) throw new InvalidNotificationError('The notification names no PayPal order');
      return { eventId: event.id, paymentId: orderId, deliveryId };
    },

    async refund({ order, paymentId, amountCents }): Promise<{ refundId: string }> {
      if (!Number.isSafeInteger(amountCents) || amountCents <= 0) throw new PaypalApiError(`Cannot refund an amount of ${amountCents} cents`);
      if (!ORDER_ID.test(paymentId)) throw new PaypalApiError(`Not a PayPal order: ${paymentId.slice(0, 40)}`);
      // Refunds name the capture; the shop knows the PayPal order.
      const paypalOrder = await readOrder(paymentId);
      const captured = paypalOrder.purchase_units?.[0]?.payments?.captures?.find((item) => item.status === 'COMPLETED' || item.status === 'PARTIALLY_REFUNDED');
      if (!captured) throw new PaypalApiError(`PayPal order ${paymentId} has no payment to refund`);
      const refund = await call<{ id: string; status: string }>('POST', `/v2/payments/captures/${encodeURIComponent(captured.id)}/refund`, {
        body: { amount: { currency_code: order.currency.toUpperCase(), value: centsToValue(amountCents) } },
        // Each call is a refund of its own (the shop asks once per refund).
        requestId: `refund-${randomUUID()}`,
      });
      if (refund.status !== 'COMPLETED' && refund.status !== 'PENDING') throw new PaypalApiError(`Refund ${refund.id} ${refund.status}`);
      return { refundId: refund.id };
    },
  };
}
