import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deliveryDates, type DeliverySchedule } from '../src/catalog/delivery-dates.ts';
import { selectRows } from '../src/db/raw.ts';
import { callApi, DRIVERS, shopperHeaders, useTestShop } from './databases.ts';
import { ITALY } from './guest-order.ts';

type Dates = { from: string; to: string } | null;
type Carrier = { id: number; code: string; delivery: Dates };

/** UTC, so that the cut-off is the same hour all year round. */
const SCHEDULE: DeliverySchedule = { timeZone: 'UTC', cutOffMinutes: 14 * 60 };
const DAY_MS = 86_400_000;

/** The next Friday (at least a day ahead of the real clock, which the database keeps) at `hour`:`minute` UTC. */
function nextFriday(hour: number, minute = 0): Date {
  const day = new Date(Date.now() + DAY_MS);
  day.setUTCDate(day.getUTCDate() + ((5 - day.getUTCDay() + 7) % 7));
  day.setUTCHours(hour, minute, 0, 0);
  return day;
}
const weekdayOf = (day: string) => new Date(`${day}T00:00:00Z`).getUTCDay();

/**
 * The dates of one function (catalog/delivery-dates.ts) reach every place a shopper reads them: the product page's
 * variants, the cart, the checkout's carriers, its collection points and its cart, the same for one cart; a
 * pre-order follows its available date, a backorder without one promises nothing.
 */
describe.each(DRIVERS)('delivery dates on %s', (driver) => {
  const shop = useTestShop(driver, { SHOP_TIME_ZONE: 'UTC', DELIVERY_CUT_OFF: '14:00' });
  const call = (name: string, payload: unknown = {}, token?: string) =>
    callApi(shop().app, name, payload, { ...shopperHeaders(token, '203.0.113.91'), 'x-shop-country': 'IT' });
  const query = <T>(statement: ReturnType<typeof sql>) => selectRows<T>(shop().handle.db, statement);
  afterEach(() => {
    vi.useRealTimers();
  });

  /** A variant of a product of `policy`, its stock set to `stock`. */
  async function variant(policy: 'deny' | 'preorder' | 'backorder', stock: number, withDate?: boolean) {
    const [row] = await query<{ product_id: number; combination_id: number; available_date: Date | string | null }>(sql`select c.product_id, c.id as combination_id, p.available_date
      from combinations c join products p on p.id = c.product_id
      where p.is_active and p.out_of_stock_policy = ${policy} and p.minimal_quantity = 1 and c.available_date is null
        and (${withDate ?? null}::boolean is null or (p.available_date is not null) = ${withDate ?? null})
      order by c.id limit 1`);
    await shop().handle.db.execute(sql`update combinations set quantity = ${stock} where id = ${row!.combination_id}`);
    return row!;
  }
  async function productDates(item: { product_id: number; combination_id: number }): Promise<Dates> {
    const product = await call('getProduct', { product_id: item.product_id });
    expect(product.status).toBe(200);
    return (product.body.psdata.combinations as { id: number; delivery: Dates }[]).find((combination) => combination.id === item.combination_id)!.delivery;
  }

  it('the product page, the cart and the checkout show the same dates, from the carriers’ working days and the cut-off', async () => {
    const beforeCutOff = nextFriday(13, 30);
    vi.useFakeTimers({ toFake: ['Date'], now: beforeCutOff });
    const item = await variant('deny', 20);
    // Standard delivery in the EU takes 3–5 working days: from Friday before the cut-off, Wednesday to Friday.
    const standard = await productDates(item);
    expect(standard).toEqual(deliveryDates({ min: 3, max: 5 }, 'now', SCHEDULE, new Date()));
    expect([weekdayOf(standard!.from), weekdayOf(standard!.to)]).toEqual([3, 5]);
    expect((Date.parse(standard!.to) - Date.now()) / DAY_MS).toBeLessThan(8);

    const added = await call('createCartItem', { ...item, quantity: 1 });
    const token = added.body.psdata.session.token as string;
    expect(added.body.psdata.delivery).toEqual({ carrier: 'Standard delivery', dates: standard });
    expect((await call('getCartItems', {}, token)).body.psdata.delivery).toEqual({ carrier: 'Standard delivery', dates: standard });

    expect((await call('updateCheckoutEmail', { email: 'dates@example.com' }, token)).status).toBe(200);
    expect((await call('updateCheckoutAddress', { shipping: { address: ITALY } }, token)).status).toBe(200);
    const carriers = (await call('getCarriers', {}, token)).body.psdata.carriers as Carrier[];
    const byCode = (code: string) => carriers.find((carrier) => carrier.code === code)!;
    expect(byCode('standard').delivery).toEqual(standard);
    // Express takes 1–2 working days (Monday–Tuesday), collection points 2–4 (Tuesday–Thursday).
    expect(byCode('express').delivery).toEqual(deliveryDates({ min: 1, max: 2 }, 'now', SCHEDULE, new Date()));
    expect([weekdayOf(byCode('express').delivery!.from), weekdayOf(byCode('express').delivery!.to)]).toEqual([1, 2]);
    const pickup = byCode('pickup').delivery;
    expect([weekdayOf(pickup!.from), weekdayOf(pickup!.to)]).toEqual([2, 4]);
    const points = (await call('getPudos', { query: '20121' }, token)).body.psdata.points as { delivery: Dates }[];
    expect(points.length).toBeGreaterThan(0);
    expect(points.map((point) => point.delivery)).toEqual(points.map(() => pickup));

    const chosen = await call('updateCheckoutCarrier', { carrier_id: byCode('express').id }, token);
    expect(chosen.body.psdata.cart.delivery).toEqual({ carrier: 'Express delivery', dates: byCode('express').delivery });

    // Half an hour after the cut-off the parcel leaves on Monday: everything moves one working day on, alike.
    vi.setSystemTime(beforeCutOff.getTime() + 60 * 60 * 1000);
    const later = await productDates(item);
    expect([weekdayOf(later!.from), weekdayOf(later!.to)]).toEqual([4, 1]);
    expect((await call('getCarriers', {}, token)).body.psdata.carriers.find((carrier: Carrier) => carrier.code === 'standard').delivery).toEqual(later);
    expect((await call('getCheckout', {}, token)).body.psdata.cart.delivery.dates).toEqual(
      deliveryDates({ min: 1, max: 2 }, 'now', SCHEDULE, new Date()),
    );
  });

  it('a pre-order follows its available date, in the product page and the cart; a backorder without a date promises none', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: nextFriday(10) });
    const inStock = await variant('deny', 20);
    const preorder = await variant('preorder', 0, true);
    const availableOn = new Date(preorder.available_date!);
    expect(availableOn.getTime()).toBeGreaterThan(Date.now());
    const dates = await productDates(preorder);
    expect(dates).toEqual(deliveryDates({ min: 3, max: 5 }, availableOn, SCHEDULE, new Date()));
    expect(dates!.from > availableOn.toISOString().slice(0, 10)).toBe(true);

    // A cart leaves when its last item is there: the pre-order's dates, whatever else it holds.
    const token = (await call('createCartItem', { ...inStock, quantity: 1 })).body.psdata.session.token as string;
    const cart = await call('createCartItem', { ...preorder, quantity: 1, confirm: 'preorder' }, token);
    expect(cart.body.psdata.delivery).toEqual({ carrier: 'Standard delivery', dates });

    const backorder = await variant('backorder', 0, false);
    expect(await productDates(backorder)).toBeNull();
    const withBackorder = await call('createCartItem', { ...backorder, quantity: 1, confirm: 'backorder' }, token);
    expect(withBackorder.body.psdata.delivery).toBeNull();
    expect((await call('updateCheckoutEmail', { email: 'later@example.com' }, token)).status).toBe(200);
    expect((await call('updateCheckoutAddress', { shipping: { address: ITALY } }, token)).status).toBe(200);
    const carriers = (await call('getCarriers', {}, token)).body.psdata.carriers as Carrier[];
    expect(carriers.map((carrier) => carrier.delivery)).toEqual(carriers.map(() => null));
  });
});
