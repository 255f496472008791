import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance } from 'fastify';
import { ANY_CALL_REFUSALS, calls, refusalSchema, type CallName } from '@shop/contract';
import pg from 'pg';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { buildApp } from '../src/app.ts';
import { readConfig, type ApiConfig } from '../src/config.ts';
import { createMailer } from '../src/mail/mailer.ts';
import type { PaymentDeps } from '../src/orders/payment.ts';
import { gatewaysFromEnv } from '../src/payments/registry.ts';
import { openDatabase, PGLITE_EXTENSIONS, pgliteHandle, type DatabaseHandle } from '../src/db/client.ts';
import type { OutboxMessage } from '../src/mail/outbox.ts';

/** The databases every API test runs on: embedded PGlite always, PostgreSQL when TEST_DATABASE_URL is set. */
export const DRIVERS = ['pglite', ...(process.env.TEST_DATABASE_URL ? ['postgres'] : [])] as const;
export type Driver = (typeof DRIVERS)[number];

/**
 * A fresh PostgreSQL database on the TEST_DATABASE_URL server, dropped after the file's tests: empty, or a copy of
 * `template` (the prepared demo shop of template-databases.ts).
 */
export async function createPostgresDatabase(template?: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = `shop_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/** `payments`: what the shop's background jobs and payment code are given (releaseUnpaidOrders). */
export type TestShop = { app: FastifyInstance; handle: DatabaseHandle; config: ApiConfig; payments: PaymentDeps };

/**
 * A migrated and seeded shop API on the given driver for the tests of one `describe`, with settings
 * overridden as the test needs (a function when they are known only once other `beforeAll`s have run, such as
 * a payment sandbox's port). `shop()` returns it once `beforeAll` has run.
 */
export function useTestShop(driver: Driver, settings: Record<string, string> | (() => Record<string, string>) = {}): () => TestShop {
  let shop: TestShop | undefined;
  let dropDatabase: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    const env = typeof settings === 'function' ? settings() : settings;
    // A copy of the demo shop prepared once for the run (template-databases.ts): migrated and seeded.
    let databaseUrl: string | undefined;
    let handle: DatabaseHandle;
    if (driver === 'postgres') {
      const database = await createPostgresDatabase(inject('postgresTemplate'));
      databaseUrl = database.url;
      dropDatabase = database.drop;
      handle = await openDatabase({ databaseUrl, dataDir: 'memory://' });
    } else {
      const files = new Blob([await readFile(inject('pgliteTemplate'))]);
      handle = pgliteHandle(await PGlite.create({ loadDataDir: files, extensions: PGLITE_EXTENSIONS }));
    }
    // The development mailbox is on, so that tests can follow the links of mails (registration, reset).
    // Most tests' shoppers share one address: guest sessions are bounded only where a test says so.
    // Catalogue answers are of the current revision, as most tests read a listing right after changing it; the
    // answers given while the next is worked out (CATALOG_STALE_MS) are tested where a test says so.
    const config = { ...readConfig({ DEV_MAILBOX: 'on', GUEST_SESSIONS_PER_CLIENT_PER_HOUR: '100000', CATALOG_STALE_MS: '0', ...env, DATA_DIR: 'memory://' }), databaseUrl };
    const gateways = gatewaysFromEnv(env);
    const mailer = createMailer(config);
    const app = buildApp({ db: handle.db, config, gateways, mailer });
    shop = { app, handle, config, payments: { db: handle.db, config, gateways, mailer, log: app.log } };
  });
  afterAll(async () => {
    await shop?.app.close();
    await shop?.handle.close();
    await dropDatabase?.();
  });
  return () => shop!;
}

/**
 * A second API on the test shop's database that keeps no scope orders (catalog/scope-orders.ts) and gives no answer
 * of a revision before the current one: it reads every listing page with SQL, what pages read from kept orders must
 * equal. Closed by the caller.
 */
export function apiWithoutKeptOrders(shop: TestShop): FastifyInstance {
  return apiWithSettings(shop, { catalogOrderCacheBytes: 0, catalogStaleMs: 0 });
}

/** A second API on the test shop's database with some settings of its own. Closed by the caller. */
export function apiWithSettings(shop: TestShop, settings: Partial<ApiConfig>): FastifyInstance {
  return buildApp({ db: shop.handle.db, config: { ...shop.config, ...settings }, gateways: gatewaysFromEnv({}) });
}

/** Makes one call the way the storefront does and returns the status and the envelope. */
/**
 * Every refusal a test meets is one the contract describes for its call (refusals.ts): a code the call lists (or
 * any call may answer) with the details the contract gives that code. A client reads them; it must never guess.
 */
function expectDescribedRefusal(name: string, status: number, body: { code: string; psdata: unknown }) {
  if (!(name in calls) || status >= 500) return;
  const listed: readonly string[] = [...calls[name as CallName].refusals, ...ANY_CALL_REFUSALS];
  expect(listed, `${name} refused with '${body.code}', which the contract does not list for it`).toContain(body.code);
  expect(refusalSchema.safeParse({ code: body.code, details: body.psdata }).success, `${name}'s '${body.code}' details: ${JSON.stringify(body.psdata)}`).toBe(true);
}

export async function callApi(app: FastifyInstance, name: string, payload: unknown = {}, headers: Record<string, string> = {}) {
  const response = await app.inject({ method: 'POST', url: `/${name}`, payload: payload as object, headers: { 'accept-language': 'en', ...headers } });
  const body = response.json() as { success: boolean; code: string; psdata: any; message: string };
  if (!body.success) expectDescribedRefusal(name, response.statusCode, body);
  return { status: response.statusCode, body };
}

/** The headers the storefront adds for a shopper: the session token (when there is one) and the shopper's address. */
export function shopperHeaders(sessionToken?: string, clientIp = '198.51.100.1'): Record<string, string> {
  return { 'x-client-ip': clientIp, ...(sessionToken ? { 'x-session-id': sessionToken } : {}) };
}

/** A password that passes the whole policy, strength included. */
export const STRONG_PASSWORD = 'Tr4v3l!Blue#Kite';

/** A mail as the development mailbox lists it. */
export type OutboxMail = OutboxMessage;

/** Mail goes out after the call has answered: waits for the `count`th mail to an address and returns the newest. */
export async function mailTo(app: FastifyInstance, email: string, count = 1): Promise<OutboxMail> {
  for (let tries = 0; tries < 250; tries++) {
    const response = await app.inject({ method: 'GET', url: '/dev/outbox' });
    const messages = (response.json().messages as OutboxMail[]).filter((message) => message.to === email);
    if (messages.length >= count) return messages[0]!;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`No mail to ${email}`);
}

/** The token of the storefront link in a mail (`…?token=…`). */
export const linkToken = (mail: OutboxMail) => /\?token=([A-Za-z0-9_-]+)/.exec(mail.text)![1]!;

let registered = 0;

/**
 * Registers a new customer with a unique email address, from a client address of its own (registrations are
 * limited per client), and follows the confirmation mail's link; returns it with the session that opened.
 */
export async function registerCustomer(app: FastifyInstance, fields: Record<string, unknown> = {}) {
  const email = `shopper${++registered}.${randomBytes(4).toString('hex')}@example.com`;
  const payload = { first_name: 'Ada', last_name: 'Lovelace', email, password: STRONG_PASSWORD, ...fields };
  const answer = await callApi(app, 'register', payload, shopperHeaders(undefined, `2001:db8::${registered.toString(16)}`));
  if (answer.status !== 200) throw new Error(`register answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  const confirmation = await mailTo(app, payload.email as string);
  const { status, body } = await callApi(app, 'confirmRegistration', { token: linkToken(confirmation) }, shopperHeaders());
  if (status !== 200) throw new Error(`confirmRegistration answered ${status}: ${JSON.stringify(body)}`);
  return { email: body.psdata.customer.email as string, password: payload.password as string, token: body.psdata.session.token as string, customer: body.psdata.customer };
}
