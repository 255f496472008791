import { z } from 'zod';

const money = z.object({ currency: z.string(), orders: z.number().int(), total: z.number().int() });

/** What needs doing today, and the sales (paid orders, less what was refunded) of today and of the last 30 days. */
export const adminDashboardSchema = z.object({
  /** Paid and not shipped yet: oldest first, the first few, and how many in all. */
  to_ship: z.object({ count: z.number().int(), oldest: z.array(z.object({ reference: z.string(), date: z.string(), status: z.string() })) }),
  /** Refunds a gateway refused or that never got an answer. */
  failed_refunds: z.array(z.object({ reference: z.string(), amount: z.number().int(), currency: z.string(), date: z.string() })),
  /** Money paid on an attempt that had ended (ADR 30) and not refunded yet: being refunded, or failed. */
  stray_payments: z.array(z.object({ reference: z.string(), gateway: z.string(), amount: z.number().int(), currency: z.string(), refund: z.string().nullable() })),
  /** Returns asked for and not received yet, and received ones not refunded yet. */
  returns: z.object({ to_receive: z.number().int(), to_refund: z.number().int() }),
  held_reviews: z.number().int(),
  /** Mails of the outbox given up or failing (owners and managers see them on "Mails not sent"). */
  unsent_mails: z.number().int(),
  erasure_requests: z.number().int(),
  sales: z.object({ today: z.array(money), last_30_days: z.array(money) }),
});
export type AdminDashboard = z.infer<typeof adminDashboardSchema>;
