import { slugify } from '@shop/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { selectRows } from '../src/db/raw.ts';
import { callApi, DRIVERS, shopperHeaders, useTestShop } from './databases.ts';
import { adminCall, staffSession } from './staff.ts';

// Pages and shipping in the back office (issue 27; docs/adr/0048-shipping-and-pages-editor.md): what a manager sets
// for delivery as a shopper's cart and checkout meet it, and content pages and size charts as the storefront gets them.

describe.each(DRIVERS)('delivery settings and content pages on %s', (driver) => {
  const shop = useTestShop(driver);
  const query = <T>(statement: ReturnType<typeof sql>) => selectRows<T>(shop().handle.db, statement);
  const shopper = (name: string, payload: unknown, token: string | undefined, country: string) =>
    callApi(shop().app, name, payload, { ...shopperHeaders(token), 'x-shop-country': country });
  const sessions: Partial<Record<'manager' | 'catalogue', Awaited<ReturnType<typeof staffSession>>>> = {};
  const as = async (role: 'manager' | 'catalogue', name: Parameters<typeof adminCall>[1], payload: unknown) => {
    sessions[role] ??= await staffSession(shop(), role);
    return adminCall(shop().app, name, payload, sessions[role]!.headers);
  };
  const manager = (name: Parameters<typeof adminCall>[1], payload: unknown) => as('manager', name, payload);
  const settings = async () => (await manager('getDeliverySettings', {})).body.psdata;
  const rateOf = async (code: string, zone: string) => {
    const carrier = (await settings()).carriers.find((candidate: { code: string }) => candidate.code === code);
    return { carrier_id: carrier.id as number, ...carrier.rates.find((rate: { zone: string }) => rate.zone === zone) };
  };
  const revision = async () => (await query<{ revision: string }>(sql`select revision::text from catalog_revision`))[0]!.revision;

  /** A guest's cart holding one unit of an active product without discount of a brand, priced under `below` cents. */
  async function cartWith({ brandId, below = 5_000 }: { brandId?: number; below?: number } = {}) {
    const [item] = await query<{ product_id: number; combination_id: number; brand_id: number }>(
      sql`select c.product_id, c.id as combination_id, p.brand_id from combinations c join products p on p.id = c.product_id
        where p.is_active and not p.free_shipping and p.out_of_stock_policy = 'deny' and p.minimal_quantity = 1 and c.quantity > 5 and c.is_default
          and p.price_net_cents < ${below} and not exists (select 1 from specific_prices sp where sp.product_id = p.id)
          and p.brand_id is not null and (${brandId ?? null}::int is null or p.brand_id = ${brandId ?? null})
        order by p.id limit 1`,
    );
    const added = await shopper('createCartItem', { product_id: item!.product_id, combination_id: item!.combination_id, quantity: 1 }, undefined, 'FR');
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    return { token: added.body.psdata.session.token as string, brandId: item!.brand_id };
  }

  describe('carriers, rates, thresholds and countries', () => {
    it('starts from the shop’s rules: SPEC §9’s thresholds for Italy, one brand’s from 100 EUR, a rate per carrier and zone', async () => {
      const data = await settings();
      expect(data.zones.map((zone: { key: string; name: string; countries: number; version: number }) => [zone.key, zone.name, zone.countries, zone.version])).toEqual([
        ['EU', 'European Union', 16, 1],
        ['EUROPE_OTHER', 'Rest of Europe', 3, 1],
        ['WORLD', 'Rest of the world', 1, 1],
      ]);
      expect(data.countries.find((country: { iso: string }) => country.iso === 'IT')).toMatchObject({ zone: 'EU', is_active: true, free_shipping_from: 15_000, is_home: true });
      expect(data.brand_thresholds).toEqual([{ country: 'IT', brand_id: 2, brand_name: expect.any(String), from: 10_000 }]);
      expect(data.carriers.map((carrier: { code: string }) => carrier.code)).toEqual(['standard', 'express', 'pickup']);
      // Where each is offered besides its rates: a pickup carrier only in the countries of its collection points.
      expect(data.carriers.map((carrier: { pickup_countries: string[] }) => carrier.pickup_countries)).toEqual([
        [],
        [],
        ['AT', 'BE', 'CH', 'CZ', 'DE', 'DK', 'ES', 'FI', 'FR', 'GB', 'GR', 'IE', 'IT', 'LU', 'NL', 'NO', 'PL', 'PT', 'SE', 'US'],
      ]);
      expect(await rateOf('standard', 'EU')).toMatchObject({ price: 690, min_days: 3, max_days: 5, version: 1 });
    });

    it('changes a rate, and the shopper’s cart and checkout show the new price at once; the change is audited and a stale save refused', async () => {
      const { token } = await cartWith();
      expect((await shopper('getCartItems', {}, token, 'FR')).body.psdata.totals.shipping).toBe(690);
      const before = await revision();
      const rate = await rateOf('standard', 'EU');
      const saved = await manager('saveCarrierRate', { carrier_id: rate.carrier_id, zone: 'EU', price: 745, min_days: 2, max_days: 4, version: rate.version });
      expect(saved.body.psdata).toEqual({ zone: 'EU', price: 745, min_days: 2, max_days: 4, version: rate.version + 1 });

      expect((await shopper('getCartItems', {}, token, 'FR')).body.psdata.totals.shipping).toBe(745);
      const carriers = (await shopper('getCarriers', {}, token, 'FR')).body.psdata.carriers;
      expect(carriers.find((carrier: { code: string }) => carrier.code === 'standard')).toMatchObject({ price: 745, regular_price: 745, delivery_days: { min: 2, max: 4 } });
      // The product feed's shipping is kept per catalogue revision: the change raised it.
      expect(BigInt(await revision())).toBeGreaterThan(BigInt(before));

      const [trace] = await query<{ action: string; target_id: string; before: { price: number }; after: { price: number } }>(
        sql`select action, target_id, before, after from audit_log where target_type = 'carrier_rate' order by id desc limit 1`,
      );
      expect(trace).toMatchObject({ action: 'carrier_rate.change', target_id: `${rate.carrier_id}:EU`, before: { price: 690 }, after: { price: 745 } });

      // A form read before that save: refused, with the version there is now, and nothing changes.
      const stale = await manager('saveCarrierRate', { carrier_id: rate.carrier_id, zone: 'EU', price: 100, min_days: 2, max_days: 4, version: rate.version });
      expect(stale).toMatchObject({ status: 409, body: { code: 'stale_edit', psdata: { version: rate.version + 1 } } });
      expect((await shopper('getCartItems', {}, token, 'FR')).body.psdata.totals.shipping).toBe(745);
    });

    it('lets one of two managers saving the same rate at once win, and refuses the other as stale', async () => {
      const rate = await rateOf('express', 'WORLD');
      sessions.manager ??= await staffSession(shop(), 'manager');
      const second = await staffSession(shop(), 'manager');
      const [one, two] = await Promise.all([
        adminCall(shop().app, 'saveCarrierRate', { carrier_id: rate.carrier_id, zone: 'WORLD', price: 4100, min_days: 3, max_days: 5, version: rate.version }, sessions.manager.headers),
        adminCall(shop().app, 'saveCarrierRate', { carrier_id: rate.carrier_id, zone: 'WORLD', price: 4200, min_days: 3, max_days: 5, version: rate.version }, second.headers),
      ]);
      expect([one.status, two.status].sort()).toEqual([200, 409]);
      const winner = one.status === 200 ? 4100 : 4200;
      expect((one.status === 409 ? one : two).body).toMatchObject({ code: 'stale_edit', psdata: { version: rate.version + 1 } });
      expect(await rateOf('express', 'WORLD')).toMatchObject({ price: winner, version: rate.version + 1 });
      const traces = await query<{ after: { price: number } }>(sql`select after from audit_log where target_type = 'carrier_rate' and target_id = ${`${rate.carrier_id}:WORLD`}`);
      expect(traces.map((trace) => trace.after.price)).toEqual([winner]);
    });

    it('refuses a negative price, a threshold that is not a number and an unknown country, changing nothing', async () => {
      const rate = await rateOf('standard', 'WORLD');
      const negative = await manager('saveCarrierRate', { carrier_id: rate.carrier_id, zone: 'WORLD', price: -1, min_days: 3, max_days: 5, version: rate.version });
      expect(negative).toMatchObject({ status: 400, body: { code: 'bad_request', psdata: { errors: { price: [expect.any(String)] } } } });
      const slower = await manager('saveCarrierRate', { carrier_id: rate.carrier_id, zone: 'WORLD', price: 2490, min_days: 9, max_days: 5, version: rate.version });
      expect(slower).toMatchObject({ status: 400, body: { psdata: { errors: { max_days: [expect.any(String)] } } } });
      const notANumber = await manager('saveShippingCountry', { iso: 'FR', zone: 'EU', is_active: true, free_shipping_from: 'lots', version: 1 });
      expect(notANumber).toMatchObject({ status: 400, body: { code: 'bad_request', psdata: { errors: { free_shipping_from: [expect.any(String)] } } } });
      expect(await manager('saveShippingCountry', { iso: 'XX', zone: 'EU', is_active: true, free_shipping_from: null, version: 1 })).toMatchObject({ status: 404, body: { code: 'country_unknown' } });
      expect(await manager('saveBrandThreshold', { country: 'XX', brand_id: 1, from: 5_000 })).toMatchObject({ status: 404, body: { code: 'country_unknown' } });
      expect(await manager('saveCarrierRate', { carrier_id: rate.carrier_id, zone: 'MARS', price: 100, min_days: 1, max_days: 2, version: 0 })).toMatchObject({ status: 404 });
      // The home country's prices are the shelf's: the shop always sells there.
      expect(await manager('saveShippingCountry', { iso: 'IT', zone: 'EU', is_active: false, free_shipping_from: 15_000, version: 1 })).toMatchObject({ status: 409, body: { code: 'home_country_required' } });
      expect(await rateOf('standard', 'WORLD')).toMatchObject({ price: 2490, version: rate.version });
      // The catalogue's staff set pages, not what delivery costs.
      expect(await as('catalogue', 'saveCarrierRate', { carrier_id: rate.carrier_id, zone: 'WORLD', price: 1, min_days: 1, max_days: 2, version: rate.version })).toMatchObject({ status: 403 });
    });

    it('applies a country’s threshold and one brand’s threshold to the cart, and stops selling to a country', async () => {
      const { token, brandId } = await cartWith({ below: 4_000 });
      const cart = async () => (await shopper('getCartItems', {}, token, 'FR')).body.psdata;
      const products = (await cart()).totals.products as number;
      expect((await cart()).totals).toMatchObject({ shipping_free: false });

      // SPEC §9's one-brand rule, set for France at this cart's amount of that brand.
      expect((await manager('saveBrandThreshold', { country: 'fr', brand_id: brandId, from: products })).body.psdata).toMatchObject({ country: 'FR', brand_id: brandId, from: products });
      expect((await cart()).totals).toMatchObject({ shipping: 0, shipping_free: true });
      expect((await manager('saveBrandThreshold', { country: 'FR', brand_id: brandId, from: products + 1 })).status).toBe(200);
      expect((await cart()).totals.shipping_free).toBe(false);
      expect((await manager('saveBrandThreshold', { country: 'FR', brand_id: brandId, from: null })).body.psdata).toBeNull();

      // The country's own threshold, then none.
      const france = (await settings()).countries.find((country: { iso: string }) => country.iso === 'FR');
      const lowered = await manager('saveShippingCountry', { iso: 'FR', zone: 'EU', is_active: true, free_shipping_from: products, version: france.version });
      expect(lowered.body.psdata).toMatchObject({ free_shipping_from: products, version: france.version + 1 });
      expect((await cart()).totals).toMatchObject({ shipping: 0, shipping_free: true });
      expect((await cart()).free_shipping).toEqual({ threshold: products, remaining: 0 });

      // No longer sold to: the storefront's countries leave it out; a stale form of it is refused.
      expect((await manager('saveShippingCountry', { iso: 'FR', zone: 'EU', is_active: false, free_shipping_from: null, version: france.version + 1 })).status).toBe(200);
      const offered = (await callApi(shop().app, 'bootstrap', {})).body.psdata.countries.map((country: { iso: string }) => country.iso);
      expect(offered).not.toContain('FR');
      expect(offered).toContain('DE');
      expect(await manager('saveShippingCountry', { iso: 'FR', zone: 'EU', is_active: true, free_shipping_from: null, version: france.version })).toMatchObject({ status: 409, body: { code: 'stale_edit' } });
      expect((await manager('saveShippingCountry', { iso: 'FR', zone: 'EU', is_active: true, free_shipping_from: 20_000, version: france.version + 2 })).status).toBe(200);
    });

    it('creates a carrier, audited; the checkout offers it, named in the shopper’s language, once it has a rate to the zone', async () => {
      const { token } = await cartWith();
      const offered = async (lang: string) =>
        (await callApi(shop().app, 'getCarriers', {}, { ...shopperHeaders(token), 'x-shop-country': 'FR', 'accept-language': lang })).body.psdata.carriers as { code: string; name: string; price: number }[];
      const code = `courier-${driver}`;
      const created = await manager('createCarrier', { code: code.toUpperCase(), names: { en: 'Bike courier', it: 'Corriere in bici', fr: '' }, free_shipping_applies: false });
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      expect(created.body.psdata).toMatchObject({ code, kind: 'home', name: 'Bike courier', is_active: true, free_shipping_applies: false, rates: [] });
      const [trace] = await query(sql`select action, target_id, after from audit_log where target_type = 'carrier' and action = 'carrier.create' order by id desc limit 1`);
      expect(trace).toEqual({ action: 'carrier.create', target_id: String(created.body.psdata.id), after: { code, names: { en: 'Bike courier', it: 'Corriere in bici' }, free_shipping_applies: false } });
      expect((await settings()).carriers.at(-1)).toMatchObject({ code, rates: [] });
      // No rate to any zone yet: not offered.
      expect((await offered('en')).map((carrier) => carrier.code)).not.toContain(code);

      expect((await manager('saveCarrierRate', { carrier_id: created.body.psdata.id, zone: 'EU', price: 1290, min_days: 1, max_days: 1, version: 0 })).status).toBe(200);
      expect((await offered('it')).find((carrier) => carrier.code === code)).toMatchObject({ name: 'Corriere in bici', price: 1290 });
      // A language without a name of its own shows the English one.
      expect((await offered('fr')).find((carrier) => carrier.code === code)).toMatchObject({ name: 'Bike courier' });

      // Its code again, a code that is not one, no English name, and the catalogue's staff: refused.
      expect(await manager('createCarrier', { code, names: { en: 'Another' }, free_shipping_applies: true })).toMatchObject({ status: 409, body: { code: 'carrier_code_taken' } });
      expect(await manager('createCarrier', { code: 'a b', names: { en: 'Another' }, free_shipping_applies: true })).toMatchObject({ status: 400, body: { psdata: { errors: { code: [expect.any(String)] } } } });
      expect(await manager('createCarrier', { code: 'another', names: { en: ' ' }, free_shipping_applies: true })).toMatchObject({ status: 400 });
      expect(await as('catalogue', 'createCarrier', { code: 'another', names: { en: 'Another' }, free_shipping_applies: true })).toMatchObject({ status: 403 });
      expect((await settings()).carriers.filter((carrier: { code: string }) => carrier.code === 'another')).toEqual([]);
    });

    it('creates a zone, audited: a country moved into it is offered only the carriers given a rate to it; renamed over its version', async () => {
      const { token } = await cartWith();
      const carriersTo = async (country: string) =>
        ((await shopper('getCarriers', {}, token, country)).body.psdata.carriers as { code: string; price: number }[]).map((carrier) => ({ code: carrier.code, price: carrier.price }));
      const created = await manager('createZone', { key: 'nordic', names: { en: 'Nordic countries', it: 'Paesi nordici', fr: '' } });
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      expect(created.body.psdata).toEqual({ key: 'NORDIC', name: 'Nordic countries', names: { en: 'Nordic countries', it: 'Paesi nordici' }, countries: 0, version: 1 });
      const [trace] = await query(sql`select action, target_id, after from audit_log where target_type = 'shipping_zone' order by id desc limit 1`);
      expect(trace).toEqual({ action: 'zone.create', target_id: 'NORDIC', after: { names: { en: 'Nordic countries', it: 'Paesi nordici' } } });

      // Norway moves in: no carrier has a rate to the new zone yet, so its checkout offers none.
      const norway = (await settings()).countries.find((country: { iso: string }) => country.iso === 'NO');
      const moved = await manager('saveShippingCountry', { iso: 'NO', zone: 'NORDIC', is_active: true, free_shipping_from: null, version: norway.version });
      expect(moved.body.psdata).toMatchObject({ iso: 'NO', zone: 'NORDIC' });
      expect(await carriersTo('NO')).toEqual([]);
      const standard = await rateOf('standard', 'NORDIC');
      expect(standard.version).toBeUndefined();
      expect((await manager('saveCarrierRate', { carrier_id: standard.carrier_id, zone: 'NORDIC', price: 990, min_days: 2, max_days: 4, version: 0 })).status).toBe(200);
      expect(await carriersTo('NO')).toEqual([{ code: 'standard', price: 990 }]);
      // The rest of Europe keeps its carriers.
      expect((await carriersTo('CH')).map((carrier) => carrier.code)).toContain('express');

      // Renamed over the version read; a form read before that, a key another zone has (typed in lowercase too), a key
      // that is not one, no English name, a zone that does not exist and the catalogue's staff: refused.
      const renamed = await manager('saveZone', { key: 'NORDIC', names: { en: 'Nordics', it: 'Paesi nordici', de: 'Nordeuropa' }, version: 1 });
      expect(renamed.body.psdata).toEqual({ key: 'NORDIC', name: 'Nordics', names: { en: 'Nordics', it: 'Paesi nordici', de: 'Nordeuropa' }, countries: 1, version: 2 });
      const [change] = await query(sql`select action, before, after from audit_log where target_type = 'shipping_zone' order by id desc limit 1`);
      expect(change).toEqual({ action: 'zone.change', before: { names: { en: 'Nordic countries', it: 'Paesi nordici' } }, after: { names: { en: 'Nordics', it: 'Paesi nordici', de: 'Nordeuropa' } } });
      expect(await manager('saveZone', { key: 'NORDIC', names: { en: 'Scandinavia' }, version: 1 })).toMatchObject({ status: 409, body: { code: 'stale_edit', psdata: { version: 2 } } });
      expect(await manager('createZone', { key: 'NORDIC', names: { en: 'Again' } })).toMatchObject({ status: 409, body: { code: 'zone_key_taken' } });
      expect(await manager('createZone', { key: 'eu', names: { en: 'Again' } })).toMatchObject({ status: 409, body: { code: 'zone_key_taken' } });
      expect(await manager('createZone', { key: 'far east', names: { en: 'Far East' } })).toMatchObject({ status: 400, body: { psdata: { errors: { key: [expect.any(String)] } } } });
      expect(await manager('createZone', { key: 'FAR_EAST', names: { en: ' ' } })).toMatchObject({ status: 400 });
      expect(await manager('saveZone', { key: 'MARS', names: { en: 'Mars' }, version: 1 })).toMatchObject({ status: 404 });
      expect(await as('catalogue', 'createZone', { key: 'FAR_EAST', names: { en: 'Far East' } })).toMatchObject({ status: 403 });
      expect(await as('catalogue', 'saveZone', { key: 'NORDIC', names: { en: 'Nope' }, version: 2 })).toMatchObject({ status: 403 });
      expect((await settings()).zones.map((zone: { key: string }) => zone.key)).toEqual(['EU', 'EUROPE_OTHER', 'NORDIC', 'WORLD']);

      // Back to the rest of Europe: its carriers again.
      expect((await manager('saveShippingCountry', { iso: 'NO', zone: 'EUROPE_OTHER', is_active: true, free_shipping_from: null, version: norway.version + 1 })).status).toBe(200);
      expect((await carriersTo('NO')).map((carrier) => carrier.code)).toContain('express');
    });

    it('creates one zone, one carrier and one country once and saves one VAT rate once when two managers send the same at once', async () => {
      sessions.manager ??= await staffSession(shop(), 'manager');
      const second = await staffSession(shop(), 'manager');
      const both = (name: Parameters<typeof adminCall>[1], payloads: [unknown, unknown]) =>
        Promise.all([adminCall(shop().app, name, payloads[0], sessions.manager!.headers), adminCall(shop().app, name, payloads[1], second.headers)]);
      const ireland = ((await manager('getTaxRates', {})).body.psdata.countries as { iso: string; version: number }[]).find((country) => country.iso === 'IE')!;
      const [zones, carriers, countries, rates] = await Promise.all([
        both('createZone', [{ key: 'TWICE', names: { en: 'One' } }, { key: 'TWICE', names: { en: 'Two' } }]),
        both('createCarrier', [{ code: 'twice', names: { en: 'One' }, free_shipping_applies: true }, { code: 'twice', names: { en: 'Two' }, free_shipping_applies: true }]),
        both('createShippingCountry', [
          { iso: 'MX', zone: 'WORLD', vat_rate_bp: 1600, free_shipping_from: null, is_active: false },
          { iso: 'MX', zone: 'WORLD', vat_rate_bp: 1600, free_shipping_from: null, is_active: false },
        ]),
        both('saveTaxRate', [
          { iso: 'IE', tax_class: 'children', rate_bp: 100, version: ireland.version },
          { iso: 'IE', tax_class: 'children', rate_bp: 200, version: ireland.version },
        ]),
      ]);
      const refusals = (pair: { status: number; body: { code?: string } }[]) => pair.map((answer) => (answer.status === 200 ? 200 : answer.body.code)).sort();
      expect(refusals(zones)).toEqual([200, 'zone_key_taken']);
      expect(refusals(carriers)).toEqual([200, 'carrier_code_taken']);
      expect(refusals(countries)).toEqual([200, 'country_known']);
      expect(refusals(rates)).toEqual([200, 'stale_edit']);
      // What the winner sent is what is kept, and audited once.
      const zoneName = zones.find((answer) => answer.status === 200)!.body.psdata.name;
      expect((await settings()).zones.find((zone: { key: string }) => zone.key === 'TWICE')).toMatchObject({ name: zoneName, version: 1 });
      const rate = rates.find((answer) => answer.status === 200)!.body.psdata.rates[0].rate_bp;
      expect(((await manager('getTaxRates', {})).body.psdata.countries as { iso: string; rates: { rate_bp: number }[] }[]).find((country) => country.iso === 'IE')!.rates[0]!.rate_bp).toBe(rate);
      const audited = await query<{ action: string; n: number }>(
        sql`select action, count(*)::int as n from audit_log where (action = 'zone.create' and target_id = 'TWICE') or (action = 'country.create' and target_id = 'MX')
          or (action = 'carrier.create' and after->>'code' = 'twice') group by action order by action`,
      );
      expect(audited).toEqual([
        { action: 'carrier.create', n: 1 },
        { action: 'country.create', n: 1 },
        { action: 'zone.create', n: 1 },
      ]);
      const ratesAudited = await query(sql`select after from audit_log where action = 'tax_rate.change' and target_id = 'IE:children' and (after->>'rate_bp')::int in (100, 200)`);
      expect(ratesAudited).toEqual([{ after: { rate_bp: rate } }]);
      expect((await manager('saveTaxRate', { iso: 'IE', tax_class: 'children', rate_bp: 0, version: ireland.version + 1 })).status).toBe(200);
    });

    it('creates a country sold to, audited: the storefront offers it, and its checkout the carriers of its zone', async () => {
      const { token } = await cartWith();
      const iso = driver === 'postgres' ? 'JP' : 'CA';
      // Its zone's carriers to the door (a collection-point carrier has no points there).
      const world = (await settings()).carriers.flatMap((carrier: { code: string; kind: string; is_active: boolean; rates: { zone: string; price: number }[] }) =>
        carrier.is_active && carrier.kind === 'home' ? carrier.rates.filter((rate) => rate.zone === 'WORLD').map((rate) => ({ code: carrier.code, price: rate.price })) : [],
      );
      const created = await manager('createShippingCountry', { iso: iso.toLowerCase(), zone: 'WORLD', vat_rate_bp: 1000, free_shipping_from: null, is_active: true });
      expect(created.body.psdata).toEqual({ iso, zone: 'WORLD', is_active: true, free_shipping_from: null, is_home: false, version: 1 });
      const [trace] = await query(sql`select action, target_id from audit_log where target_type = 'country' order by id desc limit 1`);
      expect(trace).toEqual({ action: 'country.create', target_id: iso });
      expect((await callApi(shop().app, 'bootstrap', {})).body.psdata.countries.map((country: { iso: string }) => country.iso)).toContain(iso);
      const carriers = (await shopper('getCarriers', {}, token, iso)).body.psdata.carriers as { code: string; price: number }[];
      expect(carriers.map((carrier) => ({ code: carrier.code, price: carrier.price }))).toEqual(world);
      // Outside the home zone: an export, no VAT whatever its rate.
      expect((await shopper('getCartItems', {}, token, iso)).body.psdata.totals).toMatchObject({ tax: 0 });

      // The shop has it now (and Italy), a code no country has, a zone the shop does not have, the catalogue's staff.
      expect(await manager('createShippingCountry', { iso, zone: 'EU', vat_rate_bp: 0, free_shipping_from: null, is_active: true })).toMatchObject({ status: 409, body: { code: 'country_known' } });
      expect(await manager('createShippingCountry', { iso: 'XX', zone: 'WORLD', vat_rate_bp: 0, free_shipping_from: null, is_active: true })).toMatchObject({ status: 400, body: { psdata: { errors: { iso: [expect.any(String)] } } } });
      expect(await manager('createShippingCountry', { iso: 'KR', zone: 'MARS', vat_rate_bp: 0, free_shipping_from: null, is_active: true })).toMatchObject({ status: 404 });
      expect(await as('catalogue', 'createShippingCountry', { iso: 'KR', zone: 'WORLD', vat_rate_bp: 0, free_shipping_from: null, is_active: true })).toMatchObject({ status: 403 });
      expect((await settings()).countries.map((country: { iso: string }) => country.iso)).not.toContain('KR');
    });

    it('sets a country’s own VAT rate for children’s clothing (ADR 65): a cart to it holds VAT at that rate at once; checked, audited, stale refused', async () => {
      const rates = (await manager('getTaxRates', {})).body.psdata.countries as { iso: string; standard_bp: number; rates: unknown[]; version: number }[];
      // The home zone's countries only: the others buy VAT-free.
      expect(rates.map((country) => country.iso)).toEqual(expect.arrayContaining(['DE', 'FR', 'IE', 'IT']));
      expect(rates.map((country) => country.iso)).not.toContain('US');
      const ireland = rates.find((country) => country.iso === 'IE')!;
      expect(ireland).toMatchObject({ standard_bp: 2300, rates: [{ tax_class: 'children', rate_bp: 0 }] });
      expect(rates.find((country) => country.iso === 'IT')).toMatchObject({ standard_bp: 2200, rates: [{ tax_class: 'children', rate_bp: null }] });

      const [item] = await query<{ product_id: number; combination_id: number }>(
        sql`select c.product_id, c.id as combination_id from combinations c join products p on p.id = c.product_id
          where p.is_active and p.tax_class = 'children' and p.out_of_stock_policy = 'deny' and p.minimal_quantity = 1 and c.quantity > 5 order by c.id limit 1`,
      );
      const added = await shopper('createCartItem', { product_id: item!.product_id, combination_id: item!.combination_id, quantity: 1 }, undefined, 'IE');
      expect(added.status, JSON.stringify(added.body)).toBe(200);
      const totals = async () => (await shopper('getCartItems', {}, added.body.psdata.session.token, 'IE')).body.psdata.totals;
      expect(await totals()).toMatchObject({ tax: 0, vat_rates_bp: [0] });

      const saved = await manager('saveTaxRate', { iso: 'IE', tax_class: 'children', rate_bp: 1350, version: ireland.version });
      expect(saved.body.psdata).toEqual({ iso: 'IE', standard_bp: 2300, rates: [{ tax_class: 'children', rate_bp: 1350 }], version: ireland.version + 1 });
      const reduced = await totals();
      expect(reduced).toMatchObject({ vat_rates_bp: [1350], tax: Math.round((reduced.total * 1350) / 11_350) });
      expect(reduced.tax).toBeGreaterThan(0);
      const [trace] = await query(sql`select action, target_id, before, after from audit_log where target_type = 'country_tax_rate' order by id desc limit 1`);
      expect(trace).toEqual({ action: 'tax_rate.change', target_id: 'IE:children', before: { rate_bp: 0 }, after: { rate_bp: 1350 } });

      // A form read before that save, a rate over 100 %, the standard class (the country's own rate), an unknown
      // country and the catalogue's staff: refused, nothing changes.
      expect(await manager('saveTaxRate', { iso: 'IE', tax_class: 'children', rate_bp: 500, version: ireland.version })).toMatchObject({ status: 409, body: { code: 'stale_edit', psdata: { version: ireland.version + 1 } } });
      expect(await manager('saveTaxRate', { iso: 'IE', tax_class: 'children', rate_bp: 10_001, version: ireland.version + 1 })).toMatchObject({ status: 400, body: { psdata: { errors: { rate_bp: [expect.any(String)] } } } });
      expect(await manager('saveTaxRate', { iso: 'IE', tax_class: 'standard', rate_bp: 500, version: ireland.version + 1 })).toMatchObject({ status: 400, body: { psdata: { errors: { tax_class: [expect.any(String)] } } } });
      expect(await manager('saveTaxRate', { iso: 'XX', tax_class: 'children', rate_bp: 500, version: 1 })).toMatchObject({ status: 404, body: { code: 'country_unknown' } });
      expect(await as('catalogue', 'getTaxRates', {})).toMatchObject({ status: 403 });
      expect(await as('catalogue', 'saveTaxRate', { iso: 'IE', tax_class: 'children', rate_bp: 500, version: ireland.version + 1 })).toMatchObject({ status: 403 });
      expect((await totals()).vat_rates_bp).toEqual([1350]);

      // No rate of its own: the class pays the standard rate.
      const standard = await manager('saveTaxRate', { iso: 'IE', tax_class: 'children', rate_bp: null, version: ireland.version + 1 });
      expect(standard.body.psdata.rates).toEqual([{ tax_class: 'children', rate_bp: null }]);
      expect((await totals()).vat_rates_bp).toEqual([2300]);
      expect((await manager('saveTaxRate', { iso: 'IE', tax_class: 'children', rate_bp: 0, version: ireland.version + 2 })).status).toBe(200);
    });
  });

  describe('content pages and size charts', () => {
    it('marks each page complete per language, and serves a new page only in the languages it was written in', async () => {
      const pages = (await as('catalogue', 'listContentPages', {})).body.psdata.pages as { key: string; complete: string[]; missing: string[] }[];
      expect(pages.find((page) => page.key === 'delivery')).toMatchObject({ complete: ['en', 'fr', 'it', 'es', 'de'], missing: [] });

      const made = await as('catalogue', 'createContentPage', { kind: 'page', key: `care-${driver}` });
      expect(made.body.psdata).toMatchObject({ kind: 'page', complete: [], missing: ['en', 'fr', 'it', 'es', 'de'] });
      const markdown = '## Washing\n\nWash **cold**, *inside out*.\n\n- No tumble dryer\n- Dry flat\n\nSee [delivery](/en/delivery) or [the guide](https://example.com/care).';
      const saved = await as('catalogue', 'saveContentTranslation', { id: made.body.psdata.id, lang: 'en', title: 'Care', slug: `care-${driver}`, markdown, version: 0 });
      expect(saved.body.psdata).toMatchObject({ complete: ['en'], missing: ['fr', 'it', 'es', 'de'] });

      const page = (await callApi(shop().app, 'getContent', { slug: `care-${driver}` }, { 'accept-language': 'en' })).body.psdata;
      expect(page.body).toEqual([
        { type: 'heading', level: 2, inline: [{ text: 'Washing' }] },
        { type: 'paragraph', inline: [{ text: 'Wash ' }, { text: 'cold', strong: true }, { text: ', ' }, { text: 'inside out', em: true }, { text: '.' }] },
        { type: 'list', ordered: false, items: [[{ text: 'No tumble dryer' }], [{ text: 'Dry flat' }]] },
        { type: 'paragraph', inline: [{ text: 'See ' }, { text: 'delivery', href: '/en/delivery' }, { text: ' or ' }, { text: 'the guide', href: 'https://example.com/care' }, { text: '.' }] },
      ]);
      expect((await callApi(shop().app, 'getContent', { slug: `care-${driver}` }, { 'accept-language': 'fr' })).status).toBe(404);
      const footer = (await callApi(shop().app, 'bootstrap', {}, { 'accept-language': 'en' })).body.psdata.footer_links;
      expect(footer.map((link: { slug: string }) => link.slug)).toContain(`care-${driver}`);

      // Two editors of the same text: the one who read the older version is refused; a slug another page has, too.
      const again = await as('catalogue', 'saveContentTranslation', { id: made.body.psdata.id, lang: 'en', title: 'Care', slug: `care-${driver}`, markdown: 'Old', version: 0 });
      expect(again).toMatchObject({ status: 409, body: { code: 'stale_edit', psdata: { version: 1 } } });
      const taken = await as('catalogue', 'saveContentTranslation', { id: made.body.psdata.id, lang: 'en', title: 'Care', slug: 'delivery', markdown, version: 1 });
      expect(taken).toMatchObject({ status: 409, body: { code: 'catalogue_conflict', psdata: { field: 'slug' } } });
    });

    it('refuses a slug with letters outside a–z (ADR 59: the storefront serves ASCII addresses) and serves its ASCII spelling', async () => {
      const page = (await as('catalogue', 'createContentPage', { kind: 'page', key: `accents-${driver}` })).body.psdata;
      const text = (lang: string, slug: string) => ({ id: page.id, lang, title: 'Été', slug, markdown: 'Lavez à froid.', version: 0 });
      for (const [lang, slug] of [['fr', `été-${driver}`], ['de', `größe-${driver}`], ['fr', `żółty-${driver}`], ['en', `Cafe\u0301-${driver}`]] as const) {
        const refused = await as('catalogue', 'saveContentTranslation', text(lang, slug));
        expect(refused, slug).toMatchObject({ status: 400, body: { success: false, psdata: { errors: { slug: expect.any(Array) } } } });
      }
      expect((await as('catalogue', 'getContentPage', { id: page.id })).body.psdata.page.translations).toEqual([]);
      // The spelling the editor offers (slugify) is taken, and the shopper's page is found by it.
      expect(slugify(`été-${driver}`, 'fr')).toBe(`ete-${driver}`);
      expect((await as('catalogue', 'saveContentTranslation', text('fr', slugify(`été-${driver}`, 'fr')))).status).toBe(200);
      expect((await callApi(shop().app, 'getContent', { slug: `ete-${driver}` }, { 'accept-language': 'fr' })).body.psdata).toMatchObject({ title: 'Été' });
    });

    it('refuses a slug that is a shop address or a category\'s, and gives a slug to one of several pages saving it at once', async () => {
      const text = (id: number, slug: string) => ({ id, lang: 'fr', title: 'Entretien', slug, markdown: 'Lavez à froid.', version: 0 });
      const page = (await as('catalogue', 'createContentPage', { kind: 'page', key: `clash-${driver}` })).body.psdata;
      for (const slug of ['cart', 'search', 'my-account', 'checkout', '2027-soldes']) {
        expect(await as('catalogue', 'saveContentTranslation', text(page.id, slug)), slug).toMatchObject({ status: 409, body: { code: 'catalogue_conflict', psdata: { field: 'slug' } } });
      }
      // A size chart lives under /size-chart/: it may be called 'search'.
      const chart = (await as('catalogue', 'createContentPage', { kind: 'size-chart', key: `chart-clash-${driver}` })).body.psdata;
      expect((await as('catalogue', 'saveContentTranslation', { id: chart.id, lang: 'fr', title: 'Tailles', slug: `search`, table: { columns: ['Taille', 'Poitrine (cm)'], rows: [['S', '84–88']] }, version: 0 })).status).toBe(200);

      // Six new pages save the same slug in French at once (on PostgreSQL, on separate connections): one has it.
      const keys = Array.from({ length: 6 }, (_, index) => `twin-${driver}-${index}`);
      const pages = await Promise.all(keys.map(async (key) => (await as('catalogue', 'createContentPage', { kind: 'page', key })).body.psdata.id as number));
      const answers = await Promise.all(pages.map((id) => as('catalogue', 'saveContentTranslation', text(id, `entretien-${driver}`))));
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409, 409, 409, 409]);
      for (const refused of answers.filter((answer) => answer.status === 409)) expect(refused.body).toMatchObject({ code: 'catalogue_conflict', psdata: { field: 'slug' } });
      // Pages created at once with the same key: one is made.
      const made = await Promise.all(Array.from({ length: 4 }, () => as('catalogue', 'createContentPage', { kind: 'page', key: `same-${driver}` })));
      expect(made.map((answer) => answer.status).sort()).toEqual([200, 409, 409, 409]);
    });

    it('serves a hostile page body as plain text: no HTML, no script, no javascript: link', async () => {
      const [delivery] = await query<{ id: number; version: number }>(sql`select p.id, t.version from content_pages p join content_page_translations t on t.page_id = p.id and t.lang = 'de' where p.key = 'delivery'`);
      const hostile = '<script>alert(1)</script>\n\nHallo <img src=x onerror="alert(2)"> [klick](javascript:alert(3)) [mehr](//evil.example/x)\n\n<iframe src="https://evil.example"></iframe>';
      const saved = await as('catalogue', 'saveContentTranslation', { id: delivery!.id, lang: 'de', title: 'Versand', slug: 'versand', markdown: hostile, version: delivery!.version });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      const page = (await callApi(shop().app, 'getContent', { slug: 'versand' }, { 'accept-language': 'de' })).body.psdata;
      expect(page.body).toEqual([{ type: 'paragraph', inline: [{ text: 'Hallo ' }, { text: ' ' }, { text: 'klick' }, { text: ' ' }, { text: 'mehr' }] }]);
      expect(JSON.stringify(page.body)).not.toMatch(/<|javascript:|onerror/);
      // The editor keeps what was typed, to be corrected.
      const editor = (await as('catalogue', 'getContentPage', { id: delivery!.id })).body.psdata.page;
      expect(editor.translations.find((text: { lang: string }) => text.lang === 'de').markdown).toBe(hostile);
    });

    it('gives a size chart to a category, and that category’s products link to it; a ragged table is refused', async () => {
      const [product] = await query<{ id: number; category_id: number }>(
        sql`select p.id, p.default_category_id as category_id from products p where p.is_active and p.gender = 'women' order by p.id limit 1`,
      );
      const before = (await callApi(shop().app, 'getProduct', { product_id: product!.id })).body.psdata.size_chart_slug;
      expect(before).toBe('women');

      const chart = (await as('catalogue', 'createContentPage', { kind: 'size-chart', key: `dresses-${driver}` })).body.psdata;
      const table = { columns: ['Size', 'Bust (cm)'], rows: [['S', '84–88'], ['M', '88–94']] };
      const ragged = await as('catalogue', 'saveContentTranslation', { id: chart.id, lang: 'en', title: 'Dresses', slug: `dresses-${driver}`, table: { ...table, rows: [['S']] }, version: 0 });
      expect(ragged).toMatchObject({ status: 400, body: { code: 'bad_request' } });
      expect((await as('catalogue', 'saveContentTranslation', { id: chart.id, lang: 'en', title: 'Dresses', slug: `dresses-${driver}`, table, version: 0 })).status).toBe(200);
      const given = await as('catalogue', 'setSizeChartCategories', { id: chart.id, category_ids: [product!.category_id] });
      expect(given.body.psdata).toMatchObject({ category_ids: [product!.category_id], complete: ['en'] });

      expect((await callApi(shop().app, 'getProduct', { product_id: product!.id })).body.psdata.size_chart_slug).toBe(`dresses-${driver}`);
      const page = (await callApi(shop().app, 'getContent', { slug: `dresses-${driver}`, kind: 'size-chart' })).body.psdata;
      expect(page.body).toEqual(table);
      // Taken back: the product links to its gender's chart again.
      await as('catalogue', 'setSizeChartCategories', { id: chart.id, category_ids: [] });
      expect((await callApi(shop().app, 'getProduct', { product_id: product!.id })).body.psdata.size_chart_slug).toBe('women');
    });
  });
});
