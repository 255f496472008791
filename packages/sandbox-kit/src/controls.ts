import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { DeliverableEvent, Hold } from './deliveries.ts';

/** The longest delay a test control takes (delay_ms). */
export const MAX_DELAY_MS = 10 * 60 * 1000;

/**
 * A test control's delay_ms (body, else query): 0 when not given; `invalid(value)` is thrown when it is not a whole
 * number of milliseconds from 0 to MAX_DELAY_MS.
 */
export function delayParam(request: FastifyRequest, invalid: (value: unknown) => Error): number {
  const fromQuery = (request.query as Record<string, unknown> | undefined)?.delay_ms;
  const fromBody = (request.body as Record<string, unknown> | null | undefined)?.delay_ms;
  const value = fromBody ?? fromQuery;
  if (value === undefined || value === '') return 0;
  const number = Number(value);
  if (!Number.isSafeInteger(number) || number < 0 || number > MAX_DELAY_MS) throw invalid(value);
  return number;
}

/** What every sandbox answers alike: no caching or sniffing, no referrer, and the health checks. */
export function registerBasics(app: FastifyInstance): void {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'no-referrer');
  });

  app.get('/health/live', async () => ({ status: 'ok' }));
  app.get('/health/ready', async () => ({ status: 'ok' }));
}

/** What the test controls need of a gateway's deliverer. */
type Events<E> = { events: Map<string, E>; resend(event: E, delayMs: number): unknown; release(event: E): number };

/**
 * Registers the test controls shared by the sandboxes (sandbox only: late, held and repeated notifications):
 * GET /sandbox/events (?<ownerKey>= to filter), POST /sandbox/events/:id/resend and …/release, and, for what the
 * events are about (a session, an order: ownerPath/:id), POST …/hold-events and …/release-events
 * (order=newest_first: out of order).
 */
export function registerEventControls<E extends DeliverableEvent, O extends { eventHold: Hold }>(
  app: FastifyInstance,
  input: {
    events: Events<E>;
    summary: (event: E) => unknown;
    /** The error (thrown) for an unknown event id. */
    eventNotFound: (id: string) => Error;
    /** The delay_ms of a request (0 when not given); throws the gateway's error when malformed. */
    delayParam: (request: FastifyRequest) => number;
    /** `session_id`, `order_id`: the query parameter and answer field naming what events are about. */
    ownerKey: string;
    ownerPath: string;
    ownerOf: (event: E) => string;
    findOwner: (id: string) => O;
    ownerId: (owner: O) => string;
  },
): void {
  const { events: deliverer, summary, ownerKey } = input;

  app.get('/sandbox/events', async (request) => {
    const ownerId = (request.query as Record<string, string | undefined>)[ownerKey];
    const events = [...deliverer.events.values()].filter((event) => !ownerId || input.ownerOf(event) === ownerId);
    return { data: events.map(summary) };
  });

  const findEvent = (id: string) => {
    const event = deliverer.events.get(id);
    if (!event) throw input.eventNotFound(id);
    return event;
  };

  app.post<{ Params: { id: string } }>('/sandbox/events/:id/resend', async (request) => {
    const event = findEvent(request.params.id);
    deliverer.resend(event, input.delayParam(request));
    return summary(event);
  });

  app.post<{ Params: { id: string } }>('/sandbox/events/:id/release', async (request) => {
    const event = findEvent(request.params.id);
    deliverer.release(event);
    return summary(event);
  });

  // Holds the next notifications about it: until released, or (delay_ms) sent that much later.
  app.post<{ Params: { id: string } }>(`${input.ownerPath}/:id/hold-events`, async (request) => {
    const owner = input.findOwner(request.params.id);
    const delayMs = input.delayParam(request);
    owner.eventHold = { delayMs: delayMs > 0 ? delayMs : null };
    return { [ownerKey]: input.ownerId(owner), hold: delayMs > 0 ? { delay_ms: delayMs } : { until: 'released' } };
  });

  // Stops holding and sends what was held, oldest first (or newest first: out of order).
  app.post<{ Params: { id: string } }>(`${input.ownerPath}/:id/release-events`, async (request) => {
    const owner = input.findOwner(request.params.id);
    owner.eventHold = null;
    const sequence = (request.body as Record<string, unknown> | null | undefined)?.order ?? (request.query as Record<string, unknown>).order;
    const id = input.ownerId(owner);
    const events = [...deliverer.events.values()].filter((event) => input.ownerOf(event) === id);
    if (sequence === 'newest_first') events.reverse();
    const released = events.filter((event) => deliverer.release(event) > 0).map((event) => event.id);
    return { [ownerKey]: id, released };
  });
}
