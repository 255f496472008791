import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sha256 } from '../src/sessions/tokens.ts';
import { selectRows } from '../src/db/raw.ts';
import { callApi, DRIVERS, registerCustomer, shopperHeaders, useTestShop } from './databases.ts';

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
  /** The units held against a client's bound, over every cart. */
  const heldBy = async (client: string) => {
    const [row] = await query<{ units: number }>(sql`select coalesce(sum(h.units), 0)::int as units
      from cart_line_holders h join cart_lines l on l.id = h.line_id where h.client_key = ${sha256(client)} and l.reserved_until > now()`);
    return row!.units;
  };
  /** The units a cart (found by one of its lines) holds now. */
  const heldInCart = async (lineId: number) => {
    const [row] = await query<{ units: number }>(sql`select coalesce(sum(l.held_quantity), 0)::int as units
      from cart_lines l where l.cart_id = (select cart_id from cart_lines where id = ${lineId}) and l.reserved_until > now()`);
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

  it('keeps counting holds against the client that set them, whatever address touches its carts later', async () => {
    const [first, second, extra, more] = [await combinationWithStock(30), await combinationWithStock(30), await combinationWithStock(30), await combinationWithStock(30)];
    const script = '203.0.113.81';
    const other = '203.0.113.82';
    const one = await add(first, 10, script);
    const two = await add(second, 10, script);
    expect(await heldBy(script)).toBe(20);
    // The carts are touched from another address: a line set again, another added, the holds renewed.
    const line = one.body.psdata.lines[0].id as number;
    expect((await callApi(shop().app, 'updateCartItem', { item_id: line, quantity: 10 }, shopperHeaders(one.token, other))).status).toBe(200);
    expect((await add(extra, 1, other, one.token)).status).toBe(200);
    expect((await add(more, 1, other, two.token)).status).toBe(200);
    expect(await heldBy(script)).toBe(20);
    expect(await heldBy(other)).toBe(10);
    expect(await heldInCart(line)).toBe(10);
    // So the first address holds nothing more in a new cart.
    const item = await combinationWithStock(5);
    expect((await add(item, 5, script)).status).toBe(200);
    expect((await offered(item)).stock).toBe(5);
  });

  it('holds both bounds exactly when two addresses change one cart, and then their own carts, at the same time', async () => {
    const [a, b] = ['203.0.113.91', '203.0.113.92'];
    // Each address holds 16 of its 20 elsewhere; the shared cart holds 4 for a third: 6 are left in it.
    for (const client of [a, b]) {
      await add(await combinationWithStock(30), 10, client);
      await add(await combinationWithStock(30), 6, client);
    }
    const shared = await add(await combinationWithStock(30), 4, '203.0.113.93');
    const items = [];
    for (let n = 0; n < 8; n++) items.push(await combinationWithStock(30));
    // On PostgreSQL these run on separate connections, at the same time.
    const answers = await Promise.all(items.map((item, n) => add(item, 2, n % 2 === 0 ? a : b, shared.token)));
    expect(answers.map((answer) => answer.status)).toEqual(Array(8).fill(200));
    expect(await heldInCart(shared.body.psdata.lines[0].id)).toBe(10);
    expect([await heldBy(a), await heldBy(b)].every((units) => units >= 16 && units <= 20)).toBe(true);
    expect((await heldBy(a)) + (await heldBy(b))).toBe(38);
    // Then each address fills other carts of its own at once (sessions started beforehand, by saving a product):
    // only its bound makes them take turns.
    const others = [];
    for (let n = 0; n < 8; n++) {
      const item = await combinationWithStock(30);
      const saved = await callApi(shop().app, 'createWishlistItem', { product_id: item.product_id }, shopperHeaders(undefined, n % 2 === 0 ? a : b));
      others.push({ item, client: n % 2 === 0 ? a : b, token: saved.body.psdata.session.token as string });
    }
    const filled = await Promise.all(others.map(({ item, client, token }) => add(item, 2, client, token)));
    expect(filled.map((answer) => answer.status)).toEqual(Array(8).fill(200));
    expect([await heldBy(a), await heldBy(b)]).toEqual([20, 20]);
  });

  it('merges a guest cart into the account within the bounds at sign-in, and says what is no longer held', async () => {
    const customer = await registerCustomer(shop().app);
    const [kept, guestItem] = [await combinationWithStock(30), await combinationWithStock(30)];
    const account = '198.51.100.40';
    expect((await add(kept, 6, account, customer.token)).status).toBe(200);
    const guest = await add(guestItem, 7, '198.51.100.41');
    expect((await offered(guestItem)).stock).toBe(23);

    const signedIn = await callApi(shop().app, 'login', { email: customer.email, password: customer.password }, { ...shopperHeaders(guest.token, '198.51.100.41'), 'accept-language': 'it' });
    expect(signedIn.status).toBe(200);
    const [italian] = await query<{ name: string }>(sql`select name from product_translations where product_id = ${guestItem.product_id} and lang = 'it'`);
    expect(signedIn.body.psdata.unheld).toEqual([
      { product_id: guestItem.product_id, combination_id: guestItem.combination_id, name: italian!.name, attributes_label: expect.any(String), units: 3 },
    ]);
    // Every unit is in the cart; 10 of them are held, the account's 6 first.
    const cart = (await callApi(shop().app, 'getCartItems', {}, shopperHeaders(signedIn.body.psdata.session.token, '198.51.100.41'))).body.psdata;
    expect(cart.lines.map((line: { quantity: number }) => line.quantity).sort()).toEqual([6, 7]);
    expect(await heldInCart(cart.lines[0].id)).toBe(10);
    expect((await offered(kept)).stock).toBe(24);
    expect((await offered(guestItem)).stock).toBe(26);
    expect([await heldBy(account), await heldBy('198.51.100.41')]).toEqual([6, 4]);
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
