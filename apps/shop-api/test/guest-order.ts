import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { selectRows } from '../src/db/raw.ts';
import { callApi, shopperHeaders, type TestShop } from './databases.ts';

export const ITALY = { alias: 'Casa', first_name: 'Giulia', last_name: 'Rossi', address1: 'Via Solferino 10', city: 'Milano', state: 'MI', country: 'IT', postcode: '20121', phone: '+39 02 1234567' };

let placed = 0;

/**
 * How the checkout is filled when a test says: the shopper's language, a billing address of its own, the pickup
 * carrier (its first point in Milan), a delivery note, and a signed-in customer's session and address instead of a
 * new guest's.
 */
export type CheckoutChoices = { lang?: string; shipping?: object; billing?: object; pickup?: boolean; note?: string; customer?: { token: string; email: string } };

/**
 * A guest fills a cart with one in-stock item (the `nth` such product, its stock topped up), goes through the
 * checkout to Italy with standard delivery and `gateway`, and places the order: what the storefront then has.
 */
export async function placeGuestOrder(shop: TestShop, gateway: string, nth = placed, quantities: number[] = [1], choices: CheckoutChoices = {}) {
  placed++;
  const headers = (token?: string) => ({ ...shopperHeaders(token, `203.0.113.${(placed % 200) + 20}`), ...(choices.lang ? { 'accept-language': choices.lang } : {}) });
  const call = (name: string, payload: unknown = {}, token?: string) => callApi(shop.app, name, payload, headers(token));
  const [item] = await selectRows<{ product_id: number; combination_id: number }>(
    shop.handle.db,
    sql`select c.product_id, c.id as combination_id from combinations c join products p on p.id = c.product_id
      where p.is_active and p.out_of_stock_policy = 'deny' and p.minimal_quantity = 1 order by c.id offset ${nth * 7} limit 1`,
  );
  // More lines (one per further quantity asked for): of other products, as plain as the first.
  const others = await selectRows<{ product_id: number; combination_id: number }>(
    shop.handle.db,
    sql`select distinct on (c.product_id) c.product_id, c.id as combination_id from combinations c join products p on p.id = c.product_id
      where p.is_active and p.out_of_stock_policy = 'deny' and p.minimal_quantity = 1 and p.id <> ${item!.product_id}
      order by c.product_id, c.id limit ${quantities.length - 1}`,
  );
  let token = choices.customer?.token;
  for (const [index, quantity] of quantities.entries()) {
    const line = index === 0 ? item! : others[index - 1]!;
    await shop.handle.db.execute(sql`update combinations set quantity = 50 where id = ${line.combination_id}`);
    const answer = await call('createCartItem', { ...line, quantity }, token);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    token ??= answer.body.psdata.session.token as string;
  }
  const email = choices.customer?.email ?? `guest${placed}.${randomBytes(3).toString('hex')}@example.com`;
  expect((await call('updateCheckoutEmail', { email }, token)).status).toBe(200);
  const addresses = { shipping: { address: choices.shipping ?? ITALY }, ...(choices.billing ? { billing: { address: choices.billing } } : {}) };
  expect((await call('updateCheckoutAddress', addresses, token)).status).toBe(200);
  const carriers = (await call('getCarriers', {}, token)).body.psdata.carriers as { id: number; code: string }[];
  const carrierId = carriers.find((carrier) => carrier.code === (choices.pickup ? 'pickup' : 'standard'))!.id;
  const point = choices.pickup ? { pickup_point_id: (await call('getPudos', { query: 'milano' }, token)).body.psdata.points[0].id as number } : {};
  expect((await call('updateCheckoutCarrier', { carrier_id: carrierId, ...point }, token)).status).toBe(200);
  if (choices.note) expect((await call('addOrEditDeliveryMessage', { message: choices.note }, token)).status).toBe(200);
  expect((await call('updateCheckoutPayment', { gateway }, token)).body.psdata.next_step).toBe('review');
  const answer = await call('createOrder', { idempotency_key: randomBytes(12).toString('base64url'), accept_terms: true, accept_privacy: true }, token);
  expect(answer.status).toBe(200);
  const { order, redirect_url: redirectUrl, access_token: accessToken } = answer.body.psdata;
  return { call, token: token!, email, order: order as { reference: string; total: number; currency: string; status: string }, redirectUrl: redirectUrl as string, accessToken: accessToken as string | null };
}
