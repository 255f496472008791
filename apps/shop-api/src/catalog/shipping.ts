import { sql, type SQL } from 'drizzle-orm';

/**
 * What standard delivery to a zone costs before the free-shipping rules: the rate of the first carrier to the door
 * (by its position) that is offered and delivers there. The cart's estimate and the product feed read it, so a rate
 * the back office changes is the one they show (docs/adr/0048-shipping-and-pages-editor.md).
 */
export const standardShippingSql = (zone: SQL): SQL =>
  sql`(select r.price_cents from carrier_rates r join carriers k on k.id = r.carrier_id and k.is_active and k.kind = 'home'
    where r.group_key = ${zone} order by k.position, k.id limit 1)`;
