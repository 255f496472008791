// @ts-check
// What an operator watches of a web server process (the storefront's, the back office's), in Prometheus' text format,
// served on an address of its own (docs/adr/0037-metrics-on-an-address-of-their-own.md), never on the public port:
// requests by React Router's route id (never the URL: label values stay a bounded set), their latency, the turns of
// work running and waiting where the server keeps turns, and Node's process metrics.
import { createServer } from 'node:http';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { whenAnswerOver } from './answer-over.js';

/** Seconds: a kept page or a file takes a millisecond, a rendered page tens, a post hundreds. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** @typedef {{ id: string, parentId?: string, path?: string, index?: boolean, caseSensitive?: boolean }} ManifestRoute */

/**
 * A matcher of paths to the app's route ids, from the server build's flat list (`build.routes`), made once: React
 * Router's own `matchRoutes` ranks every route again on each call (over a millisecond here), too dear for each
 * request. The ranking is React Router's documented one: a static segment before a dynamic one before a splat, an
 * index route before a layout's other children, earlier routes first when equal (metrics.test.ts checks both
 * agree on the shop's routes).
 * @param {Record<string, ManifestRoute | undefined>} manifest
 * @returns {(path: string) => string}
 */
export function routeMatcher(manifest) {
  const all = /** @type {ManifestRoute[]} */ (Object.values(manifest).filter(Boolean));
  const parents = new Set(all.map((route) => route.parentId));
  /** @param {ManifestRoute} route @returns {string[]} */
  const segments = (route) => [...(route.parentId && manifest[route.parentId] ? segments(/** @type {ManifestRoute} */ (manifest[route.parentId])) : []), ...(route.path ?? '').split('/').filter(Boolean)];
  const leaves = all
    .filter((route) => !parents.has(route.id))
    .map((route, order) => {
      const parts = segments(route);
      const splat = parts.at(-1) === '*';
      const score =
        parts.length + (splat ? -2 : 0) + (route.index ? 2 : 0) + parts.filter((part) => part !== '*').reduce((sum, part) => sum + (/^:[\w-]+$/.test(part) ? 3 : 10), 0);
      const pattern = parts
        .filter((part) => part !== '*')
        .map((part) => `/${part.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/:[\w-]+/g, '[^/]+')}`)
        .join('');
      return { id: route.id, order, score, pattern: new RegExp(`^${pattern}${splat ? '(?:/.*)?' : ''}/?$`, route.caseSensitive ? '' : 'i') };
    })
    .sort((a, b) => b.score - a.score || a.order - b.order);
  return (path) => leaves.find((leaf) => leaf.pattern.test(path))?.id ?? 'unmatched';
}

/**
 * @param {{
 *   routes: Record<string, ManifestRoute | undefined>,
 *   turns?: { name: string, help: string, queues: Record<string, { running: () => number, waiting: () => number }> },
 * }} parts
 *   `routes`: the server build's; `turns`: a gauge of the turns to show by name, running and waiting (the storefront's
 *   renders and posts).
 */
export function createMetrics({ routes, turns }) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requests = new Counter({ name: 'http_requests_total', help: 'Requests answered, by route id, method and status', labelNames: ['route', 'method', 'status'], registers: [registry] });
  const seconds = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from a request to its answer, by route id and method',
    labelNames: ['route', 'method'],
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  if (turns) {
    new Gauge({
      name: turns.name,
      help: turns.help,
      labelNames: ['work', 'state'],
      registers: [registry],
      collect() {
        for (const [work, queue] of Object.entries(turns.queues)) {
          this.set({ work, state: 'running' }, queue.running());
          this.set({ work, state: 'waiting' }, queue.waiting());
        }
      },
    });
  }
  const match = routeMatcher(routes);
  /** The route id of a path; a client navigation's data (`/en/cart.data`, the home's `/_root.data`) counts as its page's. */
  const routeOf = (/** @type {string} */ path) => match(path.replace(/\.data$/, '').replace(/^\/_root$/, '/'));

  return {
    /**
     * Middleware that counts every answer once it is over (or its client gone). A stage that answers without the
     * app (files, health) names itself in `response.locals.route`; any other request is named by its route.
     * @type {import('express').RequestHandler}
     */
    count(request, response, next) {
      const started = process.hrtime.bigint();
      whenAnswerOver(request, response, () => {
        const route = response.locals.route ?? routeOf(request.path);
        requests.inc({ route, method: request.method, status: response.statusCode });
        seconds.observe({ route, method: request.method }, Number(process.hrtime.bigint() - started) / 1e9);
      });
      next();
    },
    /**
     * `GET /metrics` on `address`; anything else is 404.
     * @param {{ host: string, port: number }} address
     * @returns {Promise<import('node:http').Server>}
     */
    serve(address) {
      const server = createServer((request, response) => {
        if (request.method !== 'GET' || request.url !== '/metrics') return void response.writeHead(404).end();
        registry.metrics().then(
          (text) => response.writeHead(200, { 'content-type': registry.contentType }).end(text),
          () => response.writeHead(500).end(),
        );
      });
      return new Promise((resolve, reject) => server.once('error', reject).listen(address.port, address.host, () => resolve(server)));
    },
  };
}
