import { z } from 'zod';
import { listCursor, listPageSchema } from './admin-list-pages.ts';

/** The audit trail as the back office reads it (read-only: nothing in the back office edits it). */
export const ADMIN_AUDIT_PAGE_SIZE = 50;
const day = z.iso.date();

export const adminAuditInput = z.object({
  /** An action or the start of one ('order.' for every order action). */
  action: z.string().trim().max(48).optional(),
  /** Who: a staff member's email (part of one) or a script. */
  actor: z.string().trim().max(100).optional(),
  /** What: a target's id (an order's reference). */
  target: z.string().trim().max(100).optional(),
  from: day.optional(),
  to: day.optional(),
  cursor: listCursor.optional(),
});
export const adminAuditSchema = listPageSchema.extend({
  entries: z.array(
    z.object({
      date: z.string(),
      actor: z.string(),
      client_ip: z.string().nullable(),
      action: z.string(),
      target_type: z.string(),
      target_id: z.string(),
      /** The values before and after, as JSON text. */
      before: z.string().nullable(),
      after: z.string().nullable(),
    }),
  ),
});

/** The accountant's export: the orders placed in a period (both days included), as CSV (`GET /admin/exports/orders.csv?from=&to=`). */
export const ordersExportInput = z.object({ from: day, to: day }).refine((period) => period.from <= period.to, { error: 'The period ends before it starts.', path: ['to'] });
