import { z } from 'zod';
import { adminOrderInput } from './admin.ts';

/** What the back office does to an order (docs/adr/0034-order-actions-and-returns.md): each names the order by its reference. */
export const orderActionInput = adminOrderInput;

/** Words a carrier's name and a tracking number are made of (what a label prints). */
const labelText = z.string().trim().min(1).max(80).regex(/^[\p{L}\p{N} .,'&/()-]+$/u);

/** A line of the order by its place in the order's lines (0 for the first), and how many of it. */
export const orderLineQuantity = z.object({ line: z.coerce.number().int().min(0).max(999), quantity: z.coerce.number().int().min(1).max(9999) });

/**
 * A parcel: its carrier and tracking, and the lines it holds (by their place in the order, with how many of each);
 * without lines, all that is left to send. The order is shipped once every line has left.
 */
export const shipOrderInput = adminOrderInput.extend({
  carrier: labelText,
  tracking_number: labelText,
  /** The carrier's tracking page for this parcel, if it has one: the shopper's link. */
  tracking_url: z.url({ protocol: /^https?$/ }).max(500).optional(),
  lines: z.array(orderLineQuantity).min(1).max(200).optional(),
});

/**
 * A refund of an amount (cents), of lines (their unit price times the quantity), or, with neither, of all that is
 * left. Never more than what is left of what was paid.
 */
export const refundOrderInput = adminOrderInput
  .extend({ amount: z.number().int().positive().max(100_000_000).optional(), lines: z.array(orderLineQuantity).min(1).max(200).optional() })
  .strict()
  .refine((input) => input.amount === undefined || input.lines === undefined, { error: 'Refund an amount or lines, not both.', path: ['amount'] });

export const orderNoteInput = adminOrderInput.extend({ note: z.string().trim().min(1).max(2000) });

/**
 * Money paid on an ended attempt whose automatic refund failed (its gateway refused, or is no longer configured), given
 * back outside the shop (in the gateway's own dashboard, by bank transfer): the attempt by its payment id, and how it
 * was given back, for the trail.
 */
export const settleStrayPaymentInput = adminOrderInput.extend({ payment_id: z.string().trim().min(1).max(200), note: z.string().trim().min(1).max(2000) });
