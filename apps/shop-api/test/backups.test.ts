import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { readConfig } from '../src/config.ts';
import type { DatabaseHandle } from '../src/db/client.ts';
import { prepareDatabase } from '../src/start.ts';
import { callApi, createPostgresDatabase, registerCustomer, shopperHeaders, STRONG_PASSWORD, useTestShop } from './databases.ts';

// The README's backups (section "Backups"), done as an operator would: a shop's database saved while it runs and
// restored into a new one (PostgreSQL: pg_dump and pg_restore), or its PGlite folder copied while it is stopped; a
// shop started on the copy has what the first one had written.
const run = promisify(execFile);

/** A shop API on a database, with the development mailbox (registrations are confirmed by mail). */
async function shopOn(settings: Record<string, string>, databaseUrl?: string): Promise<{ app: FastifyInstance; handle: DatabaseHandle }> {
  const config = { ...readConfig({ DEV_MAILBOX: 'on', GUEST_SESSIONS_PER_CLIENT_PER_HOUR: '100000', ...settings }), databaseUrl };
  const handle = await prepareDatabase(config);
  return { app: buildApp({ db: handle.db, config }), handle };
}

/** What a shop wrote after its seed: a customer who registered, a product the merchant repriced. */
async function writeState(app: FastifyInstance, handle: DatabaseHandle) {
  const customer = await registerCustomer(app);
  await handle.db.execute(sql`update products set price_net_cents = 12345 where id = 1`);
  const { body } = await callApi(app, 'getProduct', { product_id: 1 });
  return { customer, price: body.psdata.price as number };
}

/** A shop started on the restored copy has it: the customer signs in, the product shows the new price. */
async function expectStateOn(settings: Record<string, string>, databaseUrl: string | undefined, state: Awaited<ReturnType<typeof writeState>>) {
  const { app, handle } = await shopOn(settings, databaseUrl);
  try {
    await expectState(app, state);
  } finally {
    await app.close();
    await handle.close();
  }
}

async function expectState(app: FastifyInstance, state: Awaited<ReturnType<typeof writeState>>) {
  const signIn = await callApi(app, 'login', { email: state.customer.email, password: STRONG_PASSWORD }, shopperHeaders());
  expect(signIn.status).toBe(200);
  expect(signIn.body.psdata.customer.email).toBe(state.customer.email);
  const { body } = await callApi(app, 'getProduct', { product_id: 1 });
  expect(body.psdata.price).toBe(state.price);
}

describe.runIf(process.env.TEST_DATABASE_URL)('a PostgreSQL backup', () => {
  const shop = useTestShop('postgres');

  it('is taken with pg_dump while the shop runs, restored with pg_restore into a new database, and a shop starts on it', async () => {
    const state = await writeState(shop().app, shop().handle);
    const folder = mkdtempSync(join(tmpdir(), 'shop-backup-'));
    const restored = await createPostgresDatabase();
    try {
      const dumpFile = join(folder, 'shop.dump');
      // The running shop's database, as its connection string names it.
      const url = (shop().handle.db as unknown as { $client: { options: { connectionString: string } } }).$client.options.connectionString;
      await run('pg_dump', ['--format=custom', `--file=${dumpFile}`, url]);
      await run('pg_restore', ['--no-owner', `--dbname=${restored.url}`, dumpFile]);
      await expectStateOn({ DATA_DIR: 'memory://' }, restored.url, state);
    } finally {
      await restored.drop();
      rmSync(folder, { recursive: true, force: true });
    }
  });
});

describe('a PGlite backup', () => {
  // A shop on a folder: its migrations and seed written to disk, slower than in memory.
  it('is a copy of the DATA_DIR folder taken while the shop is stopped, and a shop starts on the copy', { timeout: 120_000 }, async () => {
    const folder = mkdtempSync(join(tmpdir(), 'shop-backup-'));
    try {
      const first = await shopOn({ DATA_DIR: join(folder, 'data') });
      const state = await writeState(first.app, first.handle);
      await first.app.close();
      await first.handle.close();
      cpSync(join(folder, 'data'), join(folder, 'restored'), { recursive: true });
      await expectStateOn({ DATA_DIR: join(folder, 'restored') }, undefined, state);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
