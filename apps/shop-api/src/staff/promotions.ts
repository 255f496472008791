import {
  ADMIN_PROMOTIONS_PAGE_SIZE,
  type AdminCode,
  type AdminSale,
  type adminCodesInput,
  type adminSalesInput,
  type adminSaveCodeInput,
  type adminSaveSaleInput,
  type adminUpdateSaleInput,
  type PromotionState,
} from '@shop/contract/admin';
import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { countedUse } from '../cart/rules.ts';
import { netForShelfPrice, priceRateFor } from '../catalog/pricing.ts';
import type { Queryable } from '../db/client.ts';
import { selectRows } from '../db/raw.ts';
import { ApiError, notFound, refusal } from '../http/errors.ts';
import { audit } from './audit.ts';
import { actorOf, type AdminContext } from './context.ts';
import type { CartRuleRow } from '../cart/rules.ts';

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/** Scheduled, running or ended, from a period (an open end never ends). */
function stateOf(startsAt: Date | string | null, endsAt: Date | string | null, now = Date.now()): PromotionState {
  if (endsAt !== null && new Date(endsAt).getTime() <= now) return 'ended';
  if (startsAt !== null && new Date(startsAt).getTime() > now) return 'scheduled';
  return 'running';
}

const stateSql = (state: PromotionState | undefined, alias: SQL): SQL => {
  if (state === 'ended') return sql`(${alias}.ends_at is not null and ${alias}.ends_at <= now())`;
  if (state === 'scheduled') return sql`(${alias}.starts_at > now() and (${alias}.ends_at is null or ${alias}.ends_at > now()))`;
  if (state === 'running') return sql`((${alias}.starts_at is null or ${alias}.starts_at <= now()) and (${alias}.ends_at is null or ${alias}.ends_at > now()))`;
  return sql`true`;
};

// ---------------------------------------------------------------------------------------------------------------
// Coupons and vouchers: the cart_rules rows the cart and the checkout already apply (cart/rules.ts, SPEC §8).

type CodeRow = CartRuleRow & { uses: number };

function toCode(row: CodeRow, lang: string): AdminCode {
  return {
    id: row.id,
    code: row.code,
    kind: row.kind,
    name: row.names[lang] ?? row.names.en ?? row.code,
    reduction_percent: row.reduction_percent,
    reduction_amount: row.reduction_amount_cents,
    free_shipping: row.free_shipping,
    minimum_amount: row.minimum_amount_cents,
    category_ids: row.category_ids,
    brand_ids: row.brand_ids,
    total_uses_limit: row.total_uses_limit,
    uses_per_customer_limit: row.uses_per_customer_limit,
    combinable: row.combinable,
    applies_to_discounted: row.applies_to_discounted,
    starts_at: iso(row.starts_at),
    ends_at: iso(row.ends_at),
    is_active: row.is_active,
    state: row.is_active ? stateOf(row.starts_at, row.ends_at) : 'ended',
    uses: row.uses,
  };
}

const codeColumns = sql`r.id, r.code, r.kind, r.names, r.reduction_percent, r.reduction_amount_cents, r.free_shipping, r.minimum_amount_cents,
  r.category_ids, r.brand_ids, r.total_uses_limit, r.uses_per_customer_limit, r.combinable, r.applies_to_discounted, r.starts_at, r.ends_at, r.is_active,
  (select count(*)::int from cart_rule_uses u where u.rule_id = r.id and ${countedUse}) as uses`;

async function readCode(db: Queryable, id: number, lang: string, lock = false): Promise<AdminCode> {
  const [row] = await selectRows<CodeRow>(db, sql`select ${codeColumns} from cart_rules r where r.id = ${id} ${lock ? sql`for update` : sql``}`);
  if (!row) throw notFound('Code');
  return toCode(row, lang);
}

/** Codes, newest first, by (part of) their code and state, with their counted uses. */
export async function listCodes(input: z.output<typeof adminCodesInput>, { db, textLang }: AdminContext) {
  const where = sql.join(
    [sql`true`, ...(input.query ? [sql`r.code ilike ${`%${input.query.replace(/[\\%_]/g, '\\$&')}%`}`] : []), ...(input.state ? [stateSql(input.state, sql`r`)] : [])],
    sql` and `,
  );
  const [rows, [counted]] = await Promise.all([
    selectRows<CodeRow>(db, sql`select ${codeColumns} from cart_rules r where ${where} order by r.id desc limit ${ADMIN_PROMOTIONS_PAGE_SIZE} offset ${(input.page - 1) * ADMIN_PROMOTIONS_PAGE_SIZE}`),
    selectRows<{ total: number }>(db, sql`select count(*)::int as total from cart_rules r where ${where}`),
  ]);
  const total = counted?.total ?? 0;
  return { codes: rows.map((row) => toCode(row, textLang)), page: input.page, pages: Math.max(1, Math.ceil(total / ADMIN_PROMOTIONS_PAGE_SIZE)), total };
}

/** A code with every order that used it (those whose use no longer counts too, marked so), newest first. */
export async function getCode({ id }: { id: number }, { db, textLang }: AdminContext) {
  const code = await readCode(db, id, textLang);
  const orders = await selectRows<{ reference: string | null; email: string | null; status: string | null; counted: boolean; used_at: Date | string }>(
    db,
    sql`select o.reference, coalesce(o.email, u.email) as email, o.status, ${countedUse} as counted, u.used_at
      from cart_rule_uses u left join orders o on o.id = u.order_id where u.rule_id = ${id} order by u.used_at desc, u.id desc limit 200`,
  );
  return { code, orders: orders.map((order) => ({ ...order, used_at: new Date(order.used_at).toISOString() })) };
}

const codeTaken = () => new ApiError(409, 'code_taken', 'Another code already has this code');

/**
 * Creates or changes a code, audited in the same transaction. The English name is the one set here; names in
 * other languages that the code already had are kept.
 */
export async function saveCode(input: z.output<typeof adminSaveCodeInput>, context: AdminContext) {
  const { db, textLang } = context;
  return db.transaction(async (tx) => {
    const before = input.id === undefined ? null : await readCode(tx, input.id, textLang, true);
    const [other] = await selectRows<{ id: number }>(tx, sql`select id from cart_rules where code = ${input.code} and id <> ${input.id ?? 0}`);
    if (other) throw codeTaken();
    const values = sql`${input.code}, ${input.kind}, ${input.reduction_percent ?? null}, ${input.reduction_amount ?? null}, ${input.free_shipping},
      ${input.minimum_amount}, ${`{${input.category_ids.join(',')}}`}::int[], ${`{${input.brand_ids.join(',')}}`}::int[], ${input.total_uses_limit ?? null},
      ${input.uses_per_customer_limit ?? null}, ${input.combinable}, ${input.applies_to_discounted}, ${input.starts_at ?? null}::timestamptz, ${input.ends_at ?? null}::timestamptz`;
    const columns = sql`code, kind, reduction_percent, reduction_amount_cents, free_shipping, minimum_amount_cents, category_ids, brand_ids,
      total_uses_limit, uses_per_customer_limit, combinable, applies_to_discounted, starts_at, ends_at`;
    let id: number;
    if (input.id === undefined) {
      // A code typed at the same moment by another staff member: the unique index decides, and this one is refused.
      const [made] = await selectRows<{ id: number }>(
        tx,
        sql`insert into cart_rules (names, ${columns}) values (${JSON.stringify({ en: input.name })}::jsonb, ${values}) on conflict (code) do nothing returning id`,
      );
      if (!made) throw codeTaken();
      id = made.id;
    } else {
      id = input.id;
      await tx.execute(
        sql`update cart_rules set names = names || ${JSON.stringify({ en: input.name })}::jsonb, is_active = true, (${columns}) = (${values}) where id = ${id}`,
      );
    }
    const after = await readCode(tx, id, textLang);
    await audit(tx, actorOf(context), { action: before ? 'code.change' : 'code.create', targetType: 'code', targetId: id, before, after });
    return after;
  });
}

/** Ends a code now: carts that hold it are told it expired, orders already placed keep it. */
export async function endCode({ id }: { id: number }, context: AdminContext) {
  return context.db.transaction(async (tx) => {
    const before = await readCode(tx, id, context.textLang, true);
    await tx.execute(sql`update cart_rules set ends_at = now(), starts_at = least(starts_at, now()) where id = ${id} and (ends_at is null or ends_at > now())`);
    const after = await readCode(tx, id, context.textLang);
    await audit(tx, actorOf(context), { action: 'code.end', targetType: 'code', targetId: id, before: { ends_at: before.ends_at }, after: { ends_at: after.ends_at } });
    return after;
  });
}

/** The categories (with their parent's name) and brands a code or a sale can be limited to. */
export async function getPromotionChoices(_input: unknown, { db, textLang }: AdminContext) {
  const [categories, brands] = await Promise.all([
    selectRows<{ id: number; name: string }>(
      db,
      sql`select c.id, concat_ws(' › ', pt.name, t.name) as name from categories c
        join category_translations t on t.category_id = c.id and t.lang = ${textLang}
        left join category_translations pt on pt.category_id = c.parent_id and pt.lang = ${textLang}
        where c.parent_id is not null order by 2, c.id`,
    ),
    selectRows<{ id: number; name: string }>(db, sql`select id, name from brands order by name, id`),
  ]);
  return { categories, brands };
}

// ---------------------------------------------------------------------------------------------------------------
// Sales: written out as specific_prices rows (one per product reached), which listings, the product page, the
// cart and the checkout all read (catalog/pricing.ts), and whose triggers refresh the listing rows and raise the
// catalogue revision (ADR 28). docs/adr/0043-sales-and-price-history.md.

type SaleRow = {
  id: number;
  name: string;
  scope: 'product' | 'category' | 'brand';
  target_id: number;
  target_name: string | null;
  reduction_percent: number | null;
  reduction_amount_cents: number | null;
  starts_at: Date | string;
  ends_at: Date | string;
  ended_at: Date | string | null;
  product_count: number;
};

const saleSelect = (lang: string) => sql`select s.*,
    (select count(distinct sp.product_id)::int from specific_prices sp where sp.sale_id = s.id) as product_count,
    case s.scope
      when 'product' then (select t.name from product_translations t where t.product_id = s.target_id order by (t.lang = ${lang}) desc, (t.lang = 'en') desc limit 1)
      when 'category' then (select t.name from category_translations t where t.category_id = s.target_id order by (t.lang = ${lang}) desc, (t.lang = 'en') desc limit 1)
      else (select b.name from brands b where b.id = s.target_id) end as target_name
  from sales s`;

function toSale(row: SaleRow): AdminSale {
  return {
    id: row.id,
    name: row.name,
    scope: row.scope,
    target_id: row.target_id,
    target_name: row.target_name ?? `#${row.target_id}`,
    reduction_percent: row.reduction_percent,
    reduction_amount: row.reduction_amount_cents,
    starts_at: new Date(row.starts_at).toISOString(),
    ends_at: new Date(row.ends_at).toISOString(),
    ended_at: iso(row.ended_at),
    state: stateOf(row.starts_at, row.ends_at),
    product_count: row.product_count,
  };
}

async function readSale(db: Queryable, id: number, lang: string): Promise<AdminSale> {
  const [row] = await selectRows<SaleRow>(db, sql`${saleSelect(lang)} where s.id = ${id}`);
  if (!row) throw notFound('Sale');
  return toSale(row);
}

export async function listSales(input: z.output<typeof adminSalesInput>, { db, textLang }: AdminContext) {
  const where = stateSql(input.state, sql`s`);
  const [rows, [counted]] = await Promise.all([
    selectRows<SaleRow>(db, sql`${saleSelect(textLang)} where ${where} order by s.starts_at desc, s.id desc limit ${ADMIN_PROMOTIONS_PAGE_SIZE} offset ${(input.page - 1) * ADMIN_PROMOTIONS_PAGE_SIZE}`),
    selectRows<{ total: number }>(db, sql`select count(*)::int as total from sales s where ${where}`),
  ]);
  const total = counted?.total ?? 0;
  return { sales: rows.map(toSale), page: input.page, pages: Math.max(1, Math.ceil(total / ADMIN_PROMOTIONS_PAGE_SIZE)), total };
}

/** The products a sale reaches: the product, every product of the category or of its subcategories, or of the brand. */
function productsOf(scope: 'product' | 'category' | 'brand', targetId: number): SQL {
  if (scope === 'product') return sql`select id from products where id = ${targetId}`;
  if (scope === 'brand') return sql`select id from products where brand_id = ${targetId}`;
  return sql`with recursive tree as (select id from categories where id = ${targetId} union select c.id from categories c join tree on c.parent_id = tree.id)
    select p.id from products p where p.default_category_id in (select id from tree)
    union select pc.product_id from product_categories pc where pc.category_id in (select id from tree)`;
}

/** A sale's amount, typed with VAT, as the net amount that takes exactly that off at the home rate (ADR 23); null for none. */
async function netReduction(tx: Queryable, amount: number | undefined, homeCountry: string): Promise<number | null> {
  if (amount === undefined) return null;
  const rate = await priceRateFor(tx as never, homeCountry, homeCountry);
  return netForShelfPrice(amount, rate) ?? Math.round((amount * 10_000) / (10_000 + rate));
}

/**
 * Creates a sale and its discounts in one transaction, audited. An amount is typed with VAT, as the shelf price;
 * it is stored as the net amount that takes exactly that off at the home country's rate (ADR 23).
 */
export async function createSale(input: z.output<typeof adminSaveSaleInput>, context: AdminContext) {
  const { db, config, textLang } = context;
  return db.transaction(async (tx) => {
    const [target] = await selectRows<{ found: boolean }>(
      tx,
      input.scope === 'product'
        ? sql`select true as found from products where id = ${input.target_id}`
        : input.scope === 'category'
          ? sql`select true as found from categories where id = ${input.target_id}`
          : sql`select true as found from brands where id = ${input.target_id}`,
    );
    if (!target) throw notFound(input.scope === 'product' ? 'Product' : input.scope === 'category' ? 'Category' : 'Brand');
    const netAmount = await netReduction(tx, input.reduction_amount, config.defaultCountry);
    const [made] = await selectRows<{ id: number }>(
      tx,
      sql`insert into sales (name, scope, target_id, reduction_percent, reduction_amount_cents, starts_at, ends_at)
        values (${input.name}, ${input.scope}, ${input.target_id}, ${input.reduction_percent ?? null}, ${input.reduction_amount ?? null}, ${input.starts_at}, ${input.ends_at}) returning id`,
    );
    const id = made!.id;
    await tx.execute(
      sql`insert into specific_prices (product_id, reduction_percent, reduction_net_cents, starts_at, ends_at, sale_id)
        select reached.id, ${input.reduction_percent ?? null}::int, ${netAmount}::int, ${input.starts_at}::timestamptz, ${input.ends_at}::timestamptz, ${id}
        from (${productsOf(input.scope, input.target_id)}) reached`,
    );
    const sale = await readSale(tx, id, textLang);
    await audit(tx, actorOf(context), { action: 'sale.create', targetType: 'sale', targetId: id, after: sale });
    return sale;
  });
}

/** Sales' times are compared to the minute: the back office's forms show and send minutes. */
const sameMinute = (a: string, b: string) => Math.abs(Date.parse(a) - Date.parse(b)) < 60_000;

export async function getSale({ id }: { id: number }, { db, textLang }: AdminContext) {
  return readSale(db, id, textLang);
}

/**
 * Changes a sale that has not ended, and its discounts with it, in one transaction, audited (ADR 54). The
 * discount rows' triggers refresh the listing rows and raise the catalogue revision: the storefront shows the change
 * at once. What has run stays as it ran (the price history the 30-day lowest price reads): a running sale given
 * another reduction ends its rows now and starts new ones now for the same products; given another end, its
 * running rows take it. A sale to come has its rows rewritten. The products it reached stay the same ones.
 */
export async function updateSale(input: z.output<typeof adminUpdateSaleInput>, context: AdminContext) {
  const { db, config, textLang } = context;
  return db.transaction(async (tx) => {
    const [locked] = await selectRows<{ id: number; reduction_percent: number | null; reduction_amount_cents: number | null }>(
      tx,
      sql`select id, reduction_percent, reduction_amount_cents from sales where id = ${input.id} for update`,
    );
    if (!locked) throw notFound('Sale');
    const before = await readSale(tx, input.id, textLang);
    if (before.state === 'ended') throw refusal(409, 'sale_ended', 'This sale has ended: make a new one', null);
    const running = before.state === 'running';
    if (running && input.starts_at !== undefined && !sameMinute(input.starts_at, before.starts_at)) {
      throw refusal(409, 'sale_started', 'This sale has started: its start cannot change', null);
    }
    const startsAt = running || input.starts_at === undefined ? before.starts_at : input.starts_at;
    if (Date.parse(input.ends_at) <= Math.max(Date.parse(startsAt), Date.now())) {
      throw new ApiError(400, 'bad_request', 'It ends after it starts, and later than now (to end it now, end it)', { errors: { ends_at: ['It ends after it starts and later than now.'] } });
    }
    const netAmount = await netReduction(tx, input.reduction_amount, config.defaultCountry);
    const percent = input.reduction_percent ?? null;
    const reductionChanged = percent !== locked.reduction_percent || (input.reduction_amount ?? null) !== locked.reduction_amount_cents;
    if (!running) {
      await tx.execute(sql`update specific_prices set reduction_percent = ${percent}::int, reduction_net_cents = ${netAmount}::int,
        starts_at = ${startsAt}::timestamptz, ends_at = ${input.ends_at}::timestamptz where sale_id = ${input.id}`);
    } else if (reductionChanged) {
      // The products whose discount runs now get the new one from now; the old rows end now and stay as history.
      await tx.execute(sql`with ended as (
          update specific_prices set ends_at = now() where sale_id = ${input.id} and starts_at <= now() and (ends_at is null or ends_at > now()) returning product_id)
        insert into specific_prices (product_id, reduction_percent, reduction_net_cents, starts_at, ends_at, sale_id)
        select product_id, ${percent}::int, ${netAmount}::int, now(), ${input.ends_at}::timestamptz, ${input.id} from ended`);
    } else {
      await tx.execute(sql`update specific_prices set ends_at = ${input.ends_at}::timestamptz
        where sale_id = ${input.id} and starts_at <= now() and (ends_at is null or ends_at > now())`);
    }
    await tx.execute(sql`update sales set name = ${input.name}, reduction_percent = ${percent}::int, reduction_amount_cents = ${input.reduction_amount ?? null}::int,
      starts_at = ${startsAt}::timestamptz, ends_at = ${input.ends_at}::timestamptz where id = ${input.id}`);
    const after = await readSale(tx, input.id, textLang);
    const fields = ({ name, reduction_percent, reduction_amount, starts_at, ends_at }: AdminSale) => ({ name, reduction_percent, reduction_amount, starts_at, ends_at });
    await audit(tx, actorOf(context), { action: 'sale.update', targetType: 'sale', targetId: input.id, before: fields(before), after: fields(after) });
    return after;
  });
}

/**
 * Ends a sale now. Its discounts that have run are ended, not deleted: they are the price history the 30-day
 * lowest price reads (Omnibus); those that had not started yet are deleted.
 */
export async function endSale({ id }: { id: number }, context: AdminContext) {
  return context.db.transaction(async (tx) => {
    const [locked] = await selectRows<{ id: number }>(tx, sql`select id from sales where id = ${id} for update`);
    if (!locked) throw notFound('Sale');
    const before = await readSale(tx, id, context.textLang);
    if (before.state !== 'ended') {
      await tx.execute(sql`delete from specific_prices where sale_id = ${id} and starts_at > now()`);
      await tx.execute(sql`update specific_prices set ends_at = now() where sale_id = ${id} and (ends_at is null or ends_at > now())`);
      await tx.execute(sql`update sales set ended_at = now(), ends_at = now(), starts_at = least(starts_at, now()) where id = ${id}`);
    }
    const after = await readSale(tx, id, context.textLang);
    await audit(tx, actorOf(context), { action: 'sale.end', targetType: 'sale', targetId: id, before: { ends_at: before.ends_at }, after: { ends_at: after.ends_at, ended_at: after.ended_at } });
    return after;
  });
}

export const promotionHandlers = { listCodes, getCode, saveCode, endCode, getPromotionChoices, listSales, createSale, getSale, updateSale, endSale };
