import { calls, type CallName, type CallOutput } from '@shop/contract';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { z } from 'zod';
import { catalogHandlers } from './catalog/handlers.ts';
import type { ApiConfig } from './config.ts';
import type { Database } from './db/client.ts';
import { failure, success } from './http/envelope.ts';
import { ApiError } from './http/errors.ts';
import { requestContext, type RequestContext } from './http/request-context.ts';

/** What a call handler gets besides its validated payload. */
export type CallContext = RequestContext & { db: Database; config: ApiConfig };

export type CallHandler<N extends CallName> = (input: z.output<(typeof calls)[N]['input']>, context: CallContext) => Promise<CallOutput<N>>;
export type CallHandlers = { [N in CallName]: CallHandler<N> };

const handlers: CallHandlers = { ...catalogHandlers };

export type AppOptions = { db: Database; config: ApiConfig; logger?: FastifyServerOptions['logger'] };

/** The shop API: one route per call of the contract, every answer in the `{success, code, psdata, message}` envelope. */
export function buildApp({ db, config, logger = false }: AppOptions): FastifyInstance {
  const app = Fastify({ logger, bodyLimit: 256 * 1024 });

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

  for (const name of Object.keys(calls) as CallName[]) {
    const definition = calls[name];
    app.route({
      method: definition.method,
      url: `/${name}`,
      handler: async (request) => {
        const raw = definition.method === 'GET' ? request.query : (request.body ?? {});
        const parsed = (definition.input as z.ZodType).safeParse(raw);
        if (!parsed.success) {
          throw new ApiError(400, 'bad_request', 'Invalid payload', { errors: z.flattenError(parsed.error).fieldErrors });
        }
        const handler = handlers[name] as CallHandler<typeof name>;
        const psdata = await handler(parsed.data as never, { db, config, ...requestContext(request, config) });
        return success(psdata);
      },
    });
  }
  return app;
}

