import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { selectRows } from '../src/db/raw.ts';
import { callApi, DRIVERS, registerCustomer, shopperHeaders, useTestShop } from './databases.ts';
import { ITALY } from './guest-order.ts';

type Item = { product_id: number; combination_id: number };
type Line = { combination_id: number; quantity: number; on_demand: string | null };

/**
 * 'Buy again' (buyOrderAgain): a customer's past order back in her cart, as far as its items are still sold and in
 * stock; what is not is named in her language; nobody else can do it; two clicks at once add once.
 */
describe.each(DRIVERS)('buying an order again on %s', (driver) => {
  const shop = useTestShop(driver);
  const call = (name: string, payload: unknown, token?: string, lang = 'en') =>
    callApi(shop().app, name, payload, { ...shopperHeaders(token, '203.0.113.93'), 'accept-language': lang });
  const query = <T>(statement: ReturnType<typeof sql>) => selectRows<T>(shop().handle.db, statement);

  /** Variants of `count` different products of `policy`, each with `stock` units. */
  async function variants(policy: 'deny' | 'preorder', count: number, stock: number, offset = 0): Promise<Item[]> {
    const rows = await query<Item>(sql`select distinct on (c.product_id) c.product_id, c.id as combination_id
      from combinations c join products p on p.id = c.product_id
      where p.is_active and p.out_of_stock_policy = ${policy} and p.minimal_quantity = 1 and p.quantity_limit >= 5
      order by c.product_id, c.id offset ${offset} limit ${count}`);
    for (const row of rows) await shop().handle.db.execute(sql`update combinations set quantity = ${stock} where id = ${row.combination_id}`);
    return rows;
  }

  /** A customer's placed order of these lines (awaiting payment: its items left her cart). */
  async function placeOrder(token: string, lines: (Item & { quantity: number; confirm?: string })[]): Promise<string> {
    for (const line of lines) expect((await call('createCartItem', line, token)).status).toBe(200);
    expect((await call('updateCheckoutAddress', { shipping: { address: ITALY } }, token)).status).toBe(200);
    const carriers = (await call('getCarriers', {}, token)).body.psdata.carriers as { id: number; code: string }[];
    expect((await call('updateCheckoutCarrier', { carrier_id: carriers.find((carrier) => carrier.code === 'standard')!.id }, token)).status).toBe(200);
    expect((await call('updateCheckoutPayment', { gateway: 'card' }, token)).status).toBe(200);
    const placed = await call('createOrder', { idempotency_key: randomBytes(12).toString('base64url'), accept_terms: true, accept_privacy: true }, token);
    expect(placed.status).toBe(200);
    expect((await call('getCartItems', {}, token)).body.psdata.lines).toEqual([]);
    return placed.body.psdata.order.reference as string;
  }

  it('puts what is still sold and in stock back once, tells the rest in the shopper’s language, and is the owner’s alone', async () => {
    const customer = await registerCustomer(shop().app);
    const stranger = await registerCustomer(shop().app);
    const [kept, partly, soldOut, withdrawn] = await variants('deny', 4, 20, 10);
    const [preorder] = await variants('preorder', 1, 0);
    const reference = await placeOrder(customer.token, [
      { ...kept!, quantity: 2 },
      { ...partly!, quantity: 3 },
      { ...soldOut!, quantity: 1 },
      { ...withdrawn!, quantity: 1 },
      { ...preorder!, quantity: 1, confirm: 'preorder' },
    ]);
    // Since then: two of one left, another sold out, one taken off sale.
    await shop().handle.db.execute(sql`update combinations set quantity = 2 where id = ${partly!.combination_id}`);
    await shop().handle.db.execute(sql`update combinations set quantity = 0 where id = ${soldOut!.combination_id}`);
    await shop().handle.db.execute(sql`update products set is_active = false where id = ${withdrawn!.product_id}`);

    // The order's lines link to their products' pages in the page's language, on their size and colour; not once off sale.
    const order = (await call('getOrder', { reference }, customer.token, 'fr')).body.psdata as { lines: { link_rewrite: string | null; variant: Record<string, number> }[] };
    const [french] = await query<{ slug: string }>(sql`select slug from product_translations where product_id = ${kept!.product_id} and lang = 'fr'`);
    const picked = await query<{ group_id: number; attribute_id: number }>(sql`select a.group_id, a.id as attribute_id
      from combination_attributes ca join attributes a on a.id = ca.attribute_id where ca.combination_id = ${kept!.combination_id}`);
    expect(order.lines[0]).toMatchObject({ link_rewrite: french!.slug, variant: Object.fromEntries(picked.map((row) => [String(row.group_id), row.attribute_id])) });
    expect(picked.length).toBeGreaterThan(0);
    expect(order.lines[3]!.link_rewrite).toBeNull();

    // Another customer's order, or one that does not exist, is not found: the same answer.
    for (const [token, ref] of [[stranger.token, reference], [customer.token, 'ZZZZ9999']] as const) {
      expect(await call('buyOrderAgain', { reference: ref }, token)).toMatchObject({ status: 404, body: { code: 'not_found' } });
    }
    expect((await call('getCartItems', {}, stranger.token)).body.psdata.lines).toEqual([]);

    // A double click: two at once, in Italian.
    const answers = await Promise.all([1, 2].map(() => call('buyOrderAgain', { reference }, customer.token, 'it')));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    const cartLines = async () =>
      ((await call('getCartItems', {}, customer.token)).body.psdata.lines as Line[]).map(({ combination_id, quantity, on_demand }) => ({ combination_id, quantity, on_demand }));
    const expected = [
      { combination_id: kept!.combination_id, quantity: 2, on_demand: null },
      { combination_id: partly!.combination_id, quantity: 2, on_demand: null },
    ];
    expect((await cartLines()).sort((a, b) => a.combination_id - b.combination_id)).toEqual(expected.sort((a, b) => a.combination_id - b.combination_id));

    const italian = async (item: Item) =>
      (await query<{ name: string }>(sql`select name from product_translations where product_id = ${item.product_id} and lang = 'it'`))[0]!.name;
    for (const answer of answers) {
      const leftOut = answer.body.psdata.left_out as { name: string; quantity: number; reason: string }[];
      expect(leftOut.map(({ quantity, reason }) => ({ quantity, reason }))).toEqual([
        { quantity: 1, reason: 'sold_out' },
        { quantity: 1, reason: 'sold_out' },
        { quantity: 1, reason: 'unavailable' },
        { quantity: 1, reason: 'confirmation_required' },
      ]);
      // The cart holds two of the five: the kept one and the one with two left.
      expect(answer.body.psdata.items_in_cart).toBe(2);
      expect(leftOut[1]!.name).toBe(await italian(soldOut!));
      expect(leftOut[2]!.name).toBe(await italian(withdrawn!));
      expect(leftOut[1]!.name).not.toBe((await query<{ name: string }>(sql`select product_name as name from order_lines where combination_id = ${soldOut!.combination_id}`))[0]!.name);
    }

    // Later clicks find the cart holding the order already: nothing more is added.
    expect((await call('buyOrderAgain', { reference }, customer.token)).status).toBe(200);
    expect((await cartLines()).length).toBe(2);
    expect((await cartLines()).reduce((sum, line) => sum + line.quantity, 0)).toBe(4);
  });
});
