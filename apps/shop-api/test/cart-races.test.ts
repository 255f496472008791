import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { selectRows } from '../src/db/raw.ts';
import { callApi, DRIVERS, registerCustomer, shopperHeaders, useTestShop } from './databases.ts';

/**
 * Changes to one cart fired at the same time (Promise.all: on PostgreSQL they run on separate connections)
 * must give exactly the result of running them one after another.
 */
describe.each(DRIVERS)('concurrent changes to one cart on %s', (driver) => {
  const shop = useTestShop(driver);
  const call = (name: string, payload: unknown = {}, token?: string) => callApi(shop().app, name, payload, shopperHeaders(token));
  const query = <T>(statement: ReturnType<typeof sql>) => selectRows<T>(shop().handle.db, statement);

  let picked = 0;
  /** A combination of an active, deny-policy product with plenty of stock, in the given category, never discounted. */
  async function plentiful(categoryId: number) {
    const rows = await query<{ product_id: number; combination_id: number }>(sql`select c.product_id, c.id as combination_id
      from combinations c join products p on p.id = c.product_id
      where p.is_active and p.out_of_stock_policy = 'deny' and p.minimal_quantity = 1 and p.quantity_limit >= 10
        and not exists (select 1 from specific_prices sp where sp.product_id = p.id)
        and exists (select 1 from product_categories pc where pc.product_id = p.id and pc.category_id = ${categoryId})
      order by c.id`);
    const row = rows[(picked++ * 11) % rows.length]!;
    await shop().handle.db.execute(sql`update combinations set quantity = 50 where id = ${row.combination_id}`);
    return row;
  }
  const addOne = (item: { product_id: number; combination_id: number }, token?: string) => call('createCartItem', { ...item, quantity: 1 }, token);
  const coupon = (code: string, token: string) => call('addOrRemoveCoupon', { code, action: 'add' }, token);
  const codesOf = async (token: string) => ((await call('getCartItems', {}, token)).body.psdata.coupons as { code: string }[]).map((c) => c.code).sort();
  const KIDS = 5;

  it('counts every one of ten adds made at once', async () => {
    const item = await plentiful(KIDS);
    const first = await addOne(item);
    const token = first.body.psdata.session.token as string;
    const answers = await Promise.all(Array.from({ length: 9 }, () => addOne(item, token)));
    expect(answers.map((answer) => answer.status)).toEqual(Array(9).fill(200));
    const cart = (await call('getCartItems', {}, token)).body.psdata;
    expect(cart.lines).toHaveLength(1);
    expect(cart.lines[0].quantity).toBe(10);
  });

  it('lets exactly one of two codes that do not combine into the cart, however the adds interleave', async () => {
    const item = await plentiful(KIDS);
    const token = (await addOne(item)).body.psdata.session.token as string;
    const answers = await Promise.all(['KIDS15', 'WELCOME10', 'KIDS15', 'WELCOME10'].map((code) => coupon(code, token)));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    const codes = await codesOf(token);
    expect(codes).toHaveLength(1);
    expect(['KIDS15', 'WELCOME10']).toContain(codes[0]);
  });

  it('keeps the rule after sign-in: a guest code that does not combine does not join the account cart', async () => {
    const customer = await registerCustomer(shop().app);
    const item = await plentiful(KIDS);
    await addOne(item, customer.token);
    expect((await coupon('WELCOME10', customer.token)).status).toBe(200);

    const guest = (await addOne(item)).body.psdata.session.token as string;
    expect((await coupon('KIDS15', guest)).status).toBe(200);
    const login = await callApi(shop().app, 'login', { email: customer.email, password: customer.password }, shopperHeaders(guest));
    expect(login.status).toBe(200);
    const signedIn = login.body.psdata.session.token as string;
    expect(await codesOf(signedIn)).toEqual(['WELCOME10']);
    // The lines joined as before: one unit from each side.
    expect((await call('getCartItems', {}, signedIn)).body.psdata.lines[0].quantity).toBe(2);
  });

  it('lets a guest code join an account cart without codes, and combinable codes join each other', async () => {
    const customer = await registerCustomer(shop().app);
    const item = await plentiful(KIDS);
    await addOne(item, customer.token);
    const guest = (await addOne(item)).body.psdata.session.token as string;
    expect((await coupon('KIDS15', guest)).status).toBe(200);
    const login = await callApi(shop().app, 'login', { email: customer.email, password: customer.password }, shopperHeaders(guest));
    expect(await codesOf(login.body.psdata.session.token)).toEqual(['KIDS15']);
  });
});
