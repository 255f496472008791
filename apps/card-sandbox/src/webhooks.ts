import { createHmac } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { BoundedMap, newId, type SessionObject } from './store.ts';

export const EVENT_TYPES = [
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
  'checkout.session.expired',
  'payment_intent.payment_failed',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

export type Attempt = { at: string; status: number | null; error: string | null; durationMs: number };

/** One sending of an event: the first, or a resend (a duplicate with the same event id). */
export type Delivery = {
  resend: boolean;
  state: 'held' | 'waiting' | 'sending' | 'delivered' | 'failed';
  /** When the next try is due (ms since the epoch), while waiting. */
  dueAt: number | null;
  attempts: Attempt[];
};

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
export class Webhooks {
  readonly events: BoundedMap<string, SandboxEvent>;
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly inFlight = new Set<AbortController>();
  private closed = false;

  constructor(private readonly options: WebhookOptions) {
    this.events = new BoundedMap(options.maxEvents);
  }

  /** Records an event about a session and sends it: now, after delayMs, or never until released (delayMs null). */
  emit(type: EventType, session: SessionObject, hold: { delayMs: number | null } | null): SandboxEvent {
    const created = Math.floor(Date.now() / 1000);
    const id = newId('evt');
    const body = JSON.stringify({ id, object: 'event', type, created, livemode: false, data: { object: session } });
    const event: SandboxEvent = { id, type, created, sessionId: session.id, body, deliveries: [] };
    this.events.set(id, event);
    this.startDelivery(event, false, hold);
    return event;
  }

  /** Sends an event again: a duplicate with the same id and body (a fresh signature). */
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
    let status: number | null = null;
    let error: string | null = null;
    try {
      const response = await fetch(this.options.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': 'card-sandbox/1.0 (+https://stripe.com/docs/webhooks)',
          'stripe-signature': signatureHeader(event.body, this.options.secret, Math.floor(Date.now() / 1000)),
        },
        body: event.body,
        signal: controller.signal,
        redirect: 'manual',
      });
      status = response.status;
      // The answer's body is not kept; reading it frees the connection.
      await response.arrayBuffer().catch(() => undefined);
    } catch (caught) {
      error = controller.signal.aborted ? 'timed out' : ((caught as Error & { cause?: Error }).cause?.message ?? (caught as Error).message);
    } finally {
      clearTimeout(timeout);
      this.inFlight.delete(controller);
    }
    delivery.attempts.push({ at: new Date(started).toISOString(), status, error, durationMs: Date.now() - started });
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
    type: event.type,
    created: event.created,
    session_id: event.sessionId,
    deliveries: event.deliveries.map((delivery) => ({
      resend: delivery.resend,
      state: delivery.state,
      due_at: delivery.dueAt === null ? null : new Date(delivery.dueAt).toISOString(),
      attempts: delivery.attempts.map((attempt) => ({
        at: attempt.at,
        status: attempt.status,
        error: attempt.error,
        duration_ms: attempt.durationMs,
      })),
    })),
  };
}
