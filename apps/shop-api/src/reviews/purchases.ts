import { sql } from 'drizzle-orm';
import type { Queryable } from '../db/client.ts';
import { selectRows } from '../db/raw.ts';
import { PAID_STATUSES } from '../orders/status.ts';

/** SPEC §6's refusals of a review write. */
export const LOGIN_TO_REVIEW = 'Login to Review';
export const PURCHASE_REQUIRED = 'You must purchase this product before you can leave a review.';

/** Whether the customer bought the product in an order that is paid (or went on from paid: shipped, delivered). */
export async function hasPurchased(db: Queryable, customerId: number, productId: number): Promise<boolean> {
  const statuses = sql.join(PAID_STATUSES.map((status) => sql`${status}`), sql`, `);
  const [row] = await selectRows<{ bought: boolean }>(
    db,
    sql`select exists (select 1 from order_lines l join orders o on o.id = l.order_id
      where o.customer_id = ${customerId} and l.product_id = ${productId} and o.status in (${statuses})) as bought`,
  );
  return Boolean(row?.bought);
}
