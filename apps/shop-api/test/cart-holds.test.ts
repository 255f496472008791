import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { selectRows } from '../src/db/raw.ts';
import { callApi, DRIVERS, shopperHeaders, useTestShop } from './databases.ts';

/**
 * Soft holds (docs/adr/0009-soft-holds.md): a cart holds what it takes from stock for 30 minutes, but one cart
 * at most 10 units and one client's carts at most 20 together, so a script with fresh sessions cannot make the
 * shop look sold out; the product page offers exactly what a cart can still take.
 */
describe.each(DRIVERS)('soft holds on %s', (driver) => {
  const shop = useTestShop(driver, { GUEST_SESSIONS_PER_CLIENT_PER_HOUR: '1000' });
  const query = <T>(statement: ReturnType<typeof sql>) => selectRows<T>(shop().handle.db, statement);

  let picked = 0;
  /** A combination of an active product that is never sold beyond its stock, set to `stock` units, up to 99 per cart. */
  async function combinationWithStock(stock: number) {
    const rows = await query<{ product_id: number; combination_id: number }>(sql`select c.product_id, c.id as combination_id
      from combinations c join products p on p.id = c.product_id
      where p.is_active and p.out_of_stock_policy = 'deny' and p.minimal_quantity = 1
      order by c.id`);
    const row = rows[(picked++ * 13) % rows.length]!;
    await shop().handle.db.execute(sql`update combinations set quantity = ${stock} where id = ${row.combination_id}`);
    await shop().handle.db.execute(sql`update products set quantity_limit = 99 where id = ${row.product_id}`);
    return row;
  }
  /** Adds units as a shopper at `client` (a fresh guest session without a token); returns the answer and its session. */
  async function add(item: { product_id: number; combination_id: number }, quantity: number, client: string, token?: string) {
    const answer = await callApi(shop().app, 'createCartItem', { ...item, quantity }, shopperHeaders(token, client));
    return { status: answer.status, body: answer.body, token: (answer.body.psdata?.session?.token as string | undefined) ?? token };
  }
  /** What the product page offers of the combination: the units a shopper can still put in a cart. */
  async function offered(item: { product_id: number; combination_id: number }) {
    const product = (await callApi(shop().app, 'getProduct', { product_id: item.product_id })).body.psdata;
    return (product.combinations as { id: number; stock: number; available: boolean }[]).find((c) => c.id === item.combination_id)!;
  }
  const heldBy = async (client: string) => {
    const key = (await import('../src/accounts/tokens.ts')).sha256(client);
    const [row] = await query<{ units: number }>(sql`select coalesce(sum(l.held_quantity), 0)::int as units
      from cart_lines l join carts c on c.id = l.cart_id where c.client_key = ${key} and l.reserved_until > now()`);
    return row!.units;
  };

  it('holds at most 10 units for one cart: the rest of the stock stays on offer to others', async () => {
    const item = await combinationWithStock(15);
    const first = await add(item, 12, '198.51.100.10');
    expect(first.status).toBe(200);
    expect(first.body.psdata.lines[0].quantity).toBe(12);
    expect((await offered(item)).stock).toBe(5);

    const other = await add(item, 5, '198.51.100.11');
    expect(other.status).toBe(200);
    expect((await add(item, 1, '198.51.100.11', other.token)).body.code).toBe('out_of_stock');
    expect(await offered(item)).toMatchObject({ stock: 0, available: false });
    // The first cart keeps its 12, and says that 10 of them are there for it now.
    const cart = (await callApi(shop().app, 'getCartItems', {}, shopperHeaders(first.token, '198.51.100.10'))).body.psdata;
    expect(cart.lines[0]).toMatchObject({ quantity: 12, available_quantity: 10 });
  });

  it('holds at most 20 units for all the fresh sessions of one client, however many it starts at once', async () => {
    const item = await combinationWithStock(60);
    const script = '203.0.113.66';
    // On PostgreSQL these run on separate connections, at the same time.
    const answers = await Promise.all(Array.from({ length: 6 }, () => add(item, 10, script)));
    expect(answers.map((answer) => answer.status)).toEqual(Array(6).fill(200));
    expect(new Set(answers.map((answer) => answer.token)).size).toBe(6);
    expect(await heldBy(script)).toBe(20);
    expect((await offered(item)).stock).toBe(40);
    // A real shopper can still buy all of what is offered.
    expect((await add(item, 40, '198.51.100.12')).status).toBe(200);
    expect((await offered(item)).stock).toBe(30);
  });

  it('offers on the product page exactly what a cart accepts, as other carts hold and let go', async () => {
    const item = await combinationWithStock(7);
    const holder = await add(item, 3, '198.51.100.13');
    const { stock } = await offered(item);
    expect(stock).toBe(4);
    expect((await add(item, stock + 1, '198.51.100.14')).status).toBe(409);
    const buyer = await add(item, stock, '198.51.100.14');
    expect(buyer.status).toBe(200);
    expect(await offered(item)).toMatchObject({ stock: 0, available: false });

    // The first cart lets go of its units: they are on offer again, and a cart takes them.
    const line = holder.body.psdata.lines[0].id as number;
    expect((await callApi(shop().app, 'removeCartItem', { item_id: line }, shopperHeaders(holder.token, '198.51.100.13'))).status).toBe(200);
    expect((await offered(item)).stock).toBe(3);
    expect((await add(item, 3, '198.51.100.15')).status).toBe(200);
  });

  it('says on the product’s card how many are left to buy: the stock less what carts hold', async () => {
    // A product with one combination of 5 units: its card says 'only 5 left', then what the carts leave.
    const [single] = await query<{ product_id: number; combination_id: number }>(sql`select c.product_id, min(c.id) as combination_id
      from combinations c join products p on p.id = c.product_id where p.is_active and p.out_of_stock_policy = 'deny' and p.minimal_quantity = 1
      group by c.product_id having count(*) = 1 order by c.product_id limit 1`);
    await shop().handle.db.execute(sql`update combinations set quantity = 5 where id = ${single!.combination_id}`);
    const card = async () => {
      // The card's data (a product page carries the same summary).
      const { body } = await callApi(shop().app, 'getProduct', { product_id: single!.product_id });
      return body.psdata as { remaining_stock: number | null; single_combination_id: number | null };
    };
    expect(await card()).toMatchObject({ remaining_stock: 5, single_combination_id: single!.combination_id });
    await add(single!, 2, '198.51.100.31');
    expect((await card()).remaining_stock).toBe(3);
    await add(single!, 3, '198.51.100.32');
    // Nothing left to buy: no 'only n left', and no quick add from the card.
    expect(await card()).toMatchObject({ remaining_stock: null, single_combination_id: null });
  });

  it('does not hold again the units of a lapsed hold when another line changes', async () => {
    const [first, second] = [await combinationWithStock(5), await combinationWithStock(5)];
    const shopper = await add(first, 2, '198.51.100.16');
    await shop().handle.db.execute(sql`update cart_lines set reserved_until = now() - interval '1 minute' where combination_id = ${first.combination_id}`);
    expect((await offered(first)).stock).toBe(5);
    expect((await add(second, 1, '198.51.100.16', shopper.token)).status).toBe(200);
    expect((await offered(first)).stock).toBe(5);
    // Changing the line itself holds its units again.
    const line = (await callApi(shop().app, 'getCartItems', {}, shopperHeaders(shopper.token, '198.51.100.16'))).body.psdata.lines.find(
      (l: { product_id: number }) => l.product_id === first.product_id,
    );
    expect((await callApi(shop().app, 'updateCartItem', { item_id: line.id, quantity: 3 }, shopperHeaders(shopper.token, '198.51.100.16'))).status).toBe(200);
    expect((await offered(first)).stock).toBe(2);
  });
});

describe.each(DRIVERS)('guest sessions per client on %s', (driver) => {
  const shop = useTestShop(driver, { GUEST_SESSIONS_PER_CLIENT_PER_HOUR: '3' });

  it('starts a bounded number of guest sessions per client; their carts keep working, and other clients are not held back', async () => {
    const [product] = await selectRows<{ product_id: number; combination_id: number }>(
      shop().handle.db,
      sql`select c.product_id, c.id as combination_id from combinations c join products p on p.id = c.product_id
        where p.is_active and p.out_of_stock_policy = 'deny' and c.quantity > 5 order by c.id limit 1`,
    );
    const item = { ...product!, quantity: 1 };
    const script = '203.0.113.77';
    const started = await Promise.all(Array.from({ length: 3 }, () => callApi(shop().app, 'createCartItem', item, shopperHeaders(undefined, script))));
    expect(started.map((answer) => answer.status)).toEqual([200, 200, 200]);

    const refused = await callApi(shop().app, 'createCartItem', item, shopperHeaders(undefined, script));
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ success: false, code: 'too_many_requests', psdata: { retry_after: expect.any(Number) } });
    expect((await callApi(shop().app, 'createWishlistItem', { product_id: item.product_id }, shopperHeaders(undefined, script))).status).toBe(429);

    const token = started[0]!.body.psdata.session.token as string;
    expect((await callApi(shop().app, 'createCartItem', item, shopperHeaders(token, script))).status).toBe(200);
    expect((await callApi(shop().app, 'createCartItem', item, shopperHeaders(undefined, '198.51.100.20'))).status).toBe(200);
  });
});
