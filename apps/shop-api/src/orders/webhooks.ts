import { GATEWAY_NAMES, type GatewayName } from '@shop/contract';
import type { FastifyInstance } from 'fastify';
import { notificationDeliveries } from '../db/schema.ts';
import { applyNotification, type PaymentDeps } from './payment.ts';
import { InvalidNotificationError } from '../payments/gateway.ts';

/** Seconds a gateway is asked to wait before it sends again a notification that could not be checked now. */
export const NOTIFICATION_RETRY_AFTER_SECONDS = 30;

/**
 * Gateway notifications (ADR 0011, ADR 30): not contract calls but plain routes, `POST /webhooks/<gateway>`, that read
 * the raw body for the signature check. A notification that cannot be verified gets 401 and changes nothing; a
 * verified one is a hint: the payment it names is read back from the gateway and acted on as read, then answered
 * 200, so the gateway stops retrying. A delivery with an id of its own (PayPal's transmission) is taken once. One
 * that cannot be checked or read back now (the gateway not answering) gets 503 with Retry-After: not the
 * notification's fault, and the gateway sends it again.
 */
export function registerWebhooks(app: FastifyInstance, deps: PaymentDeps): void {
  void app.register(async (webhooks) => {
    // The signature covers the body exactly as sent: keep it as text, whatever its type says.
    webhooks.removeAllContentTypeParsers();
    webhooks.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_request, body, done) => done(null, body));
    webhooks.post<{ Params: { gateway: string } }>('/webhooks/:gateway', async (request, reply) => {
      const name = request.params.gateway as GatewayName;
      const gateway = GATEWAY_NAMES.includes(name) ? deps.gateways.get(name) : undefined;
      if (!gateway) return reply.status(404).send({ received: false });
      const headers = Object.fromEntries(Object.entries(request.headers).map(([key, value]) => [key, Array.isArray(value) ? value.join(',') : value]));
      const log = request.log;
      try {
        const hint = await gateway.handleNotification({ headers, rawBody: typeof request.body === 'string' ? request.body : '' });
        const fresh = hint.deliveryId === undefined || (await deps.db.insert(notificationDeliveries).values({ gateway: name, deliveryId: hint.deliveryId }).onConflictDoNothing().returning()).length > 0;
        if (fresh) await applyNotification({ ...deps, log }, gateway, hint);
        else log.warn({ gateway: name, eventId: hint.eventId }, 'notification delivery seen before: ignored');
      } catch (error) {
        if (error instanceof InvalidNotificationError) {
          // Logged without the body: it may carry a shopper's personal data.
          log.warn({ gateway: name, reason: error.message }, 'notification refused');
          return reply.status(401).send({ received: false });
        }
        log.warn({ gateway: name, reason: (error as Error).message }, 'notification could not be verified or read back now');
        return reply.status(503).header('retry-after', String(NOTIFICATION_RETRY_AFTER_SECONDS)).send({ received: false });
      }
      if (gateway.acknowledgement) return reply.type('text/plain; charset=utf-8').send(gateway.acknowledgement);
      return { received: true };
    });
  });
}
