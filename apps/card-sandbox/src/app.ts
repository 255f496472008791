import { timingSafeEqual } from 'node:crypto';
import { BoundedMap, delayParam as readDelay, MAX_DELAY_MS, pageHeaders as securePage, registerBasics, registerEventControls } from '@shop/sandbox-kit';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import { cardBehaviour, cardBrand, cardDigits, isExpired, isSecurityCode, parseExpiry, passesLuhn } from './cards.ts';
import type { SandboxConfig } from './config.ts';
import { isLocale, MESSAGES } from './messages.ts';
import { challengePage, closedPage, notFoundPage, PAGE_CSS, payPage, type FieldErrors } from './page.ts';
import { fillSessionUrl, newId, sessionObject, type CardSummary, type PaymentError, type Refund, type Session } from './store.ts';
import { EVENT_TYPES, eventSummary, Webhooks, type EventType } from './webhooks.ts';

/** Bodies: the API's JSON calls and the hosted page's forms are small. */
const API_BODY_LIMIT = 16 * 1024;
const FORM_BODY_LIMIT = 4 * 1024;
/** Stripe's ceiling for one amount (99,999,999 in the smallest unit). */
const MAX_AMOUNT = 99_999_999;
const MAX_URL_LENGTH = 2048;

type StripeErrorType = 'invalid_request_error' | 'api_error';

class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly param?: string,
    readonly code?: string,
    readonly type: StripeErrorType = 'invalid_request_error',
  ) {
    super(message);
  }
}

function stripeError(reply: FastifyReply, error: ApiError) {
  return reply.code(error.statusCode).send({
    error: { type: error.type, message: error.message, ...(error.param ? { param: error.param } : {}), ...(error.code ? { code: error.code } : {}) },
  });
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

function checkKey(request: FastifyRequest, secretKey: string): void {
  const header = request.headers.authorization ?? '';
  const match = /^Bearer (\S+)$/.exec(header);
  if (!match) throw new ApiError(401, 'You did not provide an API key. Provide it in the Authorization header (Authorization: Bearer YOUR_SECRET_KEY).');
  const key = match[1] as string;
  if (!sameSecret(key, secretKey)) throw new ApiError(401, `Invalid API Key provided: ${key.slice(0, 8)}${'*'.repeat(Math.max(0, Math.min(key.length - 8, 16)))}`);
}

function httpUrl(value: unknown, param: string): string {
  if (typeof value !== 'string' || value.length === 0) throw new ApiError(400, `Missing required param: ${param}.`, param, 'parameter_missing');
  if (value.length > MAX_URL_LENGTH) throw new ApiError(400, `Invalid URL: ${param} must be at most ${MAX_URL_LENGTH} characters.`, param, 'url_invalid');
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ApiError(400, `Not a valid URL: ${param}.`, param, 'url_invalid');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new ApiError(400, `Not a valid URL: ${param} must be http or https.`, param, 'url_invalid');
  return value;
}

/** Amounts are integers in the smallest unit; form-encoded calls send them as digits. */
function integerParam(value: unknown, param: string, required: boolean): number | undefined {
  if (value === undefined || value === null || value === '') {
    if (required) throw new ApiError(400, `Missing required param: ${param}.`, param, 'parameter_missing');
    return undefined;
  }
  const number = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isSafeInteger(number)) throw new ApiError(400, `Invalid integer: ${param}.`, param, 'parameter_invalid_integer');
  if (number < 1) throw new ApiError(400, `This value must be greater than or equal to 1: ${param}.`, param, 'parameter_invalid_integer');
  if (number > MAX_AMOUNT) throw new ApiError(400, `${param} must be no more than ${MAX_AMOUNT}.`, param, 'amount_too_large');
  return number;
}

function refundObject(refund: Refund) {
  return { id: refund.id, object: 'refund', status: 'succeeded', amount: refund.amount, currency: refund.currency, payment_intent: refund.paymentIntent, created: refund.created };
}

function bodyObject(body: unknown): Record<string, unknown> {
  if (body === undefined || body === null) return {};
  if (typeof body !== 'object' || Array.isArray(body)) throw new ApiError(400, 'The body must be an object.');
  return body as Record<string, unknown>;
}

function rejectUnknown(body: Record<string, unknown>, known: string[]): void {
  const unknown = Object.keys(body).find((key) => !known.includes(key));
  if (unknown !== undefined) throw new ApiError(400, `Received unknown parameter: ${unknown.slice(0, 100)}`, unknown.slice(0, 100), 'parameter_unknown');
}

const delayParam = (request: FastifyRequest) => readDelay(request, () => new ApiError(400, `delay_ms must be an integer from 0 to ${MAX_DELAY_MS}.`, 'delay_ms'));

const now = () => Math.floor(Date.now() / 1000);

export type SandboxOptions = { logger?: FastifyServerOptions['logger'] };

/**
 * The card sandbox: a processor with a hosted payment page in the style of Stripe Checkout (README). Sessions,
 * events and refunds live in memory, bounded in count.
 */
export function buildSandbox(config: SandboxConfig, options: SandboxOptions = {}): FastifyInstance {
  const app = Fastify({
    logger: options.logger ?? { level: config.logLevel },
    bodyLimit: API_BODY_LIMIT,
    // Requests are logged by method and path (session ids only); bodies never are.
  });
  const sessions = new BoundedMap<string, Session>(config.maxSessions);
  const sessionByIntent = new BoundedMap<string, string>(config.maxSessions);
  const refunds = new BoundedMap<string, Refund>(config.maxSessions);
  const webhooks = new Webhooks({
    url: config.webhookUrl,
    secret: config.webhookSecret,
    attempts: config.webhookAttempts,
    firstRetryMs: config.webhookFirstRetryMs,
    timeoutMs: config.webhookTimeoutMs,
    maxEvents: config.maxSessions,
    log: app.log,
  });

  const emit = (type: EventType, session: Session) => webhooks.emit(type, sessionObject(session, config.publicUrl), session.eventHold);

  /** An open session past its time expires (and says so, as Stripe does). */
  const refresh = (session: Session): Session => {
    if (session.status === 'open' && now() >= session.expiresAt) {
      session.status = 'expired';
      session.challenge = null;
      emit('checkout.session.expired', session);
    }
    return session;
  };
  const sweep = setInterval(() => sessions.forEach(refresh), Math.min(60_000, config.sessionTtlSeconds * 1000));
  sweep.unref();
  app.addHook('onClose', async () => {
    clearInterval(sweep);
    webhooks.close();
  });

  const findSession = (id: string): Session => {
    const session = sessions.get(id);
    if (!session) throw new ApiError(404, `No such checkout.session: '${id.slice(0, 100)}'`, 'session', 'resource_missing');
    return refresh(session);
  };

  // Forms of the hosted page: URL-encoded, small; parsed into an object without a prototype.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT }, (_request, body, done) => {
    const fields: Record<string, string> = Object.create(null);
    for (const [key, value] of new URLSearchParams(body as string)) fields[key] = value;
    done(null, fields);
  });

  app.setErrorHandler((error, request, reply) => {
    if (error instanceof ApiError) return stripeError(reply, error);
    const status = (error as { statusCode?: number }).statusCode;
    if (status && status >= 400 && status < 500) {
      // Fastify's own refusals (a body too large, unparsable JSON): their message, never the body.
      return stripeError(reply, new ApiError(status, (error as Error).message));
    }
    request.log.error({ err: error }, 'unexpected error');
    return stripeError(reply, new ApiError(500, 'An unexpected error occurred.', undefined, undefined, 'api_error'));
  });
  app.setNotFoundHandler((request, reply) => stripeError(reply, new ApiError(404, `Unrecognized request URL (${request.method}: ${request.url.split('?')[0]?.slice(0, 200)}).`)));

  registerBasics(app);

  // ---- The API (what the shop calls) ----

  app.post('/v1/checkout/sessions', async (request, reply) => {
    checkKey(request, config.secretKey);
    const body = bodyObject(request.body);
    rejectUnknown(body, ['amount', 'currency', 'client_reference_id', 'success_url', 'cancel_url', 'locale', 'mode']);
    if (body.mode !== undefined && body.mode !== 'payment') throw new ApiError(400, 'Invalid mode: only payment is supported.', 'mode');
    const amount = integerParam(body.amount, 'amount', true) as number;
    if (typeof body.currency !== 'string' || !/^[a-z]{3}$/i.test(body.currency)) throw new ApiError(400, 'Invalid currency: a three-letter ISO code.', 'currency');
    const reference = body.client_reference_id;
    if (typeof reference !== 'string' || reference.length === 0 || reference.length > 200) {
      throw new ApiError(400, 'Invalid client_reference_id: a string of 1 to 200 characters.', 'client_reference_id');
    }
    const successUrl = httpUrl(body.success_url, 'success_url');
    const cancelUrl = httpUrl(body.cancel_url, 'cancel_url');
    const locale = body.locale === undefined || body.locale === 'auto' ? 'en' : body.locale;
    if (!isLocale(locale)) throw new ApiError(400, `Invalid locale: one of auto, ${Object.keys(MESSAGES).join(', ')}.`, 'locale');
    const created = now();
    const session: Session = {
      id: newId('cs_test', 58),
      paymentIntent: newId('pi'),
      amount,
      currency: body.currency.toLowerCase(),
      clientReferenceId: reference,
      successUrl,
      cancelUrl,
      locale,
      created,
      expiresAt: created + config.sessionTtlSeconds,
      status: 'open',
      paymentStatus: 'unpaid',
      lastPaymentError: null,
      card: null,
      amountRefunded: 0,
      challenge: null,
      eventHold: null,
      failNextExpire: false,
    };
    sessions.set(session.id, session);
    sessionByIntent.set(session.paymentIntent, session.id);
    return reply.code(200).send(sessionObject(session, config.publicUrl));
  });

  app.get<{ Params: { id: string } }>('/v1/checkout/sessions/:id', async (request) => {
    checkKey(request, config.secretKey);
    return sessionObject(findSession(request.params.id), config.publicUrl);
  });

  // Stripe's "expire a session": an open session can no longer be paid.
  app.post<{ Params: { id: string } }>('/v1/checkout/sessions/:id/expire', async (request) => {
    checkKey(request, config.secretKey);
    const session = findSession(request.params.id);
    if (session.failNextExpire) {
      session.failNextExpire = false;
      throw new ApiError(500, 'An error occurred with our connection to Stripe.', undefined, undefined, 'api_error');
    }
    if (session.status !== 'open') throw new ApiError(400, `Only open sessions can be expired; this one is ${session.status}.`, undefined, 'checkout_session_not_open');
    session.status = 'expired';
    session.challenge = null;
    emit('checkout.session.expired', session);
    return sessionObject(session, config.publicUrl);
  });

  app.post('/v1/refunds', async (request) => {
    checkKey(request, config.secretKey);
    const body = bodyObject(request.body);
    rejectUnknown(body, ['payment_intent', 'amount']);
    if (typeof body.payment_intent !== 'string' || body.payment_intent === '') throw new ApiError(400, 'Missing required param: payment_intent.', 'payment_intent', 'parameter_missing');
    const sessionId = sessionByIntent.get(body.payment_intent);
    const session = sessionId === undefined ? undefined : sessions.get(sessionId);
    if (!session) throw new ApiError(404, `No such payment_intent: '${body.payment_intent.slice(0, 100)}'`, 'payment_intent', 'resource_missing');
    if (session.paymentStatus !== 'paid') {
      throw new ApiError(400, `This PaymentIntent (${session.paymentIntent}) does not have a successful charge to refund.`, 'payment_intent', 'charge_not_refundable');
    }
    const refundable = session.amount - session.amountRefunded;
    if (refundable === 0) throw new ApiError(400, `Charge for ${session.paymentIntent} has already been refunded.`, undefined, 'charge_already_refunded');
    const amount = integerParam(body.amount, 'amount', false) ?? refundable;
    if (amount > refundable) {
      throw new ApiError(400, `Refund amount (${amount}) is greater than the amount that can still be refunded (${refundable}).`, 'amount', 'amount_too_large');
    }
    session.amountRefunded += amount;
    const refund: Refund = { id: newId('re'), paymentIntent: session.paymentIntent, amount, currency: session.currency, created: now() };
    refunds.set(refund.id, refund);
    return refundObject(refund);
  });

  // The refunds of one payment, newest first, as Stripe lists them (GET /v1/refunds?payment_intent=…).
  app.get('/v1/refunds', async (request) => {
    checkKey(request, config.secretKey);
    const query = bodyObject(request.query);
    rejectUnknown(query, ['payment_intent', 'limit']);
    if (typeof query.payment_intent !== 'string' || query.payment_intent === '') throw new ApiError(400, 'Missing required param: payment_intent.', 'payment_intent', 'parameter_missing');
    const limit = Math.min(integerParam(query.limit, 'limit', false) ?? 10, 100);
    const all = [...refunds.values()].filter((refund) => refund.paymentIntent === query.payment_intent).reverse();
    return { object: 'list', url: '/v1/refunds', has_more: all.length > limit, data: all.slice(0, limit).map(refundObject) };
  });

  // ---- The hosted page (what the shopper sees) ----

  // The form posts to this page; its answer may redirect to the shop (form-action must allow that origin).
  const pageHeaders = (reply: FastifyReply, session?: Session) => securePage(reply, session ? [session.successUrl, session.cancelUrl] : []);

  app.get('/pay/assets/page.css', async (_request, reply) => reply.type('text/css; charset=utf-8').send(PAGE_CSS));

  const pageSession = (id: string) => {
    const session = sessions.get(id);
    return session ? refresh(session) : undefined;
  };

  const closed = (reply: FastifyReply, session: Session) => {
    if (session.status === 'complete') return reply.redirect(fillSessionUrl(session.successUrl, session.id), 303);
    return pageHeaders(reply, session).code(410).send(closedPage(session));
  };

  app.get<{ Params: { id: string } }>('/pay/:id', async (request, reply) => {
    const session = pageSession(request.params.id);
    if (!session) return pageHeaders(reply).code(404).send(notFoundPage());
    if (session.status !== 'open') return closed(reply, session);
    return pageHeaders(reply, session).send(payPage({ session, merchant: config.merchantName }));
  });

  const approve = (reply: FastifyReply, session: Session, card: CardSummary) => {
    session.status = 'complete';
    session.paymentStatus = 'paid';
    session.card = card;
    session.lastPaymentError = null;
    session.challenge = null;
    emit('checkout.session.completed', session);
    return reply.redirect(fillSessionUrl(session.successUrl, session.id), 303);
  };

  /**
   * A declined attempt, as Stripe Checkout handles it: the session stays open, its last_payment_error says why,
   * payment_intent.payment_failed is sent, and the shopper stays on the page to try another card (no redirect).
   */
  const decline = (reply: FastifyReply, session: Session, card: CardSummary, error: PaymentError, text: string, values?: { cardholder_name: string; expiry: string }) => {
    session.card = card;
    session.lastPaymentError = error;
    session.challenge = null;
    emit('payment_intent.payment_failed', session);
    return pageHeaders(reply, session).code(402).send(payPage({ session, merchant: config.merchantName, paymentError: text, values }));
  };

  app.post<{ Params: { id: string } }>('/pay/:id', async (request, reply) => {
    const session = pageSession(request.params.id);
    if (!session) return pageHeaders(reply).code(404).send(notFoundPage());
    if (session.status !== 'open') return closed(reply, session);
    const t = MESSAGES[session.locale];
    const form = (request.body ?? {}) as Record<string, string | undefined>;
    const name = (form.cardholder_name ?? '').trim().slice(0, 100);
    const expiryText = (form.expiry ?? '').trim().slice(0, 7);
    const errors: FieldErrors = {};
    if (!name) errors.cardholder_name = t.nameRequired;
    const digits = cardDigits(form.card_number ?? '');
    if (!digits || !passesLuhn(digits)) errors.card_number = t.numberInvalid;
    const expiry = parseExpiry(expiryText);
    if (!expiry) errors.expiry = t.expiryInvalid;
    else if (isExpired(expiry, new Date())) errors.expiry = t.expiryPast;
    if (!isSecurityCode(form.cvc ?? '')) errors.cvc = t.cvcInvalid;
    if (Object.keys(errors).length > 0 || !digits) {
      return pageHeaders(reply, session)
        .code(400)
        .send(payPage({ session, merchant: config.merchantName, errors, values: { cardholder_name: name, expiry: expiryText } }));
    }
    // From here on only the brand and the last four digits are kept.
    const card: CardSummary = { brand: cardBrand(digits), last4: digits.slice(-4) };
    const values = { cardholder_name: name, expiry: expiryText };
    switch (cardBehaviour(digits)) {
      case 'approve':
        return approve(reply, session, card);
      case 'generic_decline':
        return decline(reply, session, card, { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: MESSAGES.en.declinedGeneric }, t.declinedGeneric, values);
      case 'insufficient_funds':
        return decline(reply, session, card, { type: 'card_error', code: 'card_declined', decline_code: 'insufficient_funds', message: MESSAGES.en.declinedFunds }, t.declinedFunds, values);
      case 'three_d_secure':
        session.challenge = { id: newId('src'), card };
        return reply.redirect(`/pay/${session.id}/authenticate`, 303);
    }
  });

  app.get<{ Params: { id: string } }>('/pay/:id/authenticate', async (request, reply) => {
    const session = pageSession(request.params.id);
    if (!session) return pageHeaders(reply).code(404).send(notFoundPage());
    if (session.status !== 'open') return closed(reply, session);
    if (!session.challenge) return reply.redirect(`/pay/${session.id}`, 303);
    return pageHeaders(reply, session).send(challengePage(session, config.merchantName, session.challenge.id));
  });

  app.post<{ Params: { id: string } }>('/pay/:id/authenticate', async (request, reply) => {
    const session = pageSession(request.params.id);
    if (!session) return pageHeaders(reply).code(404).send(notFoundPage());
    if (session.status !== 'open') return closed(reply, session);
    const form = (request.body ?? {}) as Record<string, string | undefined>;
    const challenge = session.challenge;
    if (!challenge || form.challenge !== challenge.id) return reply.redirect(`/pay/${session.id}`, 303);
    if (form.outcome === 'complete') return approve(reply, session, challenge.card);
    const t = MESSAGES[session.locale];
    return decline(
      reply,
      session,
      challenge.card,
      { type: 'card_error', code: 'payment_intent_authentication_failure', message: MESSAGES.en.authenticationFailed },
      t.authenticationFailed,
    );
  });

  // ---- Test controls (sandbox only): late, held, repeated and made-up notifications ----

  registerEventControls(app, {
    events: webhooks,
    summary: eventSummary,
    eventNotFound: (id) => new ApiError(404, `No such event: '${id.slice(0, 100)}'`, 'event', 'resource_missing'),
    delayParam,
    ownerKey: 'session_id',
    ownerPath: '/sandbox/sessions',
    ownerOf: (event) => event.sessionId,
    findOwner: findSession,
    ownerId: (session) => session.id,
  });

  // The next expire of this session fails (a processor fault): the shop cannot end the session, which stays payable.
  app.post<{ Params: { id: string } }>('/sandbox/sessions/:id/fail-next-expire', async (request) => {
    const session = findSession(request.params.id);
    session.failNextExpire = true;
    return { session_id: session.id, fail_next_expire: true };
  });

  // Sends an event of any type about a session (e.g. checkout.session.async_payment_failed), the session as it is.
  app.post<{ Params: { id: string } }>('/sandbox/sessions/:id/emit', async (request) => {
    const session = findSession(request.params.id);
    const type = (request.body as Record<string, unknown> | undefined)?.type;
    if (!EVENT_TYPES.includes(type as EventType)) throw new ApiError(400, `type must be one of ${EVENT_TYPES.join(', ')}.`, 'type');
    const delayMs = delayParam(request);
    const event = webhooks.emit(type as EventType, sessionObject(session, config.publicUrl), delayMs > 0 ? { delayMs } : session.eventHold);
    return eventSummary(event);
  });

  return app;
}
