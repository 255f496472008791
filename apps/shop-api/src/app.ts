import { calls, type CallName, type CallOutput } from '@shop/contract';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { z } from 'zod';
import { accountHandlers, accountInvalidPayloadMessages, accountSuccessMessages } from './accounts/handlers.ts';
import { cartHandlers, cartInvalidPayloadMessages, cartSuccessMessages } from './cart/handlers.ts';
import { catalogHandlers } from './catalog/handlers.ts';
import type { ApiConfig } from './config.ts';
import type { Database } from './db/client.ts';
import { failure, success } from './http/envelope.ts';
import { ApiError } from './http/errors.ts';
import { requestContext, type RequestContext } from './http/request-context.ts';
import { createMailer, type Mailer } from './mail/mailer.ts';

/** What a call handler gets besides its validated payload. */
export type CallContext = RequestContext & { db: Database; config: ApiConfig; mailer: Mailer };

export type CallHandler<N extends CallName> = (input: z.output<(typeof calls)[N]['input']>, context: CallContext) => Promise<CallOutput<N>>;
export type CallHandlers = { [N in CallName]: CallHandler<N> };

const handlers: CallHandlers = { ...catalogHandlers, ...accountHandlers, ...cartHandlers };
const successMessages: Partial<Record<CallName, string>> = { ...accountSuccessMessages, ...cartSuccessMessages };
const invalidPayloadMessages: Partial<Record<CallName, string>> = { ...accountInvalidPayloadMessages, ...cartInvalidPayloadMessages };

/**
 * The messages of a payload's problems per field. A field in a nested object is named by its path
 * ('address.postcode'); a list is one field ('sizes', whichever of its items is wrong).
 */
function fieldErrors(error: z.ZodError): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const firstIndex = issue.path.findIndex((key) => typeof key !== 'string');
    const field = (firstIndex === -1 ? issue.path : issue.path.slice(0, firstIndex)).join('.') || 'payload';
    (errors[field] ??= []).push(issue.message);
  }
  return errors;
}

export type AppOptions = { db: Database; config: ApiConfig; logger?: FastifyServerOptions['logger'] };

/** The shop API: one route per call of the contract, every answer in the `{success, code, psdata, message}` envelope. */
export function buildApp({ db, config, logger = false }: AppOptions): FastifyInstance {
  const app = Fastify({ logger, bodyLimit: 256 * 1024 });
  const mailer = createMailer(config);
  app.addHook('onClose', async () => mailer.close());

  app.setErrorHandler((error, request, reply) => {
    if (error instanceof ApiError) {
      return reply.status(error.status).send(failure(error.code, error.message, error.psdata));
    }
    const status = (error as { statusCode?: number }).statusCode;
    if (status && status >= 400 && status < 500) {
      // Fastify's own client errors: malformed JSON, body too large, wrong content type.
      return reply.status(status).send(failure('bad_request', (error as Error).message));
    }
    request.log.error({ err: error }, 'call failed');
    return reply.status(500).send(failure('internal_error', 'Something went wrong'));
  });

  app.setNotFoundHandler((request, reply) => reply.status(404).send(failure('not_found', `Unknown call: ${request.method} ${request.url}`)));

  app.get('/health', async (_request, reply) => {
    try {
      await db.execute(sql`select 1`);
      return { status: 'ok', database: 'ok' };
    } catch {
      return reply.status(503).send({ status: 'error', database: 'unreachable' });
    }
  });

  const { outbox } = mailer;
  if (config.devMailbox && outbox) {
    // Development only: the storefront shows these mails so that links (password reset) can be followed.
    app.get('/dev/outbox', async () => ({ messages: await outbox.list() }));
  }

  for (const name of Object.keys(calls) as CallName[]) {
    const definition = calls[name];
    app.route({
      method: definition.method,
      url: `/${name}`,
      handler: async (request) => {
        const raw = definition.method === 'GET' ? request.query : (request.body ?? {});
        // PostgreSQL text cannot hold a NUL character: refuse it here as bad input rather than fail in the database.
        if (JSON.stringify(raw).includes('\\u0000')) throw new ApiError(400, 'bad_request', 'Invalid payload');
        const parsed = (definition.input as z.ZodType).safeParse(raw);
        if (!parsed.success) {
          const message = invalidPayloadMessages[name] ?? 'Invalid payload';
          throw new ApiError(400, 'bad_request', message, { errors: fieldErrors(parsed.error) });
        }
        const handler = handlers[name] as CallHandler<typeof name>;
        const psdata = await handler(parsed.data as never, { db, config, mailer, ...requestContext(request, config) });
        return success(psdata, successMessages[name]);
      },
    });
  }
  return app;
}

