import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import type { ApiConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import type { Mailer } from '../mail/mailer.ts';
import { InvalidNotificationError, type Gateways, type PaymentGateway } from '../payments/gateway.ts';
import { PaypalApiError } from '../payments/gateways/paypal.ts';
import { NOTIFICATION_RETRY_AFTER_SECONDS, registerWebhooks } from './webhooks.ts';

/** A webhook route whose PayPal gateway fails its check with `failure`; nothing may reach the database. */
async function webhookFailingWith(failure: Error) {
  const paypal = { name: 'paypal', handleNotification: () => Promise.reject(failure) } as unknown as PaymentGateway;
  const untouchable = new Proxy({}, { get: () => { throw new Error('the database was used'); } });
  const app = Fastify();
  registerWebhooks(app, { db: untouchable as Database, config: {} as ApiConfig, mailer: untouchable as Mailer, gateways: new Map([['paypal', paypal]]) as Gateways, log: app.log });
  await app.ready();
  return app.inject({ method: 'POST', url: '/webhooks/paypal', headers: { 'content-type': 'application/json' }, payload: '{"id":"WH-1"}' });
}

describe('the gateways’ webhook route', () => {
  it('answers 503 with Retry-After when the gateway cannot check a notification now, so that it is sent again', async () => {
    const answer = await webhookFailingWith(new PaypalApiError('PayPal did not answer within 10000 ms'));
    expect(answer.statusCode).toBe(503);
    expect(answer.headers['retry-after']).toBe(String(NOTIFICATION_RETRY_AFTER_SECONDS));
    expect(answer.json()).toEqual({ received: false });
  });

  it('answers 401 to a notification that is not genuine', async () => {
    const answer = await webhookFailingWith(new InvalidNotificationError('PayPal did not verify the notification signature'));
    expect(answer.statusCode).toBe(401);
    expect(answer.headers['retry-after']).toBeUndefined();
  });
});
