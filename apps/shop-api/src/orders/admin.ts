import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ApiConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import { failure, success } from '../http/envelope.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { Gateways } from '../payments/gateway.ts';
import { refundOrder } from './refund.ts';
import { orderView } from './view.ts';

const refundBody = z.object({ amount: z.number().int().positive().max(100_000_000).optional() }).strict();
const reference = z.string().regex(/^[A-Za-z0-9]{1,16}$/);

/** Equal tokens, compared in constant time (hashes first, so their lengths say nothing). */
function sameToken(given: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/**
 * The back office's calls: not part of the shopper's contract, and only there when ADMIN_TOKEN is set (a caller
 * must send it as a bearer token). `POST /admin/orders/<reference>/refunds` with `{ "amount": cents }` (or none:
 * all that is left) gives money back through the order's gateway (orders/refund.ts); `npm run refund` calls it.
 */
export function registerAdmin(app: FastifyInstance, deps: { db: Database; config: ApiConfig; mailer: Mailer; gateways: Gateways }): void {
  const token = deps.config.adminToken;
  if (!token) return;
  void app.register(async (admin) => {
    admin.addHook('onRequest', async (request, reply) => {
      const [scheme, given] = (request.headers.authorization ?? '').split(' ');
      if (scheme !== 'Bearer' || !given || !sameToken(given, token)) {
        request.log.warn({ url: request.url.split('?')[0] }, 'back-office call refused');
        return reply.status(401).header('www-authenticate', 'Bearer').send(failure('unauthorized', 'This call needs the back-office token'));
      }
    });
    admin.post<{ Params: { reference: string } }>('/admin/orders/:reference/refunds', async (request, reply) => {
      const body = refundBody.safeParse(request.body ?? {});
      if (!reference.safeParse(request.params.reference).success || !body.success) {
        return reply.status(400).send(failure('bad_request', 'Name an order reference and, optionally, an amount in cents (a positive integer)'));
      }
      const refunded = await refundOrder({ ...deps, log: request.log }, { reference: request.params.reference, amountCents: body.data.amount });
      return success({ refund_id: refunded.refundId, order: await orderView(deps.db, refunded.order) }, 'Refunded');
    });
  });
}
