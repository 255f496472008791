import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { clearExpired } from '../src/jobs/housekeeping.ts';
import { selectRows } from '../src/db/raw.ts';
import { DEMO_CUSTOMER } from '../src/seed/index.ts';
import { callApi, DRIVERS, registerCustomer, shopperHeaders, useTestShop } from './databases.ts';

type Line = { id: number; combination_id: number; quantity: number; unit_price: number; total: number; on_demand: string | null } & Record<string, unknown>;
type Combination = { product_id: number; combination_id: number; stock: number };


describe.each(DRIVERS)('cart on %s', (driver) => {
  const shop = useTestShop(driver);
  const call = (name: string, payload: unknown = {}, token?: string, headers: Record<string, string> = {}) =>
    callApi(shop().app, name, payload, { ...shopperHeaders(token), ...headers });
  const query = <T>(statement: ReturnType<typeof sql>) => selectRows<T>(shop().handle.db, statement);

  /** A combination of an active product with the given out-of-stock policy and conditions, with its stock set as asked. */
  let picked = 0;
  async function combination(policy: 'deny' | 'preorder' | 'backorder', stock: number, where = sql`true`): Promise<Combination> {
    const rows = await query<Combination>(sql`select c.product_id, c.id as combination_id, c.quantity as stock
      from combinations c join products p on p.id = c.product_id
      where p.is_active and p.out_of_stock_policy = ${policy} and p.minimal_quantity = 1 and ${where}
      order by c.id`);
    // Each test takes its own combination, so that tests never share stock.
    const row = rows[(picked++ * 7) % rows.length]!;
    await shop().handle.db.execute(sql`update combinations set quantity = ${stock} where id = ${row.combination_id}`);
    return { ...row, stock };
  }
  const notDiscounted = sql`not exists (select 1 from specific_prices sp where sp.product_id = p.id)`;
  const inCategory = (id: number) => sql`exists (select 1 from product_categories pc where pc.product_id = p.id and pc.category_id = ${id})`;
  const add = (item: Combination, quantity: number, token?: string, extra: Record<string, unknown> = {}) =>
    call('createCartItem', { product_id: item.product_id, combination_id: item.combination_id, quantity, ...extra }, token);
  /** A guest with a cart holding `quantity` of the item; returns the guest's session token and the cart. */
  async function guestWith(item: Combination, quantity = 1) {
    const { status, body } = await add(item, quantity);
    expect(status, JSON.stringify(body)).toBe(200);
    return { token: body.psdata.session.token as string, cart: body.psdata };
  }

  it('starts a guest session on the first add, not on a look, and answers with the whole cart', async () => {
    const empty = await call('getCartItems');
    expect(empty.status).toBe(200);
    expect(empty.body.psdata).toMatchObject({ lines: [], coupons: [], session: null, totals: { items_count: 0, products: 0, shipping: 0, total: 0 } });

    const item = await combination('deny', 10);
    const { token, cart } = await guestWith(item, 2);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(cart.lines).toHaveLength(1);
    expect(cart.lines[0]).toMatchObject({ product_id: item.product_id, combination_id: item.combination_id, quantity: 2, on_demand: null, cancellable: true });
    expect(cart.lines[0].attributes.map((attribute: { kind: string }) => attribute.kind).sort()).toEqual(['color', 'size']);
    expect(cart.lines[0].image.url).toMatch(/^\/media\//);

    // The same session sees the same cart, and a second add of the combination grows the line.
    const again = await add(item, 1, token);
    expect(again.body.psdata.session).toBeNull();
    expect(again.body.psdata.lines).toHaveLength(1);
    expect(again.body.psdata.lines[0].quantity).toBe(3);
    expect((await call('getShopperSummary', {}, token)).body.psdata).toEqual({ cart_items: 3, wishlist_product_ids: [] });
    // Another visitor sees nothing of it.
    expect((await call('getCartItems')).body.psdata.lines).toEqual([]);
  });

  it('computes totals in cents with the VAT and shipping of the country, and free shipping from the threshold', async () => {
    const item = await combination('deny', 20, notDiscounted);
    const { token } = await guestWith(item, 1);
    const italy = (await call('getCartItems', {}, token, { 'x-shop-country': 'IT' })).body.psdata;
    const [line] = italy.lines as Line[];
    expect(italy.country).toBe('IT');
    expect(italy.totals).toMatchObject({ items_count: 1, products: line!.total, discounts: 0, vat_rate_bp: 2200 });
    const expectedShipping = line!.total >= 15_000 ? 0 : 690;
    expect(italy.totals.shipping).toBe(expectedShipping);
    expect(italy.totals.total).toBe(line!.total + expectedShipping);
    expect(italy.totals.tax).toBe(Math.round((italy.totals.total * 2200) / 12_200));
    expect(italy.free_shipping).toEqual({ threshold: 15_000, remaining: Math.max(0, 15_000 - line!.total) });

    // The same cart in Germany: the same shelf price, holding German VAT (docs/adr/0023-shelf-prices.md).
    const germany = (await call('getCartItems', {}, token, { 'x-shop-country': 'DE' })).body.psdata;
    expect(germany.lines[0].unit_price).toBe(line!.unit_price);
    expect(germany.totals).toMatchObject({ products: line!.total, vat_rate_bp: 1900 });
    expect(germany.totals.tax).toBe(Math.round((germany.totals.total * 1900) / 11_900));

    // The same cart in the United States: an export, without VAT, the world shipping rate, no threshold.
    const us = (await call('getCartItems', {}, token, { 'x-shop-country': 'US' })).body.psdata;
    expect(us.totals.vat_rate_bp).toBe(0);
    expect(us.totals.tax).toBe(0);
    expect(us.lines[0].unit_price).toBeLessThan(line!.unit_price);
    expect(us.totals.shipping).toBe(2490);
    expect(us.free_shipping).toBeNull();

    // Enough units to pass 150 EUR ship free to Italy.
    const needed = Math.ceil(15_000 / line!.unit_price);
    const bigger = await call('updateCartItem', { item_id: line!.id, quantity: Math.min(needed, 10) }, token, { 'x-shop-country': 'IT' });
    if (needed <= 10) {
      expect(bigger.body.psdata.totals).toMatchObject({ shipping: 0, shipping_free: true });
      expect(bigger.body.psdata.free_shipping.remaining).toBe(0);
    }
    // An unknown country is priced as the shop's default country.
    expect((await call('getCartItems', {}, token, { 'x-shop-country': 'ZZ' })).body.psdata.country).toBe('IT');
  });

  it('keeps quantities within the stock, the limit and the minimum; refuses bad payloads with an envelope', async () => {
    const item = await combination('deny', 4);
    const tooMany = await add(item, 5);
    expect(tooMany.status).toBe(409);
    expect(tooMany.body).toMatchObject({ success: false, code: 'out_of_stock', psdata: { available: 4 } });
    const { token } = await guestWith(item, 4);
    expect((await add(item, 1, token)).body).toMatchObject({ code: 'out_of_stock', psdata: { available: 4 } });

    const plenty = await combination('deny', 50);
    const overLimit = await add(plenty, 11);
    expect(overLimit.status).toBe(400);
    expect(overLimit.body).toMatchObject({ code: 'quantity_above_limit', psdata: { max: 10 } });

    for (const payload of [{}, { product_id: 'x', combination_id: 1 }, { product_id: 1, combination_id: 1, quantity: 0 }, { product_id: 1, combination_id: 1, confirm: 'yes' }]) {
      const bad = await call('createCartItem', payload);
      expect(bad.status).toBe(400);
      expect(bad.body).toMatchObject({ success: false, code: 'bad_request', message: 'Product not added to cart' });
    }
    // A combination of another product, or an unknown one, is not available.
    const other = await combination('deny', 5);
    const mismatched = await call('createCartItem', { product_id: item.product_id, combination_id: other.combination_id });
    expect(mismatched.status).toBe(404);
    expect(mismatched.body.code).toBe('product_unavailable');
    expect((await call('createCartItem', { product_id: 999_999, combination_id: 999_999 })).body.code).toBe('product_unavailable');
    // Nothing was left behind by the refusals: no session was started for them.
    expect(tooMany.body.psdata.session).toBeUndefined();
  });

  it('gives the last unit to exactly one of two shoppers racing for it', async () => {
    const item = await combination('deny', 1);
    const results = await Promise.all([add(item, 1), add(item, 1), add(item, 1)]);
    expect(results.map((result) => result.status).sort()).toEqual([200, 409, 409]);
    const loser = results.find((result) => result.status === 409)!;
    expect(loser.body).toMatchObject({ code: 'out_of_stock', psdata: { available: 0 } });

    // When the winner's hold lapses, the unit is free again; the winner then sees that stock changed under them.
    const winner = results.find((result) => result.status === 200)!;
    await shop().handle.db.execute(sql`update cart_lines set reserved_until = now() - interval '1 minute' where combination_id = ${item.combination_id}`);
    const { token } = await guestWith(item, 1);
    expect(token).not.toBe(winner.body.psdata.session.token);
    await shop().handle.db.execute(sql`update combinations set quantity = 0 where id = ${item.combination_id}`);
    const stale = (await call('getCartItems', {}, winner.body.psdata.session.token)).body.psdata;
    expect(stale.lines[0]).toMatchObject({ quantity: 1, available_quantity: 0 });
  });

  it('sells a pre-order beyond the stock only with the pre-order confirmation, whatever the browser sends', async () => {
    const item = await combination('preorder', 0);
    const unconfirmed = await add(item, 1);
    expect(unconfirmed.status).toBe(409);
    expect(unconfirmed.body).toMatchObject({ code: 'preorder_confirmation_required', psdata: { in_stock: 0 } });
    expect(unconfirmed.body.psdata.available_date).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect((await add(item, 1, undefined, { confirm: 'backorder' })).body.code).toBe('preorder_confirmation_required');

    const confirmed = await add(item, 2, undefined, { confirm: 'preorder' });
    expect(confirmed.status).toBe(200);
    const token = confirmed.body.psdata.session.token;
    expect(confirmed.body.psdata.lines[0]).toMatchObject({ quantity: 2, on_demand: 'preorder', on_demand_quantity: 2, cancellable: false, available_quantity: null });
    expect(confirmed.body.psdata.lines[0].available_date).toBe(unconfirmed.body.psdata.available_date);
    // Adding more needs the confirmation again; the cart's stepper keeps the line's confirmation.
    expect((await add(item, 1, token)).body.code).toBe('preorder_confirmation_required');
    const stepped = await call('updateCartItem', { item_id: confirmed.body.psdata.lines[0].id, quantity: 3 }, token);
    expect(stepped.status).toBe(200);
    expect(stepped.body.psdata.lines[0]).toMatchObject({ quantity: 3, on_demand: 'preorder' });
  });

  it('sells a backorder beyond the stock only with the backorder confirmation; within the stock it is a plain line', async () => {
    const item = await combination('backorder', 2);
    const inStock = await add(item, 2);
    expect(inStock.status).toBe(200);
    expect(inStock.body.psdata.lines[0]).toMatchObject({ on_demand: null, cancellable: true });
    const token = inStock.body.psdata.session.token;
    const beyond = await add(item, 1, token);
    expect(beyond.status).toBe(409);
    expect(beyond.body).toMatchObject({ code: 'backorder_confirmation_required', psdata: { in_stock: 2, available_date: null } });
    const confirmed = await add(item, 1, token, { confirm: 'backorder' });
    expect(confirmed.body.psdata.lines[0]).toMatchObject({ quantity: 3, on_demand: 'backorder', on_demand_quantity: 1, cancellable: true });
  });

  it('changes and removes only the session’s own lines', async () => {
    const item = await combination('deny', 10);
    const mine = await guestWith(item, 1);
    const theirs = await guestWith(await combination('deny', 10), 1);
    const lineId = mine.cart.lines[0].id;

    expect((await call('updateCartItem', { item_id: lineId, quantity: 2 }, theirs.token)).body.code).toBe('cart_item_not_found');
    expect((await call('removeCartItem', { item_id: lineId }, theirs.token)).status).toBe(404);
    expect((await call('removeCartItem', { item_id: lineId })).status).toBe(404);

    const updated = await call('updateCartItem', { item_id: lineId, quantity: 2 }, mine.token);
    expect(updated.body.message).toBe('Cart updated');
    expect(updated.body.psdata.lines[0].quantity).toBe(2);
    expect((await call('updateCartItem', { item_id: lineId, quantity: 11 }, mine.token)).body.code).toBe('quantity_above_limit');
    const removed = await call('removeCartItem', { item_id: lineId }, mine.token);
    expect(removed.body.psdata.lines).toEqual([]);
    expect((await call('getCartItems', {}, theirs.token)).body.psdata.lines).toHaveLength(1);
  });

  describe('coupons and vouchers', () => {
    const coupon = (code: string, token?: string, action = 'add') => call('addOrRemoveCoupon', { code, action }, token, { 'x-shop-country': 'IT' });

    it('takes a percentage off, then removes the code', async () => {
      const { token } = await guestWith(await combination('deny', 10, notDiscounted), 2);
      const added = await coupon(' welcome10 ', token);
      expect(added.status).toBe(200);
      const cart = added.body.psdata;
      expect(cart.coupons).toEqual([{ code: 'WELCOME10', name: '10% welcome discount', kind: 'coupon', discount: Math.round(cart.totals.products / 10), free_shipping: false, problem: null }]);
      expect(cart.totals.discounts).toBe(Math.round(cart.totals.products / 10));
      expect(cart.totals.total).toBe(cart.totals.products - cart.totals.discounts + cart.totals.shipping);
      expect((await coupon('WELCOME10', token)).body.code).toBe('coupon_already_in_cart');

      const removed = await coupon('WELCOME10', token, 'remove');
      expect(removed.body.psdata.coupons).toEqual([]);
      expect(removed.body.psdata.totals.discounts).toBe(0);
    });

    it('refuses unknown, expired and not yet valid codes with their reasons', async () => {
      const { token } = await guestWith(await combination('deny', 10), 1);
      expect(await coupon('NOPE', token)).toMatchObject({ status: 404, body: { code: 'coupon_unknown' } });
      expect(await coupon('SUMMER2024', token)).toMatchObject({ status: 400, body: { code: 'coupon_expired' } });
      expect(await coupon('NEXTSEASON', token)).toMatchObject({ status: 400, body: { code: 'coupon_not_yet_valid' } });
      expect((await call('getCartItems', {}, token)).body.psdata.coupons).toEqual([]);
    });

    it('applies an amount only from its minimum, and stops applying it when the cart falls under it', async () => {
      const item = await combination('deny', 20, sql`${notDiscounted} and p.price_net_cents between 3000 and 6000`);
      const { token, cart } = await guestWith(item, 1);
      const refused = await coupon('SAVE20', token);
      expect(refused).toMatchObject({ status: 400, body: { code: 'coupon_minimum_not_reached', psdata: { minimum: 10_000 } } });
      const units = Math.ceil(10_000 / cart.lines[0].unit_price);
      await call('updateCartItem', { item_id: cart.lines[0].id, quantity: units }, token);
      const applied = await coupon('SAVE20', token);
      expect(applied.status).toBe(200);
      expect(applied.body.psdata.coupons[0]).toMatchObject({ code: 'SAVE20', kind: 'voucher', discount: 2000, problem: null });

      const smaller = await call('updateCartItem', { item_id: cart.lines[0].id, quantity: 1 }, token);
      expect(smaller.body.psdata.coupons[0]).toMatchObject({ code: 'SAVE20', discount: 0, problem: 'coupon_minimum_not_reached' });
      expect(smaller.body.psdata.totals.discounts).toBe(0);
    });

    it('offers the shipping with a free-shipping code', async () => {
      const { token } = await guestWith(await combination('deny', 10, sql`${notDiscounted} and p.price_net_cents < 5000 and not p.free_shipping`), 1);
      expect((await call('getCartItems', {}, token)).body.psdata.totals.shipping).toBe(690);
      const applied = await coupon('FREESHIP', token);
      expect(applied.body.psdata.totals).toMatchObject({ shipping: 0, shipping_free: true, discounts: 0 });
    });

    it('restricts a code to its category and to products without a discount, and does not combine it', async () => {
      const women = await guestWith(await combination('deny', 10, inCategory(3)), 1);
      expect(await coupon('KIDS15', women.token)).toMatchObject({ status: 400, body: { code: 'coupon_not_applicable' } });

      const discountedKids = await guestWith(await combination('deny', 10, sql`${inCategory(5)} and not ${notDiscounted}`), 1);
      expect((await coupon('KIDS15', discountedKids.token)).body.code).toBe('coupon_not_applicable');

      const kidsItem = await combination('deny', 10, sql`${inCategory(5)} and ${notDiscounted}`);
      const kids = await add(kidsItem, 1, discountedKids.token);
      const lines = kids.body.psdata.lines as Line[];
      const fullPrice = lines.find((line) => line.combination_id === kidsItem.combination_id)!;
      const applied = await coupon('KIDS15', discountedKids.token);
      expect(applied.body.psdata.coupons[0]).toMatchObject({ code: 'KIDS15', discount: Math.round((fullPrice.total * 15) / 100) });
      expect(await coupon('WELCOME10', discountedKids.token)).toMatchObject({ status: 409, body: { code: 'coupon_not_combinable' } });
    });

    it('refuses a code the customer has already used, and one that is used up', async () => {
      const login = await call('login', DEMO_CUSTOMER);
      const token = login.body.psdata.session.token;
      await add(await combination('deny', 10), 1, token);
      expect(await coupon('ONCE5', token)).toMatchObject({ status: 409, body: { code: 'coupon_already_used' } });
      expect((await coupon('FLASH50', token)).body.code).toBe('coupon_already_used');
      // Another customer may still use ONCE5.
      const other = await registerCustomer(shop().app);
      await add(await combination('deny', 10), 1, other.token);
      expect((await coupon('ONCE5', other.token)).status).toBe(200);
    });
  });

  describe('wishlist', () => {
    it('saves products for a guest, keeps the last chosen size, and removes them', async () => {
      const first = await combination('deny', 5);
      const second = await combination('deny', 5);
      const saved = await call('createWishlistItem', { product_id: first.product_id });
      expect(saved.status).toBe(200);
      const token = saved.body.psdata.session.token;
      expect(saved.body.psdata.items).toHaveLength(1);
      expect(saved.body.psdata.items[0]).toMatchObject({ product: { id_product: first.product_id }, combination_id: null, attributes_label: '' });

      const withSize = await call('createWishlistItem', { product_id: first.product_id, combination_id: first.combination_id }, token);
      expect(withSize.body.psdata.items).toHaveLength(1);
      expect(withSize.body.psdata.items[0].combination_id).toBe(first.combination_id);
      expect(withSize.body.psdata.items[0].attributes_label).toMatch(/\S, \S/);
      await call('createWishlistItem', { product_id: second.product_id }, token);
      expect((await call('getShopperSummary', {}, token)).body.psdata.wishlist_product_ids).toEqual([first.product_id, second.product_id].sort((a, b) => a - b));

      // A combination of another product is refused; another visitor sees nothing.
      expect((await call('createWishlistItem', { product_id: first.product_id, combination_id: second.combination_id }, token)).status).toBe(404);
      expect((await call('getWishlistItems')).body.psdata.items).toEqual([]);
      const removed = await call('removeWishlistItem', { product_id: first.product_id }, token);
      expect(removed.body.psdata.items.map((item: { product: { id_product: number } }) => item.product.id_product)).toEqual([second.product_id]);
    });

    it('shows a saved size’s price, and the from-price when no size was saved', async () => {
      const dear = await combination('deny', 5, sql`(select count(*) from combinations o where o.product_id = p.id) >= 3`);
      const [cheap] = await query<{ id: number }>(sql`select id from combinations where product_id = ${dear.product_id} and id <> ${dear.combination_id} order by id limit 1`);
      await shop().handle.db.execute(sql`update combinations set quantity = greatest(quantity, 1), price_impact_net_cents = 0 where product_id = ${dear.product_id}`);
      await shop().handle.db.execute(sql`update combinations set price_impact_net_cents = -300 where id = ${cheap!.id}`);
      await shop().handle.db.execute(sql`update combinations set price_impact_net_cents = 700 where id = ${dear.combination_id}`);
      const page = (await call('getProduct', { product_id: dear.product_id })).body.psdata as { combinations: { id: number; price: number; regular_price: number }[] };
      const priceOf = (id: number) => page.combinations.find((c) => c.id === id)!;

      const saved = await call('createWishlistItem', { product_id: dear.product_id });
      const token = saved.body.psdata.session.token;
      expect(saved.body.psdata.items[0].product).toMatchObject({ price_varies: true, price: priceOf(cheap!.id).price });
      const withSize = await call('createWishlistItem', { product_id: dear.product_id, combination_id: dear.combination_id }, token);
      const { price, regular_price } = priceOf(dear.combination_id);
      expect(price).toBeGreaterThan(priceOf(cheap!.id).price);
      expect(withSize.body.psdata.items[0].product).toMatchObject({ price_varies: false, price, regular_price });
      expect((await call('getWishlistItems', {}, token)).body.psdata.items[0].product).toMatchObject({ price_varies: false, price });
    });
  });

  it('moves a guest’s cart, codes and wishlist to the customer at sign-in, merging with the saved cart', async () => {
    const customer = await registerCustomer(shop().app);
    const shared = await combination('deny', 20);
    const onlyGuest = await combination('deny', 20);
    await add(shared, 2, customer.token);
    await call('logout', {}, customer.token);

    const guest = await guestWith(shared, 3);
    await add(onlyGuest, 1, guest.token);
    await call('addOrRemoveCoupon', { code: 'WELCOME10', action: 'add' }, guest.token);
    await call('createWishlistItem', { product_id: onlyGuest.product_id }, guest.token);

    const login = await call('login', { email: customer.email, password: customer.password }, guest.token);
    expect(login.status).toBe(200);
    const token = login.body.psdata.session.token;
    const cart = (await call('getCartItems', {}, token)).body.psdata;
    const quantities = Object.fromEntries((cart.lines as Line[]).map((line) => [line.combination_id, line.quantity]));
    expect(quantities).toEqual({ [shared.combination_id]: 5, [onlyGuest.combination_id]: 1 });
    expect(cart.coupons.map((entry: { code: string }) => entry.code)).toEqual(['WELCOME10']);
    expect((await call('getWishlistItems', {}, token)).body.psdata.items).toHaveLength(1);
    // The guest session is gone, and the cart stays with the account after signing out.
    expect((await call('getCartItems', {}, guest.token)).body.psdata.lines).toEqual([]);
    await call('logout', {}, token);
    const again = await call('login', { email: customer.email, password: customer.password });
    expect((await call('getShopperSummary', {}, again.body.psdata.session.token)).body.psdata.cart_items).toBe(6);
  });

  it('tells cards which products have a single combination, which they can add to the cart directly', async () => {
    const oneSize = await combination('deny', 5);
    const several = await combination('deny', 5, sql`p.id <> ${oneSize.product_id} and (select count(*) from combinations c2 where c2.product_id = p.id) > 1`);
    await shop().handle.db.execute(sql`delete from combinations where product_id = ${oneSize.product_id} and id <> ${oneSize.combination_id}`);
    const saved = await call('createWishlistItem', { product_id: oneSize.product_id });
    const token = saved.body.psdata.session.token;
    const wishlist = (await call('createWishlistItem', { product_id: several.product_id }, token)).body.psdata;
    const byProduct = Object.fromEntries(
      wishlist.items.map((item: { product: { id_product: number; single_combination_id: number | null } }) => [item.product.id_product, item.product.single_combination_id]),
    );
    expect(byProduct).toEqual({ [oneSize.product_id]: oneSize.combination_id, [several.product_id]: null });
  });

  it('clears expired guest sessions with their carts, and leaves live ones alone', async () => {
    const item = await combination('deny', 10);
    const expired = await guestWith(item, 1);
    const live = await guestWith(item, 1);
    const cartsBefore = await query<{ n: number }>(sql`select count(*)::int as n from carts`);
    await shop().handle.db.execute(sql`update sessions set expires_at = now() - interval '1 second'
      where token_hash = encode(sha256(convert_to(${expired.token}, 'UTF8')), 'hex')`);
    expect(await clearExpired(shop().handle.db)).toBe(1);
    const cartsAfter = await query<{ n: number }>(sql`select count(*)::int as n from carts`);
    expect(cartsAfter[0]!.n).toBe(cartsBefore[0]!.n - 1);
    expect((await call('getCartItems', {}, expired.token)).body.psdata.lines).toEqual([]);
    expect((await call('getCartItems', {}, live.token)).body.psdata.lines).toHaveLength(1);
  });
});
