import { randomBytes } from 'node:crypto';
import { adminCalls, STAFF_ROLES, type AdminCallName, type StaffRole } from '@shop/contract/admin';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { selectRows } from '../src/db/raw.ts';
import { mayUse } from '../src/staff/rights.ts';
import { ordersMatching } from '../src/staff/orders.ts';
import { issueSetupLink } from '../src/staff/setup.ts';
import { DRIVERS, registerCustomer, STRONG_PASSWORD, useTestShop } from './databases.ts';
import { adminCall, codeAt, setUpStaff, signIn, staffHeader, staffSession } from './staff.ts';

/**
 * A payload each call accepts, so that a call refused is refused for who calls it, not for what is sent; a function
 * makes a new one for each caller (a call that uses up what it acts on: an erasure).
 */
const validPayloads = (reference: string, app: FastifyInstance): Record<AdminCallName, unknown> => ({
  staffSignIn: { email: 'nobody@example.com', password: 'x' },
  staffSecondFactor: { challenge: 'a'.repeat(43), code: '123456' },
  staffSignOut: {},
  getCurrentStaff: {},
  // Every role changes its own member's password (each role is a member of its own here).
  changeOwnStaffPassword: { current_password: STRONG_PASSWORD, new_password: `${STRONG_PASSWORD}-walked` },
  getStaffSetup: { token: 'a'.repeat(43) },
  completeStaffSetup: { token: 'a'.repeat(43), password: STRONG_PASSWORD, code: '123456' },
  listOrders: {},
  getOrderDetail: { reference },
  listCustomers: { query: 'ada' },
  getCustomerDetail: async () => ({ id: (await registerCustomer(app)).customer.id }),
  listGuestOrders: { email: 'guest@example.com' },
  exportPersonalData: async () => ({ email: (await registerCustomer(app)).email }),
  eraseCustomer: async () => {
    const { email } = await registerCustomer(app);
    return { email, confirm_email: email, reason: 'Asked by mail' };
  },
  listSubscribers: {},
  recordSubscribersExport: {},
  listReviews: { status: 'published' },
  moderateReview: { id: 1, action: 'show', reason: 'Walk test' },
  getDashboard: {},
  listUnsentMails: {},
  // Walked on a mail that does not exist: a caller with the right is told so.
  sendMailAgain: { id: 2_000_000_000 },
  listStaff: {},
  inviteStaff: { email: 'invited@example.com', role: 'fulfilment', lang: 'en' },
  // Walked on a member who does not exist: a caller with the right is told so.
  changeStaffRole: { id: NO_STAFF, role: 'manager' },
  setStaffDisabled: { id: NO_STAFF, disabled: true },
  sendStaffSetupLink: { id: NO_STAFF, lang: 'en' },
  // The actions are walked on an order that does not exist: a caller with the right is told so, and nothing changes.
  startProcessing: { reference: NO_ORDER },
  shipOrder: { reference: NO_ORDER, carrier: 'DHL', tracking_number: '00340434161094042557' },
  markDelivered: { reference: NO_ORDER },
  cancelOrder: { reference: NO_ORDER },
  refundOrder: { reference: NO_ORDER, amount: 100 },
  resendConfirmation: { reference: NO_ORDER },
  addOrderNote: { reference: NO_ORDER, note: 'Called the shopper' },
  settleStrayPayment: { reference: NO_ORDER, payment_id: 'pay-1', note: 'Refunded in the gateway dashboard' },
  listReturns: {},
  receiveReturn: { reference: NO_ORDER, restock: [0] },
  refundReturn: { reference: NO_ORDER },
  listAuditLog: { action: 'order.' },
  // The catalogue: a new draft per caller; the rest walked on a product or variant that does not exist.
  listProducts: { query: 'dress', state: 'active' },
  getProductEditor: {},
  saveProduct: () => ({ reference: `WALK-${randomBytes(4).toString('hex')}`, category_id: 1, gender: 'women', garment: 'dress', price: 8995, texts: { en: { name: 'Walk dress' } } }),
  publishProduct: { id: NO_STAFF, state: 'draft' },
  createVariantGrid: { product_id: NO_STAFF, sizes: [1], colours: [2] },
  saveVariant: { id: NO_STAFF, sku: 'WALK-1', stock: 1 },
  changeStock: { mode: 'add', changes: [{ id: NO_STAFF, quantity: 1 }] },
  listLowStock: {},
  getProductImport: { id: NO_STAFF },
  applyProductImport: { id: NO_STAFF },
  // Photos are walked on a product, upload and photo that do not exist.
  listProductPhotos: { product_id: NO_STAFF },
  startProductPhotoUpload: { product_id: NO_STAFF, size: 1000 },
  uploadProductPhotoChunk: { upload_id: NO_UPLOAD, offset: 0, data: 'AAAA' },
  getProductPhotoUpload: { upload_id: NO_UPLOAD },
  updateProductPhoto: { id: NO_STAFF, colour_id: null, alt: { en: 'A photo' } },
  moveProductPhoto: { id: NO_STAFF, direction: 'up' },
  deleteProductPhoto: { id: NO_STAFF },
  readProductPhotoFile: { file: NO_FILE },
  // Promotions are walked on a code and a sale that do not exist, and a sale of a product that does not exist.
  listCodes: {},
  getCode: { id: NO_STAFF },
  saveCode: { id: NO_STAFF, code: 'WALK10', kind: 'coupon', name: 'Walk', reduction_percent: 10 },
  endCode: { id: NO_STAFF },
  getPromotionChoices: {},
  listSales: {},
  createSale: { name: 'Walk', scope: 'product', target_id: NO_STAFF, reduction_percent: 10, starts_at: '2026-01-01T00:00:00Z', ends_at: '2026-01-02T00:00:00Z' },
  endSale: { id: NO_STAFF },
  getSale: { id: NO_STAFF },
  updateSale: { id: NO_STAFF, name: 'Walk', reduction_percent: 10, ends_at: '2026-01-02T00:00:00Z' },
  listSynonyms: { lang: 'en' },
  saveSynonyms: { lang: 'en', phrases: ['rights-a', 'rights-b'] },
  deleteSynonyms: { id: NO_STAFF },
  // Delivery settings are walked on a zone, a carrier and a country that do not exist (a new zone per caller); content pages on a page that does
  // not exist, and a new page per caller.
  getDeliverySettings: {},
  createZone: () => ({ key: `WALK_${randomBytes(4).toString('hex').toUpperCase()}`, names: { en: 'Walk' } }),
  saveZone: { key: NO_ZONE, names: { en: 'Walk' }, version: 1 },
  saveCarrierRate: { carrier_id: NO_STAFF, zone: 'EU', price: 690, min_days: 3, max_days: 5, version: 1 },
  saveCarrier: { id: NO_STAFF, is_active: true, free_shipping_applies: true },
  createCarrier: () => ({ code: `walk-${randomBytes(4).toString('hex')}`, names: { en: 'Walk' }, free_shipping_applies: true }),
  saveShippingCountry: { iso: NO_COUNTRY, zone: 'EU', is_active: true, free_shipping_from: null, version: 1 },
  // A new country per caller, not sold to.
  createShippingCountry: () => ({ iso: NEW_COUNTRIES[newCountries++ % NEW_COUNTRIES.length], zone: 'WORLD', vat_rate_bp: 0, free_shipping_from: null, is_active: false }),
  saveBrandThreshold: { country: NO_COUNTRY, brand_id: 1, from: 10_000 },
  getTaxRates: {},
  saveTaxRate: { iso: NO_COUNTRY, tax_class: 'children', rate_bp: 0, version: 1 },
  listContentPages: {},
  getContentPage: { id: NO_STAFF },
  createContentPage: () => ({ kind: 'page', key: `walk-${randomBytes(4).toString('hex')}` }),
  saveContentTranslation: { id: NO_STAFF, lang: 'en', title: 'Walk', slug: 'walk', markdown: 'Walk', version: 0 },
  setSizeChartCategories: { id: NO_STAFF, category_ids: [] },
});
const NO_COUNTRY = 'XX';
const NO_ZONE = 'NO_ZONE';
/** Countries the demo does not sell to, one for each call creating one (the walk's callers, on both databases' shops). */
const NEW_COUNTRIES = ['JP', 'KR', 'CA', 'AU', 'BR', 'MX', 'NZ', 'SG'];
let newCountries = 0;
const NO_ORDER = 'NOSUCHORDER';
const NO_STAFF = 2_000_000_000;
const NO_UPLOAD = 'n'.repeat(43);
const NO_FILE = '1-000000000000-320.jpg';

const ADMIN_TOKEN = 'back-office-token-for-tests-0123456789';

describe.each(DRIVERS)('the back office API on %s', (driver) => {
  const shop = useTestShop(driver, { ADMIN_TOKEN });
  const someReference = async () => (await selectRows<{ reference: string }>(shop().handle.db, sql`select reference from orders order by id limit 1`))[0]!.reference;

  it('walks every admin call as a shopper, as nobody, and as every role: only the roles with the right get through', async () => {
    const payloads = validPayloads(await someReference(), shop().app);
    const payloadOf = async (name: AdminCallName) => {
      const payload = payloads[name];
      return typeof payload === 'function' ? payload() : payload;
    };
    const shopper = await registerCustomer(shop().app);
    const signedIn = Object.fromEntries(
      await Promise.all(STAFF_ROLES.map(async (role) => [role, (await signIn(shop(), await setUpStaff(shop(), role))).body.psdata.session.token as string])),
    ) as Record<StaffRole, string>;
    // Signing out last: it ends the session it is called with.
    const names = (Object.keys(adminCalls) as AdminCallName[]).sort((a, b) => Number(a === 'staffSignOut') - Number(b === 'staffSignOut'));
    for (const name of names) {
      const { area } = adminCalls[name];
      if (area === 'sign_in') continue;
      // Nobody, a shopper's session where a shopper sends it, and a shopper's session as if it were a staff one.
      for (const headers of [{}, { 'x-session-id': shopper.token }, staffHeader(shopper.token)] as Record<string, string>[]) {
        const answer = await adminCall(shop().app, name, await payloadOf(name), headers);
        expect([name, answer.status, answer.body.code]).toEqual([name, 401, 'unauthorized']);
      }
      for (const role of STAFF_ROLES) {
        const payload = await payloadOf(name);
        const answer = await adminCall(shop().app, name, payload, staffHeader(signedIn[role]));
        const { reference, id, product_id, upload_id, file, changes, target_id, carrier_id, iso, country, key } = payload as {
          reference?: string; id?: number; product_id?: number; upload_id?: string; file?: string; changes?: { id: number }[]; target_id?: number; carrier_id?: number; iso?: string; country?: string; key?: string;
        };
        const missing =
          reference === NO_ORDER || [id, product_id, target_id, carrier_id, changes?.[0]?.id].includes(NO_STAFF) || upload_id === NO_UPLOAD || file === NO_FILE || [iso, country].includes(NO_COUNTRY) || key === NO_ZONE;
        if (mayUse(role, area)) expect([name, role, answer.status]).toEqual([name, role, missing ? 404 : 200]);
        else expect([name, role, answer.status, answer.body.code]).toEqual([name, role, 403, 'forbidden']);
      }
    }
    // The catalogue role keeps the products, and reaches nothing of orders, customers or staff.
    expect([mayUse('catalogue', 'catalogue'), mayUse('catalogue', 'orders'), mayUse('catalogue', 'customers'), mayUse('fulfilment', 'catalogue')]).toEqual([true, false, false, false]);
    expect([mayUse('catalogue', 'promotions'), mayUse('fulfilment', 'promotions')]).toEqual([true, false]);
    // Pages are the catalogue's too; what delivery costs is the owners' and managers' alone.
    expect([mayUse('catalogue', 'content'), mayUse('catalogue', 'delivery'), mayUse('manager', 'delivery'), mayUse('customer_service', 'content')]).toEqual([true, false, true, false]);
    // Some 50 calls, 8 callers each (the catalogue's editor reads every choice): time for a busy machine.
  }, 120_000);

  it('does not serve the admin calls on the shopper-only app, nor the shopper calls on the admin-only one', async () => {
    const { buildApp } = await import('../src/app.ts');
    const shopOnly = buildApp({ db: shop().handle.db, config: shop().config, serves: 'shop' });
    const adminOnly = buildApp({ db: shop().handle.db, config: shop().config, serves: 'admin' });
    try {
      expect((await shopOnly.inject({ method: 'POST', url: '/admin/staffSignIn', payload: {} })).statusCode).toBe(404);
      expect((await adminOnly.inject({ method: 'POST', url: '/getCustomer', payload: {} })).statusCode).toBe(404);
      expect((await adminOnly.inject({ method: 'POST', url: '/admin/getCurrentStaff', payload: {} })).statusCode).toBe(401);
    } finally {
      await shopOnly.close();
      await adminOnly.close();
    }
  });

  it('never lets the second factor be skipped: a challenge is no session, a wrong or reused code is refused', async () => {
    const member = await setUpStaff(shop(), 'owner');
    const client = { 'x-client-ip': '192.0.2.200' };
    const challenge = (await adminCall(shop().app, 'staffSignIn', { email: member.email, password: STRONG_PASSWORD }, client)).body.psdata.challenge as string;
    expect((await adminCall(shop().app, 'getCurrentStaff', {}, staffHeader(challenge))).status).toBe(401);
    expect((await adminCall(shop().app, 'staffSecondFactor', { challenge, code: '000000' }, client)).body.code).toBe('authentication_failed');
    const code = await codeAt(member.secret, 1);
    const session = (await adminCall(shop().app, 'staffSecondFactor', { challenge, code }, client)).body.psdata.session.token as string;
    expect((await adminCall(shop().app, 'getCurrentStaff', {}, staffHeader(session))).body.psdata).toEqual({ email: member.email, role: 'owner', areas: ['own', 'orders', 'shipping', 'refunds', 'returns', 'reports', 'dashboard', 'mails', 'customers', 'reviews', 'staff', 'catalogue', 'promotions', 'delivery', 'content'] });
    // The challenge is spent, and the same code does not open a second session.
    expect((await adminCall(shop().app, 'staffSecondFactor', { challenge, code }, client)).status).toBe(401);
    const again = (await adminCall(shop().app, 'staffSignIn', { email: member.email, password: STRONG_PASSWORD }, client)).body.psdata.challenge as string;
    expect((await adminCall(shop().app, 'staffSecondFactor', { challenge: again, code }, client)).body.code).toBe('authentication_failed');
    // A recovery code works once.
    const [recovery] = member.recoveryCodes;
    expect((await adminCall(shop().app, 'staffSecondFactor', { challenge: again, code: recovery }, client)).status).toBe(200);
    const third = (await adminCall(shop().app, 'staffSignIn', { email: member.email, password: STRONG_PASSWORD }, client)).body.psdata.challenge as string;
    expect((await adminCall(shop().app, 'staffSecondFactor', { challenge: third, code: recovery }, client)).status).toBe(401);
    // Signing out ends the session.
    expect((await adminCall(shop().app, 'staffSignOut', {}, staffHeader(session))).status).toBe(200);
    expect((await adminCall(shop().app, 'getCurrentStaff', {}, staffHeader(session))).status).toBe(401);
  });

  it('answers a wrong password, an unknown address and an account not set up alike, and throttles the guesses', async () => {
    const member = await setUpStaff(shop(), 'manager');
    const { url } = await issueSetupLink(shop().handle.db, { email: 'not-set-up@example.com', role: 'fulfilment' }, { script: 'test' }, 'http://localhost:3001');
    expect(url).toContain('/setup?token=');
    for (const email of ['nobody@example.com', 'not-set-up@example.com', member.email]) {
      const answer = await adminCall(shop().app, 'staffSignIn', { email, password: 'Wrong-password-1' }, { 'x-client-ip': '192.0.2.201' });
      expect([email, answer.status, answer.body.code, answer.body.message]).toEqual([email, 401, 'authentication_failed', 'Authentication failed.']);
    }
    const client = { 'x-client-ip': '192.0.2.202' };
    for (let attempt = 0; attempt < 5; attempt++) {
      expect((await adminCall(shop().app, 'staffSignIn', { email: member.email, password: 'Wrong-password-1' }, client)).status).toBe(401);
    }
    const blocked = await adminCall(shop().app, 'staffSignIn', { email: member.email, password: STRONG_PASSWORD }, client);
    expect(blocked.status).toBe(429);
    expect(blocked.body.psdata.retry_after).toBeGreaterThan(0);
    // The owner of the account, from elsewhere, is not locked out.
    expect((await signIn(shop(), member)).status).toBe(200);
  });

  it('writes the audit row in the same transaction as the set-up: without its trace, nothing changes', async () => {
    const email = `audited.${randomBytes(3).toString('hex')}@example.com`;
    const { url } = await issueSetupLink(shop().handle.db, { email, role: 'owner' }, { script: 'test' }, 'http://localhost:3001');
    const token = new URL(url).searchParams.get('token')!;
    const secret = (await adminCall(shop().app, 'getStaffSetup', { token })).body.psdata.totp_secret as string;
    const setUp = async () => adminCall(shop().app, 'completeStaffSetup', { token, password: STRONG_PASSWORD, code: await codeAt(secret) });
    const state = async () =>
      (await selectRows<{ password_set: boolean; link: boolean; audits: number }>(
        shop().handle.db,
        sql`select password_hash is not null as password_set, setup_token_hash is not null as link,
          (select count(*)::int from audit_log a where a.target_type = 'staff' and a.target_id = s.id::text and a.action = 'staff.set_up') as audits
          from staff s where email = ${email}`,
      ))[0]!;
    // The audit log refuses this row for a moment: the set-up fails as a whole.
    await shop().handle.db.execute(sql`alter table audit_log add constraint no_setup_trace check (action <> 'staff.set_up') not valid`);
    try {
      expect((await setUp()).status).toBe(500);
    } finally {
      await shop().handle.db.execute(sql`alter table audit_log drop constraint no_setup_trace`);
    }
    expect(await state()).toEqual({ password_set: false, link: true, audits: 0 });
    expect((await setUp()).status).toBe(200);
    expect(await state()).toEqual({ password_set: true, link: false, audits: 1 });
    const [row] = await selectRows<{ actor: string; client_ip: string; before: unknown; after: unknown }>(shop().handle.db, sql`select actor, client_ip, before, after from audit_log where action = 'staff.set_up' and actor = ${email}`);
    expect(row).toEqual({ actor: email, client_ip: '198.51.100.7', before: { set_up: false }, after: { set_up: true, recovery_codes: 10 } });
    // The link is used: once only.
    expect((await setUp()).body.code).toBe('setup_link_invalid');
    expect((await adminCall(shop().app, 'getStaffSetup', { token })).status).toBe(404);
  });

  it('lists orders newest first, searches them, and shows one with its payments and history', async () => {
    const member = await setUpStaff(shop(), 'fulfilment');
    const session = staffHeader((await signIn(shop(), member)).body.psdata.session.token);
    const all = await adminCall(shop().app, 'listOrders', {}, session);
    expect(all.status).toBe(200);
    expect(all.body.psdata.total).toBeGreaterThan(0);
    const dates = (all.body.psdata.orders as { date: string }[]).map((order) => order.date);
    expect(dates).toEqual([...dates].sort().reverse());
    const first = all.body.psdata.orders[0] as { reference: string; email: string; name: string; status: string };
    expect((await adminCall(shop().app, 'listOrders', { query: first.reference.toLowerCase() }, session)).body.psdata.orders.map((order: { reference: string }) => order.reference)).toEqual([first.reference]);
    expect((await adminCall(shop().app, 'listOrders', { query: first.email.toUpperCase() }, session)).body.psdata.total).toBeGreaterThan(0);
    expect((await adminCall(shop().app, 'listOrders', { query: first.name.split(' ')[1] ?? first.name }, session)).body.psdata.total).toBeGreaterThan(0);
    expect((await adminCall(shop().app, 'listOrders', { query: '%' }, session)).body.psdata.total).toBe(0);
    const byStatus = await adminCall(shop().app, 'listOrders', { status: first.status }, session);
    expect(byStatus.body.psdata.orders.every((order: { status: string }) => order.status === first.status)).toBe(true);
    const detail = await adminCall(shop().app, 'getOrderDetail', { reference: first.reference }, session);
    expect(detail.status).toBe(200);
    expect(detail.body.psdata.order.reference).toBe(first.reference);
    expect(detail.body.psdata.history[0].event).toBe('placed');
    expect(Array.isArray(detail.body.psdata.attempts)).toBe(true);
    expect((await adminCall(shop().app, 'getOrderDetail', { reference: 'NOSUCHORDER' }, session)).status).toBe(404);
  });

  it('finds orders by part of an email address or by the name the list shows, through the trigram index', async () => {
    await shop().handle.db.execute(sql`insert into orders (reference, email, lang, status, currency, items_cents, shipping_cents, tax_cents, total_cents, country_iso, shipping_address, billing_address)
      values ('TRGM0001', 'Zoe.Bianchi@example.com', 'it', 'payment_accepted', 'EUR', 5000, 590, 1000, 5590, 'IT', '{"first_name": "Zoë", "last_name": "Bianchi"}', '{}'),
        ('TRGM0002', 'marco@example.net', 'it', 'processing', 'EUR', 5000, 590, 1000, 5590, 'IT', '{"first_name": "Marco", "last_name": "Bianchini"}', '{}')`);
    const session = (await staffSession(shop(), 'fulfilment')).headers;
    const found = async (query: string) =>
      ((await adminCall(shop().app, 'listOrders', { query }, session)).body.psdata.orders as { reference: string }[]).map((order) => order.reference);
    expect(await found('zoe.BIANCHI@exa')).toEqual(['TRGM0001']);
    expect(await found('Zoë Bianchi')).toEqual(['TRGM0001']);
    expect((await found('bianchi')).sort()).toEqual(['TRGM0001', 'TRGM0002']);
    expect(await found('@example.net')).toEqual(['TRGM0002']);
    expect(await found('bianch_')).toEqual([]);
    // The search's expression is the index's: with scans of the whole table ruled out, the plan reads the index.
    const plan = await shop().handle.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      await tx.execute(sql`set local enable_indexscan = off`);
      return selectRows<{ 'QUERY PLAN': string }>(tx, sql`explain select id from orders where ${ordersMatching('bianchi')}`);
    });
    expect(plan.map((row) => row['QUERY PLAN']).join('\n')).toContain('orders_search_trgm');
  });

  it('gives npm run staff:create a set-up link through the running API, only with ADMIN_TOKEN', async () => {
    const post = (authorization: string, payload: unknown) =>
      shop().app.inject({ method: 'POST', url: '/admin/scripts/staff-setup-links', headers: { authorization }, payload: payload as object });
    expect((await post('', { email: 'first.owner@example.com', role: 'owner' })).statusCode).toBe(401);
    expect((await post(`Bearer ${ADMIN_TOKEN}x`, { email: 'first.owner@example.com', role: 'owner' })).statusCode).toBe(401);
    expect((await post(`Bearer ${ADMIN_TOKEN}`, { email: 'first.owner@example.com', role: 'admin' })).statusCode).toBe(400);
    const issued = await post(`Bearer ${ADMIN_TOKEN}`, { email: 'First.Owner@example.com', role: 'owner' });
    expect(issued.json().psdata).toEqual({ url: expect.stringMatching(/^http:\/\/localhost:3001\/setup\?token=[A-Za-z0-9_-]{43}$/), created: true });
    const [row] = await selectRows<{ actor: string; action: string }>(shop().handle.db, sql`select actor, action from audit_log where target_type = 'staff' and after->>'email' = 'first.owner@example.com'`);
    expect(row).toEqual({ actor: 'npm run staff:create', action: 'staff.created' });
  });
});
