import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { card, postForm, startSandbox } from '../../card-sandbox/test/support.ts';
import { serveMetrics } from '../src/metrics.ts';
import { releaseUnpaidOrders } from '../src/orders/payment.ts';
import { callApi, DRIVERS, registerCustomer, useTestShop } from './databases.ts';
import { placeGuestOrder } from './guest-order.ts';
import { parsePrometheus as parse } from './prometheus.ts';

describe.each(DRIVERS)('the API process metrics on %s', (driver) => {
  // Cards are paid on the sandbox (its notifications go nowhere: the shopper's return reads the payment back);
  // nothing answers PayPal's calls on port 9, so every PayPal payment fails to start.
  let sandbox: Awaited<ReturnType<typeof startSandbox>>;
  beforeAll(async () => {
    sandbox = await startSandbox({ webhookUrl: 'http://127.0.0.1:9/webhooks/card', webhookAttempts: 1 });
  });
  afterAll(() => sandbox.close());
  const shop = useTestShop(driver, () => ({ CARD_PROCESSOR_URL: sandbox.url, PAYPAL_API_URL: 'http://127.0.0.1:9' }));
  let server: Server;
  let url: string;
  beforeAll(async () => {
    server = await serveMetrics({ host: '127.0.0.1', port: 0 });
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/metrics`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  const scrape = async () => {
    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    return parse(await response.text());
  };
  const value = (samples: Map<string, number>, key: string) => samples.get(key) ?? 0;

  it('serves /metrics on its own address only: the shopper’s address answers 404, the metrics address nothing else', async () => {
    expect((await shop().app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    expect((await fetch(url.replace('/metrics', '/health'))).status).toBe(404);
    expect((await fetch(url, { method: 'POST' })).status).toBe(404);
    const samples = await scrape();
    // Node's own: memory, event loop, CPU.
    expect(value(samples, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(samples.has('nodejs_eventloop_lag_p99_seconds')).toBe(true);
  });

  it('counts calls by route, method and status, never by what the caller wrote', async () => {
    const before = await scrape();
    await callApi(shop().app, 'search', { q: 'knitw' });
    await callApi(shop().app, 'search', { q: 'knitw' });
    expect((await shop().app.inject({ method: 'GET', url: '/no-such-call?x=<script>' })).statusCode).toBe(404);
    const after = await scrape();
    const delta = (key: string) => value(after, key) - value(before, key);
    expect(delta('http_requests_total{route="/search",method="POST",status="200"}')).toBe(2);
    expect(delta('http_request_duration_seconds_count{route="/search",method="POST"}')).toBe(2);
    expect(delta('http_request_duration_seconds_bucket{le="+Inf",route="/search",method="POST"}')).toBe(2);
    expect(delta('http_requests_total{route="unmatched",method="GET",status="404"}')).toBe(1);
    expect([...after.keys()].some((key) => key.includes('no-such-call') || key.includes('knitw'))).toBe(false);
    // The same search asked twice: worked out once, then answered from the cache.
    expect(delta('shop_catalog_cache_lookups_total{cache="answers",result="miss"}')).toBeGreaterThanOrEqual(1);
    expect(delta('shop_catalog_cache_lookups_total{cache="answers",result="hit"}')).toBeGreaterThanOrEqual(1);
  });

  it('counts orders placed, payments that could not start, unpaid orders cancelled and mails sent', async () => {
    const before = await scrape();
    await registerCustomer(shop().app);
    const { order } = await placeGuestOrder(shop(), 'paypal');
    const after = await scrape();
    const delta = (key: string, from = before, to = after) => value(to, key) - value(from, key);
    expect(delta('shop_orders_placed_total')).toBe(1);
    expect(delta('shop_payment_attempts_total{gateway="paypal",result="failed"}')).toBe(1);
    expect(delta('shop_mails_total{result="sent"}')).toBe(1);
    expect(delta('shop_mails_total{result="failed"}')).toBe(0);

    await shop().handle.db.execute(sql`update orders set pay_by = now() - interval '1 second' where reference = ${order.reference}`);
    expect(await releaseUnpaidOrders(shop().payments)).toBe(1);
    expect(delta('shop_unpaid_orders_cancelled_total', after, await scrape())).toBe(1);
  });

  it('counts payments started by gateway and the orders they moved, by outcome', async () => {
    const before = await scrape();
    const pay = async (number: string) => {
      const { order, redirectUrl, call, token } = await placeGuestOrder(shop(), 'card');
      const paid = await postForm(redirectUrl, card(number));
      // Back from the card page (a declined card stays on it): the payment is read back from the sandbox.
      const back = await call('validateOrder', { reference: order.reference, query: paid.location ? Object.fromEntries(new URL(paid.location).searchParams) : {} }, token);
      return back.body.psdata.status as string;
    };
    expect(await pay('4242 4242 4242 4242')).toBe('payment_accepted');
    expect(await pay('4000 0000 0000 0002')).toBe('payment_error');
    const after = await scrape();
    const delta = (key: string) => value(after, key) - value(before, key);
    expect(delta('shop_orders_placed_total')).toBe(2);
    expect(delta('shop_payment_attempts_total{gateway="card",result="started"}')).toBe(2);
    expect(delta('shop_payment_outcomes_total{gateway="card",status="payment_accepted"}')).toBe(1);
    expect(delta('shop_payment_outcomes_total{gateway="card",status="payment_error"}')).toBe(1);
    // The paid order's confirmation.
    expect(delta('shop_mails_total{result="sent"}')).toBe(1);
  });

  it.runIf(driver === 'postgres')('shows the PostgreSQL pool in use', async () => {
    const samples = await scrape();
    expect(value(samples, 'shop_db_pool_connections{state="open"}')).toBeGreaterThanOrEqual(1);
    expect(samples.has('shop_db_pool_waiting')).toBe(true);
  });
});
