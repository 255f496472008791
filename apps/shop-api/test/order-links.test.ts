import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { callApi, DRIVERS, registerCustomer, shopperHeaders, useTestShop } from './databases.ts';
import { placeGuestOrder } from './guest-order.ts';

describe.each(DRIVERS)("a guest's order link on %s", (driver) => {
  const shop = useTestShop(driver, { GUEST_ORDER_LINK_DAYS: '30' });
  /** The order as the mail's link opens it, in a browser without the guest's session. */
  const openLink = (reference: string, token: string) => callApi(shop().app, 'getOrder', { reference, token }, shopperHeaders(undefined, '198.51.100.9'));
  /** The answer to a link of an order that does not exist: what a link that no longer works must look like. */
  const unknownOrder = (token: string) => openLink('NOSUCHORDER1', token);
  const placedDaysAgo = (reference: string, days: number) =>
    shop().handle.db.execute(sql`update orders set created_at = now() - make_interval(secs => ${days * 86_400}) where reference = ${reference}`);

  it("opens the order for GUEST_ORDER_LINK_DAYS after it was placed, then answers as for an unknown order", async () => {
    const placed = await placeGuestOrder(shop(), 'card');
    const { reference } = placed.order;
    const token = placed.accessToken!;
    expect(await openLink(reference, token)).toMatchObject({ status: 200, body: { psdata: { reference, email: placed.email } } });

    await placedDaysAgo(reference, 29.9);
    expect((await openLink(reference, token)).status).toBe(200);

    await placedDaysAgo(reference, 30.1);
    const expired = await openLink(reference, token);
    expect(expired.status).toBe(404);
    expect(expired).toEqual(await unknownOrder(token));
    // The browser that placed it still reads it through its own session.
    expect((await placed.call('getOrder', { reference }, placed.token)).status).toBe(200);
  });

  it('stops opening the order once an account is opened with its address: the order is then read after signing in', async () => {
    const placed = await placeGuestOrder(shop(), 'card');
    const { reference } = placed.order;
    const token = placed.accessToken!;
    expect((await openLink(reference, token)).status).toBe(200);

    const customer = await registerCustomer(shop().app, { email: placed.email });
    const spent = await openLink(reference, token);
    expect(spent.status).toBe(404);
    expect(spent).toEqual(await unknownOrder(token));
    const signedIn = shopperHeaders(customer.token);
    const history = await callApi(shop().app, 'getOrders', {}, signedIn);
    expect(history.body.psdata.orders.map((order: { reference: string }) => order.reference)).toContain(reference);
    expect((await callApi(shop().app, 'getOrder', { reference }, signedIn)).body.psdata).toMatchObject({ reference, email: placed.email });
  });
});
