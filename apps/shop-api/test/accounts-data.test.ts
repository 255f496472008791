import { describe, expect, it } from 'vitest';
import { DEMO_CUSTOMER } from '../src/seed/index.ts';
import { callApi, DRIVERS, registerCustomer, shopperHeaders, useTestShop } from './databases.ts';

const HOME = {
  alias: 'Home',
  first_name: 'Ada',
  last_name: 'Lovelace',
  company: '',
  address1: 'Via Solferino 12',
  address2: 'Scala B',
  city: 'Milano',
  state: 'mi',
  country: 'it',
  postcode: '20121',
  phone: '+39 02 1234 5678',
  vat_number: '',
  is_default: false,
};
const OFFICE = { ...HOME, alias: 'Office', address1: 'Rue de Rivoli 1', address2: '', city: 'Paris', state: '', country: 'FR', postcode: '75001', company: 'Analytical Engines' };

describe.each(DRIVERS)('addresses and orders on %s', (driver) => {
  const shop = useTestShop(driver);
  const call = (name: string, payload: unknown, token?: string) => callApi(shop().app, name, payload, shopperHeaders(token));
  const addressesOf = async (token: string) => (await call('getAddresses', {}, token)).body.psdata.addresses as { id: number; alias: string; is_default: boolean }[];
  const defaultAlias = async (token: string) => (await addressesOf(token)).filter((address) => address.is_default).map((address) => address.alias);

  it('shows the demo customer their three orders, newest first, with the details of each', async () => {
    const login = await call('login', DEMO_CUSTOMER);
    const token = login.body.psdata.session.token;
    const { status, body } = await call('getOrders', {}, token);
    expect(status).toBe(200);
    const orders = body.psdata.orders;
    expect(orders.map((order: { reference: string }) => order.reference)).toEqual(['DEMO000003', 'DEMO000002', 'DEMO000001']);
    expect(orders.map((order: { status: string }) => order.status)).toEqual(['processing', 'shipped', 'delivered']);
    expect(orders.map((order: { item_count: number }) => order.item_count)).toEqual([3, 2, 2]);
    const dates = orders.map((order: { date: string }) => Date.parse(order.date));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    expect(orders[0]).toMatchObject({ currency: 'EUR', date: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) });

    const detail = await call('getOrder', { reference: 'DEMO000003' }, token);
    expect(detail.status).toBe(200);
    const order = detail.body.psdata;
    expect(order).toMatchObject({ reference: 'DEMO000003', status: 'processing', item_count: 3, returns: [] });
    expect(order.lines).toHaveLength(3);
    expect(order.lines.reduce((sum: number, line: { total: number }) => sum + line.total, 0)).toBe(order.items_total);
    for (const line of order.lines) expect(line.total).toBe(line.unit_price * line.quantity);
    expect(order.items_total + order.shipping).toBe(order.total);
    expect(order.tax).toBeGreaterThan(0);
    expect(order.shipping_address).toMatchObject({ city: 'Milano', country: 'IT' });
    // The delivered order has a return (from the returns table); the others none.
    const delivered = (await call('getOrder', { reference: 'DEMO000001' }, token)).body.psdata;
    expect(delivered).toMatchObject({ status: 'delivered', tracking_number: 'AM0001IT', returns: [{ reference: 'RET000001', status: 'refunded' }] });
    expect(order.total).toBe(orders[0].total);
  });

  it('keeps one default address: the first one, then the one chosen', async () => {
    const { token } = await registerCustomer(shop().app);
    expect(await addressesOf(token)).toEqual([]);

    const home = await call('createAddress', { address: HOME }, token);
    expect(home.status).toBe(200);
    expect(home.body.message).toBe('Address saved');
    expect(home.body.psdata).toMatchObject({ ...HOME, state: 'MI', country: 'IT', is_default: true, id: expect.any(Number) });

    const office = await call('createAddress', { address: OFFICE }, token);
    expect(office.body.psdata.is_default).toBe(false);
    expect(await defaultAlias(token)).toEqual(['Home']);

    const officeDefault = await call('updateAddress', { id: office.body.psdata.id, address: { ...OFFICE, phone: '+33 1 23 45 67 89', is_default: true } }, token);
    expect(officeDefault.status).toBe(200);
    expect(officeDefault.body).toMatchObject({ message: 'Address changed', psdata: { phone: '+33 1 23 45 67 89', is_default: true } });
    expect(await defaultAlias(token)).toEqual(['Office']);
    // The default is listed first.
    expect((await addressesOf(token)).map((address) => address.alias)).toEqual(['Office', 'Home']);

    // Unticking the default on the default address keeps it: the default moves by choosing another one.
    await call('updateAddress', { id: office.body.psdata.id, address: { ...OFFICE, is_default: false } }, token);
    expect(await defaultAlias(token)).toEqual(['Office']);

    const third = await call('createAddress', { address: { ...HOME, alias: 'Parents', is_default: true } }, token);
    expect(await defaultAlias(token)).toEqual(['Parents']);

    const removed = await call('removeAddress', { id: third.body.psdata.id }, token);
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({ message: 'Address deleted', psdata: {} });
    // Removing the default hands it to the newest remaining address.
    expect(await defaultAlias(token)).toEqual(['Office']);
    await call('removeAddress', { id: office.body.psdata.id }, token);
    await call('removeAddress', { id: home.body.psdata.id }, token);
    expect(await addressesOf(token)).toEqual([]);
  });

  it('refuses an address with a bad postcode, state or country', async () => {
    const { token } = await registerCustomer(shop().app);
    const cases: [Record<string, unknown>, string][] = [
      [{ postcode: '2012' }, 'postcode'],
      [{ state: '' }, 'state'],
      [{ country: 'FR', state: 'MI', postcode: '75001' }, 'state'],
      [{ country: 'JP', state: '', postcode: '100-0001' }, 'country'],
      [{ phone: 'call me' }, 'phone'],
      [{ alias: '' }, 'alias'],
    ];
    for (const [change, field] of cases) {
      const { status, body } = await call('createAddress', { address: { ...HOME, ...change } }, token);
      expect(status, field).toBe(400);
      expect(Object.keys(body.psdata.errors), field).toEqual([`address.${field}`]);
    }
    expect(await addressesOf(token)).toEqual([]);
    const hugeId = await call('removeAddress', { id: 99_999_999_999 }, token);
    expect(hugeId.status).toBe(400);
  });

  it("never shows or changes another customer's data", async () => {
    const alice = await registerCustomer(shop().app, { first_name: 'Alice' });
    const bob = await registerCustomer(shop().app, { first_name: 'Bob' });
    const aliceHome = (await call('createAddress', { address: HOME }, alice.token)).body.psdata;

    expect(await addressesOf(bob.token)).toEqual([]);
    const update = await call('updateAddress', { id: aliceHome.id, address: { ...HOME, city: 'Roma', is_default: true } }, bob.token);
    expect(update.status).toBe(404);
    expect(update.body).toMatchObject({ success: false, code: 'not_found', psdata: null });
    const remove = await call('removeAddress', { id: aliceHome.id }, bob.token);
    expect(remove.status).toBe(404);
    expect(remove.body.code).toBe('not_found');
    // Bob's own default did not move to Alice's address, and Alice's address is untouched.
    expect(await addressesOf(alice.token)).toEqual([aliceHome]);

    // Orders: the demo customer's are nobody else's.
    expect((await call('getOrders', {}, bob.token)).body.psdata).toEqual({ orders: [] });
    const order = await call('getOrder', { reference: 'DEMO000001' }, bob.token);
    expect(order.status).toBe(404);
    expect(order.body.code).toBe('not_found');

    // The profile calls name nobody: Bob's change is Bob's alone.
    await call('updateCustomer', { first_name: 'Robert', last_name: 'B', email: bob.email, newsletter: false, newsletter_interests: [] }, bob.token);
    expect((await call('getCustomer', {}, alice.token)).body.psdata).toMatchObject({ first_name: 'Alice', email: alice.email });
    expect((await call('getCustomer', {}, bob.token)).body.psdata).toMatchObject({ first_name: 'Robert', email: bob.email });
  });

  it('answers 401 to every customer call without a signed-in session', async () => {
    const { email } = await registerCustomer(shop().app);
    const calls: [string, unknown][] = [
      ['getCustomer', {}],
      ['updateCustomer', { first_name: 'Ada', last_name: 'Lovelace', email, newsletter: false, newsletter_interests: [] }],
      ['getAddresses', {}],
      ['createAddress', { address: HOME }],
      ['updateAddress', { id: 1, address: HOME }],
      ['removeAddress', { id: 1 }],
      ['getOrders', {}],
    ];
    for (const [name, payload] of calls) {
      const { status, body } = await call(name, payload);
      expect(status, name).toBe(401);
      expect(body, name).toMatchObject({ success: false, code: 'unauthorized', psdata: null });
    }
    // A guest may read an order (their session's, or with its mail's token): without either, there is no such order.
    expect(await call('getOrder', { reference: 'DEMO000001' })).toMatchObject({ status: 404, body: { code: 'not_found' } });
  });
});
