import { createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { crc32 } from 'node:zlib';
import type { FastifyBaseLogger } from 'fastify';
import { BoundedMap, iso, newEventId } from './store.ts';

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

export type Attempt = { at: string; transmissionId: string; status: number | null; error: string | null; durationMs: number };

/** One sending of an event: the first, or a resend (a duplicate with the same event id). */
export type Delivery = {
  resend: boolean;
  state: 'held' | 'waiting' | 'sending' | 'delivered' | 'failed';
  dueAt: number | null;
  attempts: Attempt[];
};

export type SandboxEvent = {
  id: string;
  type: EventType;
  created: string;
  orderId: string;
  /** The body as sent, byte for byte: what the signature's CRC32 covers. */
  body: string;
  deliveries: Delivery[];
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
export class Webhooks {
  readonly events: BoundedMap<string, SandboxEvent>;
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly inFlight = new Set<AbortController>();
  private closed = false;

  constructor(private readonly options: WebhookOptions) {
    this.events = new BoundedMap(options.maxEvents);
  }

  /** Records an event about an order and sends it: now, after delayMs, or not until released (delayMs null). */
  emit(type: EventType, orderId: string, resource: Record<string, unknown>, hold: { delayMs: number | null } | null): SandboxEvent {
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
    const event: SandboxEvent = { id, type, created, orderId, body, deliveries: [] };
    this.events.set(id, event);
    this.startDelivery(event, false, hold);
    return event;
  }

  /** Sends an event again: a duplicate with the same id and body (a new transmission). */
  resend(event: SandboxEvent, delayMs: number): Delivery {
    return this.startDelivery(event, true, delayMs > 0 ? { delayMs } : null);
  }

  /** Sends the held deliveries of an event now. */
  release(event: SandboxEvent): number {
    let released = 0;
    for (const delivery of event.deliveries) {
      if (delivery.state !== 'held') continue;
      this.schedule(event, delivery, 0);
      released++;
    }
    return released;
  }

  close(): void {
    this.closed = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    for (const controller of this.inFlight) controller.abort();
  }

  private startDelivery(event: SandboxEvent, resend: boolean, hold: { delayMs: number | null } | null): Delivery {
    const delivery: Delivery = { resend, state: 'held', dueAt: null, attempts: [] };
    event.deliveries.push(delivery);
    if (hold === null) this.schedule(event, delivery, 0);
    else if (hold.delayMs !== null) this.schedule(event, delivery, hold.delayMs);
    return delivery;
  }

  private schedule(event: SandboxEvent, delivery: Delivery, delayMs: number): void {
    if (this.closed) return;
    delivery.state = 'waiting';
    delivery.dueAt = Date.now() + delayMs;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      void this.attempt(event, delivery);
    }, delayMs);
    this.timers.add(timer);
  }

  private async attempt(event: SandboxEvent, delivery: Delivery): Promise<void> {
    if (this.closed) return;
    delivery.state = 'sending';
    delivery.dueAt = null;
    const started = Date.now();
    const controller = new AbortController();
    this.inFlight.add(controller);
    const timeout = setTimeout(() => controller.abort(), this.options.timeoutMs);
    const transmissionId = randomUUID();
    const transmissionTime = iso();
    let status: number | null = null;
    let error: string | null = null;
    try {
      const response = await fetch(this.options.url, {
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
        signal: controller.signal,
        redirect: 'manual',
      });
      status = response.status;
      await response.arrayBuffer().catch(() => undefined);
    } catch (caught) {
      error = controller.signal.aborted ? 'timed out' : ((caught as Error & { cause?: Error }).cause?.message ?? (caught as Error).message);
    } finally {
      clearTimeout(timeout);
      this.inFlight.delete(controller);
    }
    delivery.attempts.push({ at: new Date(started).toISOString(), transmissionId, status, error, durationMs: Date.now() - started });
    if (this.closed) return;
    if (status !== null && status >= 200 && status < 300) {
      delivery.state = 'delivered';
      return;
    }
    const tries = delivery.attempts.length;
    if (tries >= this.options.attempts) {
      delivery.state = 'failed';
      this.options.log.warn({ eventId: event.id, type: event.type, tries }, 'webhook delivery failed; giving up');
      return;
    }
    const wait = this.options.firstRetryMs * 2 ** (tries - 1);
    this.options.log.info({ eventId: event.id, type: event.type, status, error, retryInMs: wait }, 'webhook delivery failed; will retry');
    this.schedule(event, delivery, wait);
  }
}

/** An event as the test controls list it. */
export function eventSummary(event: SandboxEvent) {
  return {
    id: event.id,
    event_type: event.type,
    create_time: event.created,
    order_id: event.orderId,
    deliveries: event.deliveries.map((delivery) => ({
      resend: delivery.resend,
      state: delivery.state,
      due_at: delivery.dueAt === null ? null : new Date(delivery.dueAt).toISOString(),
      attempts: delivery.attempts.map((attempt) => ({
        at: attempt.at,
        transmission_id: attempt.transmissionId,
        status: attempt.status,
        error: attempt.error,
        duration_ms: attempt.durationMs,
      })),
    })),
  };
}
