import { z } from 'zod';
import { listCursor, listPageSchema } from './admin-list-pages.ts';

/** Returns as the back office reads and handles them (docs/adr/0034-order-actions-and-returns.md). */
export const RETURN_STATUSES = ['requested', 'received', 'refunding', 'refunded'] as const;
export const ADMIN_RETURNS_PAGE_SIZE = 50;

export const adminReturnsInput = z.object({
  status: z.enum(RETURN_STATUSES).optional(),
  cursor: listCursor.optional(),
});
export const adminReturnsSchema = listPageSchema.extend({
  returns: z.array(
    z.object({
      reference: z.string(),
      order_reference: z.string(),
      status: z.enum(RETURN_STATUSES),
      date: z.string(),
      reason: z.string(),
      email: z.string(),
      item_count: z.number().int(),
    }),
  ),
});

const returnReference = z.string().trim().regex(/^[A-Za-z0-9]{1,16}$/);
/** The parcel is in: which of its lines (by their place in the return, 0 for the first) go back on sale. */
export const receiveReturnInput = z.object({ reference: returnReference, restock: z.array(z.coerce.number().int().min(0).max(999)).max(200).default([]) });
export const returnInput = z.object({ reference: returnReference });
