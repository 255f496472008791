import { createHmac, randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { BoundedMap, type OrderObject } from './store.ts';

export type Attempt = { at: string; url: string; status: number | null; acknowledged: boolean; error: string | null; durationMs: number };

/** One sending of an event: the first, or a resend (a duplicate with the same body). */
export type Delivery = {
  resend: boolean;
  state: 'held' | 'waiting' | 'sending' | 'delivered' | 'failed';
  /** When the next try is due (ms since the epoch), while waiting. */
  dueAt: number | null;
  attempts: Attempt[];
};

/** A status change of an order, told to its notification_url. */
export type SandboxEvent = {
  id: string;
  orderId: string;
  status: string;
  created: string;
  url: string;
  method: 'POST' | 'GET';
  /** The body as sent, byte for byte: what the Auth header signs. */
  body: string;
  deliveries: Delivery[];
};

/**
 * MultiSafepay's `Auth` header: base64 of "<timestamp>:<hex HMAC-SHA512 of "<timestamp>:<body>" keyed with the
 * website API key>", the timestamp in Unix seconds.
 */
export function authHeader(body: string, apiKey: string, timestamp: number): string {
  const signature = createHmac('sha512', apiKey).update(`${timestamp}:${body}`).digest('hex');
  return Buffer.from(`${timestamp}:${signature}`).toString('base64');
}

/** The notification URL with MultiSafepay's two parameters: the order id and the time of this try. */
export function notificationTarget(url: string, orderId: string, timestamp: number): string {
  const target = new URL(url);
  target.searchParams.set('transactionid', orderId);
  target.searchParams.set('timestamp', String(timestamp));
  return target.toString();
}

/** MultiSafepay takes a notification as received when answered 200 with `OK` in the first 100 characters. */
export function acknowledges(status: number, body: string): boolean {
  return status === 200 && body.slice(0, 100).includes('OK');
}

type Options = { apiKey: string; attempts: number; retryMs: number; timeoutMs: number; maxEvents: number; log: FastifyBaseLogger };

/**
 * Sends notifications and keeps a record of every try. A try that is not acknowledged is made again after
 * retryMs (MultiSafepay: 3 more times, 15 minutes apart), each with a new timestamp and Auth header; then the
 * delivery stops as failed.
 */
export class Notifications {
  readonly events: BoundedMap<string, SandboxEvent>;
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly inFlight = new Set<AbortController>();
  private closed = false;

  constructor(private readonly options: Options) {
    this.events = new BoundedMap(options.maxEvents);
  }

  /** Records a status change of an order and sends it: now, after delayMs, or never until released (delayMs null). */
  emit(order: OrderObject, target: { url: string; method: 'POST' | 'GET' }, hold: { delayMs: number | null } | null): SandboxEvent {
    const event: SandboxEvent = {
      id: `evt_${randomBytes(12).toString('hex')}`,
      orderId: order.order_id,
      status: order.status,
      created: new Date().toISOString(),
      url: target.url,
      method: target.method,
      body: JSON.stringify(order),
      deliveries: [],
    };
    this.events.set(event.id, event);
    this.startDelivery(event, false, hold);
    return event;
  }

  /** Sends an event again: a duplicate with the same body (a fresh timestamp and Auth header). */
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
    const timestamp = Math.floor(started / 1000);
    const url = notificationTarget(event.url, event.orderId, timestamp);
    const controller = new AbortController();
    this.inFlight.add(controller);
    const timeout = setTimeout(() => controller.abort(), this.options.timeoutMs);
    let status: number | null = null;
    let acknowledged = false;
    let error: string | null = null;
    try {
      const post = event.method === 'POST';
      const response = await fetch(url, {
        method: event.method,
        headers: {
          'user-agent': 'multisafepay-sandbox/1.0',
          ...(post ? { 'content-type': 'application/json', auth: authHeader(event.body, this.options.apiKey, timestamp) } : {}),
        },
        body: post ? event.body : undefined,
        signal: controller.signal,
        redirect: 'manual',
      });
      status = response.status;
      // Only the start of the answer matters (the acknowledgement); reading it frees the connection.
      const text = await response.text().catch(() => '');
      acknowledged = acknowledges(status, text);
      if (!acknowledged) error = status === 200 ? 'answered without OK' : null;
    } catch (caught) {
      error = controller.signal.aborted ? 'timed out' : ((caught as Error & { cause?: Error }).cause?.message ?? (caught as Error).message);
    } finally {
      clearTimeout(timeout);
      this.inFlight.delete(controller);
    }
    delivery.attempts.push({ at: new Date(started).toISOString(), url, status, acknowledged, error, durationMs: Date.now() - started });
    if (this.closed) return;
    if (acknowledged) {
      delivery.state = 'delivered';
      return;
    }
    const tries = delivery.attempts.length;
    if (tries >= this.options.attempts) {
      delivery.state = 'failed';
      this.options.log.warn({ eventId: event.id, orderId: event.orderId, tries }, 'notification not acknowledged; giving up');
      return;
    }
    this.options.log.info({ eventId: event.id, orderId: event.orderId, status, error, retryInMs: this.options.retryMs }, 'notification not acknowledged; will retry');
    this.schedule(event, delivery, this.options.retryMs);
  }
}

/** An event as the test controls list it. */
export function eventSummary(event: SandboxEvent) {
  return {
    id: event.id,
    order_id: event.orderId,
    status: event.status,
    created: event.created,
    method: event.method,
    deliveries: event.deliveries.map((delivery) => ({
      resend: delivery.resend,
      state: delivery.state,
      due_at: delivery.dueAt === null ? null : new Date(delivery.dueAt).toISOString(),
      attempts: delivery.attempts.map((attempt) => ({
        at: attempt.at,
        url: attempt.url,
        status: attempt.status,
        acknowledged: attempt.acknowledged,
        error: attempt.error,
        duration_ms: attempt.durationMs,
      })),
    })),
  };
}
