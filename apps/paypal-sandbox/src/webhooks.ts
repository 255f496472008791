import { createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { Deliverer, deliveriesSummary, doubling, type Delivery, type Hold, type Transmission } from '@shop/sandbox-kit';
import type { FastifyBaseLogger } from 'fastify';
import { iso, newEventId } from './store.ts';

export const EVENT_TYPES = ['CHECKOUT.ORDER.APPROVED', 'PAYMENT.CAPTURE.COMPLETED', 'PAYMENT.CAPTURE.DENIED', 'PAYMENT.CAPTURE.REFUNDED'] as const;
export type EventType = (typeof EVENT_TYPES)[number];

const RESOURCE_TYPES: Record<EventType, string> = {
  'CHECKOUT.ORDER.APPROVED': 'checkout-order',
  'PAYMENT.CAPTURE.COMPLETED': 'capture',
  'PAYMENT.CAPTURE.DENIED': 'capture',
  'PAYMENT.CAPTURE.REFUNDED': 'refund',
};
const SUMMARIES: Record<EventType, string> = {
  'CHECKOUT.ORDER.APPROVED': 'An order has been approved by buyer',
  'PAYMENT.CAPTURE.COMPLETED': 'Payment completed',
  'PAYMENT.CAPTURE.DENIED': 'Payment denied',
  'PAYMENT.CAPTURE.REFUNDED': 'A capture has been refunded',
};

/** What the sandbox answers in PAYPAL-AUTH-ALGO: its signatures are HMACs, not PayPal's RSA (README). */
export const AUTH_ALGO = 'HMACSHA256';

/**
 * Signs notifications the way PayPal builds its signed text — `<transmission id>|<transmission time>|<webhook
 * id>|<CRC32 of the body, decimal>` — with a key only this process knows (made at start), so that only the
 * sandbox's verify-webhook-signature call can tell whether a notification is genuine, as only PayPal can.
 */
export class Signer {
  private readonly key = randomBytes(32);

  constructor(
    readonly webhookId: string,
    readonly certUrl: string,
  ) {}

  sign(transmissionId: string, transmissionTime: string, body: string): string {
    return createHmac('sha256', this.key).update(`${transmissionId}|${transmissionTime}|${this.webhookId}|${crc32(body)}`).digest('base64');
  }

  /** Whether a transmission (its headers, the webhook id the merchant names, the event) is one this sandbox sent. */
  verify(input: { authAlgo: string; certUrl: string; transmissionId: string; transmissionSig: string; transmissionTime: string; webhookId: string; body: string }): boolean {
    if (input.authAlgo !== AUTH_ALGO || input.certUrl !== this.certUrl || input.webhookId !== this.webhookId) return false;
    const expected = Buffer.from(this.sign(input.transmissionId, input.transmissionTime, input.body), 'base64');
    const given = Buffer.from(input.transmissionSig, 'base64');
    return given.length === expected.length && timingSafeEqual(given, expected);
  }
}

/** What is recorded of a try beside its answer: each is a new transmission. */
type TransmissionRecord = { transmissionId: string };

export type SandboxEvent = {
  id: string;
  type: EventType;
  created: string;
  orderId: string;
  /** The body as sent, byte for byte: what the signature's CRC32 covers. */
  body: string;
  deliveries: Delivery<TransmissionRecord>[];
};

type WebhookOptions = {
  url: string;
  signer: Signer;
  publicUrl: string;
  attempts: number;
  firstRetryMs: number;
  timeoutMs: number;
  maxEvents: number;
  log: FastifyBaseLogger;
};

/**
 * Sends notifications and keeps a record of every try. A try not answered with 2xx (or not answered at all) is
 * tried again after firstRetryMs, then twice that, and so on until `attempts` tries were made; then the delivery
 * stops as failed. Every try is a new transmission (its own id, time and signature), as PayPal's are.
 */
export class Webhooks extends Deliverer<SandboxEvent, TransmissionRecord> {
  constructor(private readonly options: WebhookOptions) {
    super({ ...options, retryDelayMs: doubling(options.firstRetryMs), failure: 'webhook delivery failed' });
  }

  /** Records an event about an order and sends it: now, after delayMs, or not until released (delayMs null). */
  emit(type: EventType, orderId: string, resource: Record<string, unknown>, hold: Hold): SandboxEvent {
    const id = newEventId();
    const created = iso();
    const body = JSON.stringify({
      id,
      event_version: '1.0',
      create_time: created,
      resource_type: RESOURCE_TYPES[type],
      resource_version: '2.0',
      event_type: type,
      summary: SUMMARIES[type],
      resource,
      links: [
        { href: `${this.options.publicUrl}/v1/notifications/webhooks-events/${id}`, rel: 'self', method: 'GET' },
        { href: `${this.options.publicUrl}/v1/notifications/webhooks-events/${id}/resend`, rel: 'resend', method: 'POST' },
      ],
    });
    return this.record({ id, type, created, orderId, body, deliveries: [] }, hold);
  }

  protected transmission(event: SandboxEvent): Transmission<TransmissionRecord> {
    const transmissionId = randomUUID();
    const transmissionTime = iso();
    return {
      url: this.options.url,
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent': 'PayPal/AUHD-214.0-sandbox',
        'paypal-transmission-id': transmissionId,
        'paypal-transmission-time': transmissionTime,
        'paypal-transmission-sig': this.options.signer.sign(transmissionId, transmissionTime, event.body),
        'paypal-cert-url': this.options.signer.certUrl,
        'paypal-auth-algo': AUTH_ALGO,
      },
      body: event.body,
      record: { transmissionId },
    };
  }

  protected logFields(event: SandboxEvent) {
    return { type: event.type };
  }
}

/** An event as the test controls list it. */
export function eventSummary(event: SandboxEvent) {
  return {
    id: event.id,
    event_type: event.type,
    create_time: event.created,
    order_id: event.orderId,
    deliveries: deliveriesSummary(event.deliveries, (attempt) => ({
      at: attempt.at,
      transmission_id: attempt.transmissionId,
      status: attempt.status,
      error: attempt.error,
      duration_ms: attempt.durationMs,
    })),
  };
}
