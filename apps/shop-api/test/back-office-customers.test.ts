import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { selectRows } from '../src/db/raw.ts';
import { callApi, DRIVERS, registerCustomer, shopperHeaders, STRONG_PASSWORD, useTestShop, type TestShop } from './databases.ts';
import { placeGuestOrder } from './guest-order.ts';
import { adminCall, staffSession } from './staff.ts';

const HOME = { alias: 'Home', first_name: 'Ada', last_name: 'Lovelace', address1: '12 St James Square', city: 'London', country: 'GB', postcode: 'SW1Y 4JH', phone: '+44 20 7946 0000' };

/** Test rows of the shop: an order of `status` for a customer (or a guest's address), with one line of the product. */
async function insertOrder(shop: TestShop, { customerId, email, status = 'payment_accepted', productId, total = 1000 }: { customerId: number | null; email: string; status?: string; productId?: number; total?: number }) {
  const reference = `T${randomBytes(5).toString('hex').toUpperCase()}`;
  const [order] = await selectRows<{ id: number }>(
    shop.handle.db,
    sql`insert into orders (reference, customer_id, email, status, items_cents, shipping_cents, tax_cents, total_cents, country_iso, shipping_address, billing_address, delivery_message, invoice)
      values (${reference}, ${customerId}, ${email}, ${status}, ${total}, 0, 180, ${total}, 'IT',
        ${JSON.stringify({ first_name: 'Ada', last_name: 'Lovelace', address1: 'Via Roma 1', city: 'Milano', country: 'IT', phone: '+39 02 1' })}::jsonb,
        ${JSON.stringify({ first_name: 'Ada', last_name: 'Lovelace', address1: 'Via Roma 1', city: 'Milano', country: 'IT' })}::jsonb,
        'Ring twice', ${JSON.stringify({ codice_fiscale: 'LVLDAA15T50Z114X' })}::jsonb)
      returning id`,
  );
  if (productId) {
    await shop.handle.db.execute(sql`insert into order_lines (order_id, product_id, product_name, quantity, unit_price_cents, total_cents)
      values (${order!.id}, ${productId}, 'A product', 1, ${total}, ${total})`);
  }
  return { id: order!.id, reference };
}

describe.each(DRIVERS)('customers, their data and reviews in the back office on %s', (driver) => {
  const shop = useTestShop(driver);
  const query = <T>(statement: ReturnType<typeof sql>) => selectRows<T>(shop().handle.db, statement);
  let clients = 0;
  const call = (name: string, payload: unknown = {}, token?: string) => callApi(shop().app, name, payload, shopperHeaders(token, `203.0.113.${(++clients % 250) + 1}`));

  /** Products nobody reviewed yet, one per call. */
  let taken = 0;
  async function freshProduct(): Promise<number> {
    const rows = await query<{ id: number }>(sql`select p.id from products p where p.is_active
      and not exists (select 1 from product_reviews r where r.product_id = p.id) order by p.id desc`);
    return rows[taken++ * 5]!.id;
  }

  /** A customer who bought the product and reviewed it (4 stars), with a photo on the review. */
  async function reviewer(productId: number, fields: Record<string, unknown> = {}) {
    const customer = await registerCustomer(shop().app, { first_name: 'Marie', last_name: 'Curie', ...fields });
    await insertOrder(shop(), { customerId: customer.customer.id, email: customer.email, productId });
    const created = await call('createProductReview', { productId, review: { title: 'Lovely wool', content: 'Warm and well cut, true to size.', rating: 4 } }, customer.token);
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    await shop().handle.db.execute(sql`insert into review_photos (upload_id, customer_id, product_id, review_id, size, received, picture, width, height)
      values (${randomBytes(8).toString('hex')}, ${customer.customer.id}, ${productId}, ${created.body.psdata.id}, 3, 3, ${Buffer.from('abc')}, 1, 1)`);
    return { ...customer, reviewId: created.body.psdata.id as number };
  }

  const shownReviews = async (productId: number) => (await call('getProductReviews', { productId, languages: 'all' })).body.psdata as { stats: { count: number; average: number | null }; reviews: { id: number }[] };
  const auditOf = (action: string) => query<{ actor: string; target_type: string; target_id: string; before: any; after: any }>(sql`select actor, target_type, target_id, before, after from audit_log where action = ${action} order by id desc`);

  it('finds customers by name or address, shows one with addresses, orders and newsletter consent, and a guest’s orders by address', async () => {
    const service = (await staffSession(shop(), 'customer_service')).headers;
    const customer = await registerCustomer(shop().app, { first_name: 'Grace', last_name: `Hopper${randomBytes(2).toString('hex')}`, newsletter: true });
    expect((await call('createAddress', { address: HOME }, customer.token)).status).toBe(200);
    const order = await insertOrder(shop(), { customerId: customer.customer.id, email: customer.email });

    for (const search of [customer.customer.last_name.toUpperCase(), customer.email.slice(0, 12), `grace ${customer.customer.last_name}`]) {
      const found = await adminCall(shop().app, 'listCustomers', { query: search }, service);
      expect(found.body.psdata.customers.map((row: { email: string }) => row.email), search).toContain(customer.email);
    }
    expect((await adminCall(shop().app, 'listCustomers', { query: '%_' }, service)).body.psdata.total).toBe(0);

    const detail = await adminCall(shop().app, 'getCustomerDetail', { id: customer.customer.id }, service);
    expect(detail.status).toBe(200);
    expect(detail.body.psdata.customer).toMatchObject({ email: customer.email, order_count: 1, newsletter: true, erasure_requested_at: null });
    expect(Date.now() - Date.parse(detail.body.psdata.customer.newsletter_consent_at)).toBeLessThan(60_000);
    expect(detail.body.psdata.addresses).toEqual([expect.objectContaining({ alias: 'Home', city: 'London', postcode: 'SW1Y 4JH' })]);
    expect(detail.body.psdata.orders.map((row: { reference: string }) => row.reference)).toEqual([order.reference]);
    expect((await adminCall(shop().app, 'getCustomerDetail', { id: 2_000_000_000 }, service)).status).toBe(404);

    // Saying no to the newsletter forgets the consent's date.
    const { customer: fields } = customer;
    expect((await call('updateCustomer', { first_name: fields.first_name, last_name: fields.last_name, email: fields.email, newsletter: false, newsletter_interests: [] }, customer.token)).status).toBe(200);
    expect((await adminCall(shop().app, 'getCustomerDetail', { id: customer.customer.id }, service)).body.psdata.customer).toMatchObject({ newsletter: false, newsletter_consent_at: null });

    const guest = await placeGuestOrder(shop(), 'card');
    const guestOrders = await adminCall(shop().app, 'listGuestOrders', { email: guest.email.toUpperCase() }, service);
    expect(guestOrders.body.psdata).toMatchObject({ total: 1, orders: [{ reference: guest.order.reference, email: guest.email }] });
    expect((await adminCall(shop().app, 'listGuestOrders', { email: 'not-an-address' }, service)).status).toBe(400);
  });

  it('lists the newsletter’s subscribers with their consent date, page after page, and audits their export', async () => {
    const manager = (await staffSession(shop(), 'manager')).headers;
    const subscriber = await registerCustomer(shop().app, { newsletter: true });
    const other = await registerCustomer(shop().app, { newsletter: false });
    const everyone: { email: string; consent_at: string | null }[] = [];
    let after = 0;
    for (;;) {
      const page = (await adminCall(shop().app, 'listSubscribers', { after }, manager)).body.psdata;
      everyone.push(...page.subscribers);
      if (page.next === null) {
        expect(everyone).toHaveLength(page.total);
        break;
      }
      after = page.next;
    }
    expect(everyone.find((row) => row.email === subscriber.email)?.consent_at).toEqual(expect.any(String));
    expect(everyone.some((row) => row.email === other.email)).toBe(false);
    const recorded = await adminCall(shop().app, 'recordSubscribersExport', {}, manager);
    expect(recorded.body.psdata.total).toBe(everyone.length);
    expect((await auditOf('subscribers.exported'))[0]).toMatchObject({ target_type: 'newsletter', after: { total: everyone.length } });
  });

  it('exports everything about a person to them and to the back office (audited), and nothing of anyone else', async () => {
    const service = (await staffSession(shop(), 'customer_service')).headers;
    const productId = await freshProduct();
    const customer = await reviewer(productId, { newsletter: true });
    expect((await call('createAddress', { address: HOME }, customer.token)).status).toBe(200);
    expect((await call('createWishlistItem', { product_id: productId }, customer.token)).status).toBe(200);
    const guestOrder = await insertOrder(shop(), { customerId: null, email: customer.email.toUpperCase() });
    const stranger = await registerCustomer(shop().app);

    const own = await call('exportMyData', {}, customer.token);
    expect(own.status).toBe(200);
    const data = own.body.psdata;
    expect(data.email).toBe(customer.email);
    expect(data.account).toMatchObject({ id: customer.customer.id, email: customer.email, first_name: 'Marie' });
    expect(data.account).not.toHaveProperty('password_hash');
    expect(data.consents).toMatchObject({ newsletter: true, newsletter_consent_at: expect.any(String) });
    expect(data.addresses).toEqual([expect.objectContaining({ alias: 'Home', address1: '12 St James Square' })]);
    // The account's order and the one placed as a guest with the same address, with their lines.
    expect(data.orders).toHaveLength(2);
    expect(data.orders.map((order: { reference: string }) => order.reference)).toContain(guestOrder.reference);
    expect(data.orders.find((order: { lines: unknown[] }) => order.lines.length === 1).lines[0]).toMatchObject({ product: 'A product', quantity: 1 });
    expect(data.reviews).toEqual([expect.objectContaining({ id: customer.reviewId, product_id: productId, rating: 4, photos: 1, status: 'published' })]);
    expect(data.wishlist).toEqual([expect.objectContaining({ product_id: productId })]);
    expect(JSON.stringify(data)).not.toContain(stranger.email);
    expect((await call('exportMyData', {})).status).toBe(401);

    const exported = await adminCall(shop().app, 'exportPersonalData', { email: customer.email }, service);
    expect(exported.body.psdata.orders).toHaveLength(2);
    expect((await auditOf('person.exported'))[0]).toMatchObject({ target_type: 'customer', target_id: String(customer.customer.id), after: { orders: 2, reviews: 1, addresses: 1 } });
    expect((await adminCall(shop().app, 'exportPersonalData', { email: 'nobody.here@example.com' }, service)).status).toBe(404);
  });

  it('erases a person on request: account, sessions, addresses, wishlist, reviews and photos go, orders stay without personal data, audited', async () => {
    const service = (await staffSession(shop(), 'customer_service')).headers;
    const productId = await freshProduct();
    const kept = await reviewer(productId);
    const customer = await reviewer(productId);
    expect((await call('createAddress', { address: HOME }, customer.token)).status).toBe(200);
    expect((await call('createWishlistItem', { product_id: productId }, customer.token)).status).toBe(200);
    const guestOrder = await insertOrder(shop(), { customerId: null, email: customer.email });
    expect((await shownReviews(productId)).stats.count).toBe(2);

    // The customer asks from their account; the back office sees the request.
    const asked = await call('requestDataErasure', {}, customer.token);
    expect(asked.status).toBe(200);
    expect((await call('requestDataErasure', {}, customer.token)).body.psdata.requested_at).toBe(asked.body.psdata.requested_at);
    expect((await call('getCustomer', {}, customer.token)).body.psdata.erasure_requested_at).toBe(asked.body.psdata.requested_at);
    const requests = await adminCall(shop().app, 'listCustomers', { erasure_requested: true }, service);
    expect(requests.body.psdata.customers.map((row: { email: string }) => row.email)).toContain(customer.email);
    expect((await adminCall(shop().app, 'getDashboard', {}, service)).body.psdata.erasure_requests).toBeGreaterThanOrEqual(1);

    // The address typed again must match.
    const mistyped = await adminCall(shop().app, 'eraseCustomer', { email: customer.email, confirm_email: kept.email, reason: 'Asked from the account' }, service);
    expect(mistyped.status).toBe(400);
    expect((await call('getCustomer', {}, customer.token)).status).toBe(200);

    const erased = await adminCall(shop().app, 'eraseCustomer', { email: customer.email, confirm_email: customer.email.toUpperCase(), reason: 'Asked from the account' }, service);
    expect(erased.body.psdata).toEqual({ account: true, orders: 2, reviews: 1, review_photos: 1 });
    expect((await call('getCustomer', {}, customer.token)).status).toBe(401);
    expect((await call('login', { email: customer.email, password: STRONG_PASSWORD })).status).toBe(401);
    const [left] = await query<{ customers: number; sessions: number; addresses: number; wishlist: number; reviews: number; photos: number }>(sql`select
      (select count(*)::int from customers where id = ${customer.customer.id}) as customers,
      (select count(*)::int from sessions where customer_id = ${customer.customer.id}) as sessions,
      (select count(*)::int from addresses where customer_id = ${customer.customer.id}) as addresses,
      (select count(*)::int from wishlist_items where customer_id = ${customer.customer.id}) as wishlist,
      (select count(*)::int from product_reviews where id = ${customer.reviewId}) as reviews,
      (select count(*)::int from review_photos where customer_id = ${customer.customer.id}) as photos`);
    expect(left).toEqual({ customers: 0, sessions: 0, addresses: 0, wishlist: 0, reviews: 0, photos: 0 });
    // The other reviewer's review and the product's ratings follow at once.
    const shown = await shownReviews(productId);
    expect(shown.stats).toMatchObject({ count: 1, average: 4 });
    expect(shown.reviews.map((review) => review.id)).toEqual([kept.reviewId]);
    // The orders are kept for the law, with nothing left that names the person.
    const orders = await query<{ reference: string; customer_id: number | null; email: string; total_cents: number; shipping_address: unknown; invoice: unknown; delivery_message: string }>(
      sql`select reference, customer_id, email, total_cents, shipping_address, invoice, delivery_message from orders where reference = ${guestOrder.reference}`,
    );
    expect(orders).toEqual([{ reference: guestOrder.reference, customer_id: null, email: '', total_cents: 1000, shipping_address: { country: 'IT', erased: true }, invoice: { erased: true }, delivery_message: '' }]);
    const [trace] = await auditOf('person.erased');
    expect(trace).toMatchObject({ target_type: 'customer', target_id: String(customer.customer.id), before: { account: true, reviews: 1, review_photos: 1 }, after: { erased: true, reason: 'Asked from the account' } });
    expect(trace!.before.orders).toContain(guestOrder.reference);
    expect(JSON.stringify(trace)).not.toContain(customer.email);
    // Nothing is left to erase or export.
    expect((await adminCall(shop().app, 'eraseCustomer', { email: customer.email, confirm_email: customer.email, reason: 'Again' }, service)).status).toBe(404);
    expect((await adminCall(shop().app, 'exportPersonalData', { email: customer.email }, service)).status).toBe(404);
  });

  it('erases a guest by their address (their orders kept without personal data), and undoes an erasure whose audit row fails', async () => {
    const service = (await staffSession(shop(), 'customer_service')).headers;
    const guest = await placeGuestOrder(shop(), 'card');
    const exported = await adminCall(shop().app, 'exportPersonalData', { email: guest.email }, service);
    expect(exported.body.psdata).toMatchObject({ account: null, consents: null, orders: [{ reference: guest.order.reference, email: guest.email }] });

    // The audit log refuses the erasure's row for a moment: nothing is erased.
    await shop().handle.db.execute(sql`alter table audit_log add constraint no_erasure_trace check (action <> 'person.erased') not valid`);
    try {
      expect((await adminCall(shop().app, 'eraseCustomer', { email: guest.email, confirm_email: guest.email, reason: 'By phone' }, service)).status).toBe(500);
    } finally {
      await shop().handle.db.execute(sql`alter table audit_log drop constraint no_erasure_trace`);
    }
    expect((await query<{ email: string }>(sql`select email from orders where reference = ${guest.order.reference}`))[0]!.email).toBe(guest.email);

    const erased = await adminCall(shop().app, 'eraseCustomer', { email: guest.email, confirm_email: guest.email, reason: 'By phone' }, service);
    expect(erased.body.psdata).toEqual({ account: false, orders: 1, reviews: 0, review_photos: 0 });
    const [order] = await query<{ email: string; shipping_address: unknown; total_cents: number }>(sql`select email, shipping_address, total_cents from orders where reference = ${guest.order.reference}`);
    expect(order).toEqual({ email: '', shipping_address: { country: 'IT', erased: true }, total_cents: guest.order.total });
    const [trace] = await auditOf('person.erased');
    expect(trace).toMatchObject({ target_type: 'guest', target_id: expect.stringMatching(/^[0-9a-f]{16}$/), before: { account: false, orders: [guest.order.reference] } });
    expect((await adminCall(shop().app, 'listGuestOrders', { email: guest.email }, service)).body.psdata.total).toBe(0);
  });

  it('keeps erasure, export and sign-in apart when they come at once: never a half-erased export, a session of an erased account or a 5xx', async () => {
    const service = (await staffSession(shop(), 'owner')).headers;
    for (let round = 0; round < 3; round++) {
      const productId = await freshProduct();
      const customer = await reviewer(productId);
      const [erase, exports, logins] = await Promise.all([
        adminCall(shop().app, 'eraseCustomer', { email: customer.email, confirm_email: customer.email, reason: 'Race' }, service),
        Promise.all([0, 1, 2].map(() => call('exportMyData', {}, customer.token))),
        Promise.all([0, 1].map(() => call('login', { email: customer.email, password: STRONG_PASSWORD }))),
      ]);
      expect(erase.status).toBe(200);
      for (const answer of exports) {
        expect([200, 401]).toContain(answer.status);
        // An export made before the erasure is whole.
        if (answer.status === 200) expect(answer.body.psdata).toMatchObject({ account: { id: customer.customer.id }, reviews: [{ id: customer.reviewId }] });
      }
      for (const answer of logins) expect([200, 401]).toContain(answer.status);
      const [left] = await query<{ sessions: number; reviews: number }>(sql`select
        (select count(*)::int from sessions where customer_id = ${customer.customer.id}) as sessions,
        (select count(*)::int from product_reviews where product_id = ${productId}) as reviews`);
      expect(left).toEqual({ sessions: 0, reviews: 0 });
      expect((await shownReviews(productId)).stats.count).toBe(0);
    }
  });

  it('hides, shows again and deletes a review with a reason, audited; shoppers and the ratings follow at once', async () => {
    const service = (await staffSession(shop(), 'customer_service')).headers;
    const productId = await freshProduct();
    const [first, second] = [await reviewer(productId), await reviewer(productId)];
    const listed = await adminCall(shop().app, 'listReviews', { product_id: productId, status: 'published' }, service);
    expect(listed.body.psdata.reviews.map((review: { id: number }) => review.id).sort()).toEqual([first.reviewId, second.reviewId].sort());
    expect(listed.body.psdata.reviews[0]).toMatchObject({ product_id: productId, rating: 4, photo_count: 1, status: 'published', reason: null });
    const [photo] = await query<{ id: number }>(sql`select id from review_photos where review_id = ${first.reviewId}`);

    const hidden = await adminCall(shop().app, 'moderateReview', { id: first.reviewId, action: 'hide', reason: 'Insults another shopper' }, service);
    expect(hidden.body.psdata).toEqual({ id: first.reviewId, status: 'hidden' });
    const shown = await shownReviews(productId);
    expect(shown.reviews.map((review) => review.id)).toEqual([second.reviewId]);
    expect(shown.stats.count).toBe(1);
    expect((await call('getReviewPhoto', { id: photo!.id })).status).toBe(404);
    // Its author still sees it, marked hidden.
    const own = (await call('getProductReviews', { productId }, first.token)).body.psdata.reviewer.own;
    expect(own).toMatchObject({ id: first.reviewId, status: 'hidden' });
    expect((await adminCall(shop().app, 'listReviews', { status: 'hidden', product_id: productId }, service)).body.psdata.reviews).toEqual([expect.objectContaining({ id: first.reviewId, reason: 'Insults another shopper' })]);
    expect((await adminCall(shop().app, 'listReviews', { rating: 5, product_id: productId }, service)).body.psdata.total).toBe(0);

    expect((await adminCall(shop().app, 'moderateReview', { id: first.reviewId, action: 'show', reason: 'Apology received' }, service)).body.psdata.status).toBe('published');
    expect((await shownReviews(productId)).stats.count).toBe(2);
    expect((await call('getReviewPhoto', { id: photo!.id })).status).toBe(200);

    expect((await adminCall(shop().app, 'moderateReview', { id: second.reviewId, action: 'delete', reason: 'Spam' }, service)).body.psdata.status).toBe('deleted');
    expect((await shownReviews(productId)).reviews.map((review) => review.id)).toEqual([first.reviewId]);
    expect((await adminCall(shop().app, 'moderateReview', { id: second.reviewId, action: 'hide', reason: 'Spam' }, service)).status).toBe(404);
    expect((await adminCall(shop().app, 'moderateReview', { id: first.reviewId, action: 'hide', reason: '' }, service)).status).toBe(400);

    const trail = await query<{ action: string; before: any; after: any }>(sql`select action, before, after from audit_log where target_type = 'review' and target_id in (${String(first.reviewId)}, ${String(second.reviewId)}) order by id`);
    expect(trail).toEqual([
      { action: 'review.hide', before: { status: 'published', reason: null, product_id: productId }, after: { status: 'hidden', reason: 'Insults another shopper' } },
      { action: 'review.show', before: { status: 'hidden', reason: 'Insults another shopper', product_id: productId }, after: { status: 'published', reason: 'Apology received' } },
      { action: 'review.delete', before: { status: 'published', reason: null, product_id: productId }, after: { status: 'deleted', reason: 'Spam' } },
    ]);
  });

  it('shows on the dashboard the orders to ship, failed refunds, stray payments and the sales of today and the last 30 days', async () => {
    const fulfilment = (await staffSession(shop(), 'fulfilment')).headers;
    const before = (await adminCall(shop().app, 'getDashboard', {}, fulfilment)).body.psdata;
    const toShip = await insertOrder(shop(), { customerId: null, email: 'dash@example.com', status: 'processing', total: 4321 });
    await insertOrder(shop(), { customerId: null, email: 'dash@example.com', status: 'awaiting_payment', total: 999 });
    const old = await insertOrder(shop(), { customerId: null, email: 'dash@example.com', status: 'delivered', total: 2000 });
    await shop().handle.db.execute(sql`update orders set created_at = now() - interval '10 days' where id = ${old.id}`);
    await shop().handle.db.execute(sql`insert into order_refunds (order_id, amount_cents, status) values (${toShip.id}, 500, 'failed')`);
    await shop().handle.db.execute(sql`insert into payment_attempts (order_id, gateway, payment_id, ended_at, stray_cents, stray_refund)
      values (${toShip.id}, 'card', ${randomBytes(6).toString('hex')}, now(), 4321, 'failed')`);
    const after = (await adminCall(shop().app, 'getDashboard', {}, fulfilment)).body.psdata;
    expect(after.to_ship.count).toBe(before.to_ship.count + 1);
    expect(after.failed_refunds[0]).toMatchObject({ reference: toShip.reference, amount: 500, currency: 'EUR' });
    expect(after.stray_payments[0]).toMatchObject({ reference: toShip.reference, gateway: 'card', amount: 4321, refund: 'failed' });
    const sales = (period: 'today' | 'last_30_days', data: typeof before) => data.sales[period].find((row: { currency: string }) => row.currency === 'EUR') ?? { orders: 0, total: 0 };
    expect(sales('today', after)).toEqual({ currency: 'EUR', orders: sales('today', before).orders + 1, total: sales('today', before).total + 4321 });
    expect(sales('last_30_days', after)).toEqual({ currency: 'EUR', orders: sales('last_30_days', before).orders + 2, total: sales('last_30_days', before).total + 6321 });
  });

  it('lets staff who refund mark a stray payment whose refund failed as given back outside the shop, once, with how, in the trail', async () => {
    const fulfilment = (await staffSession(shop(), 'fulfilment')).headers;
    const serviceMember = await staffSession(shop(), 'customer_service');
    const service = serviceMember.headers;
    const customer = await registerCustomer(shop().app);
    const order = await insertOrder(shop(), { customerId: customer.customer.id, email: customer.email, status: 'payment_accepted', total: 2500 });
    const failed = `old-${randomBytes(6).toString('hex')}`;
    const underWay = `new-${randomBytes(6).toString('hex')}`;
    await shop().handle.db.execute(sql`insert into payment_attempts (order_id, gateway, payment_id, ended_at, stray_cents, stray_refund)
      values (${order.id}, 'paypal', ${failed}, now(), 2500, 'failed'), (${order.id}, 'card', ${underWay}, now(), 2500, 'requested')`);
    const settle = (paymentId: string, headers: Record<string, string>, note = 'Refunded in the PayPal dashboard on 12 Dec') =>
      adminCall(shop().app, 'settleStrayPayment', { reference: order.reference, payment_id: paymentId, note }, headers);

    expect((await settle(failed, fulfilment)).status).toBe(403);
    expect((await settle(failed, service, '   ')).status).toBe(400);
    expect((await settle('no-such-payment', service)).body.code).toBe('not_found');
    // A refund still under way is the shop's own: not marked by hand.
    expect((await settle(underWay, service)).body.code).toBe('order_action_not_allowed');

    // Two clicks at once: one marks it, the other is told it is done already.
    const [first, second] = await Promise.all([settle(failed, service), settle(failed, service)]);
    expect([first.status, second.status].sort()).toEqual([200, 409]);
    const detail = (await adminCall(shop().app, 'getOrderDetail', { reference: order.reference }, service)).body.psdata;
    expect(detail.attempts.find((attempt: { payment_id: string }) => attempt.payment_id === failed)).toMatchObject({ stray_amount: 2500, stray_refund: 'by_hand' });
    expect(detail.history.filter((entry: { event: string }) => entry.event === 'order.stray_refunded_by_hand')).toEqual([
      expect.objectContaining({ actor: serviceMember.email, detail: expect.stringContaining('Refunded in the PayPal dashboard on 12 Dec') }),
    ]);
    const dashboard = (await adminCall(shop().app, 'getDashboard', {}, service)).body.psdata;
    expect(dashboard.stray_payments.filter((row: { reference: string }) => row.reference === order.reference)).toEqual([expect.objectContaining({ gateway: 'card', refund: 'requested' })]);
    // The shopper reads the money as given back.
    const own = (await callApi(shop().app, 'getOrder', { reference: order.reference }, shopperHeaders(customer.token))).body.psdata;
    expect(own.stray_payments).toEqual([
      { gateway: 'paypal', amount: 2500, refund: 'refunded' },
      { gateway: 'card', amount: 2500, refund: 'requested' },
    ]);
  });
});

describe.each(DRIVERS)('reviews held for approval on %s', (driver) => {
  const shop = useTestShop(driver, { REVIEWS_HELD_FOR_APPROVAL: 'on' });

  it('keeps a new review from shoppers and the ratings until the back office shows it; its author sees it awaiting approval', async () => {
    const service = (await staffSession(shop(), 'manager')).headers;
    const [product] = await selectRows<{ id: number }>(shop().handle.db, sql`select p.id from products p where p.is_active
      and not exists (select 1 from product_reviews r where r.product_id = p.id) order by p.id limit 1`);
    const productId = product!.id;
    const customer = await registerCustomer(shop().app);
    await insertOrder(shop(), { customerId: customer.customer.id, email: customer.email, productId });
    const call = (name: string, payload: unknown, token?: string) => callApi(shop().app, name, payload, shopperHeaders(token));
    const created = await call('createProductReview', { productId, review: { title: 'Soft and warm', content: 'The best jumper I have owned.', rating: 5 } }, customer.token);
    expect(created.body.psdata.status).toBe('held');
    const anyone = (await call('getProductReviews', { productId, languages: 'all' })).body.psdata;
    expect(anyone).toMatchObject({ reviews: [], stats: { count: 0 } });
    expect((await call('getProductReviews', { productId }, customer.token)).body.psdata.reviewer).toMatchObject({ status: 'reviewed', own: { id: created.body.psdata.id, status: 'held' } });
    expect((await adminCall(shop().app, 'getDashboard', {}, service)).body.psdata.held_reviews).toBe(1);
    expect((await adminCall(shop().app, 'listReviews', { status: 'held' }, service)).body.psdata.reviews).toEqual([expect.objectContaining({ id: created.body.psdata.id, status: 'held' })]);

    await adminCall(shop().app, 'moderateReview', { id: created.body.psdata.id, action: 'show', reason: 'Approved' }, service);
    const shown = (await call('getProductReviews', { productId, languages: 'all' })).body.psdata;
    expect(shown).toMatchObject({ reviews: [{ id: created.body.psdata.id }], stats: { count: 1, average: 5 } });
    expect(shown.reviews[0]).not.toHaveProperty('status');
  });
});
