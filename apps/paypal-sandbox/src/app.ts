import { timingSafeEqual } from 'node:crypto';
import { BoundedMap, delayParam as readDelay, MAX_DELAY_MS, pageHeaders as securePage, registerBasics, registerEventControls } from '@shop/sandbox-kit';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import type { SandboxConfig } from './config.ts';
import { localeOf } from './messages.ts';
import { approvalPage, closedPage, notFoundPage, PAGE_CSS } from './page.ts';
import {
  captureObject,
  CURRENCIES,
  iso,
  newAccessToken,
  newDebugId,
  newId,
  orderObject,
  refundObject,
  toMinor,
  type Capture,
  type Order,
  type Refund,
} from './store.ts';
import { EVENT_TYPES, eventSummary, Signer, Webhooks, type EventType } from './webhooks.ts';

/** Bodies: the API's JSON calls and the approval page's form are small. */
const API_BODY_LIMIT = 16 * 1024;
const FORM_BODY_LIMIT = 4 * 1024;
const MAX_URL_LENGTH = 4000;
const MAX_TOKENS = 1_000;
const INFO = 'https://developer.paypal.com/docs/api/orders/v2/#error-';

type Detail = { issue: string; field?: string; value?: string; location?: 'body' | 'path' | 'header' | 'query'; description: string };

/** PayPal's error shape: `{ name, message, debug_id, details: [{ issue, field, description }], links }`. */
class PaypalError extends Error {
  constructor(
    readonly statusCode: number,
    readonly errorName: string,
    message: string,
    readonly details: Detail[] = [],
  ) {
    super(message);
  }
}

/** The OAuth endpoint's own shape: `{ error, error_description }`. */
class OauthError extends Error {
  constructor(
    readonly statusCode: number,
    readonly error: string,
    description: string,
  ) {
    super(description);
  }
}

const invalidRequest = (details: Detail[]) =>
  new PaypalError(400, 'INVALID_REQUEST', 'Request is not well-formed, syntactically incorrect, or violates schema.', details);
const unprocessable = (detail: Detail) =>
  new PaypalError(422, 'UNPROCESSABLE_ENTITY', 'The requested action could not be performed, semantically incorrect, or failed business validation.', [detail]);
const notFound = (field: string, value: string) =>
  new PaypalError(404, 'RESOURCE_NOT_FOUND', 'The specified resource does not exist.', [
    { issue: 'INVALID_RESOURCE_ID', field, value: value.slice(0, 100), location: 'path', description: 'Specified resource ID does not exist. Please check the resource ID and try again.' },
  ]);
const missing = (field: string) => invalidRequest([{ issue: 'MISSING_REQUIRED_PARAMETER', field, location: 'body', description: 'A required field / parameter is missing.' }]);
const syntax = (field: string, value: unknown, description = 'The value of a field does not conform to the expected format.') =>
  invalidRequest([{ issue: 'INVALID_PARAMETER_SYNTAX', field, value: String(value).slice(0, 100), location: 'body', description }]);

function sendError(reply: FastifyReply, error: PaypalError) {
  const debugId = newDebugId();
  return reply
    .code(error.statusCode)
    .header('paypal-debug-id', debugId)
    .send({
      name: error.errorName,
      message: error.message,
      debug_id: debugId,
      ...(error.details.length ? { details: error.details } : {}),
      links: [{ href: `${INFO}${error.details[0]?.issue ?? error.errorName}`, rel: 'information_link', method: 'GET' }],
    });
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

function bodyObject(body: unknown): Record<string, unknown> {
  if (body === undefined || body === null) return {};
  if (typeof body !== 'object' || Array.isArray(body)) throw new PaypalError(400, 'INVALID_REQUEST', 'Request is not well-formed, syntactically incorrect, or violates schema.', [
    { issue: 'MALFORMED_REQUEST_JSON', location: 'body', description: 'The request JSON is not well formed.' },
  ]);
  return body as Record<string, unknown>;
}

const objectAt = (value: unknown): Record<string, unknown> | undefined =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;

function optionalText(value: unknown, field: string, max: number): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string' || value.length < 1 || value.length > max) throw syntax(field, value, `A string of 1 to ${max} characters.`);
  return value;
}

function httpUrl(value: unknown, field: string): string {
  if (value === undefined || value === null || value === '') throw missing(field);
  if (typeof value !== 'string' || value.length > MAX_URL_LENGTH) throw syntax(field, value);
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw syntax(field, value);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw syntax(field, value);
  return value;
}

/** Appends `name=value` pairs to a URL's query as written (PayPal adds `token` and `PayerID` to the merchant's URL). */
function withQuery(url: string, pairs: Record<string, string>): string {
  const hash = url.indexOf('#');
  const base = hash === -1 ? url : url.slice(0, hash);
  const fragment = hash === -1 ? '' : url.slice(hash);
  const query = Object.entries(pairs)
    .map(([key, value]) => `${key}=${encodeURIComponent(value)}`)
    .join('&');
  const separator = !base.includes('?') ? '?' : base.endsWith('?') || base.endsWith('&') ? '' : '&';
  return `${base}${separator}${query}${fragment}`;
}

function requestId(request: FastifyRequest): string | null {
  const value = request.headers['paypal-request-id'];
  if (value === undefined || value === '') return null;
  if (typeof value !== 'string' || value.length > 108) {
    throw invalidRequest([{ issue: 'INVALID_PARAMETER_SYNTAX', field: 'PayPal-Request-Id', location: 'header', description: 'PayPal-Request-Id is at most 108 characters.' }]);
  }
  return value;
}

const delayParam = (request: FastifyRequest) => readDelay(request, (value) => syntax('delay_ms', value, `delay_ms must be an integer from 0 to ${MAX_DELAY_MS}.`));

export type SandboxOptions = { logger?: FastifyServerOptions['logger'] };

/**
 * The PayPal sandbox: OAuth, Orders v2 (create, show, capture), refunds, the payer's approval page and signed
 * webhooks with PayPal's verify-webhook-signature (README). Everything lives in memory, bounded in count.
 */
export function buildSandbox(config: SandboxConfig, options: SandboxOptions = {}): FastifyInstance {
  const app = Fastify({ logger: options.logger ?? { level: config.logLevel }, bodyLimit: API_BODY_LIMIT });
  const tokens = new BoundedMap<string, number>(MAX_TOKENS);
  const orders = new BoundedMap<string, Order>(config.maxOrders);
  const captures = new BoundedMap<string, Capture>(config.maxOrders);
  const refunds = new BoundedMap<string, Refund>(config.maxOrders);
  /** PayPal-Request-Id → what the first request made (an order, a capture's order, a refund) and how it answered. */
  const idempotent = new BoundedMap<string, { id: string; status: number }>(config.maxOrders);
  const certUrl = `${config.publicUrl}/v1/notifications/certs/CERT-SANDBOX-HMAC`;
  const signer = new Signer(config.webhookId, certUrl);
  const webhooks = new Webhooks({
    url: config.webhookUrl,
    signer,
    publicUrl: config.publicUrl,
    attempts: config.webhookAttempts,
    firstRetryMs: config.webhookFirstRetryMs,
    timeoutMs: config.webhookTimeoutMs,
    maxEvents: config.maxOrders,
    log: app.log,
  });
  app.addHook('onClose', async () => webhooks.close());

  const captureOf = (order: Order) => (order.captureId === null ? null : (captures.get(order.captureId) ?? null));
  const refundsOf = (capture: Capture | null) => (capture ? [...refunds.values()].filter((refund) => refund.captureId === capture.id) : []);
  const show = (order: Order) => orderObject(order, config.publicUrl, captureOf(order), refundsOf(captureOf(order)));

  const emit = (type: EventType, order: Order, hold = order.eventHold) => {
    const capture = captureOf(order);
    let resource: Record<string, unknown>;
    if (type === 'CHECKOUT.ORDER.APPROVED') resource = show(order);
    else if (type === 'PAYMENT.CAPTURE.REFUNDED') {
      const refund = refundsOf(capture).at(-1);
      if (!capture || !refund) throw unprocessable({ issue: 'NO_REFUND', description: 'This order has no refund to notify.' });
      resource = refundObject(refund, capture, order, config.publicUrl);
    } else {
      if (!capture) throw unprocessable({ issue: 'NO_CAPTURE', description: 'This order has no capture to notify.' });
      resource = captureObject(capture, order, config.publicUrl);
    }
    return webhooks.emit(type, order.id, resource, hold);
  };

  // JSON as PayPal takes it: an empty body is an empty request (capture), a bad one is MALFORMED_REQUEST_JSON.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: API_BODY_LIMIT }, (_request, body, done) => {
    if ((body as string).trim() === '') return done(null, undefined);
    try {
      done(null, JSON.parse(body as string));
    } catch {
      done(
        new PaypalError(400, 'INVALID_REQUEST', 'Request is not well-formed, syntactically incorrect, or violates schema.', [
          { issue: 'MALFORMED_REQUEST_JSON', location: 'body', description: 'The request JSON is not well formed.' },
        ]),
      );
    }
  });
  // The token call and the approval page's form: URL-encoded, small, parsed into an object without a prototype.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT }, (_request, body, done) => {
    const fields: Record<string, string> = Object.create(null);
    for (const [key, value] of new URLSearchParams(body as string)) fields[key] = value;
    done(null, fields);
  });

  app.setErrorHandler((error, request, reply) => {
    if (error instanceof PaypalError) return sendError(reply, error);
    if (error instanceof OauthError) return reply.code(error.statusCode).send({ error: error.error, error_description: error.message });
    const status = (error as { statusCode?: number }).statusCode;
    if (status && status >= 400 && status < 500) {
      // Fastify's own refusals (a body too large, an unknown content type): their message, never the body.
      return sendError(reply, new PaypalError(status, 'INVALID_REQUEST', (error as Error).message));
    }
    request.log.error({ err: error }, 'unexpected error');
    return sendError(reply, new PaypalError(500, 'INTERNAL_SERVER_ERROR', 'An internal server error has occurred.'));
  });
  app.setNotFoundHandler((_request, reply) => sendError(reply, new PaypalError(404, 'NOT_FOUND', 'The specified resource does not exist.')));

  registerBasics(app);

  // ---- OAuth 2.0 client credentials ----

  app.post('/v1/oauth2/token', async (request) => {
    const match = /^Basic ([A-Za-z0-9+/=]+)$/.exec(request.headers.authorization ?? '');
    const decoded = match ? Buffer.from(match[1] as string, 'base64').toString('utf8') : '';
    const colon = decoded.indexOf(':');
    const id = colon === -1 ? '' : decoded.slice(0, colon);
    const secret = colon === -1 ? '' : decoded.slice(colon + 1);
    // Both compared, whatever the first gives, so the time taken says nothing.
    const idOk = sameSecret(id, config.clientId);
    const secretOk = sameSecret(secret, config.clientSecret);
    if (!idOk || !secretOk) throw new OauthError(401, 'invalid_client', 'Client Authentication failed');
    const form = objectAt(request.body) ?? {};
    if (!form.grant_type) throw new OauthError(400, 'unsupported_grant_type', 'Grant Type is NULL');
    if (form.grant_type !== 'client_credentials') throw new OauthError(400, 'unsupported_grant_type', `Grant Type is not supported: ${String(form.grant_type).slice(0, 50)}`);
    const token = newAccessToken();
    tokens.set(token, Date.now() + config.tokenTtlSeconds * 1000);
    return {
      scope: 'https://uri.paypal.com/services/payments/payment https://uri.paypal.com/services/payments/refund https://uri.paypal.com/services/applications/webhooks',
      access_token: token,
      token_type: 'Bearer',
      app_id: 'APP-SANDBOX',
      expires_in: config.tokenTtlSeconds,
      nonce: `${iso()}${newId(20)}`,
    };
  });

  /** Every API call but the token's carries a live access token; an expired one is gone from PayPal's cache. */
  const authenticate = (request: FastifyRequest) => {
    const match = /^Bearer (\S+)$/.exec(request.headers.authorization ?? '');
    if (!match) {
      throw new PaypalError(401, 'AUTHENTICATION_FAILURE', 'Authentication failed due to invalid authentication credentials or a missing Authorization header.');
    }
    const expiresAt = tokens.get(match[1] as string);
    if (expiresAt !== undefined && expiresAt <= Date.now()) tokens.delete(match[1] as string);
    if (expiresAt === undefined || expiresAt <= Date.now()) throw new OauthError(401, 'invalid_token', 'Access Token not found in cache');
  };

  const findOrder = (id: string) => {
    const order = orders.get(id);
    if (!order) throw notFound('order_id', id);
    return order;
  };

  // ---- Orders v2 ----

  app.post('/v2/checkout/orders', async (request, reply) => {
    authenticate(request);
    const key = requestId(request);
    const replay = key === null ? undefined : idempotent.get(`create:${key}`);
    const replayed = replay === undefined ? undefined : orders.get(replay.id);
    if (replayed) return reply.code(200).send(show(replayed));
    const body = bodyObject(request.body);
    if (body.intent === undefined) throw missing('/intent');
    if (body.intent !== 'CAPTURE') {
      throw invalidRequest([{ issue: 'INVALID_PARAMETER_VALUE', field: '/intent', value: String(body.intent).slice(0, 20), location: 'body', description: 'This sandbox takes intent CAPTURE only.' }]);
    }
    if (!Array.isArray(body.purchase_units) || body.purchase_units.length === 0) throw missing('/purchase_units');
    if (body.purchase_units.length > 1) {
      throw invalidRequest([{ issue: 'INVALID_ARRAY_MAX_ITEMS', field: '/purchase_units', location: 'body', description: 'This sandbox takes one purchase unit.' }]);
    }
    const unit = objectAt(body.purchase_units[0]);
    if (!unit) throw syntax('/purchase_units/0', 'not an object');
    const amount = objectAt(unit.amount);
    if (!amount) throw missing('/purchase_units/0/amount');
    const currency = amount.currency_code;
    if (currency === undefined) throw missing('/purchase_units/0/amount/currency_code');
    if (typeof currency !== 'string' || !/^[A-Z]{3}$/.test(currency)) throw syntax('/purchase_units/0/amount/currency_code', currency);
    const decimals = CURRENCIES[currency];
    if (decimals === undefined) {
      throw unprocessable({ issue: 'CURRENCY_NOT_SUPPORTED', field: '/purchase_units/0/amount/currency_code', value: currency, description: 'Currency code is not currently supported.' });
    }
    if (amount.value === undefined) throw missing('/purchase_units/0/amount/value');
    if (typeof amount.value !== 'string' || !/^\d{1,10}(\.\d+)?$/.test(amount.value)) throw syntax('/purchase_units/0/amount/value', amount.value);
    const minor = toMinor(amount.value, decimals);
    if (minor === null) {
      throw unprocessable({
        issue: decimals === 0 ? 'DECIMALS_NOT_SUPPORTED' : 'DECIMAL_PRECISION',
        field: '/purchase_units/0/amount/value',
        value: amount.value,
        description: decimals === 0 ? 'Currency does not support decimals.' : 'If the currency supports decimals, only two decimal place precision is supported.',
      });
    }
    if (minor <= 0) {
      throw unprocessable({ issue: 'CANNOT_BE_ZERO_OR_NEGATIVE', field: '/purchase_units/0/amount/value', value: amount.value, description: 'Must be greater than zero.' });
    }
    const referenceId = optionalText(unit.reference_id, '/purchase_units/0/reference_id', 256) ?? 'default';
    const customId = optionalText(unit.custom_id, '/purchase_units/0/custom_id', 127);
    const invoiceId = optionalText(unit.invoice_id, '/purchase_units/0/invoice_id', 127);
    const description = optionalText(unit.description, '/purchase_units/0/description', 127);
    // The newer shape (payment_source.paypal.experience_context) or the older one (application_context).
    const experience = objectAt(objectAt(objectAt(body.payment_source)?.paypal)?.experience_context);
    const context = experience ?? objectAt(body.application_context) ?? {};
    const where = experience ? '/payment_source/paypal/experience_context' : '/application_context';
    const returnUrl = httpUrl(context.return_url, `${where}/return_url`);
    const cancelUrl = httpUrl(context.cancel_url, `${where}/cancel_url`);
    let locale: string | undefined;
    if (context.locale !== undefined) {
      if (typeof context.locale !== 'string' || !/^[a-z]{2}(?:-[A-Z][a-z]{3})?(?:-(?:[A-Z]{2}|\d{3}))?$/.test(context.locale)) throw syntax(`${where}/locale`, context.locale);
      locale = context.locale;
    }
    const brandName = optionalText(context.brand_name, `${where}/brand_name`, 127);
    const now = iso();
    const order: Order = {
      id: newId(),
      status: experience ? 'PAYER_ACTION_REQUIRED' : 'CREATED',
      linkRel: experience ? 'payer-action' : 'approve',
      referenceId,
      customId,
      invoiceId,
      description,
      currency,
      amount: minor,
      returnUrl,
      cancelUrl,
      locale: localeOf(locale),
      brandName,
      created: now,
      updated: now,
      payerId: null,
      declineNextCapture: false,
      payerDeclines: 0,
      captureId: null,
      eventHold: null,
    };
    orders.set(order.id, order);
    if (key !== null) idempotent.set(`create:${key}`, { id: order.id, status: 201 });
    return reply.code(201).send(show(order));
  });

  app.get<{ Params: { id: string } }>('/v2/checkout/orders/:id', async (request) => {
    authenticate(request);
    return show(findOrder(request.params.id));
  });

  app.post<{ Params: { id: string } }>('/v2/checkout/orders/:id/capture', async (request, reply) => {
    authenticate(request);
    const key = requestId(request);
    const order = findOrder(request.params.id);
    // The same PayPal-Request-Id answers as the first time did, with the order as it is now.
    const replay = key === null ? undefined : idempotent.get(`capture:${key}`);
    if (replay !== undefined && replay.id === order.id) return reply.code(replay.status).send(show(order));
    if (order.status === 'COMPLETED') {
      throw unprocessable({ issue: 'ORDER_ALREADY_CAPTURED', description: 'Order already captured.If \'intent=CAPTURE\' only one capture per order is allowed.' });
    }
    if (order.status !== 'APPROVED') {
      throw unprocessable({
        issue: 'ORDER_NOT_APPROVED',
        description: 'Payer has not yet approved the Order for payment. Please redirect the payer to the \'rel\':\'approve\' url returned as part of the HATEOAS links within the Create Order call or provide a valid payment_source in the request.',
      });
    }
    const now = iso();
    const capture: Capture = {
      id: newId(),
      orderId: order.id,
      status: order.declineNextCapture ? 'DECLINED' : 'COMPLETED',
      amount: order.amount,
      refunded: 0,
      created: now,
      updated: now,
    };
    captures.set(capture.id, capture);
    order.declineNextCapture = false;
    order.captureId = capture.id;
    order.status = 'COMPLETED';
    order.updated = now;
    emit(capture.status === 'COMPLETED' ? 'PAYMENT.CAPTURE.COMPLETED' : 'PAYMENT.CAPTURE.DENIED', order);
    if (key !== null) idempotent.set(`capture:${key}`, { id: order.id, status: 201 });
    return reply.code(201).send(show(order));
  });

  // ---- Payments v2: captures and refunds ----

  const findCapture = (id: string) => {
    const capture = captures.get(id);
    const order = capture ? orders.get(capture.orderId) : undefined;
    if (!capture || !order) throw notFound('capture_id', id);
    return { capture, order };
  };

  app.get<{ Params: { id: string } }>('/v2/payments/captures/:id', async (request) => {
    authenticate(request);
    const { capture, order } = findCapture(request.params.id);
    return captureObject(capture, order, config.publicUrl);
  });

  app.post<{ Params: { id: string } }>('/v2/payments/captures/:id/refund', async (request, reply) => {
    authenticate(request);
    const key = requestId(request);
    const { capture, order } = findCapture(request.params.id);
    const replay = key === null ? undefined : idempotent.get(`refund:${key}`);
    const replayed = replay === undefined ? undefined : refunds.get(replay.id);
    if (replayed && replayed.captureId === capture.id) return reply.code(replay!.status).send(refundObject(replayed, capture, order, config.publicUrl));
    const body = bodyObject(request.body);
    if (capture.status === 'DECLINED') throw unprocessable({ issue: 'CAPTURE_STATUS_NOT_VALID', description: 'Invalid capture status. Refund can only be issued on a completed capture.' });
    const remaining = capture.amount - capture.refunded;
    if (remaining === 0) throw unprocessable({ issue: 'CAPTURE_FULLY_REFUNDED', description: 'The capture has already been fully refunded.' });
    let amount = remaining;
    if (body.amount !== undefined) {
      const given = objectAt(body.amount);
      if (!given) throw syntax('/amount', 'not an object');
      if (given.currency_code === undefined) throw missing('/amount/currency_code');
      if (given.value === undefined) throw missing('/amount/value');
      if (given.currency_code !== order.currency) {
        throw unprocessable({ issue: 'CURRENCY_MISMATCH', field: '/amount/currency_code', value: String(given.currency_code).slice(0, 3), description: 'Refund must be in the same currency as the capture.' });
      }
      const minor = typeof given.value === 'string' ? toMinor(given.value, CURRENCIES[order.currency] ?? 2) : null;
      if (minor === null) throw syntax('/amount/value', given.value);
      if (minor <= 0) throw unprocessable({ issue: 'CANNOT_BE_ZERO_OR_NEGATIVE', field: '/amount/value', value: given.value as string, description: 'Must be greater than zero.' });
      if (minor > remaining) {
        throw unprocessable({ issue: 'REFUND_AMOUNT_EXCEEDED', field: '/amount/value', value: given.value as string, description: 'The refund amount must be less than or equal to the capture amount that has not yet been refunded.' });
      }
      amount = minor;
    }
    const refund: Refund = { id: newId(), captureId: capture.id, amount, created: iso() };
    refunds.set(refund.id, refund);
    capture.refunded += amount;
    capture.status = capture.refunded === capture.amount ? 'REFUNDED' : 'PARTIALLY_REFUNDED';
    capture.updated = refund.created;
    emit('PAYMENT.CAPTURE.REFUNDED', order);
    if (key !== null) idempotent.set(`refund:${key}`, { id: refund.id, status: 201 });
    return reply.code(201).send(refundObject(refund, capture, order, config.publicUrl));
  });

  app.get<{ Params: { id: string } }>('/v2/payments/refunds/:id', async (request) => {
    authenticate(request);
    const refund = refunds.get(request.params.id);
    const found = refund ? findCapture(refund.captureId) : undefined;
    if (!refund || !found) throw notFound('refund_id', request.params.id);
    return refundObject(refund, found.capture, found.order, config.publicUrl);
  });

  // ---- Webhooks: PayPal's verification call (the merchant never checks a signature itself) ----

  app.post('/v1/notifications/verify-webhook-signature', async (request) => {
    authenticate(request);
    const body = bodyObject(request.body);
    const fields = ['auth_algo', 'cert_url', 'transmission_id', 'transmission_sig', 'transmission_time', 'webhook_id'] as const;
    const absent = [...fields, 'webhook_event' as const].filter((field) => body[field] === undefined || body[field] === null || body[field] === '');
    if (absent.length > 0) {
      throw new PaypalError(
        400,
        'VALIDATION_ERROR',
        'Invalid request - see details',
        absent.map((field) => ({ issue: 'MISSING_REQUIRED_PARAMETER', field, location: 'body' as const, description: `${field} may not be null` })),
      );
    }
    const wrongType = fields.find((field) => typeof body[field] !== 'string' || (body[field] as string).length > 500);
    if (wrongType) throw new PaypalError(400, 'VALIDATION_ERROR', 'Invalid request - see details', [{ issue: 'INVALID_PARAMETER_SYNTAX', field: wrongType, location: 'body', description: 'A string of at most 500 characters.' }]);
    const event = objectAt(body.webhook_event);
    if (!event) throw new PaypalError(400, 'VALIDATION_ERROR', 'Invalid request - see details', [{ issue: 'INVALID_PARAMETER_SYNTAX', field: 'webhook_event', location: 'body', description: 'An object.' }]);
    const verified = signer.verify({
      authAlgo: body.auth_algo as string,
      certUrl: body.cert_url as string,
      transmissionId: body.transmission_id as string,
      transmissionSig: body.transmission_sig as string,
      transmissionTime: body.transmission_time as string,
      webhookId: body.webhook_id as string,
      // The event as sent is JSON.stringify of what was built: the same text again, unless something in it changed.
      body: JSON.stringify(event),
    });
    return { verification_status: verified ? 'SUCCESS' : 'FAILURE' };
  });

  app.get<{ Params: { name: string } }>('/v1/notifications/certs/:name', async (request, reply) => {
    if (`${config.publicUrl}/v1/notifications/certs/${request.params.name}` !== certUrl) throw notFound('cert', request.params.name);
    return reply
      .type('text/plain; charset=utf-8')
      .send('This sandbox signs notifications with a secret HMAC key, not a certificate: ask POST /v1/notifications/verify-webhook-signature.\n');
  });

  // ---- The approval page (what the payer sees) ----

  // The form posts here and is answered by a redirect to the merchant: form-action must allow its origins.
  const pageHeaders = (reply: FastifyReply, order?: Order) => securePage(reply, order ? [order.returnUrl, order.cancelUrl] : []);

  app.get('/checkoutnow/assets/page.css', async (_request, reply) => reply.type('text/css; charset=utf-8').send(PAGE_CSS));

  const approvedRedirect = (order: Order) => withQuery(order.returnUrl, { token: order.id, PayerID: order.payerId ?? '' });

  const pageFor = (reply: FastifyReply, token: unknown, render: (order: Order) => unknown) => {
    const order = typeof token === 'string' ? orders.get(token) : undefined;
    if (!order) return pageHeaders(reply).code(404).send(notFoundPage());
    // Approved already (a second tab, the back button): on to the merchant, who captures.
    if (order.status === 'APPROVED') return reply.redirect(approvedRedirect(order), 303);
    if (order.status === 'COMPLETED') return pageHeaders(reply, order).code(410).send(closedPage(order, config.merchantName, approvedRedirect(order)));
    return render(order);
  };

  app.get('/checkoutnow', async (request, reply) =>
    pageFor(reply, (request.query as Record<string, unknown>).token, (order) => pageHeaders(reply, order).send(approvalPage({ order, merchant: config.merchantName }))),
  );

  app.post('/checkoutnow', async (request, reply) => {
    const form = objectAt(request.body) ?? {};
    return pageFor(reply, form.token, (order) => {
      switch (form.action) {
        case 'approve':
          order.status = 'APPROVED';
          order.payerId = newId(13);
          order.updated = iso();
          emit('CHECKOUT.ORDER.APPROVED', order);
          return reply.redirect(approvedRedirect(order), 303);
        case 'cancel':
          return reply.redirect(withQuery(order.cancelUrl, { token: order.id }), 303);
        case 'decline':
          // As on PayPal: the payer's funding source is refused, the order stays unapproved (the merchant hears
          // nothing) and the payer stays here to pay another way or cancel.
          order.payerDeclines++;
          return pageHeaders(reply, order).code(402).send(approvalPage({ order, merchant: config.merchantName, declined: true }));
        default:
          return pageHeaders(reply, order).code(400).send(approvalPage({ order, merchant: config.merchantName }));
      }
    });
  });

  // ---- Test controls (sandbox only): declined captures, expired tokens, late, held and repeated notifications ----

  registerEventControls(app, {
    events: webhooks,
    summary: eventSummary,
    eventNotFound: (id) => notFound('event_id', id),
    delayParam,
    ownerKey: 'order_id',
    ownerPath: '/sandbox/orders',
    ownerOf: (event) => event.orderId,
    findOwner: findOrder,
    ownerId: (order) => order.id,
  });

  app.get<{ Params: { id: string } }>('/sandbox/orders/:id', async (request) => {
    const order = findOrder(request.params.id);
    return { ...show(order), payer_declines: order.payerDeclines, decline_next_capture: order.declineNextCapture, event_hold: order.eventHold };
  });

  app.post<{ Params: { id: string } }>('/sandbox/orders/:id/decline-next-capture', async (request) => {
    const order = findOrder(request.params.id);
    order.declineNextCapture = true;
    return { order_id: order.id, decline_next_capture: true };
  });

  app.post<{ Params: { id: string } }>('/sandbox/orders/:id/emit', async (request) => {
    const order = findOrder(request.params.id);
    const type = objectAt(request.body)?.event_type;
    if (!EVENT_TYPES.includes(type as EventType)) throw syntax('event_type', type, `event_type must be one of ${EVENT_TYPES.join(', ')}.`);
    const delayMs = delayParam(request);
    return eventSummary(emit(type as EventType, order, delayMs > 0 ? { delayMs } : order.eventHold));
  });

  // Every access token given so far expires now (the next call with one gets PayPal's 401).
  app.post('/sandbox/tokens/expire', async () => {
    const count = tokens.size;
    tokens.clear();
    return { expired: count };
  });

  return app;
}
