// The back office's HTTP server: the built React Router app behind the checks that must happen before it runs
// (as the storefront's server.js does, docs/adr/0012 and 0031).
// - Listens on 127.0.0.1 unless BACK_OFFICE_HOST says otherwise: staff reach it on this machine, through a VPN or
//   a proxy that adds its own access control.
// - Forwarded headers are believed only from TRUSTED_PROXIES; the staff member's address reaches the app as
//   X-Back-Office-Client-Ip (the API's sign-in limits key on it).
// - Only ALLOWED_HOSTS (and BACK_OFFICE_URL's host) are answered; GET, HEAD and POST only; small bodies.
// - A post from another site is refused (Origin or Sec-Fetch-Site), besides the SameSite=Strict session cookie.
// - /metrics (Prometheus) on an address of its own when BACK_OFFICE_METRICS_PORT is set, never on this one.
// - SIGTERM finishes the requests in flight without dropping any (@shop/web-server/graceful-stop).
import { createRequestHandler } from '@react-router/express';
import express from 'express';
import { createGracefulStop } from '@shop/web-server/graceful-stop';
import { createMetrics } from '@shop/web-server/metrics';

const build = await import('./build/server/index.js');
const PORT = Number(process.env.BACK_OFFICE_PORT ?? 3001);
const HOST = process.env.BACK_OFFICE_HOST ?? '127.0.0.1';
const MAX_BODY_BYTES = 16 * 1024;
/** A product photo's upload form (`/products/{id}/photos`, its `.data` when posted by the page's script): the photo (15 MB at most) and its fields. */
const PHOTO_UPLOAD = /^\/products\/[0-9]{1,10}\/photos(\.data)?$/;
const MAX_PHOTO_BODY_BYTES = 16 * 1024 * 1024;
/** The products CSV upload (`/products/csv`): the contract's PRODUCT_CSV_MAX_BYTES and the multipart's headers. */
const CSV_UPLOAD = /^\/products\/csv(\.data)?$/;
const MAX_CSV_BODY_BYTES = 100 * 1024 * 1024 + 64 * 1024;
const bodyLimitOf = (request) => {
  if (request.method !== 'POST') return MAX_BODY_BYTES;
  if (PHOTO_UPLOAD.test(request.path)) return MAX_PHOTO_BODY_BYTES;
  return CSV_UPLOAD.test(request.path) ? MAX_CSV_BODY_BYTES : MAX_BODY_BYTES;
};

const trustedProxies = (process.env.TRUSTED_PROXIES ?? '').split(',').map((entry) => entry.trim()).filter(Boolean);
const allowedHosts = new Set(
  ['localhost', '127.0.0.1', '::1', HOST, process.env.BACK_OFFICE_URL ? new URL(process.env.BACK_OFFICE_URL).hostname : '', ...(process.env.ALLOWED_HOSTS ?? '').split(',')]
    .map((host) => host.trim().toLowerCase().replace(/^\[(.*)\]$/, '$1'))
    .filter(Boolean),
);

function refuse(response, status, text) {
  response
    .status(status)
    .set({ 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', 'Content-Security-Policy': "default-src 'none'", 'X-Robots-Tag': 'noindex', 'X-Content-Type-Options': 'nosniff' })
    .send(text);
}

/**
 * A post made by a page of this back office: the browser says so in Origin, or in Sec-Fetch-Site where Origin is
 * 'null' (a privacy setting) or missing; one from elsewhere is not.
 */
function sameOrigin(request) {
  const origin = request.get('origin');
  if (origin && origin !== 'null') return origin === `${request.protocol}://${request.get('host')}`;
  const site = request.get('sec-fetch-site');
  return !site || site === 'same-origin' || site === 'none';
}

const metrics = createMetrics({ routes: build.routes });
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
    return refuse(response, 405, 'Method not allowed');
  }
  if (!allowedHosts.has(request.hostname.toLowerCase().replace(/^\[(.*)\]$/, '$1'))) return refuse(response, 400, 'Unknown host');
  if (Number(request.get('content-length') ?? 0) > bodyLimitOf(request)) return refuse(response, 413, 'Payload too large');
  if (request.method === 'POST' && !sameOrigin(request)) return refuse(response, 403, 'Cross-site post refused');
  // What the app may believe about the request: resolved here, never taken from the request as sent.
  for (const name of Object.keys(request.headers)) if (name.startsWith('x-back-office-')) delete request.headers[name];
  request.headers['x-back-office-client-ip'] = request.ip;
  next();
});

// Answers given before the app, named for the metrics as the app's routes are.
const named = (route) => (_request, response, next) => {
  response.locals.route = route;
  next();
};
app.use('/health', named('health'));
app.get('/health/live', (_request, response) => response.json({ status: 'ok' }));
app.get('/health/ready', (_request, response) => (stopping.draining() ? response.status(503).json({ status: 'stopping' }) : response.json({ status: 'ok' })));
// Browsers ask for it on every first visit; the back office has none.
app.get('/favicon.ico', named('favicon'), (_request, response) => response.status(204).end());
app.use('/assets', named('file'), express.static(new URL('./build/client/assets', import.meta.url).pathname, { immutable: true, maxAge: '1y', index: false }));
app.all('*', createRequestHandler({ build, mode: process.env.NODE_ENV }));

// The metrics address first: a port already taken stops this process before it answers (see the storefront's).
metricsServer = process.env.BACK_OFFICE_METRICS_PORT
  ? await metrics.serve({ host: process.env.BACK_OFFICE_METRICS_HOST ?? '127.0.0.1', port: Number(process.env.BACK_OFFICE_METRICS_PORT) })
  : null;
const server = app.listen(PORT, HOST, () => console.log(`back office: http://${HOST.includes(':') ? `[${HOST}]` : HOST}:${PORT}`));
stopping.onSignals(server);
