import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../src/db/raw.ts';
import { releaseUnpaidOrders } from '../src/orders/payment.ts';
import { callApi, DRIVERS, registerCustomer, shopperHeaders, useTestShop } from './databases.ts';

/** Addresses that pass each country's rules. */
const ADDRESSES = {
  IT: { alias: 'Casa', first_name: 'Giulia', last_name: 'Rossi', address1: 'Via Solferino 10', city: 'Milano', state: 'MI', country: 'IT', postcode: '20121', phone: '+39 02 1234567' },
  FR: { alias: 'Maison', first_name: 'Camille', last_name: 'Martin', address1: 'Rue de Rivoli 20', city: 'Paris', country: 'FR', postcode: '75001' },
  US: { alias: 'Home', first_name: 'Ada', last_name: 'King', address1: '1 Main Street', city: 'Austin', state: 'TX', country: 'US', postcode: '73301' },
};

/** A stand-in for the EU's VIES service: answers `valid` as told, or is down. */
async function startVies(answer: () => 'valid' | 'invalid' | 'down'): Promise<{ url: string; close: () => Promise<void> }> {
  const server: Server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      const said = answer();
      if (said === 'down') {
        response.statusCode = 503;
        response.end();
        return;
      }
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify({ valid: said === 'valid' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

describe.each(DRIVERS)('checkout on %s', (driver) => {
  let viesAnswer: 'valid' | 'invalid' | 'down' = 'valid';
  let vies: Awaited<ReturnType<typeof startVies>>;
  beforeAll(async () => {
    vies = await startVies(() => viesAnswer);
  });
  afterAll(() => vies.close());
  // PayPal switched off (PAYPAL_ENABLED), MultiSafepay for the Benelux only: the payment step offers what the
  // configuration allows for the shipping country, and refuses the rest.
  const shop = useTestShop(driver, () => ({ VIES_URL: vies.url, PAYPAL_ENABLED: 'false', MULTISAFEPAY_COUNTRIES: 'NL,BE,LU' }));
  const call = (name: string, payload: unknown = {}, token?: string, clientIp?: string) => callApi(shop().app, name, payload, shopperHeaders(token, clientIp));
  const query = <T>(statement: ReturnType<typeof sql>) => selectRows<T>(shop().handle.db, statement);

  let picked = 0;
  /** A combination of an active deny-policy product, not discounted, of `brand` when given, with `stock` units. */
  async function product({ stock = 50, brand, minPrice = 0, maxPrice = 1_000_000 }: { stock?: number; brand?: number; minPrice?: number; maxPrice?: number } = {}) {
    const rows = await query<{ product_id: number; combination_id: number }>(sql`select c.product_id, c.id as combination_id
      from combinations c join products p on p.id = c.product_id
      where p.is_active and p.out_of_stock_policy = 'deny' and p.minimal_quantity = 1 and p.quantity_limit >= 10 and not p.free_shipping
        and p.price_net_cents + c.price_impact_net_cents between ${minPrice} and ${maxPrice}
        and not exists (select 1 from specific_prices sp where sp.product_id = p.id)
        and (${brand ?? null}::int is null or p.brand_id = ${brand ?? null})
      order by c.id`);
    const row = rows[(picked++ * 7) % rows.length]!;
    await shop().handle.db.execute(sql`update combinations set quantity = ${stock} where id = ${row.combination_id}`);
    return row;
  }
  /** A guest (from an address of their own) with `quantity` of a product in the cart. */
  async function guestWith(item: { product_id: number; combination_id: number }, quantity = 1, clientIp = `203.0.113.${(picked % 250) + 1}`) {
    const added = await call('createCartItem', { ...item, quantity }, undefined, clientIp);
    expect(added.status).toBe(200);
    return added.body.psdata.session.token as string;
  }
  /** Takes a checkout through every step but the review: email, address, carrier (and point), card. */
  async function fillCheckout(token: string, { email = `guest.${randomBytes(3).toString('hex')}@example.com`, country = 'IT' as keyof typeof ADDRESSES } = {}) {
    expect((await call('updateCheckoutEmail', { email }, token)).status).toBe(200);
    expect((await call('updateCheckoutAddress', { shipping: { address: ADDRESSES[country] } }, token)).status).toBe(200);
    const carriers = (await call('getCarriers', {}, token)).body.psdata.carriers as { id: number; code: string }[];
    expect((await call('updateCheckoutCarrier', { carrier_id: carriers.find((carrier) => carrier.code === 'standard')!.id }, token)).status).toBe(200);
    const paid = await call('updateCheckoutPayment', { gateway: 'card' }, token);
    expect(paid.body.psdata.next_step).toBe('review');
    return email;
  }
  const place = (token: string, key = randomBytes(12).toString('base64url')) =>
    call('createOrder', { idempotency_key: key, accept_terms: true, accept_privacy: true }, token);

  it('walks the steps in order and says which comes next; each step refuses what is wrong', async () => {
    const token = await guestWith(await product());
    let checkout = (await call('getCheckout', {}, token)).body.psdata;
    expect(checkout.next_step).toBe('account');
    expect(checkout.steps.map((step: { step: string }) => step.step)).toEqual(['account', 'address', 'delivery', 'vouchers', 'message', 'payment', 'review']);

    const badEmail = await call('updateCheckoutEmail', { email: 'not an email' }, token);
    expect(badEmail.status).toBe(400);
    expect(badEmail.body.psdata.errors.email).toEqual(['Please enter a valid email address.']);
    checkout = (await call('updateCheckoutEmail', { email: 'Giulia@Example.com' }, token)).body.psdata;
    expect(checkout).toMatchObject({ email: 'giulia@example.com', next_step: 'address' });

    const badPostcode = await call('updateCheckoutAddress', { shipping: { address: { ...ADDRESSES.IT, postcode: '123' } } }, token);
    expect(badPostcode.status).toBe(400);
    expect(Object.keys(badPostcode.body.psdata.errors)).toEqual(['shipping.address.postcode']);
    const noProvince = await call('updateCheckoutAddress', { shipping: { address: { ...ADDRESSES.IT, state: '' } } }, token);
    expect(Object.keys(noProvince.body.psdata.errors)).toEqual(['shipping.address.state']);
    const notServed = await call('updateCheckoutAddress', { shipping: { address: { ...ADDRESSES.FR, country: 'JP', postcode: '1000001' } } }, token);
    expect(notServed).toMatchObject({ status: 400, body: { code: 'country_not_served' } });
    const someoneElses = await call('updateCheckoutAddress', { shipping: { address_id: 1 } }, token);
    expect(someoneElses).toMatchObject({ status: 404, body: { code: 'address_not_found' } });

    checkout = (await call('updateCheckoutAddress', { shipping: { address: ADDRESSES.IT }, billing: { address: ADDRESSES.FR } }, token)).body.psdata;
    expect(checkout).toMatchObject({ next_step: 'delivery', shipping_address: { city: 'Milano' }, billing_address: { city: 'Paris' }, invoice: { requested: false, issued: false } });

    const carrierFirst = await call('updateCheckoutCarrier', { carrier_id: 999 }, token);
    expect(carrierFirst).toMatchObject({ status: 409, body: { code: 'carrier_unavailable' } });
    const carriers = (await call('getCarriers', {}, token)).body.psdata.carriers;
    expect(carriers.map((carrier: { code: string }) => carrier.code)).toEqual(['standard', 'express', 'pickup']);
    const pickup = carriers.find((carrier: { code: string }) => carrier.code === 'pickup');
    checkout = (await call('updateCheckoutCarrier', { carrier_id: pickup.id }, token)).body.psdata;
    expect(checkout.next_step).toBe('points');
    expect(checkout.steps.map((step: { step: string }) => step.step)).toContain('points');

    const points = (await call('getPudos', { query: 'milano' }, token)).body.psdata.points;
    expect(points.length).toBeGreaterThan(3);
    expect(points[0]).toMatchObject({ city: 'Milano', country: 'IT', opening_hours: expect.arrayContaining([expect.objectContaining({ days: expect.any(String) })]) });
    const distances = points.map((point: { distance_km: number }) => point.distance_km);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    expect((await call('getPudos', { query: '201' }, token)).body.psdata.points[0].city).toBe('Milano');
    expect((await call('getPudos', { query: 'Atlantis' }, token)).body.psdata.points).toEqual([]);
    const german = await guestWith(await product());
    await call('updateCheckoutAddress', { shipping: { address: { ...ADDRESSES.FR, country: 'DE', postcode: '80331', city: 'München' } } }, german);
    expect((await call('getPudos', { query: 'munchen' }, german)).body.psdata.points[0].city).toBe('München');
    const [parisPoint] = await query<{ id: number }>(sql`select id from pickup_points where country_iso = 'FR' limit 1`);
    const abroad = await call('updateCheckoutCarrier', { carrier_id: pickup.id, pickup_point_id: parisPoint!.id }, token);
    expect(abroad).toMatchObject({ status: 409, body: { code: 'pickup_point_unavailable' } });
    checkout = (await call('updateCheckoutCarrier', { carrier_id: pickup.id, pickup_point_id: points[0].id }, token)).body.psdata;
    expect(checkout).toMatchObject({ next_step: 'payment', pickup_point: { id: points[0].id }, carrier: { code: 'pickup', price: 390 } });

    const tooLong = await call('addOrEditDeliveryMessage', { message: 'x'.repeat(501) }, token);
    expect(tooLong).toMatchObject({ status: 400, body: { message: 'Failed to save delivery notes' } });
    const saved = await call('addOrEditDeliveryMessage', { message: 'Please ring twice' }, token);
    expect(saved).toMatchObject({ status: 200, body: { message: 'Delivery notes saved', psdata: { message: 'Please ring twice' } } });
    const read = await shop().app.inject({ method: 'GET', url: '/getDeliveryMessage', headers: shopperHeaders(token) });
    expect(read.json().psdata).toEqual({ message: 'Please ring twice' });

    expect((await call('getGateways', {}, token)).body.psdata.gateways).toEqual([{ name: 'card' }]);
    expect((await call('updateCheckoutPayment', { gateway: 'paypal' }, token)).body.code).toBe('gateway_unavailable');
    expect((await call('updateCheckoutPayment', { gateway: 'multisafepay' }, token)).body.code).toBe('gateway_unavailable');
    const dutch = await guestWith(await product());
    await call('updateCheckoutAddress', { shipping: { address: { ...ADDRESSES.FR, country: 'NL', postcode: '1012 AB', city: 'Amsterdam' } } }, dutch);
    expect((await call('getGateways', {}, dutch)).body.psdata.gateways).toEqual([{ name: 'card' }, { name: 'multisafepay' }]);
    checkout = (await call('updateCheckoutPayment', { gateway: 'card' }, token)).body.psdata;
    expect(checkout.next_step).toBe('review');
    // The total is the products plus the collection point's price, VAT of Italy included.
    expect(checkout.cart.totals.shipping).toBe(390);
    expect(checkout.cart.totals.total).toBe(checkout.cart.totals.products + 390);
  });

  it('has no checkout without a cart, and prices each carrier for the destination, collection points included', async () => {
    expect(await call('updateCheckoutEmail', { email: 'a@example.com' })).toMatchObject({ status: 409, body: { code: 'cart_empty' } });
    const token = await guestWith(await product());
    await call('updateCheckoutAddress', { shipping: { address: ADDRESSES.US } }, token);
    const carriers = (await call('getCarriers', {}, token)).body.psdata.carriers;
    expect(carriers.map((carrier: { code: string; price: number }) => [carrier.code, carrier.price])).toEqual([
      ['standard', 2490],
      ['express', 3990],
      ['pickup', 1990],
    ]);
    expect((await call('getPudos', { query: 'new york' }, token)).body.psdata.points.map((point: { country: string }) => point.country)).toEqual(['US', 'US']);
    // Points of another country are not offered for this address.
    expect((await call('getPudos', { query: 'Milano' }, token)).body.psdata.points).toEqual([]);
    const checkout = (await call('getCheckout', {}, token)).body.psdata;
    // VAT of the destination: none to the United States.
    expect(checkout.cart).toMatchObject({ country: 'US', totals: { tax: 0, vat_rate_bp: 0 } });
  });

  it('before an address, offers the carriers, prices and delivery times of the country the shopper chose', async () => {
    const token = await guestWith(await product({ maxPrice: 5_000 }));
    const carriersIn = async (country: string) =>
      (await callApi(shop().app, 'getCarriers', {}, { ...shopperHeaders(token), 'x-shop-country': country })).body.psdata.carriers as {
        code: string;
        regular_price: number;
        delivery_days: { min: number; max: number };
      }[];
    const [italy, us] = await Promise.all([carriersIn('IT'), carriersIn('US')]);
    const standard = (carriers: typeof italy) => carriers.find((carrier) => carrier.code === 'standard')!;
    expect([standard(italy).regular_price, standard(us).regular_price]).toEqual([690, 2490]);
    expect(standard(us).delivery_days.max).toBeGreaterThan(standard(italy).delivery_days.max);
  });

  it('keeps a draft of what was typed until the address is saved; the carriers and points follow its country', async () => {
    const token = await guestWith(await product({ maxPrice: 5_000 }));
    const standardPrice = async () =>
      ((await call('getCarriers', {}, token)).body.psdata.carriers as { code: string; price: number }[]).find((carrier) => carrier.code === 'standard')!.price;
    expect(await standardPrice()).toBe(690);
    // Half typed: only its bounds are checked; keys it does not know are dropped.
    const draft = { email: 'half@exa', shipping_id: 'new', shipping: { first_name: 'Ada', postcode: '7', country: 'US' }, billing_same: true, carrier_id: 2 };
    const saved = await call('saveCheckoutDraft', { draft: { ...draft, surprise: 'x' } }, token);
    expect(saved).toMatchObject({ status: 200, body: { psdata: { draft } } });
    expect((await call('getCheckout', {}, token)).body.psdata).toMatchObject({ draft, shipping_address: null, next_step: 'account' });
    expect(await standardPrice()).toBe(2490);
    expect((await call('getPudos', { query: 'new york' }, token)).body.psdata.points.length).toBeGreaterThan(0);
    // Beyond its bounds, refused; a draft without a cart has nothing to go with.
    const tooLong = await call('saveCheckoutDraft', { draft: { shipping: { city: 'x'.repeat(257) } } }, token);
    expect(tooLong).toMatchObject({ status: 400, body: { code: 'bad_request' } });
    expect(await call('saveCheckoutDraft', { draft })).toMatchObject({ status: 409, body: { code: 'cart_empty' } });
    // Saving the address ends the draft: the address's country counts again.
    await call('updateCheckoutAddress', { shipping: { address: ADDRESSES.FR } }, token);
    const checkout = (await call('getCheckout', {}, token)).body.psdata;
    expect(checkout.draft).toBeNull();
    expect(checkout.shipping_address.country).toBe('FR');
  });

  it('ships standard and collection points free to Italy from 100 EUR of the one brand, never express', async () => {
    const token = await guestWith(await product({ brand: 2, minPrice: 8300, maxPrice: 12_000 }), 1);
    await call('updateCheckoutAddress', { shipping: { address: ADDRESSES.IT } }, token);
    const byCode = async () =>
      Object.fromEntries(((await call('getCarriers', {}, token)).body.psdata.carriers as { code: string; price: number }[]).map((carrier) => [carrier.code, carrier.price]));
    expect(await byCode()).toEqual({ standard: 0, express: 1290, pickup: 0 });
    const other = await guestWith(await product({ brand: 1, minPrice: 8300, maxPrice: 12_000 }), 1);
    await call('updateCheckoutAddress', { shipping: { address: ADDRESSES.IT } }, other);
    const otherPrices = Object.fromEntries(((await call('getCarriers', {}, other)).body.psdata.carriers as { code: string; price: number }[]).map((c) => [c.code, c.price]));
    expect(otherPrices.standard).toBe(690);
  });

  describe('invoices', () => {
    const withInvoice = (token: string, billing: object, invoice: object) =>
      call('updateCheckoutAddress', { shipping: { address: ADDRESSES.IT }, billing: { address: billing }, invoice: { requested: true, ...invoice } }, token);

    it('issues an Italian invoice with a partita IVA or a codice fiscale, and a PEC or an SDI code', async () => {
      const token = await guestWith(await product());
      viesAnswer = 'valid';
      const company = await withInvoice(token, ADDRESSES.IT, { vat_number: 'IT00743110157', sdi: 'abc1234' });
      expect(company.body.psdata.invoice).toEqual({ requested: true, vat_number: '00743110157', fiscal_code: '', pec: '', sdi: 'ABC1234', issued: true, vat_check: 'verified' });
      const person = await withInvoice(token, ADDRESSES.IT, { fiscal_code: 'rccmnl83s18d969h', pec: 'giulia@pec.example.it' });
      expect(person.body.psdata.invoice).toMatchObject({ fiscal_code: 'RCCMNL83S18D969H', issued: true, vat_check: 'none' });

      const badChecksum = await withInvoice(token, ADDRESSES.IT, { vat_number: '00743110158', sdi: 'ABC1234' });
      expect(badChecksum).toMatchObject({ status: 400, body: { code: 'vat_number_invalid', psdata: { errors: { 'invoice.vat_number': ['This VAT number is not valid'] } } } });
      const badFiscalCode = await withInvoice(token, ADDRESSES.IT, { fiscal_code: 'RCCMNL83S18D969X', sdi: 'ABC1234' });
      expect(badFiscalCode).toMatchObject({ status: 400, body: { code: 'fiscal_code_invalid', psdata: { errors: { 'invoice.fiscal_code': ['This fiscal code is not valid'] } } } });
      expect(Object.keys(badFiscalCode.body.psdata.errors)).toEqual(['invoice.fiscal_code']);
      // A company's codice fiscale is its 11-digit partita IVA, checked by the same checksum.
      const companyFiscalCode = await withInvoice(token, ADDRESSES.IT, { fiscal_code: '00743110157', sdi: 'ABC1234' });
      expect(companyFiscalCode.body.psdata.invoice).toMatchObject({ vat_number: '', fiscal_code: '00743110157', issued: true });
      const badCompanyFiscalCode = await withInvoice(token, ADDRESSES.IT, { vat_number: 'IT00743110157', fiscal_code: '00743110158', sdi: 'ABC1234' });
      expect(badCompanyFiscalCode).toMatchObject({ status: 400, body: { code: 'fiscal_code_invalid', psdata: { errors: { 'invoice.fiscal_code': ['This fiscal code is not valid'] } } } });
      const noChannel = await withInvoice(token, ADDRESSES.IT, { vat_number: '00743110157' });
      expect(noChannel).toMatchObject({ status: 400, body: { code: 'invoice_incomplete', psdata: { errors: { 'invoice.sdi': [expect.any(String)] } } } });
      const shortSdi = await withInvoice(token, ADDRESSES.IT, { vat_number: '00743110157', sdi: 'AB12' });
      expect(Object.keys(shortSdi.body.psdata.errors)).toEqual(['invoice.sdi']);
      const nothing = await withInvoice(token, ADDRESSES.IT, { pec: 'a@pec.it' });
      expect(nothing.body.code).toBe('invoice_incomplete');
    });

    it('checks an EU VAT number by its checksum and by VIES; VIES down lets the order go on, unverified', async () => {
      const token = await guestWith(await product());
      viesAnswer = 'valid';
      expect((await withInvoice(token, ADDRESSES.FR, { vat_number: 'FR40303265045' })).body.psdata.invoice).toMatchObject({ vat_number: '40303265045', issued: true, vat_check: 'verified' });
      viesAnswer = 'down';
      expect((await withInvoice(token, ADDRESSES.FR, { vat_number: 'FR 40 303 265 045' })).body.psdata.invoice).toMatchObject({ issued: true, vat_check: 'unverified' });
      viesAnswer = 'invalid';
      expect(await withInvoice(token, ADDRESSES.FR, { vat_number: 'FR40303265045' })).toMatchObject({ status: 400, body: { code: 'vat_number_invalid' } });
      expect((await withInvoice(token, ADDRESSES.FR, { vat_number: 'FR40303265046' })).body.code).toBe('vat_number_invalid');
      // Without a number there is no invoice, and the checkout says so.
      expect((await withInvoice(token, ADDRESSES.FR, {})).body.psdata.invoice).toMatchObject({ requested: true, issued: false, vat_check: 'none' });
    });
  });

  describe('placing the order', () => {
    it('writes the order in one go: re-priced, stock taken, codes used, cart emptied; a double submit makes one order', async () => {
      const item = await product({ stock: 5 });
      const token = await guestWith(item, 2);
      expect((await call('addOrRemoveCoupon', { code: 'WELCOME10', action: 'add' }, token)).status).toBe(200);
      const incomplete = await place(token);
      expect(incomplete).toMatchObject({ status: 409, body: { code: 'checkout_incomplete', psdata: { step: 'account' } } });
      const email = await fillCheckout(token);
      await call('addOrEditDeliveryMessage', { message: 'Leave it with the porter' }, token);
      const before = (await call('getCheckout', {}, token)).body.psdata;
      const unaccepted = await call('createOrder', { idempotency_key: 'k'.repeat(20), accept_terms: true, accept_privacy: false }, token);
      expect(unaccepted.status).toBe(400);
      expect(Object.keys(unaccepted.body.psdata.errors)).toEqual(['accept_privacy']);

      const key = randomBytes(12).toString('base64url');
      const answers = await Promise.all([place(token, key), place(token, key), place(token, key)]);
      expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
      const references = new Set(answers.map((answer) => answer.body.psdata.order.reference));
      expect(references.size).toBe(1);
      const { order, access_token: accessToken } = answers[0]!.body.psdata;
      expect(order).toMatchObject({
        status: 'awaiting_payment',
        email,
        total: before.cart.totals.total,
        discounts: before.cart.totals.discounts,
        tax: before.cart.totals.tax,
        delivery_message: 'Leave it with the porter',
        coupons: [{ code: 'WELCOME10' }],
        carrier: { name: 'Standard delivery', kind: 'home' },
        lines: [{ quantity: 2, on_demand: null, cancellable: true }],
        payable: true,
      });
      expect(accessToken).toMatch(/^[A-Za-z0-9_-]{20,}$/);
      const [stock] = await query<{ quantity: number }>(sql`select quantity from combinations where id = ${item.combination_id}`);
      expect(stock!.quantity).toBe(3);
      const [uses] = await query<{ count: number }>(sql`select count(*)::int as count from cart_rule_uses u join orders o on o.id = u.order_id where o.reference = ${order.reference}`);
      expect(uses!.count).toBe(1);
      expect((await call('getCartItems', {}, token)).body.psdata.lines).toEqual([]);
      const orders = await query<{ count: number }>(sql`select count(*)::int as count from orders where email = ${email}`);
      expect(orders[0]!.count).toBe(1);

      // The order is the guest session's, or anyone's with its token; nobody else's.
      expect((await call('getOrder', { reference: order.reference }, token)).status).toBe(200);
      const stranger = await guestWith(await product());
      expect((await call('getOrder', { reference: order.reference }, stranger)).status).toBe(404);
      expect((await call('getOrder', { reference: order.reference, token: accessToken }, stranger)).status).toBe(200);
      expect((await call('getOrder', { reference: order.reference, token: accessToken.slice(1) + 'A' }, stranger)).status).toBe(404);
      // The key is this shopper's: someone else sending it gets no order of theirs.
      await fillCheckout(stranger);
      expect(await place(stranger, key)).toMatchObject({ status: 409, body: { code: 'idempotency_conflict' } });
    });

    it("checks every code again: a guest cannot use a once-per-customer code with a customer's address", async () => {
      const token = await guestWith(await product());
      expect((await call('addOrRemoveCoupon', { code: 'ONCE5', action: 'add' }, token)).status).toBe(200);
      await fillCheckout(token, { email: 'demo@example.com' });
      expect(await place(token)).toMatchObject({ status: 409, body: { code: 'coupon_invalid', psdata: { code: 'ONCE5', problem: 'coupon_already_used' } } });
      // Nothing was written or taken.
      expect((await call('getCartItems', {}, token)).body.psdata.lines).toHaveLength(1);
    });

    it('refuses units another order took meanwhile, and keeps the cart', async () => {
      const item = await product({ stock: 1 });
      const first = await guestWith(item);
      // The second cart's line is not held (the first holds the unit): the first order takes it.
      await shop().handle.db.execute(sql`update combinations set quantity = 2 where id = ${item.combination_id}`);
      const second = await guestWith(item);
      await shop().handle.db.execute(sql`update cart_lines set reserved_until = now() - interval '1 second' where combination_id = ${item.combination_id}`);
      await shop().handle.db.execute(sql`update combinations set quantity = 1 where id = ${item.combination_id}`);
      await fillCheckout(first);
      await fillCheckout(second);
      expect((await place(first)).status).toBe(200);
      expect(await place(second)).toMatchObject({ status: 409, body: { code: 'out_of_stock', psdata: { combination_id: item.combination_id, available: 0 } } });
      expect((await call('getCartItems', {}, second)).body.psdata.lines).toHaveLength(1);
    });

    it('cancels an order left unpaid past its time and puts its stock back on sale', async () => {
      const item = await product({ stock: 4 });
      const token = await guestWith(item, 3);
      await fillCheckout(token);
      const { order } = (await place(token)).body.psdata;
      expect((await query<{ quantity: number }>(sql`select quantity from combinations where id = ${item.combination_id}`))[0]!.quantity).toBe(1);
      expect(await releaseUnpaidOrders(shop().payments)).toBe(0);
      await shop().handle.db.execute(sql`update orders set pay_by = now() - interval '1 second' where reference = ${order.reference}`);
      expect(await releaseUnpaidOrders(shop().payments)).toBe(1);
      expect(await releaseUnpaidOrders(shop().payments)).toBe(0);
      expect((await query<{ quantity: number }>(sql`select quantity from combinations where id = ${item.combination_id}`))[0]!.quantity).toBe(4);
      expect((await call('getOrder', { reference: order.reference }, token)).body.psdata).toMatchObject({ status: 'cancelled', payable: false });
      expect((await call('updateOrder', { reference: order.reference, gateway: 'card' }, token)).body.code).toBe('order_not_payable');
    });

    it('says which unpaid order holds the items, and puts it back into the cart when the shopper would rather change it', async () => {
      const item = await product({ stock: 5 });
      const token = await guestWith(item, 2);
      await call('addOrRemoveCoupon', { code: 'WELCOME10', action: 'add' }, token);
      await fillCheckout(token);
      const { order } = (await place(token)).body.psdata;
      // The cart is empty and says where its items are: in this order, waiting for its payment (to this session only).
      expect((await call('getPayableOrder', {}, token)).body.psdata.order).toMatchObject({ reference: order.reference, item_count: 2, total: order.total });
      const stranger = await guestWith(await product());
      expect((await call('getPayableOrder', {}, stranger)).body.psdata.order).toBeNull();
      expect((await call('getPayableOrder', {})).body.psdata.order).toBeNull();
      const back = await call('returnOrderToCart', { reference: order.reference }, token);
      expect(back.status).toBe(200);
      expect((await call('getPayableOrder', {}, token)).body.psdata.order).toBeNull();
      expect(back.body.psdata.lines).toMatchObject([{ combination_id: item.combination_id, quantity: 2 }]);
      expect(back.body.psdata.coupons.map((coupon: { code: string }) => coupon.code)).toEqual(['WELCOME10']);
      expect((await call('getOrder', { reference: order.reference }, token)).body.psdata.status).toBe('cancelled');
      expect((await query<{ quantity: number }>(sql`select quantity from combinations where id = ${item.combination_id}`))[0]!.quantity).toBe(5);
      expect((await query<{ count: number }>(sql`select count(*)::int as count from cart_rule_uses u join orders o on o.id = u.order_id where o.reference = ${order.reference}`))[0]!.count).toBe(0);
      expect(await call('returnOrderToCart', { reference: order.reference }, token)).toMatchObject({ status: 409, body: { code: 'order_not_payable' } });
      expect((await call('returnOrderToCart', { reference: order.reference }, stranger)).status).toBe(404);
    });

    it('puts an order back into the cart once, however many times it is asked at once', async () => {
      const item = await product({ stock: 5 });
      const token = await guestWith(item, 2);
      await fillCheckout(token);
      const { order } = (await place(token)).body.psdata;
      const answers = await Promise.all(Array.from({ length: 4 }, () => call('returnOrderToCart', { reference: order.reference }, token)));
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409, 409]);
      expect((await call('getCartItems', {}, token)).body.psdata.lines).toMatchObject([{ combination_id: item.combination_id, quantity: 2 }]);
      expect((await query<{ quantity: number }>(sql`select quantity from combinations where id = ${item.combination_id}`))[0]!.quantity).toBe(5);
    });

    describe('codes of unpaid orders', () => {
      let made = 0;
      /** A new code that takes 5% off, usable `limit` times in all. */
      async function limitedCode(limit: number) {
        const code = `LAST${driver.slice(0, 2).toUpperCase()}${++made}`;
        await shop().handle.db.execute(sql`insert into cart_rules (code, names, reduction_percent, total_uses_limit) values (${code}, ${{ en: 'Last one' }}, 5, ${limit})`);
        return code;
      }
      const addCode = (code: string, token: string) => call('addOrRemoveCoupon', { code, action: 'add' }, token);
      const expire = (reference: string) => shop().handle.db.execute(sql`update orders set pay_by = now() - interval '1 second' where reference = ${reference}`);

      it('gives a limited code back when the unpaid order that used it expires, or goes back to the cart', async () => {
        const code = await limitedCode(1);
        const first = await guestWith(await product());
        expect((await addCode(code, first)).status).toBe(200);
        await fillCheckout(first);
        const { order } = (await place(first)).body.psdata;
        const second = await guestWith(await product());
        expect(await addCode(code, second)).toMatchObject({ status: 409, body: { code: 'coupon_already_used' } });

        // Past its time to pay, the order's use no longer counts; the release gives it back for good.
        await expire(order.reference);
        expect((await addCode(code, second)).status).toBe(200);
        expect(await releaseUnpaidOrders(shop().payments)).toBe(1);
        expect((await query<{ count: number }>(sql`select count(*)::int as count from cart_rule_uses u join orders o on o.id = u.order_id where o.reference = ${order.reference}`))[0]!.count).toBe(0);
        await fillCheckout(second);
        const placed = (await place(second)).body.psdata;
        expect(placed.order.coupons).toMatchObject([{ code }]);
        const third = await guestWith(await product());
        expect(await addCode(code, third)).toMatchObject({ status: 409, body: { code: 'coupon_already_used' } });

        // The second shopper would rather change their order: the code is theirs again, and anyone's who pays first.
        expect((await call('returnOrderToCart', { reference: placed.order.reference }, second)).body.psdata.coupons).toMatchObject([{ code }]);
        expect((await addCode(code, third)).status).toBe(200);
      });

      it("gives a once-per-customer code typed with a stranger's email back to the stranger when the unpaid order expires", async () => {
        const stranger = await registerCustomer(shop().app);
        const intruder = await guestWith(await product());
        expect((await addCode('ONCE5', intruder)).status).toBe(200);
        await fillCheckout(intruder, { email: stranger.email });
        const { order } = (await place(intruder)).body.psdata;

        expect((await call('createCartItem', { ...(await product()), quantity: 1 }, stranger.token)).status).toBe(200);
        expect((await addCode('ONCE5', stranger.token)).status).toBe(200);
        await fillCheckout(stranger.token, { email: stranger.email });
        expect(await place(stranger.token)).toMatchObject({ status: 409, body: { code: 'coupon_invalid', psdata: { code: 'ONCE5', problem: 'coupon_already_used' } } });
        await expire(order.reference);
        expect(await releaseUnpaidOrders(shop().payments)).toBe(1);
        const placed = await place(stranger.token);
        expect(placed.status).toBe(200);
        expect(placed.body.psdata.order.coupons).toMatchObject([{ code: 'ONCE5' }]);
      });

      it('gives the last use of a code to exactly one of the orders placed with it at the same time', async () => {
        const code = await limitedCode(2);
        const used = await guestWith(await product());
        await addCode(code, used);
        await fillCheckout(used);
        expect((await place(used)).status).toBe(200);
        const tokens: string[] = [];
        for (let buyer = 0; buyer < 6; buyer++) {
          const token = await guestWith(await product(), 1, `198.18.7.${buyer + 1}`);
          expect((await addCode(code, token)).status).toBe(200);
          await fillCheckout(token);
          tokens.push(token);
        }
        // On PostgreSQL these run on separate connections, at the same time.
        const answers = await Promise.all(tokens.map((token) => place(token)));
        expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
        expect(answers.filter((answer) => answer.status !== 200).map((answer) => answer.body.code)).toEqual(Array(5).fill('coupon_invalid'));
        const [uses] = await query<{ count: number }>(sql`select count(*)::int as count from cart_rule_uses u join cart_rules r on r.id = u.rule_id where r.code = ${code}`);
        expect(uses!.count).toBe(2);
      });
    });

    it('places a customer order with a saved address, keeps what they typed in their address book, and lists it', async () => {
      const customer = await registerCustomer(shop().app);
      await call('createCartItem', { ...(await product()), quantity: 1 }, customer.token);
      const saved = await call('updateCheckoutAddress', { shipping: { address: ADDRESSES.FR, save: true } }, customer.token);
      expect(saved.body.psdata).toMatchObject({ email: customer.email, signed_in: true, next_step: 'delivery' });
      const book = (await call('getAddresses', {}, customer.token)).body.psdata.addresses;
      expect(book).toHaveLength(1);
      const byId = await call('updateCheckoutAddress', { shipping: { address_id: book[0].id } }, customer.token);
      expect(byId.body.psdata.shipping_address).toMatchObject({ city: 'Paris', country: 'FR' });
      const carriers = (await call('getCarriers', {}, customer.token)).body.psdata.carriers;
      await call('updateCheckoutCarrier', { carrier_id: carriers[0].id }, customer.token);
      await call('updateCheckoutPayment', { gateway: 'card' }, customer.token);
      const placed = await place(customer.token);
      expect(placed.body.psdata).toMatchObject({ access_token: null, order: { email: customer.email } });
      const list = (await call('getOrders', {}, customer.token)).body.psdata.orders;
      expect(list.map((order: { reference: string }) => order.reference)).toEqual([placed.body.psdata.order.reference]);
    });

    it('remembers the payment method of a customer’s latest order while it is offered; a guest has none', async () => {
      const customer = await registerCustomer(shop().app);
      const dutch = { ...ADDRESSES.FR, country: 'NL', postcode: '1012 AB', city: 'Amsterdam' };
      const toTheNetherlands = async () => {
        await call('createCartItem', { ...(await product()), quantity: 1 }, customer.token);
        expect((await call('updateCheckoutAddress', { shipping: { address: dutch } }, customer.token)).status).toBe(200);
      };
      await toTheNetherlands();
      expect((await call('getGateways', {}, customer.token)).body.psdata).toEqual({ gateways: [{ name: 'card' }, { name: 'multisafepay' }], remembered: null });
      const carriers = (await call('getCarriers', {}, customer.token)).body.psdata.carriers;
      await call('updateCheckoutCarrier', { carrier_id: carriers[0].id }, customer.token);
      expect((await call('updateCheckoutPayment', { gateway: 'multisafepay' }, customer.token)).status).toBe(200);
      expect((await place(customer.token)).status).toBe(200);

      await toTheNetherlands();
      expect((await call('getGateways', {}, customer.token)).body.psdata).toEqual({ gateways: [{ name: 'card' }, { name: 'multisafepay' }], remembered: 'multisafepay' });
      // Delivered to Italy, where that method is not offered, nothing is remembered.
      await call('updateCheckoutAddress', { shipping: { address: ADDRESSES.IT } }, customer.token);
      expect((await call('getGateways', {}, customer.token)).body.psdata).toEqual({ gateways: [{ name: 'card' }], remembered: null });
      const guest = await guestWith(await product());
      expect((await call('getGateways', {}, guest)).body.psdata.remembered).toBeNull();
    });
  });
});

describe.each(DRIVERS)('many buyers at once on %s', (driver) => {
  const shop = useTestShop(driver);
  const call = (name: string, payload: unknown = {}, token?: string, clientIp?: string) => callApi(shop().app, name, payload, shopperHeaders(token, clientIp));
  // PostgreSQL runs them on separate connections; the embedded database takes them in turn.
  const BUYERS = driver === 'postgres' ? 200 : 30;
  const UNITS = 10;

  it(`sells ${UNITS} units to exactly ${UNITS} of ${BUYERS} buyers placing their orders at the same time`, { timeout: 240_000 }, async () => {
    const [item] = await selectRows<{ product_id: number; combination_id: number }>(
      shop().handle.db,
      sql`select c.product_id, c.id as combination_id from combinations c join products p on p.id = c.product_id
        where p.is_active and p.out_of_stock_policy = 'deny' and p.minimal_quantity = 1 order by c.id limit 1`,
    );
    // Everyone gets the product into their cart while there is plenty; then only ten are left, and no cart holds any.
    await shop().handle.db.execute(sql`update combinations set quantity = 100000 where id = ${item!.combination_id}`);
    const tokens: string[] = [];
    // Each buyer from an address of their own (one client's calls beyond its fair share would wait or be refused).
    const clientIp = (buyer: number) => `198.18.${Math.floor(buyer / 250)}.${(buyer % 250) + 1}`;
    for (let buyer = 0; buyer < BUYERS; buyer++) {
      const added = await call('createCartItem', { ...item, quantity: 1 }, undefined, clientIp(buyer));
      const token = added.body.psdata.session.token as string;
      await call('updateCheckoutEmail', { email: `buyer${buyer}@example.com` }, token);
      await call('updateCheckoutAddress', { shipping: { address: ADDRESSES.IT } }, token);
      await call('updateCheckoutCarrier', { carrier_id: 1 }, token);
      await call('updateCheckoutPayment', { gateway: 'card' }, token);
      tokens.push(token);
    }
    await shop().handle.db.execute(sql`update cart_lines set reserved_until = now() - interval '1 second' where combination_id = ${item!.combination_id}`);
    await shop().handle.db.execute(sql`update combinations set quantity = ${UNITS} where id = ${item!.combination_id}`);

    const answers = await Promise.all(
      tokens.map((token, buyer) =>
        call('createOrder', { idempotency_key: `race-${driver}-${buyer}-${'x'.repeat(12)}`, accept_terms: true, accept_privacy: true }, token, clientIp(buyer)),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(UNITS);
    expect(statuses.filter((status) => status === 409)).toHaveLength(BUYERS - UNITS);
    expect(answers.filter((answer) => answer.status === 409).every((answer) => answer.body.code === 'out_of_stock')).toBe(true);
    const [left] = await selectRows<{ quantity: number; sold: number }>(
      shop().handle.db,
      sql`select c.quantity, (select coalesce(sum(l.quantity), 0)::int from order_lines l join orders o on o.id = l.order_id
        where l.combination_id = c.id and o.email like 'buyer%') as sold from combinations c where c.id = ${item!.combination_id}`,
    );
    expect(left).toEqual({ quantity: 0, sold: UNITS });
  });
});

