import { rowId } from '@shop/contract';
import { CODE_KINDS, PROMOTION_STATES, SALE_SCOPES, type PromotionState } from '@shop/contract/admin';
import { z } from 'zod';

/**
 * The forms of prices, sales and codes (issue 27), as the browser posts them: amounts as staff type them
 * ('12,50'), dates and times of the shop's time zone (SHOP_TIME_ZONE), ticked boxes as 'on'. The actions turn them
 * into the contract's inputs (adminSaveCodeInput, adminSaveSaleInput), which the API checks again.
 */
const amount = z.string().trim().regex(/^\d{1,7}([.,]\d{1,2})?$/);
const localTime = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/);
const limit = z.coerce.number().int().min(1).max(10_000_000);
const ticked = z.literal('on').optional();
export const REDUCTION_TYPES = ['percent', 'amount'] as const;

const reductionRule = <T extends { reduction_type?: string; reduction_value?: string }>(input: T) =>
  input.reduction_type !== 'percent' || (input.reduction_value !== undefined && /^\d{1,3}$/.test(input.reduction_value) && Number(input.reduction_value) >= 1 && Number(input.reduction_value) <= 100);
const periodRule = (input: { starts_at?: string; ends_at?: string }) => !input.starts_at || !input.ends_at || input.starts_at < input.ends_at;

export const codeForm = z
  .object({
    promo_code: z.string().trim().regex(/^[A-Za-z0-9_-]{3,32}$/),
    kind: z.enum(CODE_KINDS),
    name: z.string().trim().min(1).max(120),
    /** Empty: the code takes off only the shipping (free_shipping ticked). */
    reduction_type: z.enum(REDUCTION_TYPES).optional(),
    reduction_value: amount.optional(),
    free_shipping: ticked,
    minimum_amount: amount.optional(),
    category_ids: z.array(z.coerce.number().int().min(1)).max(50).optional(),
    brand_ids: z.array(z.coerce.number().int().min(1)).max(50).optional(),
    total_uses_limit: limit.optional(),
    uses_per_customer_limit: z.coerce.number().int().min(1).max(1000).optional(),
    combinable: ticked,
    applies_to_discounted: ticked,
    starts_at: localTime.optional(),
    ends_at: localTime.optional(),
  })
  .refine((input) => (input.reduction_type === undefined) === (input.reduction_value === undefined), { path: ['reduction_value'], error: 'A kind of reduction and its value.' })
  .refine((input) => input.reduction_type !== undefined || input.free_shipping === 'on', { path: ['reduction_value'], error: 'A code takes something off.' })
  .refine(reductionRule, { path: ['reduction_value'], error: 'A percentage from 1 to 100.' })
  .refine(periodRule, { path: ['ends_at'], error: 'It ends after it starts.' });

export const saleForm = z
  .object({
    name: z.string().trim().min(1).max(120),
    scope: z.enum(SALE_SCOPES),
    /** The product's id (typed), or the category or brand chosen. */
    product_id: rowId.optional(),
    category_id: rowId.optional(),
    brand_id: rowId.optional(),
    reduction_type: z.enum(REDUCTION_TYPES),
    reduction_value: amount,
    starts_at: localTime,
    ends_at: localTime,
  })
  .refine((input) => ({ product: input.product_id, category: input.category_id, brand: input.brand_id })[input.scope] !== undefined, { path: [], error: 'target_missing' })
  .refine(reductionRule, { path: ['reduction_value'], error: 'A percentage from 1 to 100.' })
  .refine(periodRule, { path: ['ends_at'], error: 'It ends after it starts.' });

/** A sale changed: what can change (its start only while it has not started: a running sale's form has none). */
export const saleEditForm = z
  .object({
    name: z.string().trim().min(1).max(120),
    reduction_type: z.enum(REDUCTION_TYPES),
    reduction_value: amount,
    starts_at: localTime.optional(),
    ends_at: localTime,
  })
  .refine(reductionRule, { path: ['reduction_value'], error: 'A percentage from 1 to 100.' })
  .refine(periodRule, { path: ['ends_at'], error: 'It ends after it starts.' });

/** Cents from an amount as typed, exactly (no floating point): '12,5' → 1250. */
export function cents(typed: string): number {
  const [units, decimals = ''] = typed.split(/[.,]/);
  return Number(units) * 100 + Number(decimals.padEnd(2, '0'));
}

/** An amount in cents as staff type it back ('12.50'). */
export const typed = (amountCents: number) => (amountCents / 100).toFixed(2);

/** The shop's time zone: the dates and times the forms show and take are its own (default Europe/Rome). */
export const shopTimeZone = () => process.env.SHOP_TIME_ZONE || 'Europe/Rome';

function zoneParts(date: Date, timeZone: string) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' })
      .formatToParts(date)
      .map((part) => [part.type, part.value]),
  );
  return parts as Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', string>;
}

/** The instant of a date and time typed in `timeZone` ('2026-12-01T09:00' in Rome → 2026-12-01T08:00:00.000Z). */
export function zonedToIso(local: string, timeZone: string): string {
  const asUtc = new Date(`${local.length === 16 ? `${local}:00` : local}Z`);
  const p = zoneParts(asUtc, timeZone);
  const shown = Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute), Number(p.second));
  return new Date(asUtc.getTime() - (shown - asUtc.getTime())).toISOString();
}

/** An instant as a datetime-local field shows it in `timeZone`. */
export function isoToZoned(iso: string, timeZone: string): string {
  const p = zoneParts(new Date(iso), timeZone);
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}`;
}

/** The state a list of codes or sales is narrowed to, from its `state` parameter (none for anything else). */
export function stateParam(params: URLSearchParams): PromotionState | undefined {
  const given = params.get('state');
  return PROMOTION_STATES.includes(given as PromotionState) ? (given as PromotionState) : undefined;
}
