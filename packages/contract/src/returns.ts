import { z } from 'zod';
import { orderAccessInput } from './checkout-inputs.ts';

/** Why a shopper sends goods back (the shop words each in the shopper's language). */
export const RETURN_REASONS = ['too_small', 'too_large', 'not_as_pictured', 'damaged', 'changed_mind', 'other'] as const;
export type ReturnReason = (typeof RETURN_REASONS)[number];

/** A return asked for from the order page: lines by their place in the order (0 for the first), how many of each, and why. */
export const requestReturnInput = orderAccessInput.extend({
  lines: z.array(z.object({ line: z.coerce.number().int().min(0).max(999), quantity: z.coerce.number().int().min(1).max(9999) })).min(1).max(200),
  reason: z.enum(RETURN_REASONS),
});
