import { randomInt, timingSafeEqual } from 'node:crypto';
import { BoundedMap, delayParam as readDelay, MAX_DELAY_MS, pageHeaders as securePage, registerBasics, registerEventControls } from '@shop/sandbox-kit';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import type { SandboxConfig } from './config.ts';
import { localeOf } from './messages.ts';
import { eventSummary, Notifications } from './notifications.ts';
import { cardPage, choosePage, closedPage, idealPage, instructionsPage, methodPath, notFoundPage, PAGE_CSS, returnUrl, transferPage } from './page.ts';
import { GATEWAYS, IDEAL_ISSUERS, METHODS, newToken, newTransactionId, orderObject, type Method, type SandboxOrder, type Status } from './store.ts';

/** Bodies: the API's JSON calls and the payment page's forms are small. */
const API_BODY_LIMIT = 16 * 1024;
const FORM_BODY_LIMIT = 4 * 1024;
const MAX_AMOUNT = 99_999_999;
const MAX_URL_LENGTH = 2048;
/** MultiSafepay refuses a second refund of the same amount within 5 minutes (double processing). */
const SAME_REFUND_WINDOW_MS = 5 * 60 * 1000;
const CURRENCIES = new Set(['EUR', 'USD', 'GBP', 'CHF', 'PLN', 'SEK', 'NOK', 'DKK', 'CZK', 'HUF', 'RON', 'BGN', 'CAD', 'AUD', 'JPY']);
/** Statuses after which an order_id may be used again for a new payment (nothing was or will be paid). */
const REUSABLE: Status[] = ['declined', 'void', 'cancelled', 'expired'];

/** MultiSafepay's error answer: `{ success: false, data: {}, error_code, error_info }`. */
class MspError extends Error {
  constructor(
    readonly statusCode: number,
    readonly errorCode: number,
    message: string,
  ) {
    super(message);
  }
}

function mspError(reply: FastifyReply, error: MspError) {
  return reply.code(error.statusCode).send({ success: false, data: {}, error_code: error.errorCode, error_info: error.message });
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The website API key, as MultiSafepay takes it: `?api_key=` or an `api_key` header. */
function checkKey(request: FastifyRequest, apiKey: string): void {
  const fromQuery = (request.query as Record<string, unknown> | undefined)?.api_key;
  const fromHeader = request.headers.api_key;
  const given = typeof fromQuery === 'string' ? fromQuery : typeof fromHeader === 'string' ? fromHeader : '';
  if (!given || !sameSecret(given, apiKey)) throw new MspError(401, 1032, 'Invalid API key');
}

function httpUrl(value: unknown, name: string, required: boolean): string | null {
  if (value === undefined || value === null || value === '') {
    if (required) throw new MspError(400, 1016, `Missing data: payment_options.${name}`);
    return null;
  }
  if (typeof value !== 'string' || value.length > MAX_URL_LENGTH) throw new MspError(400, 1016, `Invalid payment_options.${name}`);
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new MspError(400, 1016, `Invalid payment_options.${name}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new MspError(400, 1016, `Invalid payment_options.${name}: http or https`);
  return value;
}

function amountParam(value: unknown): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 1 || value > MAX_AMOUNT) throw new MspError(400, 1001, 'Invalid amount');
  return value;
}

function currencyParam(value: unknown): string {
  if (typeof value !== 'string' || !CURRENCIES.has(value.toUpperCase())) throw new MspError(400, 1002, 'Invalid currency');
  return value.toUpperCase();
}

function optionalText(value: unknown, max: number, code: number, name: string): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string' && typeof value !== 'number') throw new MspError(400, code, `Invalid ${name}`);
  const text = String(value);
  if (text.length > max) throw new MspError(400, code, `Invalid ${name}: at most ${max} characters`);
  return text;
}

function bodyObject(body: unknown): Record<string, unknown> {
  if (body === undefined || body === null) return {};
  if (typeof body !== 'object' || Array.isArray(body)) throw new MspError(400, 1016, 'Missing data: the body must be a JSON object');
  return body as Record<string, unknown>;
}

/** The customer's details: strings only, bounded (what MultiSafepay echoes back). */
function customerParam(value: unknown): Record<string, string | null> {
  if (value === undefined || value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value)) throw new MspError(400, 1016, 'Invalid customer');
  const customer: Record<string, string | null> = {};
  for (const [key, item] of Object.entries(value as Record<string, unknown>).slice(0, 30)) {
    if (typeof item === 'string' || typeof item === 'number') customer[key.slice(0, 40)] = String(item).slice(0, 200);
  }
  return customer;
}

const delayParam = (request: FastifyRequest) => readDelay(request, () => new MspError(400, 1016, `delay_ms must be an integer from 0 to ${MAX_DELAY_MS}`));

export type SandboxOptions = { logger?: FastifyServerOptions['logger'] };

/**
 * The MultiSafepay sandbox: a part of MultiSafepay's JSON API v1 (redirect orders, order status, refunds), its
 * payment page (iDEAL, card, bank transfer) and its notifications with the `Auth` header (README). Orders and
 * events live in memory, bounded in count.
 */
export function buildSandbox(config: SandboxConfig, options: SandboxOptions = {}): FastifyInstance {
  const app = Fastify({
    logger: options.logger ?? { level: config.logLevel },
    bodyLimit: API_BODY_LIMIT,
    // A sandbox behind nobody: no proxy headers are believed.
    trustProxy: false,
  });
  const orders = new BoundedMap<string, SandboxOrder>(config.maxOrders);
  const orderByToken = new BoundedMap<string, string>(config.maxOrders * 2);
  const transferTimers = new Map<string, NodeJS.Timeout>();
  const notifications = new Notifications({
    apiKey: config.apiKey,
    attempts: config.notificationAttempts,
    retryMs: config.notificationRetryMs,
    timeoutMs: config.notificationTimeoutMs,
    maxEvents: config.maxOrders,
    log: app.log,
  });
  app.addHook('onClose', async () => {
    notifications.close();
    for (const timer of transferTimers.values()) clearTimeout(timer);
    transferTimers.clear();
  });

  /** A status change: the order is modified and its notification_url told (MultiSafepay notifies every change). */
  const setStatus = (order: SandboxOrder, status: Status, reason = '') => {
    order.status = status;
    order.reason = reason;
    order.modified = new Date();
    notify(order);
  };
  const notify = (order: SandboxOrder) => {
    if (!order.notificationUrl) return;
    notifications.emit(orderObject(order, config.publicUrl), { url: order.notificationUrl, method: order.notificationMethod }, order.eventHold);
  };

  /** An unpaid order past its time expires when next looked at. */
  const refresh = (order: SandboxOrder) => {
    if (order.status === 'initialized' && order.expiresAt.getTime() <= Date.now()) expire(order);
    return order;
  };
  const expire = (order: SandboxOrder) => {
    clearTimeout(transferTimers.get(order.orderId));
    transferTimers.delete(order.orderId);
    setStatus(order, 'expired');
  };

  const findOrder = (orderId: string) => {
    const order = orders.get(orderId);
    if (!order) throw new MspError(404, 1006, 'Invalid transaction ID');
    return refresh(order);
  };

  /** The bank transfer's money arrives: the order completes (and is notified). */
  const completeTransfer = (order: SandboxOrder) => {
    clearTimeout(transferTimers.get(order.orderId));
    transferTimers.delete(order.orderId);
    if (order.status !== 'initialized' || order.method !== 'BANKTRANS') return false;
    setStatus(order, 'completed');
    return true;
  };

  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT }, (_request, body, done) => {
    const fields: Record<string, string> = Object.create(null);
    for (const [key, value] of new URLSearchParams(body as string)) fields[key] = value;
    done(null, fields);
  });

  app.setErrorHandler((error, request, reply) => {
    if (error instanceof MspError) return mspError(reply, error);
    const status = (error as { statusCode?: number }).statusCode;
    if (status && status >= 400 && status < 500) return mspError(reply, new MspError(status, 1016, (error as Error).message));
    request.log.error({ err: error }, 'unexpected error');
    return mspError(reply, new MspError(500, 1000, 'Unknown error'));
  });
  app.setNotFoundHandler((_request, reply) => mspError(reply, new MspError(404, 1000, 'Not found')));

  registerBasics(app);

  // ---- The API (what the shop calls) ----

  app.post('/v1/json/orders', async (request) => {
    checkKey(request, config.apiKey);
    const body = bodyObject(request.body);
    if (body.type !== 'redirect') throw new MspError(400, 1000, 'Invalid type: the sandbox makes redirect orders');
    const orderId = optionalText(body.order_id, 50, 1006, 'order ID');
    if (!orderId || !/^[\w.\-:/]+$/.test(orderId)) throw new MspError(400, 1006, 'Invalid order ID');
    const amount = amountParam(body.amount);
    const currency = currencyParam(body.currency);
    const description = optionalText(body.description, 200, 1008, 'description');
    if (!description) throw new MspError(400, 1008, 'Invalid description');
    const vars = { var1: optionalText(body.var1, 100, 1010, 'var1'), var2: optionalText(body.var2, 100, 1010, 'var2'), var3: optionalText(body.var3, 100, 1010, 'var3') };
    let gateway: Method | null = null;
    if (body.gateway !== undefined && body.gateway !== null && body.gateway !== '') {
      gateway = typeof body.gateway === 'string' ? (GATEWAYS[body.gateway.toUpperCase()] ?? null) : null;
      if (!gateway) throw new MspError(400, 1023, 'Gateway unavailable');
    }
    const paymentOptions = body.payment_options;
    if (typeof paymentOptions !== 'object' || paymentOptions === null || Array.isArray(paymentOptions)) throw new MspError(400, 1016, 'Missing data: payment_options');
    const po = paymentOptions as Record<string, unknown>;
    const notificationUrl = httpUrl(po.notification_url, 'notification_url', false);
    const method = po.notification_method === undefined ? 'GET' : po.notification_method;
    if (method !== 'POST' && method !== 'GET') throw new MspError(400, 1016, 'Invalid payment_options.notification_method: POST or GET');
    const redirectUrl = httpUrl(po.redirect_url, 'redirect_url', true) as string;
    const cancelUrl = httpUrl(po.cancel_url, 'cancel_url', true) as string;
    const customer = customerParam(body.customer);
    let ttlSeconds = config.orderTtlSeconds;
    if (body.seconds_active !== undefined) {
      if (!Number.isSafeInteger(body.seconds_active) || (body.seconds_active as number) < 1) throw new MspError(400, 1016, 'Invalid seconds_active');
      ttlSeconds = body.seconds_active as number;
    } else if (body.days_active !== undefined) {
      if (!Number.isSafeInteger(body.days_active) || (body.days_active as number) < 1 || (body.days_active as number) > 365) throw new MspError(400, 1016, 'Invalid days_active');
      ttlSeconds = (body.days_active as number) * 24 * 60 * 60;
    }

    // An order_id can be used again only while nothing was or will be paid on it (MultiSafepay: error 1006
    // once a transaction was made with it); the new order then replaces the old one.
    const existing = orders.get(orderId);
    if (existing) {
      refresh(existing);
      const pending = existing.status === 'initialized' && existing.method === null;
      if (!pending && !REUSABLE.includes(existing.status)) throw new MspError(409, 1006, 'Invalid order ID: it was already used for a transaction');
      orderByToken.delete(existing.token);
      orders.delete(orderId);
    }
    const created = new Date();
    const order: SandboxOrder = {
      orderId,
      token: newToken(),
      transactionId: newTransactionId(),
      amount,
      currency,
      description,
      locale: localeOf(customer.locale),
      customer,
      notificationUrl,
      notificationMethod: method,
      redirectUrl,
      cancelUrl,
      closeWindow: po.close_window === true || po.close_window === 'true',
      gateway,
      vars,
      status: 'initialized',
      method: null,
      issuerId: null,
      transferReference: null,
      reason: '',
      created,
      modified: created,
      expiresAt: new Date(created.getTime() + ttlSeconds * 1000),
      amountRefunded: 0,
      refunds: [],
      eventHold: existing?.eventHold ?? null,
    };
    orders.set(orderId, order);
    orderByToken.set(order.token, orderId);
    return { success: true, data: { order_id: orderId, payment_url: `${config.publicUrl}/pay/${order.token}` } };
  });

  app.get<{ Params: { orderId: string } }>('/v1/json/orders/:orderId', async (request) => {
    checkKey(request, config.apiKey);
    return { success: true, data: orderObject(findOrder(request.params.orderId), config.publicUrl) };
  });

  // MultiSafepay's "cancel an order": an order not paid yet can no longer be paid.
  app.patch<{ Params: { orderId: string } }>('/v1/json/orders/:orderId', async (request) => {
    checkKey(request, config.apiKey);
    const order = findOrder(request.params.orderId);
    const body = bodyObject(request.body);
    if (body.status !== 'cancelled') throw new MspError(400, 1016, 'Invalid status: only cancelled is supported');
    if (order.status !== 'initialized') throw new MspError(409, 1000, `The order cannot be cancelled: it is ${order.status}`);
    clearTimeout(transferTimers.get(order.orderId));
    transferTimers.delete(order.orderId);
    setStatus(order, 'cancelled');
    return { success: true, data: {} };
  });

  app.post<{ Params: { orderId: string } }>('/v1/json/orders/:orderId/refunds', async (request) => {
    checkKey(request, config.apiKey);
    const order = findOrder(request.params.orderId);
    const body = bodyObject(request.body);
    const amount = amountParam(body.amount);
    if (currencyParam(body.currency) !== order.currency) throw new MspError(400, 1002, 'Invalid currency: not the order’s');
    const description = optionalText(body.description, 200, 1008, 'description') ?? '';
    if (order.status !== 'completed' && order.status !== 'partial_refunded') throw new MspError(409, 1034, `Cannot refund transaction: it is ${order.status}`);
    const refundable = order.amount - order.amountRefunded;
    if (amount > refundable) throw new MspError(409, 1034, `Cannot refund transaction: ${amount} is more than the ${refundable} that can still be refunded`);
    const now = new Date();
    if (order.refunds.some((refund) => refund.amount === amount && now.getTime() - refund.created.getTime() < SAME_REFUND_WINDOW_MS)) {
      throw new MspError(409, 1034, 'Cannot refund transaction: a refund of the same amount was made less than 5 minutes ago');
    }
    const refund = { refundId: randomInt(1_000_000, 9_999_999), transactionId: newTransactionId(), amount, description, created: now };
    order.refunds.push(refund);
    order.amountRefunded += amount;
    setStatus(order, order.amountRefunded === order.amount ? 'refunded' : 'partial_refunded');
    return { success: true, data: { transaction_id: refund.transactionId, refund_id: refund.refundId } };
  });

  // ---- The payment page (what the shopper sees) ----

  // Forms post to this page; the answer may redirect to the shop (form-action must allow that origin).
  const pageHeaders = (reply: FastifyReply, order?: SandboxOrder) => securePage(reply, order ? [order.redirectUrl, order.cancelUrl] : []);

  app.get('/pay/assets/page.css', async (_request, reply) => reply.type('text/css; charset=utf-8').send(PAGE_CSS));

  const pageOrder = (token: string) => {
    const orderId = orderByToken.get(token);
    const order = orderId === undefined ? undefined : orders.get(orderId);
    return order && order.token === token ? refresh(order) : undefined;
  };
  /** The page of an order that cannot take a payment any more (or waits for a bank transfer). */
  const notPayable = (reply: FastifyReply, order: SandboxOrder) => {
    if (order.status === 'initialized' && order.method === 'BANKTRANS') return pageHeaders(reply, order).send(instructionsPage({ order, merchant: config.merchantName }));
    return pageHeaders(reply, order).code(410).send(closedPage({ order, merchant: config.merchantName }));
  };
  const payable = (order: SandboxOrder) => order.status === 'initialized' && order.method !== 'BANKTRANS';
  const form = (request: FastifyRequest) => (request.body ?? {}) as Record<string, string | undefined>;

  app.get<{ Params: { token: string } }>('/pay/:token', async (request, reply) => {
    const order = pageOrder(request.params.token);
    if (!order) return pageHeaders(reply).code(404).send(notFoundPage());
    if (!payable(order)) return notPayable(reply, order);
    // An order for one gateway opens that method's page directly.
    if (order.gateway) return reply.redirect(`/pay/${order.token}/${methodPath(order.gateway)}`, 303);
    return pageHeaders(reply, order).send(choosePage({ order, merchant: config.merchantName }));
  });

  app.post<{ Params: { token: string } }>('/pay/:token', async (request, reply) => {
    const order = pageOrder(request.params.token);
    if (!order) return pageHeaders(reply).code(404).send(notFoundPage());
    if (!payable(order)) return notPayable(reply, order);
    const method = form(request).method as Method | undefined;
    if (!method || !METHODS.includes(method)) return pageHeaders(reply, order).code(400).send(choosePage({ order, merchant: config.merchantName, error: true }));
    return reply.redirect(`/pay/${order.token}/${methodPath(method)}`, 303);
  });

  const methodPage = (path: string, method: Method, render: (order: SandboxOrder) => string) =>
    app.get<{ Params: { token: string } }>(`/pay/:token/${path}`, async (request, reply) => {
      const order = pageOrder(request.params.token);
      if (!order) return pageHeaders(reply).code(404).send(notFoundPage());
      if (!payable(order)) return notPayable(reply, order);
      if (order.gateway && order.gateway !== method) return reply.redirect(`/pay/${order.token}/${methodPath(order.gateway)}`, 303);
      return pageHeaders(reply, order).send(render(order));
    });
  methodPage('ideal', 'IDEAL', (order) => idealPage({ order, merchant: config.merchantName }));
  methodPage('card', 'CREDITCARD', (order) => cardPage({ order, merchant: config.merchantName }));
  methodPage('banktransfer', 'BANKTRANS', (order) => transferPage({ order, merchant: config.merchantName }));

  /** Approved: completed, back to redirect_url. Declined: declined, back to cancel_url (MultiSafepay's "payment failed"). */
  const conclude = (reply: FastifyReply, order: SandboxOrder, outcome: string | undefined) => {
    if (outcome === 'approve') {
      setStatus(order, 'completed');
      return reply.redirect(returnUrl(order.redirectUrl, order.orderId), 303);
    }
    setStatus(order, 'declined', 'Declined (sandbox)');
    return reply.redirect(returnUrl(order.cancelUrl, order.orderId), 303);
  };
  const methodPost = (path: string, method: Method, handle: (request: FastifyRequest, reply: FastifyReply, order: SandboxOrder) => unknown) =>
    app.post<{ Params: { token: string } }>(`/pay/:token/${path}`, async (request, reply) => {
      const order = pageOrder(request.params.token);
      if (!order) return pageHeaders(reply).code(404).send(notFoundPage());
      if (!payable(order)) return notPayable(reply, order);
      if (order.gateway && order.gateway !== method) return reply.redirect(`/pay/${order.token}/${methodPath(order.gateway)}`, 303);
      return handle(request, reply, order);
    });

  methodPost('ideal', 'IDEAL', (request, reply, order) => {
    const { issuer, outcome } = form(request);
    if (outcome !== 'approve' && outcome !== 'decline') return reply.redirect(`/pay/${order.token}/ideal`, 303);
    if (!issuer || !(issuer in IDEAL_ISSUERS)) return pageHeaders(reply, order).code(400).send(idealPage({ order, merchant: config.merchantName, error: true }));
    order.method = 'IDEAL';
    order.issuerId = issuer;
    return conclude(reply, order, outcome);
  });

  methodPost('card', 'CREDITCARD', (request, reply, order) => {
    const { outcome } = form(request);
    if (outcome !== 'approve' && outcome !== 'decline') return reply.redirect(`/pay/${order.token}/card`, 303);
    order.method = 'CREDITCARD';
    return conclude(reply, order, outcome);
  });

  // Confirming a bank transfer makes the transaction: still initialized (the money is on its way), with the
  // details to transfer to; the order completes when the money "arrives" (after transferDelayMs, or the control).
  methodPost('banktransfer', 'BANKTRANS', (_request, reply, order) => {
    order.method = 'BANKTRANS';
    order.transferReference = `${order.transactionId}${String(randomInt(0, 100)).padStart(2, '0')}`;
    order.modified = new Date();
    notify(order);
    if (config.transferDelayMs > 0) {
      const timer = setTimeout(() => {
        transferTimers.delete(order.orderId);
        completeTransfer(order);
      }, config.transferDelayMs);
      timer.unref();
      transferTimers.set(order.orderId, timer);
    }
    // Post, then redirect, then get: the instructions are the order's page from now on.
    return reply.redirect(`/pay/${order.token}`, 303);
  });

  app.post<{ Params: { token: string } }>('/pay/:token/cancel', async (request, reply) => {
    const order = pageOrder(request.params.token);
    if (!order) return pageHeaders(reply).code(404).send(notFoundPage());
    if (!payable(order)) return notPayable(reply, order);
    setStatus(order, 'void', 'Cancelled by the customer');
    return reply.redirect(returnUrl(order.cancelUrl, order.orderId), 303);
  });

  // ---- Test controls (sandbox only): late, held and repeated notifications; time passing ----

  registerEventControls(app, {
    events: notifications,
    summary: eventSummary,
    eventNotFound: () => new MspError(404, 1000, 'No such event'),
    delayParam,
    ownerKey: 'order_id',
    ownerPath: '/sandbox/orders',
    ownerOf: (event) => event.orderId,
    findOwner: findOrder,
    ownerId: (order) => order.orderId,
  });

  // The bank transfer's money arrives now.
  app.post<{ Params: { id: string } }>('/sandbox/orders/:id/complete-transfer', async (request) => {
    const order = findOrder(request.params.id);
    if (!completeTransfer(order)) throw new MspError(409, 1000, `No bank transfer is awaited on this order (it is ${order.status}${order.method ? `, ${order.method}` : ''})`);
    return { success: true, data: orderObject(order, config.publicUrl) };
  });

  // The order's time is up now.
  app.post<{ Params: { id: string } }>('/sandbox/orders/:id/expire', async (request) => {
    const order = findOrder(request.params.id);
    if (order.status !== 'initialized') throw new MspError(409, 1000, `Only initialized orders expire; this one is ${order.status}`);
    expire(order);
    return { success: true, data: orderObject(order, config.publicUrl) };
  });

  return app;
}
