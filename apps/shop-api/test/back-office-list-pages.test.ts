import { LIST_COUNT_CAP } from '@shop/contract/admin';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { selectRows } from '../src/db/raw.ts';
import { DRIVERS, useTestShop } from './databases.ts';
import { adminCall, staffSession } from './staff.ts';

type Page = { next: string | null; previous: string | null; total: number; total_capped: boolean };

/**
 * Keyset paging of the back office's long lists (ADR 58): following the page links walks every row once, in the
 * list's order, with its filters, whatever is added meanwhile; a page link that is not one is refused with a 400.
 */
describe.each(DRIVERS)('the back office lists paged by cursor on %s', (driver) => {
  const shop = useTestShop(driver);
  const db = () => shop().handle.db;

  /**
   * `count` orders of `tag` (their addresses hold it, so that a search finds them all; their references start with
   * `code`), the newest placed a day ago,
   * each one earlier by `gap` (in microseconds: 0 makes ties, which the id then orders).
   */
  async function makeOrders(tag: string, code: string, count: number, { gap = 1_000_000, offsetMicros = 0 } = {}) {
    await db().execute(sql`insert into orders (reference, email, lang, status, currency, items_cents, shipping_cents, tax_cents, total_cents,
        country_iso, shipping_address, billing_address, gateway, created_at)
      select ${`${code}${driver === 'pglite' ? 'L' : 'P'}`} || lpad(g::text, 4, '0'), ${tag} || '.' || g || '@example.com', 'en',
        (array['payment_accepted', 'shipped', 'cancelled'])[1 + g % 3], 'EUR', 5000, 590, 1000, 6590, 'IT',
        jsonb_build_object('first_name', 'Ada', 'last_name', 'Keyset'), jsonb_build_object('first_name', 'Ada', 'last_name', 'Keyset'), 'card',
        now() - interval '1 day' + ${offsetMicros}::bigint * interval '1 microsecond' - (g * ${gap}::bigint) * interval '1 microsecond'
      from generate_series(1, ${count}) g`);
  }
  /** The orders of `tag` as the list must show them: newest first, the later id first among ties. */
  const expected = async (tag: string, status?: string) =>
    (
      await selectRows<{ reference: string }>(
        db(),
        sql`select reference from orders where email like ${`${tag}%`} ${status ? sql`and status = ${status}` : sql``} order by created_at desc, id desc`,
      )
    ).map((row) => row.reference);

  /** Follows the list's `next` links from its first page; each page's references, and the pages' answers. */
  async function walk(name: 'listOrders', filters: Record<string, unknown>, headers: Record<string, string>, between?: (page: number) => Promise<void>) {
    const pages: (Page & { orders: { reference: string }[] })[] = [];
    let cursor: string | undefined;
    do {
      const answer = await adminCall(shop().app, name, { ...filters, cursor }, headers);
      expect(answer.status).toBe(200);
      pages.push(answer.body.psdata);
      cursor = answer.body.psdata.next ?? undefined;
      await between?.(pages.length);
    } while (cursor && pages.length < 50);
    return pages;
  }

  it('walks every order of a search once, newest first, through the next links; back through the previous ones; ties and microseconds apart kept', async () => {
    const { headers } = await staffSession(shop(), 'fulfilment');
    const tag = `walk${driver}`;
    await makeOrders(tag, 'WALK', 40);
    // Ten orders placed at one instant (the id orders them), and ten a microsecond apart: a millisecond key would lose them.
    await makeOrders(`${tag}x`, 'WALKX', 10, { gap: 0, offsetMicros: -20_500_000 });
    await makeOrders(`${tag}y`, 'WALKY', 10, { gap: 1, offsetMicros: -30_500_000 });
    const all = await expected(tag);
    expect(all).toHaveLength(60);

    const pages = await walk('listOrders', { query: tag }, headers);
    expect(pages.map((page) => page.orders.length)).toEqual([25, 25, 10]);
    expect(pages.flatMap((page) => page.orders.map((order) => order.reference))).toEqual(all);
    expect(pages.map((page) => [page.previous !== null, page.next !== null])).toEqual([
      [false, true],
      [true, true],
      [true, false],
    ]);
    expect(pages.every((page) => page.total === 60 && !page.total_capped)).toBe(true);

    // Back from the last page: the same pages, in the same order.
    const back = await adminCall(shop().app, 'listOrders', { query: tag, cursor: pages[2]!.previous }, headers);
    expect(back.body.psdata.orders.map((order: { reference: string }) => order.reference)).toEqual(all.slice(25, 50));
    const first = await adminCall(shop().app, 'listOrders', { query: tag, cursor: back.body.psdata.previous }, headers);
    expect(first.body.psdata.orders.map((order: { reference: string }) => order.reference)).toEqual(all.slice(0, 25));
    expect([first.body.psdata.previous, typeof first.body.psdata.next]).toEqual([null, 'string']);
  });

  it('keeps the walk whole while orders are placed between page loads: none twice, none left out; the new ones are before the first page', async () => {
    const { headers } = await staffSession(shop(), 'fulfilment');
    const tag = `moving${driver}`;
    await makeOrders(tag, 'MOVE', 60);
    const before = await expected(tag);
    let added = 0;
    const late = `LATE${driver}`.toUpperCase();
    const pages = await walk('listOrders', { query: tag }, headers, async (page) => {
      // Newer orders after each page (an offset would push the rows already seen onto the next page), and one placed
      // among the rows still to come, which the walk must then show.
      await makeOrders(`new${tag}${page}`, `NEW${page}`, 5, { offsetMicros: 3_600_000_000 });
      if (page === 1) {
        await db().execute(sql`insert into orders (reference, email, lang, status, currency, items_cents, shipping_cents, tax_cents, total_cents, country_iso, shipping_address, billing_address, created_at)
          select ${late}, ${`${tag}.late@example.com`}, 'en', 'shipped', 'EUR', 1, 0, 0, 1, 'IT', '{}', '{}', created_at - interval '1 millisecond'
          from orders where reference = ${before[40]!}`);
        added++;
      }
    });
    const walked = pages.flatMap((page) => page.orders.map((order) => order.reference));
    expect(walked).toEqual([...before.slice(0, 41), late, ...before.slice(41)]);
    expect(added).toBe(1);
    // The orders placed meanwhile are before the first page: its previous link, followed, shows them.
    const again = await adminCall(shop().app, 'listOrders', { query: tag, cursor: pages[1]!.previous }, headers);
    expect(again.body.psdata.orders.map((order: { reference: string }) => order.reference)).toEqual(before.slice(0, 25));
    expect(again.body.psdata.previous).not.toBeNull();
    const newer = await adminCall(shop().app, 'listOrders', { query: tag, cursor: again.body.psdata.previous }, headers);
    expect(newer.body.psdata.orders.length).toBeGreaterThan(0);
    expect(newer.body.psdata.orders.every((order: { reference: string }) => order.reference.startsWith('NEW'))).toBe(true);
  });

  it('keeps the filters on every page: a state and a search, walked whole', async () => {
    const { headers } = await staffSession(shop(), 'fulfilment');
    const tag = `filtered${driver}`;
    await makeOrders(tag, 'FILT', 90);
    const shipped = await expected(tag, 'shipped');
    expect(shipped).toHaveLength(30);
    const pages = await walk('listOrders', { query: tag, status: 'shipped' }, headers);
    expect(pages.flatMap((page) => page.orders.map((order) => order.reference))).toEqual(shipped);
    expect(pages.every((page) => page.total === 30)).toBe(true);
  });

  it('refuses a page link that is not one with a 400 naming the cursor, never a 5xx; a link past the end is an empty page', async () => {
    const { headers } = await staffSession(shop(), 'fulfilment');
    const hostile = ['', 'abc', 'a.1', 'a.1.', 'x.1.1', 'a.-1.1', 'a.1.1.1', 'a.1.99999999999', 'a.1.2147483648', `a.${'9'.repeat(17)}.1`, `a.1.${'1'.repeat(1000)}`, "a.1.1' or '1'='1", 'a.1e5.1', 'a.0x10.1', 'A.1.1', 'a.1.1\n'];
    for (const cursor of hostile) {
      const answer = await adminCall(shop().app, 'listOrders', { cursor }, headers);
      expect([cursor, answer.status, answer.body.code]).toEqual([cursor, 400, 'bad_request']);
      expect(answer.body.psdata.errors).toHaveProperty('cursor');
    }
    const owner = await staffSession(shop(), 'owner');
    for (const name of ['listCustomers', 'listReturns', 'listAuditLog'] as const) {
      expect((await adminCall(shop().app, name, { cursor: 'a.1.1;drop' }, owner.headers)).status).toBe(400);
    }
    expect((await adminCall(shop().app, 'listGuestOrders', { email: 'guest@example.com', cursor: 'b.1' }, owner.headers)).status).toBe(400);
    // Well-formed but of no row: before 1970 nothing is older; far ahead nothing is newer.
    const past = await adminCall(shop().app, 'listOrders', { cursor: 'a.1.1' }, headers);
    expect([past.status, past.body.psdata.orders, past.body.psdata.next]).toEqual([200, [], null]);
    const ahead = await adminCall(shop().app, 'listOrders', { cursor: `b.${'9'.repeat(16)}.2147483647` }, headers);
    expect([ahead.status, ahead.body.psdata.orders, ahead.body.psdata.previous]).toEqual([200, [], null]);
  });

  it('pages the audit trail and the customers with the same links, and caps a large count', async () => {
    const owner = await staffSession(shop(), 'owner');
    const action = `capped.${driver}`;
    await db().execute(sql`insert into audit_log (actor, action, target_type, target_id, at)
      select 'script', ${action}, 'test', g::text, now() - g * interval '1 second' from generate_series(1, ${LIST_COUNT_CAP + 1}) g`);
    const first = await adminCall(shop().app, 'listAuditLog', { action }, owner.headers);
    expect(first.body.psdata).toMatchObject({ total: LIST_COUNT_CAP, total_capped: true, previous: null });
    expect(first.body.psdata.entries.map((entry: { target_id: string }) => entry.target_id)).toEqual(Array.from({ length: 50 }, (_, index) => String(index + 1)));
    const second = await adminCall(shop().app, 'listAuditLog', { action, cursor: first.body.psdata.next }, owner.headers);
    expect(second.body.psdata.entries.map((entry: { target_id: string }) => entry.target_id)).toEqual(Array.from({ length: 50 }, (_, index) => String(index + 51)));

    const tag = `people${driver}`;
    await db().execute(sql`insert into customers (email, password_hash, first_name, last_name, created_at)
      select ${tag} || g || '@example.com', 'x', 'Ada', 'Keyset', now() - (g % 7) * interval '1 minute' from generate_series(1, 30) g`);
    const people = await selectRows<{ email: string }>(db(), sql`select email from customers where email like ${`${tag}%`} order by created_at desc, id desc`);
    const firstPeople = await adminCall(shop().app, 'listCustomers', { query: tag }, owner.headers);
    const secondPeople = await adminCall(shop().app, 'listCustomers', { query: tag, cursor: firstPeople.body.psdata.next }, owner.headers);
    expect([...firstPeople.body.psdata.customers, ...secondPeople.body.psdata.customers].map((customer: { email: string }) => customer.email)).toEqual(people.map((row) => row.email));
    expect([secondPeople.body.psdata.next, secondPeople.body.psdata.total]).toEqual([null, 30]);
  });
});
