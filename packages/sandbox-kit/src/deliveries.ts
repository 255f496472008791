import type { FastifyBaseLogger } from 'fastify';
import { BoundedMap } from './store.ts';

/** One try of a delivery, and what the gateway records beside it (X: e.g. the URL or transmission id of the try). */
export type Attempt<X extends object = object> = X & { at: string; status: number | null; acknowledged: boolean; error: string | null; durationMs: number };

/** One sending of an event: the first, or a resend (a duplicate of the same event). */
export type Delivery<X extends object = object> = {
  resend: boolean;
  state: 'held' | 'waiting' | 'sending' | 'delivered' | 'failed';
  /** When the next try is due (ms since the epoch), while waiting. */
  dueAt: number | null;
  attempts: Attempt<X>[];
};

/** What a deliverer needs of an event: its id and the record of its deliveries. */
export type DeliverableEvent<X extends object = object> = { id: string; deliveries: Delivery<X>[] };

/** A test control's hold: sent after delayMs, or (delayMs null) not until released; null: sent now. */
export type Hold = { delayMs: number | null } | null;

/** One try's request, built afresh for every try (a new signature, timestamp…), and what is recorded of it. */
export type Transmission<X extends object> = {
  url: string;
  method: string;
  headers: Record<string, string>;
  body?: string;
  record: X;
};

/** Whether the answer to a try acknowledges the notification, and the error recorded when it does not. */
export type Acknowledgement = { acknowledged: boolean; error: string | null };

export type DelivererOptions = {
  /** Tries per delivery (the first and its retries). */
  attempts: number;
  /** The wait before the next try after `tries` tries. */
  retryDelayMs: (tries: number) => number;
  timeoutMs: number;
  /** Events kept; the oldest go first beyond it. */
  maxEvents: number;
  log: FastifyBaseLogger;
  /** The log message's start when a try failed: '…; will retry', '…; giving up'. */
  failure: string;
};

/** Waits that double: first, then twice that, and so on. */
export const doubling = (firstMs: number) => (tries: number) => firstMs * 2 ** (tries - 1);

/** Answered with 2xx: the answer's body is not kept; reading it frees the connection. */
export async function acknowledgedBy2xx(response: Response): Promise<Acknowledgement> {
  await response.arrayBuffer().catch(() => undefined);
  return { acknowledged: response.status >= 200 && response.status < 300, error: null };
}

/**
 * Sends notifications and keeps a record of every try. A try that is not acknowledged (or not answered at all) is
 * made again after retryDelayMs until `attempts` tries were made; then the delivery stops as failed. What differs
 * between gateways — the request of a try (its signature), what acknowledges it, what is logged of an event — is
 * given by the subclass.
 */
export abstract class Deliverer<E extends DeliverableEvent<X>, X extends object = object> {
  readonly events: BoundedMap<string, E>;
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly inFlight = new Set<AbortController>();
  private closed = false;

  constructor(private readonly delivery: DelivererOptions) {
    this.events = new BoundedMap(delivery.maxEvents);
  }

  /** The request of one try of a delivery of the event; `started`: when the try started (ms since the epoch). */
  protected abstract transmission(event: E, started: number): Transmission<X>;

  /** Whether an answer acknowledges the notification (default: 2xx). */
  protected acknowledgement(response: Response): Promise<Acknowledgement> {
    return acknowledgedBy2xx(response);
  }

  /** What is logged of an event beside its id when a try fails. */
  protected abstract logFields(event: E): Record<string, unknown>;

  /** Keeps an event and sends it: now, after delayMs, or never until released (delayMs null). */
  protected record(event: E, hold: Hold): E {
    this.events.set(event.id, event);
    this.startDelivery(event, false, hold);
    return event;
  }

  /** Sends an event again: a duplicate with the same id and body (a fresh signature). */
  resend(event: E, delayMs: number): Delivery<X> {
    return this.startDelivery(event, true, delayMs > 0 ? { delayMs } : null);
  }

  /** Sends the held deliveries of an event now. */
  release(event: E): number {
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

  private startDelivery(event: E, resend: boolean, hold: Hold): Delivery<X> {
    const delivery: Delivery<X> = { resend, state: 'held', dueAt: null, attempts: [] };
    event.deliveries.push(delivery);
    if (hold === null) this.schedule(event, delivery, 0);
    else if (hold.delayMs !== null) this.schedule(event, delivery, hold.delayMs);
    return delivery;
  }

  private schedule(event: E, delivery: Delivery<X>, delayMs: number): void {
    if (this.closed) return;
    delivery.state = 'waiting';
    delivery.dueAt = Date.now() + delayMs;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      void this.attempt(event, delivery);
    }, delayMs);
    this.timers.add(timer);
  }

  private async attempt(event: E, delivery: Delivery<X>): Promise<void> {
    if (this.closed) return;
    delivery.state = 'sending';
    delivery.dueAt = null;
    const started = Date.now();
    const request = this.transmission(event, started);
    const controller = new AbortController();
    this.inFlight.add(controller);
    const timeout = setTimeout(() => controller.abort(), this.delivery.timeoutMs);
    let status: number | null = null;
    let acknowledged = false;
    let error: string | null = null;
    try {
      const response = await fetch(request.url, {
        method: request.method,
        headers: request.headers,
        body: request.body,
        signal: controller.signal,
        redirect: 'manual',
      });
      status = response.status;
      ({ acknowledged, error } = await this.acknowledgement(response));
    } catch (caught) {
      error = controller.signal.aborted ? 'timed out' : ((caught as Error & { cause?: Error }).cause?.message ?? (caught as Error).message);
    } finally {
      clearTimeout(timeout);
      this.inFlight.delete(controller);
    }
    delivery.attempts.push({ ...request.record, at: new Date(started).toISOString(), status, acknowledged, error, durationMs: Date.now() - started });
    if (this.closed) return;
    if (acknowledged) {
      delivery.state = 'delivered';
      return;
    }
    const tries = delivery.attempts.length;
    const fields = { eventId: event.id, ...this.logFields(event) };
    if (tries >= this.delivery.attempts) {
      delivery.state = 'failed';
      this.delivery.log.warn({ ...fields, tries }, `${this.delivery.failure}; giving up`);
      return;
    }
    const wait = this.delivery.retryDelayMs(tries);
    this.delivery.log.info({ ...fields, status, error, retryInMs: wait }, `${this.delivery.failure}; will retry`);
    this.schedule(event, delivery, wait);
  }
}

/** An event's deliveries as the test controls list them; `attempt`: the fields of one try. */
export function deliveriesSummary<X extends object>(deliveries: Delivery<X>[], attempt: (attempt: Attempt<X>) => Record<string, unknown>) {
  return deliveries.map((delivery) => ({
    resend: delivery.resend,
    state: delivery.state,
    due_at: delivery.dueAt === null ? null : new Date(delivery.dueAt).toISOString(),
    attempts: delivery.attempts.map(attempt),
  }));
}
