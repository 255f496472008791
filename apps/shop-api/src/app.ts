import { calls, type CallName } from '@shop/contract';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { openApiDocument } from '@shop/contract/openapi';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyServerOptions } from 'fastify';
import type { z } from 'zod';
import { accountHandlers, accountInvalidPayloadMessages, accountSuccessMessages } from './accounts/handlers.ts';
import { cartHandlers, cartInvalidPayloadMessages, cartSuccessMessages } from './cart/handlers.ts';
import { catalogHandlers } from './catalog/handlers.ts';
import { registerProductFeed } from './catalog/feed.ts';
import { CatalogChanges } from './catalog/changes.ts';
import { RevisionCache, RevisionClock } from './catalog/revision-cache.ts';
import { checkoutHandlers, checkoutInvalidPayloadMessages, checkoutSuccessMessages } from './checkout/handlers.ts';
import { orderHandlers, orderSuccessMessages } from './orders/handlers.ts';
import { privacyHandlers } from './privacy/handlers.ts';
import { reviewHandlers, reviewInvalidPayloadMessages, reviewSuccessMessages } from './reviews/handlers.ts';
import type { ApiConfig } from './config.ts';
import type { Database } from './db/client.ts';
import { countStatements } from './db/statements.ts';
import { forClient } from './db/turns.ts';
import { limitBodyTime } from './http/body-time.ts';
import { isDraining, KEEP_ALIVE_MS } from './http/drain.ts';
import { failure, success } from './http/envelope.ts';
import { ApiError } from './http/errors.ts';
import { shareFairly } from './http/fair-share.ts';
import { parseJsonBodies } from './http/json-body.ts';
import { parsePayload } from './http/payload.ts';
import { loggableError } from './http/safe-log.ts';
import type { CallHandler, CallHandlers } from './call-context.ts';
import { clientAddress, requestContext } from './http/request-context.ts';
import { mailsInFlight } from './mail/queued.ts';
import { createMailer, type Mailer } from './mail/mailer.ts';
import type { Gateways } from './payments/gateway.ts';
import { countRequests, metrics } from './metrics.ts';
import { gatewaysFromEnv } from './payments/registry.ts';
import { registerWebhooks } from './orders/webhooks.ts';
import { registerAdminCalls } from './staff/routes.ts';
import { registerStaffScripts } from './staff/script-routes.ts';

const handlers: CallHandlers = { ...catalogHandlers, ...accountHandlers, ...privacyHandlers, ...cartHandlers, ...checkoutHandlers, ...orderHandlers, ...reviewHandlers };
const successMessages: Partial<Record<CallName, string>> = {
  ...accountSuccessMessages,
  ...cartSuccessMessages,
  ...checkoutSuccessMessages,
  ...orderSuccessMessages,
  ...reviewSuccessMessages,
};
const invalidPayloadMessages: Partial<Record<CallName, string>> = {
  ...accountInvalidPayloadMessages,
  ...cartInvalidPayloadMessages,
  ...checkoutInvalidPayloadMessages,
  ...reviewInvalidPayloadMessages,
};

/**
 * `gateways` defaults to those the environment configures (payments/registry.ts). `serves`: the shopper's calls
 * (with the payment notifications and the token-keyed refund route), the back office's admin calls, or both (the
 * default; start.ts builds one app of each when the admin calls have an address of their own).
 */
export type AppOptions = { db: Database; config: ApiConfig; logger?: FastifyServerOptions['logger']; gateways?: Gateways; mailer?: Mailer; serves?: 'shop' | 'admin' | 'both' };

/** Stable codes of the refusals Fastify itself makes before a call runs. */
const TRANSPORT_REFUSALS: Record<number, string> = {
  404: 'not_found',
  405: 'method_not_allowed',
  406: 'not_acceptable',
  408: 'request_timeout',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
};

/** The storefront sends a call's body at once; a caller whose body takes longer is refused (408). */
const BODY_TIMEOUT_MS = 10_000;

/** Paths a load balancer or supervisor asks: liveness, readiness and the old combined check. */
const HEALTH_PATHS = new Set(['/health', '/health/live', '/health/ready']);
/** A request id a caller may name: short and plain, so that a log line cannot be forged with it. */
const REQUEST_ID = /^[A-Za-z0-9-]{8,64}$/;

/** The shop API: one route per call of the contract, every answer in the `{success, code, psdata, message}` envelope. */
export function buildApp({ db, config, logger = false, gateways = gatewaysFromEnv(), mailer = createMailer(config), serves = 'both' }: AppOptions): FastifyInstance {
  // A storefront request's id (X-Request-Id) names the calls made for it in the log; any other caller gets a fresh one.
  const app = Fastify({
    logger,
    // A stop drains connections itself (http/drain.ts): calls on open connections are answered, not refused.
    return503OnClosing: false,
    keepAliveTimeout: KEEP_ALIVE_MS,
    bodyLimit: 256 * 1024,
    genReqId: (request) => {
      const named = request.headers['x-request-id'];
      return typeof named === 'string' && REQUEST_ID.test(named) ? named : randomUUID();
    },
  });
  // One clock and one record of changes for both caches: an order and the answers made from it follow the same revisions.
  const waiting = {
    waitMs: config.catalogWaitMs,
    warn: (line: string) => app.log.warn(line),
    clock: new RevisionClock(config.catalogStaleMs),
    changes: new CatalogChanges(),
  };
  const catalogCache = new RevisionCache(config.catalogCacheEntries, { ...waiting, name: 'answers' });
  // Orders are few, heavy and dear to read: the many light answers must not push them out.
  const catalogOrders = new RevisionCache(config.catalogOrderCacheBytes, { ...waiting, name: 'orders' });
  // Mails delivered after their answer (mail/queued.ts) are let go before the transport closes.
  app.addHook('onClose', async () => {
    await mailsInFlight();
    mailer.close();
  });
  countRequests(app);
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  // While the process stops, each answer closes its connection: the caller's next call goes to another process.
  app.addHook('onRequest', async (_request, reply) => {
    if (isDraining(app)) void reply.header('connection', 'close');
  });

  // Nothing is built from an unchecked Host header, and a page of another site cannot reach a local API by a
  // name of its own (DNS rebinding): only the configured names are answered.
  app.addHook('onRequest', async (request) => {
    if (!config.allowedHosts.has(request.hostname.toLowerCase().replace(/^\[(.*)\]$/, '$1'))) {
      throw new ApiError(400, 'bad_request', 'Unknown host');
    }
  });
  shareFairly(app, {
    concurrentPerClient: config.clientConcurrency,
    queuedPerClient: 50,
    clientOf: (request) => (HEALTH_PATHS.has(request.url) ? 'health' : clientAddress(request, config)),
  });
  limitBodyTime(app, BODY_TIMEOUT_MS);
  parseJsonBodies(app);

  app.setErrorHandler((error, request, reply) => {
    if (error instanceof ApiError) {
      // A refusal that says when to try again (429 with `retry_after`) says it in the standard header too.
      const retryAfter = (error.psdata as { retry_after?: unknown } | null)?.retry_after;
      if (typeof retryAfter === 'number') reply.header('retry-after', String(retryAfter));
      return reply.status(error.status).send(failure(error.code, error.message, error.psdata));
    }
    const status = (error as { statusCode?: number }).statusCode;
    if (status && status >= 400 && status < 500) {
      // Fastify's own client errors: malformed JSON, body too large, wrong content type.
      return reply.status(status).send(failure(TRANSPORT_REFUSALS[status] ?? 'bad_request', (error as Error).message));
    }
    request.log.error({ failure: loggableError(error) }, 'call failed');
    return reply.status(500).send(failure('internal_error', 'Something went wrong'));
  });

  app.setNotFoundHandler((request, reply) => reply.status(404).send(failure('not_found', `Unknown call: ${request.method} ${request.url}`)));

  // Liveness: the process answers. Readiness: it can serve calls (the database answers, no shutdown begun).
  app.get('/health/live', async () => ({ status: 'ok' }));
  const ready = async (_request: unknown, reply: FastifyReply) => {
    if (closing || isDraining(app)) return reply.status(503).send({ status: 'stopping' });
    try {
      await db.execute(sql`select 1`);
      return { status: 'ok', database: 'ok' };
    } catch {
      return reply.status(503).send({ status: 'error', database: 'unreachable' });
    }
  };
  app.get('/health/ready', ready);
  app.get('/health', ready);
  app.get('/openapi.json', async () => openApiDocument());

  if (serves !== 'shop') {
    registerAdminCalls(app, { db, config, mailer, gateways });
    registerStaffScripts(app, { db, config });
  }
  if (serves === 'admin') return app;

  const { outbox } = mailer;
  if (config.devMailbox && outbox) {
    // Development only: the storefront shows these mails so that links (password reset) can be followed.
    app.get('/dev/outbox', async () => ({ messages: await outbox.list() }));
  }

  registerWebhooks(app, { db, config, mailer, gateways, log: app.log });
  registerProductFeed(app, { db, config });

  for (const name of Object.keys(calls) as CallName[]) {
    const definition = calls[name];
    app.route({
      method: definition.method,
      url: `/${name}`,
      handler: async (request) => {
        const raw = definition.method === 'GET' ? request.query : (request.body ?? {});
        const payload = parsePayload(definition.input as z.ZodType, raw, invalidPayloadMessages[name]);
        const handler = handlers[name] as CallHandler<typeof name>;
        // The call's statements are counted, and take their turns at an embedded database as its client's (db/turns.ts).
        const { result: psdata, statements } = await countStatements(() =>
          forClient(clientAddress(request, config), () =>
            handler(payload as never, { db, config, mailer, gateways, catalogCache, catalogOrders, ...requestContext(request, config) }),
          ),
        );
        metrics.dbStatements.observe({ call: name }, statements);
        return success(psdata, successMessages[name]);
      },
    });
  }
  return app;
}

