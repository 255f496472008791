// The storefront's HTTP server: the built React Router app behind the checks that must happen before it runs.
// - Forwarded headers (X-Forwarded-For/-Host/-Proto) are believed only from TRUSTED_PROXIES (express's
//   'trust proxy', proxy-addr semantics); the shopper's address reaches the app as X-Shop-Client-Ip.
// - Only ALLOWED_HOSTS are answered: nothing (links, the page cache, CSRF) is built from an unchecked Host.
// - GET, HEAD and POST only; bodies up to MAX_BODY_BYTES, or what the app allows a post to carry (review photos).
//   A post's body is read here, under a time limit, before the post takes a place among those processed
//   (post-gate.js). Refusals are small pages in the visitor's language.
// - Pages are rendered in turns shared fairly between clients (packages/web-server/fair-queue.js); kept pages and files are not.
// - /health/live and /health/ready for supervisors and load balancers; SIGTERM finishes the requests in flight.
// - /metrics (Prometheus) on an address of its own when METRICS_PORT is set (@shop/web-server), never on this one.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createRequestHandler } from '@react-router/express';
import compression from 'compression';
import express from 'express';
import { createGracefulStop } from '@shop/web-server/graceful-stop';
import { createMetrics } from '@shop/web-server/metrics';
import { createPostAdmission } from './admission.js';
import { createFairQueue } from '@shop/web-server/fair-queue';
import { createPostGate, withReadBody } from './post-gate.js';
import { createRenderGate } from './render-gate.js';

const build = await import('./build/server/index.js');
const PORT = Number(process.env.PORT ?? 3000);
const SHOP_API_URL = (process.env.SHOP_API_URL ?? `http://127.0.0.1:${process.env.SHOP_API_PORT ?? 4000}`).replace(/\/+$/, '');
/** Requests other than posts carry no body worth reading; a larger one is refused before anything reads it. */
const MAX_BODY_BYTES = 64 * 1024;
/** A setting that must be a positive number, else its default. */
const positive = (value, fallback) => (Number(value) > 0 ? Number(value) : fallback);
// Form posts per client: a burst, then a steady rate; a few at a time over all clients (admission.js). Photos
// are paid in bytes: four 8 MB photos at once (a review's three, and one sent again), then four a minute.
const PHOTO_MEGABYTES_PER_CLIENT_PER_MINUTE = positive(process.env.PHOTO_MEGABYTES_PER_CLIENT_PER_MINUTE, 32);
const admitPost = createPostAdmission({
  burst: positive(process.env.POSTS_PER_CLIENT_BURST, 20),
  perSecond: positive(process.env.POSTS_PER_CLIENT_PER_MINUTE, 60) / 60,
  photoBudget: { burst: PHOTO_MEGABYTES_PER_CLIENT_PER_MINUTE * 1024 * 1024, perSecond: (PHOTO_MEGABYTES_PER_CLIENT_PER_MINUTE * 1024 * 1024) / 60 },
  perClientInShop: positive(process.env.POSTS_PER_CLIENT_AT_ONCE, 4),
  running: 2,
  waiting: 16,
});
// The time a post's body may take to arrive: a form's is a few KB, a photo chunk 64 KB (on a slow phone line).
const POST_BODY_SECONDS = positive(process.env.POST_BODY_SECONDS, 10);
const PHOTO_BODY_SECONDS = positive(process.env.PHOTO_BODY_SECONDS, 60);
// Renders of pages at once over all clients, and of one client while others are there, even when turns are free: on
// one event loop every render at once slows all of them, so this bound is what keeps one client's flood from slowing
// the others (ADR 13, ADR 72). A client alone (no other's render in the last 10 s) may take every turn. The bound of
// one client is over all storefront processes: a flood's connections are spread over them, so each process takes its
// part (at least one), or N processes would give the flooder N shares of the same cores.
const renderTurn = createFairQueue({
  atOnce: positive(process.env.RENDERS_AT_ONCE, 4),
  perClientAtOnce: Math.ceil(positive(process.env.RENDERS_PER_CLIENT_AT_ONCE, 1) / positive(process.env.WEB_CONCURRENCY, 1)),
  sharedForMs: 10_000,
  waiting: 512,
  waitingPerClient: 32,
});
const metrics = createMetrics({
  routes: build.routes,
  turns: {
    name: 'storefront_turns',
    help: 'Turns running and waiting: renders of pages, form posts processed (ADR 13)',
    queues: { render: renderTurn, post: { running: admitPost.processing, waiting: admitPost.waiting } },
  },
});
const postGate = createPostGate({ admit: admitPost, bodyMs: { form: POST_BODY_SECONDS * 1000, photos: PHOTO_BODY_SECONDS * 1000 }, refuse });
const LANGUAGES = ['en', 'fr', 'it', 'es', 'de'];

const trustedProxies = (process.env.TRUSTED_PROXIES ?? '').split(',').map((entry) => entry.trim()).filter(Boolean);
const allowedHosts = new Set(
  ['localhost', '127.0.0.1', '::1', process.env.PUBLIC_URL ? new URL(process.env.PUBLIC_URL).hostname : '', ...(process.env.ALLOWED_HOSTS ?? '').split(',')]
    .map((host) => host.trim().toLowerCase().replace(/^\[(.*)\]$/, '$1'))
    .filter(Boolean),
);

/** The refusal texts of each language (common.json's errors.reasons), for answers given before the app runs. */
const refusalTexts = Object.fromEntries(
  LANGUAGES.map((lang) => {
    const { errors } = JSON.parse(readFileSync(new URL(`./app/i18n/locales/${lang}/common.json`, import.meta.url), 'utf8'));
    return [lang, { title: errors.default, reasons: errors.reasons, home: errors.goHome }];
  }),
);

/** The visitor's language: the path's prefix, else the browser's first storefront language, else English. */
function languageOf(request) {
  const prefix = request.path.split('/')[1];
  if (LANGUAGES.includes(prefix)) return prefix;
  return request.acceptsLanguages(...LANGUAGES) || 'en';
}

const escapeHtml = (text) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** A refusal page; one that says when to retry is answered when that wait is over: a script in a loop gets one refusal per wait, not thousands a second. */
function refuse(request, response, status, reason, retryAfterSeconds = 0) {
  if (retryAfterSeconds > 0) {
    response.set('Retry-After', String(retryAfterSeconds));
    setTimeout(() => refuse(request, response, status, reason), retryAfterSeconds * 1000);
    return;
  }
  const lang = languageOf(request);
  const { title, reasons, home } = refusalTexts[lang];
  response
    .status(status)
    .set({ 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store', 'Content-Security-Policy': "default-src 'none'", 'X-Content-Type-Options': 'nosniff' })
    .send(
      `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
        `<title>${escapeHtml(title)}</title></head><body><main><p>${status}</p><h1>${escapeHtml(title)}</h1>` +
        `<p>${escapeHtml(reasons[reason])}</p><p><a href="/${lang}">${escapeHtml(home)}</a></p></main></body></html>`,
    );
}

/**
 * The request adapter builds the page's URL from the port in Host (or a trusted X-Forwarded-Host), read as
 * the digits after the first ':'; a port beyond 65535 would make that URL throw, so it is refused here.
 */
function hostPortsValid(request) {
  const headers = [request.get('host'), request.app.enabled('trust proxy') ? request.get('x-forwarded-host') : undefined];
  return headers.every((value) => {
    const port = Number.parseInt(value?.split(':')[1] ?? '', 10);
    return !Number.isSafeInteger(port) || (port >= 0 && port <= 65535);
  });
}

/** Set below, once the metrics address is known: the stop closes it too. */
let metricsServer = null;
const stopping = createGracefulStop({ onStop: () => metricsServer?.close() });
const app = express();
app.disable('x-powered-by');
app.set('trust proxy', trustedProxies.length > 0 ? trustedProxies : false);
app.use(metrics.count);
app.use(stopping.closeWhenDraining);

app.use((request, response, next) => {
  if (!['GET', 'HEAD', 'POST'].includes(request.method)) {
    response.set('Allow', 'GET, HEAD, POST');
    return refuse(request, response, 405, 'method_not_allowed');
  }
  if (!allowedHosts.has(request.hostname.toLowerCase().replace(/^\[(.*)\]$/, '$1')) || !hostPortsValid(request)) {
    return refuse(request, response, 400, 'unknown_host');
  }
  const declared = request.get('content-length') === undefined ? null : Number(request.get('content-length'));
  // A post's limits are the app's (its forms, a photo chunk, the review form with its files): see postBodyAllowance.
  const { maxBytes, photoBytes } =
    request.method === 'POST' ? build.entry.module.postBodyAllowance(request.originalUrl, declared) : { maxBytes: MAX_BODY_BYTES, photoBytes: 0 };
  if (declared !== null && declared > maxBytes) return refuse(request, response, 413, 'payload_too_large');
  // What the app may believe about the request: resolved here, never taken from the request as sent.
  for (const name of Object.keys(request.headers)) if (name.startsWith('x-shop-')) delete request.headers[name];
  request.headers['x-shop-client-ip'] = request.ip;
  // One id for this request in the storefront's and the API's logs; the shopper sees it too.
  request.headers['x-shop-request-id'] = randomUUID();
  response.set('X-Request-Id', request.headers['x-shop-request-id']);
  if (request.method !== 'POST') return next();
  return postGate(request, response, next, { maxBytes, photoBytes });
});

app.use('/health', (_request, response, next) => {
  response.locals.route = 'health';
  next();
});
app.get('/health/live', (_request, response) => response.json({ status: 'ok' }));
app.get('/health/ready', async (_request, response) => {
  if (stopping.draining()) return response.status(503).json({ status: 'stopping' });
  const api = await fetch(`${SHOP_API_URL}/health`, { signal: AbortSignal.timeout(2_000) }).catch(() => null);
  return api?.ok ? response.json({ status: 'ok', api: 'ok' }) : response.status(503).json({ status: 'error', api: 'unreachable' });
});

app.use(compression());
// A page kept for visitors without a session (app/lib/page-cache.server.ts) is sent from here, with a fresh
// nonce, before the static files are looked for and without React Router handling the request; any other
// request goes on. The key is the page's URL as React Router builds it: when the two differ, the app finds
// the page itself.
const pageUrl = (request) => URL.parse(`${request.protocol}://${request.get('host')}${request.originalUrl}`)?.href;
app.get('*', (request, response, next) => {
  const url = pageUrl(request);
  const kept = url ? build.entry.module.keptPage(request.method, url, (name) => request.get(name)) : null;
  if (!kept) return next();
  response.status(kept.status);
  for (const [name, value] of kept.headers) response.setHeader(name, value);
  response.end(kept.body);
});
const client = fileURLToPath(new URL('./build/client', import.meta.url));
// A file sent is counted as such, not by the route its path would match.
const countedAsFile = (/** @type {import('express').Response} */ response) => void (response.locals.route = 'file');
app.use('/assets', express.static(`${client}/assets`, { immutable: true, maxAge: '1y', setHeaders: countedAsFile }));
app.use(express.static(client, { maxAge: '1h', setHeaders: countedAsFile }));
// Pages (and the app's data for client navigations) wait for their client's turn; the generated pictures and a
// language's texts script (kept in memory) are cheap.
const renderGate = createRenderGate({ turns: renderTurn, refuse });
app.get('*', (request, response, next) => (/^\/(media|review-photos|[a-z]{2}\/texts)\//.test(request.path) ? next() : renderGate(request, response, next)));
const handleRequest = createRequestHandler({ build, mode: process.env.NODE_ENV });
app.all('*', (request, response, next) => handleRequest(request.method === 'POST' ? withReadBody(request) : request, response, next));

// The metrics address first: a port already taken stops this process before it answers shoppers, so the supervisor
// stops the shop with the error instead of restarting, again and again, a process that can never run whole.
metricsServer = process.env.METRICS_PORT ? await metrics.serve({ host: process.env.METRICS_HOST ?? '127.0.0.1', port: Number(process.env.METRICS_PORT) }) : null;
const server = app.listen(PORT, process.env.HOST, () => console.log(`storefront: http://localhost:${PORT}`));
stopping.onSignals(server);
