import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { CallContext } from '../src/call-context.ts';
import { basketOf } from '../src/cart/basket.ts';
import { selectRows } from '../src/db/raw.ts';
import { countStatements } from '../src/db/statements.ts';
import { metrics } from '../src/metrics.ts';
import { callApi, DRIVERS, shopperHeaders, useTestShop } from './databases.ts';
import { ITALY } from './guest-order.ts';

/**
 * What a guest's purchase costs the database, call by call, read from the API's own histogram
 * (shop_api_db_statements_per_call). The checkout reads its basket (owner, cart, country terms, priced contents)
 * once per call and hands it to the view, the carriers and the placing of the order (issue 25): before, picking
 * a carrier sent 28 statements, choosing the payment 30 and placing the order 34. A budget exceeded names the call.
 */
const BUDGETS: Record<string, number> = {
  createCartItem: 20,
  getCartItems: 6,
  updateCheckoutEmail: 12,
  updateCheckoutAddress: 14,
  getCarriers: 8,
  updateCheckoutCarrier: 14,
  updateCheckoutPayment: 14,
  getCheckout: 8,
  createOrder: 28,
};

async function statementsSoFar(call: string): Promise<number> {
  const { values } = await metrics.dbStatements.get();
  return values.find((value) => value.metricName === 'shop_api_db_statements_per_call_sum' && value.labels.call === call)?.value ?? 0;
}

describe.each(DRIVERS)('statements per call on %s', (driver) => {
  const shop = useTestShop(driver);

  it('a guest buys within each call’s statement budget', async () => {
    const spent: Record<string, number> = {};
    const call = async (name: string, payload: unknown = {}, token?: string) => {
      const before = await statementsSoFar(name);
      const answer = await callApi(shop().app, name, payload, shopperHeaders(token, '203.0.113.77'));
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      spent[name] = (await statementsSoFar(name)) - before;
      return answer;
    };
    const [item] = await selectRows<{ product_id: number; combination_id: number }>(
      shop().handle.db,
      sql`select c.product_id, c.id as combination_id from combinations c join products p on p.id = c.product_id
        where p.is_active and p.out_of_stock_policy = 'deny' and p.minimal_quantity = 1 and c.quantity > 5 order by c.id limit 1`,
    );
    const token = (await call('createCartItem', { ...item, quantity: 1 })).body.psdata.session.token as string;
    await call('getCartItems', {}, token);
    await call('updateCheckoutEmail', { email: `s.${randomBytes(3).toString('hex')}@example.com` }, token);
    await call('updateCheckoutAddress', { shipping: { address: ITALY } }, token);
    const carriers = (await call('getCarriers', {}, token)).body.psdata.carriers as { id: number; code: string }[];
    await call('updateCheckoutCarrier', { carrier_id: carriers.find((carrier) => carrier.code === 'standard')!.id }, token);
    await call('updateCheckoutPayment', { gateway: 'card' }, token);
    await call('getCheckout', {}, token);
    const placed = await call('createOrder', { idempotency_key: randomBytes(12).toString('base64url'), accept_terms: true, accept_privacy: true }, token);
    expect(placed.body.psdata.order.status).toBe('awaiting_payment');

    expect(Object.keys(spent).sort()).toEqual(Object.keys(BUDGETS).sort());
    const over = Object.entries(spent).filter(([name, statements]) => statements > BUDGETS[name]!);
    expect(over, `statements per call: ${JSON.stringify(spent)}`).toEqual([]);
  });

  it('a basket reads a destination’s terms and its priced contents once, however often they are asked for', async () => {
    const { db } = shop().handle;
    const context = { db, config: shop().config, country: 'IT', lang: 'en' } as CallContext;
    const [item] = await selectRows<{ product_id: number; combination_id: number }>(
      db,
      sql`select c.product_id, c.id as combination_id from combinations c join products p on p.id = c.product_id
        where p.is_active and p.out_of_stock_policy = 'deny' and p.minimal_quantity = 1 and c.quantity > 5 order by c.id desc limit 1`,
    );
    expect((await callApi(shop().app, 'createCartItem', { ...item, quantity: 2 }, shopperHeaders(undefined, '203.0.113.78'))).status).toBe(200);
    const [cart] = await selectRows<{ id: number }>(db, sql`select cart_id as id from cart_lines order by id desc limit 1`);
    const basket = basketOf(db, context, null, cart!.id);
    const first = await countStatements(() => Promise.all([basket.contents('FR'), basket.terms('FR')]));
    const again = await countStatements(async () => [await basket.contents('FR'), await basket.terms('FR'), await basket.contents('FR')]);
    expect(first.statements).toBeGreaterThan(0);
    expect(again.statements).toBe(0);
    expect(again.result[0]).toBe(first.result[0]);
    // Another destination is another reading.
    expect((await countStatements(() => basket.terms('DE'))).statements).toBeGreaterThan(0);
  });
});
