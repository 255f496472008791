import { createHmac } from 'node:crypto';
import { Deliverer, deliveriesSummary, doubling, type Delivery, type Hold, type Transmission } from '@shop/sandbox-kit';
import type { FastifyBaseLogger } from 'fastify';
import { newId, type SessionObject } from './store.ts';

export const EVENT_TYPES = [
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
  'checkout.session.expired',
  'payment_intent.payment_failed',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

export type SandboxEvent = {
  id: string;
  type: EventType;
  created: number;
  sessionId: string;
  /** The body as sent, byte for byte: what the signature covers. */
  body: string;
  deliveries: Delivery[];
};

/** Stripe's signature header: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`. */
export function signatureHeader(body: string, secret: string, timestamp: number): string {
  const signature = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
  return `t=${timestamp},v1=${signature}`;
}

type WebhookOptions = {
  url: string;
  secret: string;
  attempts: number;
  firstRetryMs: number;
  timeoutMs: number;
  maxEvents: number;
  log: FastifyBaseLogger;
};

/**
 * Sends notifications and keeps a record of every try. A try that is not answered with 2xx (or not answered at
 * all) is tried again after 1 s, 2 s, 4 s… (firstRetryMs doubling) until `attempts` tries were made; then the
 * delivery stops as failed.
 */
export class Webhooks extends Deliverer<SandboxEvent> {
  constructor(private readonly options: WebhookOptions) {
    super({ ...options, retryDelayMs: doubling(options.firstRetryMs), failure: 'webhook delivery failed' });
  }

  /** Records an event about a session and sends it: now, after delayMs, or never until released (delayMs null). */
  emit(type: EventType, session: SessionObject, hold: Hold): SandboxEvent {
    const created = Math.floor(Date.now() / 1000);
    const id = newId('evt');
    const body = JSON.stringify({ id, object: 'event', type, created, livemode: false, data: { object: session } });
    return this.record({ id, type, created, sessionId: session.id, body, deliveries: [] }, hold);
  }

  /** Every try is signed afresh (the same id and body). */
  protected transmission(event: SandboxEvent): Transmission<object> {
    return {
      url: this.options.url,
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent': 'card-sandbox/1.0 (+https://stripe.com/docs/webhooks)',
        'stripe-signature': signatureHeader(event.body, this.options.secret, Math.floor(Date.now() / 1000)),
      },
      body: event.body,
      record: {},
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
    type: event.type,
    created: event.created,
    session_id: event.sessionId,
    deliveries: deliveriesSummary(event.deliveries, (attempt) => ({
      at: attempt.at,
      status: attempt.status,
      error: attempt.error,
      duration_ms: attempt.durationMs,
    })),
  };
}
