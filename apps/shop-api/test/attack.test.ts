import { Writable } from 'node:stream';
import { calls } from '@shop/contract';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { drain } from '../src/http/drain.ts';
import { selectRows } from '../src/db/raw.ts';
import { DEMO_CUSTOMER } from '../src/seed/index.ts';
import { callApi, DRIVERS, STRONG_PASSWORD, useTestShop } from './databases.ts';

/** What the internet sends the API: every answer is a 4xx or 2xx in the envelope, never a 5xx. */
const envelope = expect.objectContaining({ success: false, code: expect.any(String), message: expect.any(String) });

/** Values that have broken servers: ids past 32 bits, floats, long and control-character strings, big and deep structures. */
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(2 ** 31, 2 ** 53, -1, 0, 1.5, -(2 ** 31) - 1, '99999999999999999999', '1e308', 'NaN', '', null, true, [], {}),
  fc.string({ maxLength: 20_000 }),
  fc.string({ unit: fc.constantFrom('\u0000', '\r', '\n', '\t', '\u202e', '\ud800', "'", '"', '\\', '%00', '<'), maxLength: 50 }),
  fc.array(fc.integer(), { minLength: 100, maxLength: 3_000 }),
  fc.dictionary(fc.string({ maxLength: 10 }), fc.integer(), { maxKeys: 300 }),
  fc.letrec<{ nested: unknown }>((tie) => ({ nested: fc.oneof({ depthSize: 'small' }, fc.constant(1), fc.array(tie('nested'), { maxLength: 2 })) })).nested,
);

/** The names a call's payload has (its schema's properties), so hostile values land on real fields too. */
function fieldsOf(name: keyof typeof calls): string[] {
  const schema = (calls[name].input as { shape?: Record<string, unknown> }).shape;
  return schema ? Object.keys(schema) : [];
}

describe.each(DRIVERS)('the shop API under attack on %s', (driver) => {
  const shop = useTestShop(driver);

  it('answers hostile payloads to every call with an envelope, never a 5xx', async () => {
    const names = Object.keys(calls) as (keyof typeof calls)[];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...names).chain((name) =>
          fc.tuple(fc.constant(name), fc.oneof(fc.dictionary(fc.constantFrom(...fieldsOf(name), 'extra'), hostileValue), fc.jsonValue())),
        ),
        async ([name, payload]) => {
          const { method } = calls[name];
          const response =
            method === 'GET'
              ? await shop().app.inject({ method, url: `/${name}`, query: { value: JSON.stringify(payload).slice(0, 2_000) } })
              : await shop().app.inject({ method, url: `/${name}`, payload: JSON.stringify(payload), headers: { 'content-type': 'application/json' } });
          expect(response.statusCode, `${name} ${JSON.stringify(payload).slice(0, 200)}`).toBeLessThan(500);
          expect(response.json()).toHaveProperty('success');
        },
      ),
      { numRuns: 400 },
    );
  });

  it('refuses ids beyond 32 bits with a 400, before they reach the database', async () => {
    for (const [name, payload] of [
      ['getProduct', { product_id: 2 ** 31 }],
      ['getRelatedProducts', { id_product: 2 ** 31 }],
      ['getCategory', { id_category: 2 ** 40 }],
      ['getProducts', { id_category: 3, sizes: [2 ** 31] }],
      ['createCartItem', { product_id: 1, combination_id: 2 ** 31, quantity: 1 }],
      ['getProduct', { product_id: 1, group: Object.fromEntries(Array.from({ length: 50 }, (_, index) => [String(index), 1])) }],
    ] as const) {
      const { status, body } = await callApi(shop().app, name, payload);
      expect({ name, status, code: body.code }).toEqual({ name, status: 400, code: 'bad_request' });
    }
  });

  it('refuses a deeply nested body with a 400, a large one with a 413 and another content type with a 415', async () => {
    const nested = await shop().app.inject({
      method: 'POST',
      url: '/getProducts',
      payload: `{"sizes":${'['.repeat(100_000)}${']'.repeat(100_000)}}`,
      headers: { 'content-type': 'application/json' },
    });
    expect(nested.statusCode).toBe(400);
    expect(nested.json()).toEqual(envelope);

    const large = await shop().app.inject({ method: 'POST', url: '/search', payload: JSON.stringify({ q: 'x'.repeat(300_000) }), headers: { 'content-type': 'application/json' } });
    expect(large.statusCode).toBe(413);
    expect(large.json()).toMatchObject({ success: false, code: 'payload_too_large' });

    const text = await shop().app.inject({ method: 'POST', url: '/search', payload: 'q=dress', headers: { 'content-type': 'text/plain' } });
    expect(text.statusCode).toBe(415);
    expect(text.json()).toMatchObject({ success: false, code: 'unsupported_media_type' });

    for (const method of ['PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const) {
      const answer = await shop().app.inject({ method, url: '/login' });
      expect(answer.statusCode, method).toBeGreaterThanOrEqual(400);
      expect(answer.statusCode, method).toBeLessThan(500);
      expect(answer.json()).toEqual(envelope);
    }
  });

  it('answers only the configured host names (no DNS rebinding)', async () => {
    const ask = (host: string) => shop().app.inject({ method: 'GET', url: '/health/live', headers: { host } });
    expect((await ask('localhost:4000')).statusCode).toBe(200);
    expect((await ask('127.0.0.1:4000')).statusCode).toBe(200);
    expect((await ask('[::1]:4000')).statusCode).toBe(200);
    const foreign = await ask('rebind.attacker.example');
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toEqual(envelope);
  });

  it('believes the shopper address the storefront names only from the storefront', async () => {
    // Twenty failed sign-ins from one client are its limit (sessions/rate-limit.ts); a fresh X-Client-Ip per try
    // from an outside caller must not escape it.
    const attempt = (index: number, headers: Record<string, string>, remoteAddress: string) =>
      shop().app.inject({
        method: 'POST',
        url: '/login',
        remoteAddress,
        payload: { email: `nobody${index}.${remoteAddress}@example.com`, password: 'wrong-Passw0rd!' },
        headers: { 'accept-language': 'en', ...headers },
      });
    const outside = [];
    for (let index = 0; index < 21; index++) outside.push((await attempt(index, { 'x-client-ip': `198.18.0.${index}` }, '203.0.113.7')).statusCode);
    expect(outside.slice(0, 20).every((status) => status === 401)).toBe(true);
    expect(outside[20]).toBe(429);

    // The storefront on this machine names each shopper: their failures are their own.
    const storefront = [];
    for (let index = 0; index < 21; index++) storefront.push((await attempt(index, { 'x-client-ip': `198.18.1.${index}` }, '127.0.0.1')).statusCode);
    expect(storefront.every((status) => status === 401)).toBe(true);
  });

  it('believes it from another machine only with the shared secret', async () => {
    const app = buildApp({ db: shop().handle.db, config: { ...shop().config, sharedSecret: 'a-long-shared-secret' } });
    const attempt = (index: number, secret: string) =>
      app.inject({
        method: 'POST',
        url: '/login',
        remoteAddress: '10.1.2.3',
        payload: { email: `secret${index}.${secret.length}@example.com`, password: 'wrong-Passw0rd!' },
        headers: { 'x-client-ip': `198.18.2.${index}`, 'x-shop-api-secret': secret },
      });
    const withSecret = [];
    for (let index = 0; index < 21; index++) withSecret.push((await attempt(index, 'a-long-shared-secret')).statusCode);
    expect(withSecret.every((status) => status === 401)).toBe(true);
    const guessed = [];
    for (let index = 0; index < 21; index++) guessed.push((await attempt(index, 'a-long-shared-secreT')).statusCode);
    expect(guessed[20]).toBe(429);
    await app.close();
  });

  it('tells liveness from readiness', async () => {
    expect((await shop().app.inject({ method: 'GET', url: '/health/live' })).json()).toEqual({ status: 'ok' });
    expect((await shop().app.inject({ method: 'GET', url: '/health/ready' })).statusCode).toBe(200);
    expect((await shop().app.inject({ method: 'GET', url: '/openapi.json' })).json()).toMatchObject({ openapi: '3.1.0' });
  });

  it('while it stops, answers the calls that still arrive, each closing its connection, and is not ready', async () => {
    const app = buildApp({ db: shop().handle.db, config: shop().config });
    const before = await app.inject({ method: 'POST', url: '/getBrands', payload: {} });
    expect(before.statusCode).toBe(200);
    expect(before.headers.connection).not.toBe('close');
    await drain(app);
    const during = await app.inject({ method: 'POST', url: '/getBrands', payload: {} });
    expect(during.statusCode).toBe(200);
    expect(during.json()).toMatchObject({ success: true });
    expect(during.headers.connection).toBe('close');
    expect((await app.inject({ method: 'GET', url: '/health/ready' })).statusCode).toBe(503);
    await app.close();
  });
});

/** A log destination that keeps every line written to it. */
function logSink() {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { lines, sink };
}

describe.each(DRIVERS)('what the API logs on %s', (driver) => {
  const shop = useTestShop(driver);

  it('never writes an email address, a password, a hash or a token, even when the database fails', async () => {
    const { lines, sink } = logSink();
    const app = buildApp({ db: shop().handle.db, config: shop().config, logger: { level: 'trace', stream: sink } });
    const headers = { 'x-client-ip': '198.51.100.77' };
    const login = await callApi(app, 'login', DEMO_CUSTOMER, headers);
    const token = login.body.psdata.session.token as string;
    await callApi(app, 'login', { email: DEMO_CUSTOMER.email, password: 'Wrong-Passw0rd!' }, headers);
    await callApi(app, 'register', { first_name: 'Eve', last_name: 'Logs', email: DEMO_CUSTOMER.email, password: STRONG_PASSWORD }, headers);
    await callApi(app, 'resetPasswordEmail', { email: DEMO_CUSTOMER.email }, headers);
    await callApi(app, 'getCustomer', {}, { ...headers, 'x-session-id': token });
    const [{ hash } = { hash: '$argon2' }] = await selectRows<{ hash: string }>(
      shop().handle.db,
      sql`select password_hash as hash from customers where email = ${DEMO_CUSTOMER.email}`,
    );

    // A failing query: its parameters (the email) are in the driver's error message.
    await shop().handle.db.execute(sql`alter table customers rename to customers_away`);
    try {
      const failed = await callApi(app, 'login', DEMO_CUSTOMER, headers);
      expect(failed.status).toBe(500);
    } finally {
      await shop().handle.db.execute(sql`alter table customers_away rename to customers`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
    await app.close();

    const log = lines.join('');
    expect(log).toContain('call failed');
    for (const secret of [DEMO_CUSTOMER.email, DEMO_CUSTOMER.password, 'Wrong-Passw0rd!', STRONG_PASSWORD, hash, '$argon2', token]) {
      expect(log.includes(secret), `the log holds ${secret.slice(0, 12)}…`).toBe(false);
    }
  });

  it('names the calls of a storefront request by its id, and replaces an id that could forge a log line', async () => {
    const { lines, sink } = logSink();
    const app = buildApp({ db: shop().handle.db, config: shop().config, logger: { level: 'info', stream: sink } });
    const storefrontId = '6f1d3c2a-9b7e-4f00-8a11-2c3d4e5f6a7b';
    await callApi(app, 'bootstrap', {}, { 'x-request-id': storefrontId });
    await callApi(app, 'bootstrap', {}, { 'x-request-id': 'x"}\n{"level":60,"msg":"forged' });
    await app.close();
    const reqIds = lines.map((line) => JSON.parse(line) as { reqId?: string }).flatMap((entry) => (entry.reqId ? [entry.reqId] : []));
    expect(reqIds).toContain(storefrontId);
    expect(reqIds.filter((id) => id !== storefrontId).every((id) => /^[0-9a-f-]{36}$/.test(id))).toBe(true);
    expect(lines.join('')).not.toContain('forged');
  });
});
