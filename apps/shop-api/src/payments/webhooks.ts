import { GATEWAY_NAMES, type GatewayName } from '@shop/contract';
import type { FastifyInstance } from 'fastify';
import type { ApiConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import type { Mailer } from '../mail/mailer.ts';
import { applyNotification } from '../orders/payment.ts';
import { InvalidNotificationError, type Gateways } from './gateway.ts';

/** Seconds a gateway is asked to wait before it sends again a notification that could not be checked now. */
export const NOTIFICATION_RETRY_AFTER_SECONDS = 30;

/**
 * Gateway notifications (ADR 0011): not contract calls but plain routes, `POST /webhooks/<gateway>`, that read
 * the raw body for the signature check. A notification that cannot be verified gets 401 and changes nothing; a
 * verified one is applied once (its event id is recorded) and answered 200, so the gateway stops retrying. One
 * that cannot be checked now (PayPal's verification call failing or not answering) gets 503 with Retry-After:
 * not the notification's fault, and the gateway sends it again.
 */
export function registerWebhooks(app: FastifyInstance, deps: { db: Database; config: ApiConfig; mailer: Mailer; gateways: Gateways }): void {
  void app.register(async (webhooks) => {
    // The signature covers the body exactly as sent: keep it as text, whatever its type says.
    webhooks.removeAllContentTypeParsers();
    webhooks.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_request, body, done) => done(null, body));
    webhooks.post<{ Params: { gateway: string } }>('/webhooks/:gateway', async (request, reply) => {
      const name = request.params.gateway as GatewayName;
      const gateway = GATEWAY_NAMES.includes(name) ? deps.gateways.get(name) : undefined;
      if (!gateway) return reply.status(404).send({ received: false });
      const headers = Object.fromEntries(Object.entries(request.headers).map(([key, value]) => [key, Array.isArray(value) ? value.join(',') : value]));
      let notification;
      try {
        notification = await gateway.handleNotification({ headers, rawBody: typeof request.body === 'string' ? request.body : '' });
      } catch (error) {
        if (error instanceof InvalidNotificationError) {
          // Logged without the body: it may carry a shopper's personal data.
          request.log.warn({ gateway: name, reason: error.message }, 'notification refused');
          return reply.status(401).send({ received: false });
        }
        request.log.warn({ gateway: name, reason: (error as Error).message }, 'notification could not be verified now');
        return reply.status(503).header('retry-after', String(NOTIFICATION_RETRY_AFTER_SECONDS)).send({ received: false });
      }
      await applyNotification({ ...deps, log: request.log }, name, notification);
      if (gateway.acknowledgement) return reply.type('text/plain; charset=utf-8').send(gateway.acknowledgement);
      return { received: true };
    });
  });
}
