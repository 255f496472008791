import { createHmac, randomBytes } from 'node:crypto';
import { Deliverer, deliveriesSummary, type Acknowledgement, type Delivery, type Hold, type Transmission } from '@shop/sandbox-kit';
import type { FastifyBaseLogger } from 'fastify';
import { type OrderObject } from './store.ts';

/** What is recorded of a try beside its answer: the URL it was sent to (with its timestamp). */
type TargetRecord = { url: string };

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
  deliveries: Delivery<TargetRecord>[];
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
export class Notifications extends Deliverer<SandboxEvent, TargetRecord> {
  constructor(private readonly options: Options) {
    super({ ...options, retryDelayMs: () => options.retryMs, failure: 'notification not acknowledged' });
  }

  /** Records a status change of an order and sends it: now, after delayMs, or never until released (delayMs null). */
  emit(order: OrderObject, target: { url: string; method: 'POST' | 'GET' }, hold: Hold): SandboxEvent {
    return this.record(
      {
        id: `evt_${randomBytes(12).toString('hex')}`,
        orderId: order.order_id,
        status: order.status,
        created: new Date().toISOString(),
        url: target.url,
        method: target.method,
        body: JSON.stringify(order),
        deliveries: [],
      },
      hold,
    );
  }

  protected transmission(event: SandboxEvent, started: number): Transmission<TargetRecord> {
    const timestamp = Math.floor(started / 1000);
    const url = notificationTarget(event.url, event.orderId, timestamp);
    const post = event.method === 'POST';
    return {
      url,
      method: event.method,
      headers: {
        'user-agent': 'multisafepay-sandbox/1.0',
        ...(post ? { 'content-type': 'application/json', auth: authHeader(event.body, this.options.apiKey, timestamp) } : {}),
      },
      body: post ? event.body : undefined,
      record: { url },
    };
  }

  /** Only the start of the answer matters (the acknowledgement); reading it frees the connection. */
  protected override async acknowledgement(response: Response): Promise<Acknowledgement> {
    const text = await response.text().catch(() => '');
    const acknowledged = acknowledges(response.status, text);
    return { acknowledged, error: acknowledged || response.status !== 200 ? null : 'answered without OK' };
  }

  protected logFields(event: SandboxEvent) {
    return { orderId: event.orderId };
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
    deliveries: deliveriesSummary(event.deliveries, (attempt) => ({
      at: attempt.at,
      url: attempt.url,
      status: attempt.status,
      acknowledged: attempt.acknowledged,
      error: attempt.error,
      duration_ms: attempt.durationMs,
    })),
  };
}
