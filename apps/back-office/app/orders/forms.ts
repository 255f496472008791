import { orderNoteInput, settleStrayPaymentInput, shipOrderInput } from '@shop/contract/admin';
import { z } from 'zod';

/**
 * The order page's forms (ADR 34), each a plain post naming its `intent`; the order's reference is the page's.
 * Cancelling and refunding move money: their forms ask for a ticked confirmation.
 */
const confirmed = { confirm: z.literal('on') };
const returnReference = z.string().regex(/^[A-Za-z0-9]{1,16}$/);

export const orderForms = {
  startProcessing: z.object({}),
  /** A parcel: each line's quantity in it (prefilled with what is left to send; 0 or empty leaves the line out). */
  shipOrder: shipOrderInput
    .omit({ reference: true, lines: true })
    .extend({ lines: z.array(z.object({ quantity: z.coerce.number().int().min(0).max(9999).optional() })).optional() })
    .refine((value) => value.lines === undefined || value.lines.some((line) => (line.quantity ?? 0) > 0), { error: 'parcel_empty', path: ['lines'] }),
  markDelivered: z.object({}),
  cancelOrder: z.object(confirmed),
  refundOrder: z.object({
    /** Euros and cents as staff type them ('12.50', '12,5'); empty with no quantities: all that is left. */
    amount: z.string().trim().regex(/^\d{1,7}([.,]\d{1,2})?$/).optional(),
    lines: z.array(z.object({ quantity: z.coerce.number().int().min(0).max(9999).optional() })).optional(),
    ...confirmed,
  }),
  /** A stray payment whose refund failed, given back outside the shop: which one, how, and a tick. */
  settleStrayPayment: settleStrayPaymentInput.omit({ reference: true }).extend(confirmed),
  resendConfirmation: z.object({}),
  addOrderNote: orderNoteInput.omit({ reference: true }),
  /** The parcel of a return is in: the places (in the return) of the lines that go back on sale. */
  receiveReturn: z.object({ return_reference: returnReference, restock: z.array(z.coerce.number().int().min(0).max(999)).optional() }),
  refundReturn: z.object({ return_reference: returnReference, ...confirmed }),
};

export type OrderIntent = keyof typeof orderForms;
export const isOrderIntent = (value: unknown): value is OrderIntent => typeof value === 'string' && Object.hasOwn(orderForms, value);

/** Cents from an amount as typed, exactly (no floating point): '12,5' → 1250. */
export function cents(amount: string): number {
  const [units, decimals = ''] = amount.split(/[.,]/);
  return Number(units) * 100 + Number(decimals.padEnd(2, '0'));
}
