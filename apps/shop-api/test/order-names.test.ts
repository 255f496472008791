import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { selectRows } from '../src/db/raw.ts';
import { DEMO_CUSTOMER } from '../src/seed/index.ts';
import { callApi, DRIVERS, shopperHeaders, useTestShop } from './databases.ts';

type Line = { name: string; attributes: string };

/**
 * A past order read in another language than it was placed in (issue 28): its products, their sizes and colours
 * and its carrier in the page's language while the catalogue has them; as placed once they are gone.
 */
describe.each(DRIVERS)('an order read in the page language on %s', (driver) => {
  const shop = useTestShop(driver);
  const call = (name: string, payload: unknown, token: string, lang: string) =>
    callApi(shop().app, name, payload, { ...shopperHeaders(token, '203.0.113.71'), 'accept-language': lang });
  const query = <T>(statement: ReturnType<typeof sql>) => selectRows<T>(shop().handle.db, statement);

  it('names the products, sizes, colours and carrier in the asked language, else as placed', async () => {
    const token = (await callApi(shop().app, 'login', DEMO_CUSTOMER, shopperHeaders(undefined, '203.0.113.71'))).body.psdata.session.token as string;
    // Placed in Italian: its lines and carrier keep the Italian names they had then.
    const [order] = await query<{ id: number; carrier_id: number }>(sql`update orders set lang = 'it' where reference = 'DEMO000001'
      returning id, (carrier->>'id')::int as carrier_id`);
    await shop().handle.db.execute(sql`update order_lines l set product_name = 'Nome di allora', attributes_label = 'Taglia di allora'
      where l.order_id = ${order!.id}`);
    await shop().handle.db.execute(sql`update orders set carrier = jsonb_set(carrier, '{name}', '"Corriere di allora"') where id = ${order!.id}`);
    const expected = async (lang: string) =>
      query<Line>(sql`select pt.name, (select string_agg(at.name, ', ' order by g.position, g.id) from combination_attributes ca
          join attributes a on a.id = ca.attribute_id join attribute_groups g on g.id = a.group_id
          join attribute_translations at on at.attribute_id = a.id and at.lang = ${lang} where ca.combination_id = l.combination_id) as attributes
        from order_lines l join product_translations pt on pt.product_id = l.product_id and pt.lang = ${lang}
        where l.order_id = ${order!.id} order by l.id`);
    const [carrier] = await query<{ en: string; de: string }>(sql`select names->>'en' as en, names->>'de' as de from carriers where id = ${order!.carrier_id}`);

    for (const lang of ['en', 'de'] as const) {
      const read = (await call('getOrder', { reference: 'DEMO000001' }, token, lang)).body.psdata;
      const names = await expected(lang);
      expect(names.length).toBeGreaterThan(0);
      expect(read.lines.map(({ name, attributes }: Line) => ({ name, attributes }))).toEqual(names);
      expect(read.carrier.name).toBe(carrier![lang]);
    }
    expect(carrier!.en).not.toBe(carrier!.de);

    // A product gone from the catalogue and a carrier gone: their names as placed.
    const [gone] = await query<{ product_id: number }>(sql`select product_id from order_lines where order_id = ${order!.id} order by id limit 1`);
    await shop().handle.db.execute(sql`delete from product_translations where product_id = ${gone!.product_id} and lang = 'en'`);
    await shop().handle.db.execute(sql`update orders set carrier = jsonb_set(carrier, '{id}', '0') where id = ${order!.id}`);
    const read = (await call('getOrder', { reference: 'DEMO000001' }, token, 'en')).body.psdata;
    expect(read.lines[0].name).toBe('Nome di allora');
    expect(read.carrier.name).toBe('Corriere di allora');
  });
});
