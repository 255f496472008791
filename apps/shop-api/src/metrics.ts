import { createServer, type Server } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { collectDefaultMetrics, Counter, Gauge, Histogram, register } from 'prom-client';

/**
 * What an operator watches of an API process, in Prometheus' text format (docs/adr/0037-metrics-on-an-address-of-their-own.md).
 * One set per process (shared by the shopper's and the admin app); every label takes a bounded set of values
 * (a route as registered, a gateway's name, a status), never anything a caller wrote.
 */
collectDefaultMetrics();

/** Seconds: a catalogue call answered from memory takes a few ms, a placed order a few hundred. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export const metrics = {
  requests: new Counter({ name: 'http_requests_total', help: 'Requests answered, by route (the call), method and status', labelNames: ['route', 'method', 'status'] }),
  requestSeconds: new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from a request to its answer, by route (the call) and method',
    labelNames: ['route', 'method'],
    buckets: LATENCY_BUCKETS,
  }),
  catalogCache: new Counter({
    name: 'shop_catalog_cache_lookups_total',
    help: 'Catalogue answers asked of the per-revision caches: hit (kept or being worked out), older (the revision before, given while the new answer is worked out) or miss; patched: a miss or older worked out by patching the older answer with the few products changed since',
    labelNames: ['cache', 'result'],
  }),
  paymentsStarted: new Counter({
    name: 'shop_payment_attempts_total',
    help: 'Payments started with a gateway: started, or failed (the gateway refused or did not answer)',
    labelNames: ['gateway', 'result'],
  }),
  paymentOutcomes: new Counter({
    name: 'shop_payment_outcomes_total',
    help: "Orders moved by a gateway's reading of their payment, by gateway and the order's new status",
    labelNames: ['gateway', 'status'],
  }),
  ordersPlaced: new Counter({ name: 'shop_orders_placed_total', help: 'Orders placed (a repeated placing of the same order is not counted)' }),
  unpaidCancelled: new Counter({ name: 'shop_unpaid_orders_cancelled_total', help: 'Orders cancelled because they were not paid in time' }),
  dbStatements: new Histogram({
    name: 'shop_api_db_statements_per_call',
    help: 'Statements sent to the database by one call, by call (transaction control not counted)',
    labelNames: ['call'],
    buckets: [1, 2, 4, 8, 16, 32, 64, 128],
  }),
  mails: new Counter({ name: 'shop_mails_total', help: 'Mails handed to SMTP (or the local outbox): sent or failed', labelNames: ['result'] }),
};

/** The process's PostgreSQL pools (the shop's and the one that plans once, db/client.ts; tests open more), read when metrics are asked for. */
const pools = new Set<pg.Pool>();
new Gauge({
  name: 'shop_db_pool_connections',
  help: 'PostgreSQL connections of the pool (DATABASE_POOL_SIZE at most): open, and idle among them',
  labelNames: ['state'],
  collect() {
    this.set({ state: 'open' }, [...pools].reduce((sum, pool) => sum + pool.totalCount, 0));
    this.set({ state: 'idle' }, [...pools].reduce((sum, pool) => sum + pool.idleCount, 0));
  },
});
new Gauge({
  name: 'shop_db_pool_waiting',
  help: 'Queries waiting for a PostgreSQL connection of the pool (all are in use)',
  collect() {
    this.set([...pools].reduce((sum, pool) => sum + pool.waitingCount, 0));
  },
});

/** Counts `pool` in the pool gauges until the returned function is called (the pool ended). */
export function watchPool(pool: pg.Pool): () => void {
  pools.add(pool);
  return () => pools.delete(pool);
}

/** Counts every answer of `app` by its route as registered; a request no route matched is `unmatched`. */
export function countRequests(app: FastifyInstance): void {
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    metrics.requests.inc({ route, method: request.method, status: reply.statusCode });
    metrics.requestSeconds.observe({ route, method: request.method }, reply.elapsedTime / 1000);
  });
}

/** `GET /metrics` on an address of its own (never the shopper's); anything else is 404. */
export async function serveMetrics(address: { host: string; port: number }): Promise<Server> {
  const server = createServer((request, response) => {
    if (request.method !== 'GET' || request.url !== '/metrics') {
      response.writeHead(404).end();
      return;
    }
    register.metrics().then(
      (text) => response.writeHead(200, { 'content-type': register.contentType }).end(text),
      () => response.writeHead(500).end(),
    );
  });
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(address.port, address.host, resolve));
  return server;
}
