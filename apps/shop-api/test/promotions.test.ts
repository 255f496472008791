import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { selectRows } from '../src/db/raw.ts';
import { callApi, DRIVERS, shopperHeaders, useTestShop } from './databases.ts';
import { adminCall, staffSession } from './staff.ts';

// Prices, sales and codes in the back office (issue 27): codes made and ended by staff as shoppers meet them in the
// cart and the checkout; sales as every price of the storefront shows them, with the EU's 30-day lowest price.

const ADDRESS = { alias: 'Casa', first_name: 'Giulia', last_name: 'Rossi', address1: 'Via Solferino 10', city: 'Milano', state: 'MI', country: 'IT', postcode: '20121', phone: '+39 02 1234567' };
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

describe.each(DRIVERS)('prices, sales and codes on %s', (driver) => {
  const shop = useTestShop(driver);
  const call = (name: string, payload: unknown = {}, token?: string, clientIp?: string) => callApi(shop().app, name, payload, shopperHeaders(token, clientIp));
  const query = <T>(statement: ReturnType<typeof sql>) => selectRows<T>(shop().handle.db, statement);
  let staff: Awaited<ReturnType<typeof staffSession>>;
  const admin = async (name: Parameters<typeof adminCall>[1], payload: unknown) => {
    staff ??= await staffSession(shop(), 'catalogue');
    return adminCall(shop().app, name, payload, staff.headers);
  };

  let picked = 0;
  /** A combination of an active product with no discount at all (none running, none past), with stock. */
  async function product() {
    const rows = await query<{ product_id: number; combination_id: number; category_id: number }>(sql`select c.product_id, c.id as combination_id, p.default_category_id as category_id
      from combinations c join products p on p.id = c.product_id
      where p.is_active and p.out_of_stock_policy = 'deny' and p.minimal_quantity = 1 and p.quantity_limit >= 10 and not p.free_shipping and c.is_default
        and not exists (select 1 from specific_prices sp where sp.product_id = p.id)
      order by p.id`);
    const row = rows[(picked++ * 13 + (driver === 'postgres' ? 5 : 0)) % rows.length]!;
    await shop().handle.db.execute(sql`update combinations set quantity = 50 where id = ${row.combination_id}`);
    return row;
  }
  async function guestWith(item: { product_id: number; combination_id: number }, clientIp = `203.0.113.${(picked % 250) + 1}`) {
    const added = await call('createCartItem', { ...item, quantity: 1 }, undefined, clientIp);
    expect(added.status).toBe(200);
    return added.body.psdata.session.token as string;
  }
  async function fillCheckout(token: string) {
    expect((await call('updateCheckoutEmail', { email: `guest.${randomBytes(3).toString('hex')}@example.com` }, token)).status).toBe(200);
    expect((await call('updateCheckoutAddress', { shipping: { address: ADDRESS } }, token)).status).toBe(200);
    const carriers = (await call('getCarriers', {}, token)).body.psdata.carriers as { id: number; code: string }[];
    expect((await call('updateCheckoutCarrier', { carrier_id: carriers.find((carrier) => carrier.code === 'standard')!.id }, token)).status).toBe(200);
    expect((await call('updateCheckoutPayment', { gateway: 'card' }, token)).body.psdata.next_step).toBe('review');
  }
  const place = (token: string) => call('createOrder', { idempotency_key: randomBytes(12).toString('base64url'), accept_terms: true, accept_privacy: true }, token);
  const addCode = (code: string, token: string) => call('addOrRemoveCoupon', { code, action: 'add' }, token);
  const code = (prefix: string) => `${prefix}${driver.slice(0, 2).toUpperCase()}${randomBytes(2).toString('hex').toUpperCase()}`;

  describe('codes', () => {
    it('creates a code with its rules, refuses a second with the same code and rules that contradict, and audits the change', async () => {
      const name = code('TEN');
      const made = await admin('saveCode', { code: name.toLowerCase(), kind: 'coupon', name: 'Ten off', reduction_percent: 10, minimum_amount: 5000, total_uses_limit: 3, uses_per_customer_limit: 1, combinable: false });
      expect(made.status, JSON.stringify(made.body)).toBe(200);
      expect(made.body.psdata).toMatchObject({ code: name, reduction_percent: 10, reduction_amount: null, minimum_amount: 5000, total_uses_limit: 3, uses_per_customer_limit: 1, combinable: false, state: 'running', uses: 0 });

      expect(await admin('saveCode', { code: name, kind: 'voucher', name: 'Again', reduction_amount: 500 })).toMatchObject({ status: 409, body: { code: 'code_taken' } });
      expect(await admin('saveCode', { code: code('BOTH'), kind: 'coupon', name: 'Both', reduction_percent: 10, reduction_amount: 500 })).toMatchObject({ status: 400, body: { code: 'bad_request' } });
      expect(await admin('saveCode', { code: code('NONE'), kind: 'coupon', name: 'Nothing off' })).toMatchObject({ status: 400, body: { code: 'bad_request' } });
      expect(await admin('saveCode', { code: code('BACK'), kind: 'coupon', name: 'Backwards', reduction_percent: 5, starts_at: inDays(2), ends_at: inDays(1) })).toMatchObject({ status: 400 });

      const listed = await admin('listCodes', { query: name });
      expect(listed.body.psdata.codes).toMatchObject([{ code: name, uses: 0 }]);
      const [trace] = await query<{ action: string; actor: string }>(sql`select action, actor from audit_log where target_type = 'code' and target_id = ${String(made.body.psdata.id)}`);
      expect(trace).toEqual({ action: 'code.create', actor: staff.email });
    });

    it('applies a code made in the back office in the cart, changes it, ends it, and lists the orders that used it', async () => {
      const name = code('FIVE');
      const made = (await admin('saveCode', { code: name, kind: 'voucher', name: 'Five euros', reduction_amount: 500 })).body.psdata;
      const token = await guestWith(await product());
      const added = await addCode(name, token);
      expect(added.status, JSON.stringify(added.body)).toBe(200);
      expect(added.body.psdata.coupons).toMatchObject([{ code: name, name: 'Five euros', kind: 'voucher', discount: 500, problem: null }]);

      // Changed to a percentage with a minimum the cart does not reach: the cart says so.
      const changed = await admin('saveCode', { id: made.id, code: name, kind: 'voucher', name: 'Twenty per cent', reduction_percent: 20, minimum_amount: 100_000_00 });
      expect(changed.body.psdata).toMatchObject({ id: made.id, reduction_percent: 20, reduction_amount: null, minimum_amount: 100_000_00 });
      expect((await call('getCartItems', {}, token)).body.psdata.coupons).toMatchObject([{ code: name, discount: 0, problem: 'coupon_minimum_not_reached' }]);
      await admin('saveCode', { id: made.id, code: name, kind: 'voucher', name: 'Twenty per cent', reduction_percent: 20 });

      await fillCheckout(token);
      const placed = await place(token);
      expect(placed.status, JSON.stringify(placed.body)).toBe(200);
      const detail = (await admin('getCode', { id: made.id })).body.psdata;
      expect(detail.code.uses).toBe(1);
      expect(detail.orders).toMatchObject([{ reference: placed.body.psdata.order.reference, counted: true }]);

      const ended = await admin('endCode', { id: made.id });
      expect(ended.body.psdata.state).toBe('ended');
      const other = await guestWith(await product());
      expect(await addCode(name, other)).toMatchObject({ status: 400, body: { code: 'coupon_expired' } });
      expect((await admin('listCodes', { query: name, state: 'ended' })).body.psdata.total).toBe(1);
      expect((await admin('listCodes', { query: name, state: 'running' })).body.psdata.total).toBe(0);
    });

    it('gives a code limited to five uses, made in the back office, to exactly five of twelve shoppers ordering at once', async () => {
      const name = code('LIMIT');
      const made = (await admin('saveCode', { code: name, kind: 'coupon', name: 'First five', reduction_percent: 15, total_uses_limit: 5 })).body.psdata;
      const tokens: string[] = [];
      for (let buyer = 0; buyer < 12; buyer++) {
        const token = await guestWith(await product(), `198.18.9.${buyer + 1}`);
        expect((await addCode(name, token)).status).toBe(200);
        await fillCheckout(token);
        tokens.push(token);
      }
      // On PostgreSQL these run on separate connections, at the same time.
      const answers = await Promise.all(tokens.map((token) => place(token)));
      expect(answers.filter((answer) => answer.status === 200)).toHaveLength(5);
      expect(answers.filter((answer) => answer.status !== 200).map((answer) => answer.body.code)).toEqual(Array(7).fill('coupon_invalid'));
      const detail = (await admin('getCode', { id: made.id })).body.psdata;
      expect(detail.code.uses).toBe(5);
      expect(detail.orders).toHaveLength(5);
    });

    it('refuses the calls to a role without the right to promotions', async () => {
      const fulfilment = await staffSession(shop(), 'fulfilment');
      expect(await adminCall(shop().app, 'listCodes', {}, fulfilment.headers)).toMatchObject({ status: 403, body: { code: 'forbidden' } });
      expect(await adminCall(shop().app, 'createSale', { name: 'x', scope: 'brand', target_id: 1, reduction_percent: 5, starts_at: inDays(0), ends_at: inDays(1) }, fulfilment.headers)).toMatchObject({ status: 403 });
    });
  });

  describe('sales', () => {
    it('puts a product on sale on its page, in its listing and in the cart at once, with the 30-day lowest price, and ends it', async () => {
      const item = await product();
      const before = (await call('getProduct', { product_id: item.product_id })).body.psdata;
      expect(before).toMatchObject({ has_discount: false, lowest_prior_price: null });
      const sale = await admin('createSale', { name: 'Spring', scope: 'product', target_id: item.product_id, reduction_percent: 20, starts_at: inDays(-0.001), ends_at: inDays(7) });
      expect(sale.status, JSON.stringify(sale.body)).toBe(200);
      expect(sale.body.psdata).toMatchObject({ scope: 'product', product_count: 1, state: 'running' });

      const regular = before.price as number;
      const salePrice = Math.round(regular * 0.8);
      const page = (await call('getProduct', { product_id: item.product_id })).body.psdata;
      expect(page).toMatchObject({ has_discount: true, regular_price: regular, discount_percent: 20, lowest_prior_price: regular });
      expect(Math.abs(page.price - salePrice)).toBeLessThanOrEqual(1);
      const listing = (await call('getProducts', { id_category: item.category_id, per_page: 100, with_facets: false, order: 'discount_desc' })).body.psdata;
      expect(listing.products.find((card: { id_product: number }) => card.id_product === item.product_id)).toMatchObject({ price: page.price, regular_price: regular, has_discount: true });
      const token = await guestWith(item);
      expect((await call('getCartItems', {}, token)).body.psdata.lines).toMatchObject([{ unit_price: page.price, regular_unit_price: regular }]);

      const ended = await admin('endSale', { id: sale.body.psdata.id });
      expect(ended.body.psdata.state).toBe('ended');
      expect((await call('getProduct', { product_id: item.product_id })).body.psdata).toMatchObject({ price: regular, has_discount: false, lowest_prior_price: null });
      expect((await call('getCartItems', {}, token)).body.psdata.lines).toMatchObject([{ unit_price: regular }]);
      const traces = await query<{ action: string }>(sql`select action from audit_log where target_type = 'sale' and target_id = ${String(sale.body.psdata.id)} order by id`);
      expect(traces.map((trace) => trace.action)).toEqual(['sale.create', 'sale.end']);
    });

    it('shows as the 30-day lowest price the lowest regular or discounted price of the 30 days before the sale, not older ones, on the page and the cards', async () => {
      const item = await product();
      const [{ net }] = (await query<{ net: number }>(sql`select price_net_cents as net from products where id = ${item.product_id}`)) as [{ net: number }];
      // The shop's history: 40 to 12 days ago the price was 10 % lower; since then the current one.
      await shop().handle.db.execute(sql`delete from product_price_history where product_id = ${item.product_id}`);
      await shop().handle.db.execute(sql`insert into product_price_history (product_id, price_net_cents, valid_from, valid_until) values
        (${item.product_id}, ${Math.round(net * 0.9)}, now() - interval '40 days', now() - interval '12 days'),
        (${item.product_id}, ${net}, now() - interval '12 days', null)`);
      const regular = (await call('getProduct', { product_id: item.product_id })).body.psdata.price as number;
      await admin('createSale', { name: 'Now', scope: 'product', target_id: item.product_id, reduction_percent: 30, starts_at: inDays(-0.001), ends_at: inDays(3) });
      const page = (await call('getProduct', { product_id: item.product_id })).body.psdata;
      expect(page.lowest_prior_price).toBeLessThan(regular);
      expect(Math.abs(page.lowest_prior_price - Math.round(regular * 0.9))).toBeLessThanOrEqual(2);

      // A sale of 50 % 35 to 31 days before this one is older than 30 days: it does not count; one of 40 % 10 days ago does.
      await shop().handle.db.execute(sql`insert into specific_prices (product_id, reduction_percent, starts_at, ends_at) values
        (${item.product_id}, 50, now() - interval '35 days', now() - interval '31 days')`);
      expect((await call('getProduct', { product_id: item.product_id })).body.psdata.lowest_prior_price).toBe(page.lowest_prior_price);
      await shop().handle.db.execute(sql`insert into specific_prices (product_id, reduction_percent, starts_at, ends_at) values
        (${item.product_id}, 40, now() - interval '10 days', now() - interval '8 days')`);
      const shown = (await call('getProduct', { product_id: item.product_id })).body.psdata;
      const lower = shown.lowest_prior_price as number;
      expect(Math.abs(lower - Math.round(regular * 0.6))).toBeLessThanOrEqual(2);

      // The cards of the listing and of the search show the same lowest price as the page (the product's own price).
      const cardIn = (answer: { body: { psdata: { products: { id_product: number }[] } } }) => answer.body.psdata.products.find((card) => card.id_product === item.product_id) as Record<string, number> | undefined;
      const listed = cardIn(await call('getProducts', { id_category: item.category_id, per_page: 100, with_facets: false, order: 'discount_desc' }));
      const found = cardIn(await call('getProducts', { q: shown.name, per_page: 100, with_facets: false }));
      for (const card of [listed, found]) {
        expect(card).toMatchObject({ has_discount: true, discount_percent: 30 });
        if (card!.regular_price === shown.regular_price) expect(card!.lowest_prior_price).toBe(lower);
        expect(Math.abs(card!.lowest_prior_price! - Math.round(card!.regular_price! * 0.6))).toBeLessThanOrEqual(2);
      }
      // An undiscounted card has none.
      const other = await product();
      expect(cardIn(await call('getProducts', { id_category: other.category_id, per_page: 100, with_facets: false, order: 'discount_desc' }))?.lowest_prior_price ?? null).toBeNull();
    });

    it('changes a running sale at once, keeping what has run as history, moves a scheduled one, and refuses changing the past or an ended sale', async () => {
      const item = await product();
      const regular = (await call('getProduct', { product_id: item.product_id })).body.psdata.price as number;
      const sale = (await admin('createSale', { name: 'Mid season', scope: 'product', target_id: item.product_id, reduction_percent: 20, starts_at: inDays(-0.01), ends_at: inDays(5) })).body.psdata;
      expect((await call('getProduct', { product_id: item.product_id })).body.psdata.discount_percent).toBe(20);

      // Deeper and longer: the page and the listing show 30 % at once; the 20 % that ran is one of the 30 days' prices.
      const deeper = await admin('updateSale', { id: sale.id, name: 'Mid season, last days', reduction_percent: 30, ends_at: inDays(9) });
      expect(deeper.status, JSON.stringify(deeper.body)).toBe(200);
      expect(deeper.body.psdata).toMatchObject({ name: 'Mid season, last days', reduction_percent: 30, state: 'running', product_count: 1, starts_at: sale.starts_at });
      const page = (await call('getProduct', { product_id: item.product_id })).body.psdata;
      expect(page).toMatchObject({ discount_percent: 30, regular_price: regular });
      expect(Math.abs(page.lowest_prior_price - Math.round(regular * 0.8))).toBeLessThanOrEqual(2);
      const listing = (await call('getProducts', { id_category: item.category_id, per_page: 100, with_facets: false, order: 'discount_desc' })).body.psdata;
      expect(listing.products.find((card: { id_product: number }) => card.id_product === item.product_id)).toMatchObject({ price: page.price, discount_percent: 30 });
      const rows = await query<{ percent: number; open: boolean }>(sql`select reduction_percent as percent, ends_at > now() as open from specific_prices where sale_id = ${sale.id} order by id`);
      expect(rows).toEqual([{ percent: 20, open: false }, { percent: 30, open: true }]);

      // A running sale's start is past; an end before now is ending it (its own button).
      expect(await admin('updateSale', { id: sale.id, name: 'x', reduction_percent: 30, starts_at: inDays(-3), ends_at: inDays(9) })).toMatchObject({ status: 409, body: { code: 'sale_started' } });
      expect(await admin('updateSale', { id: sale.id, name: 'x', reduction_percent: 30, ends_at: inDays(-0.001) })).toMatchObject({ status: 400, body: { code: 'bad_request' } });
      expect(await admin('updateSale', { id: 999_999, name: 'x', reduction_percent: 30, ends_at: inDays(1) })).toMatchObject({ status: 404 });

      // Ended early: the regular price at once; an ended sale is not changed any more.
      expect((await admin('endSale', { id: sale.id })).body.psdata.state).toBe('ended');
      expect((await call('getProduct', { product_id: item.product_id })).body.psdata).toMatchObject({ price: regular, has_discount: false });
      expect(await admin('updateSale', { id: sale.id, name: 'x', reduction_percent: 30, ends_at: inDays(9) })).toMatchObject({ status: 409, body: { code: 'sale_ended' } });
      const traces = await query<{ action: string; before: { reduction_percent: number }; after: { reduction_percent: number } }>(
        sql`select action, before, after from audit_log where target_type = 'sale' and target_id = ${String(sale.id)} order by id`,
      );
      expect(traces.map((trace) => trace.action)).toEqual(['sale.create', 'sale.update', 'sale.end']);
      expect([traces[1]!.before.reduction_percent, traces[1]!.after.reduction_percent]).toEqual([20, 30]);

      // A sale to come moves whole: brought forward to now, it runs at once.
      const other = await product();
      const later = (await admin('createSale', { name: 'Later', scope: 'product', target_id: other.product_id, reduction_amount: 500, starts_at: inDays(3), ends_at: inDays(6) })).body.psdata;
      expect((await call('getProduct', { product_id: other.product_id })).body.psdata.has_discount).toBe(false);
      const moved = await admin('updateSale', { id: later.id, name: 'Now', reduction_amount: 500, starts_at: inDays(-0.001), ends_at: inDays(6) });
      expect(moved.body.psdata).toMatchObject({ state: 'running', product_count: 1 });
      const otherPage = (await call('getProduct', { product_id: other.product_id })).body.psdata;
      expect(otherPage.regular_price - otherPage.price).toBe(500);
    });

    it('records every price change in the history by itself', async () => {
      const item = await product();
      await shop().handle.db.execute(sql`update products set price_net_cents = price_net_cents + 100 where id = ${item.product_id}`);
      const rows = await query<{ open: boolean }>(sql`select valid_until is null as open from product_price_history where product_id = ${item.product_id} order by id`);
      expect(rows.map((row) => row.open)).toEqual([false, true]);
    });

    it('puts a whole brand on sale for an amount with VAT and refuses a brand that does not exist', async () => {
      const [brand] = await query<{ id: number; count: number }>(sql`select brand_id as id, count(*)::int as count from products where brand_id is not null group by brand_id order by brand_id limit 1`);
      const sale = await admin('createSale', { name: 'Brand week', scope: 'brand', target_id: brand!.id, reduction_amount: 1000, starts_at: inDays(1), ends_at: inDays(8) });
      expect(sale.body.psdata).toMatchObject({ scope: 'brand', reduction_amount: 1000, product_count: brand!.count, state: 'scheduled' });
      expect((await admin('listSales', { state: 'scheduled' })).body.psdata.sales.map((row: { id: number }) => row.id)).toContain(sale.body.psdata.id);
      // Ended before it started: nothing of it is left to run.
      expect((await admin('endSale', { id: sale.body.psdata.id })).body.psdata).toMatchObject({ state: 'ended', product_count: 0 });
      expect(await admin('createSale', { name: 'Nobody', scope: 'brand', target_id: 999_999, reduction_percent: 5, starts_at: inDays(0), ends_at: inDays(1) })).toMatchObject({ status: 404, body: { code: 'not_found' } });
      expect(await admin('createSale', { name: 'Both', scope: 'brand', target_id: brand!.id, reduction_percent: 5, reduction_amount: 100, starts_at: inDays(0), ends_at: inDays(1) })).toMatchObject({ status: 400 });
    });
  });
});
