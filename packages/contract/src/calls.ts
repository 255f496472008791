import type { z } from 'zod';
import type { CallDefinition } from './call.ts';
import { accountCalls } from './account-calls.ts';
import { cartCalls } from './cart-calls.ts';
import { catalogCalls } from './catalog-calls.ts';
import { checkoutCalls } from './checkout-calls.ts';
import { returnCalls } from './return-calls.ts';
import { reviewCalls } from './review-calls.ts';

/** Every call of the shop API (SPEC §7), by domain. */
export const calls = {
  ...catalogCalls,
  ...accountCalls,
  ...cartCalls,
  ...checkoutCalls,
  ...reviewCalls,
  ...returnCalls,
} satisfies Record<string, CallDefinition<z.ZodType, z.ZodType>>;

export type Calls = typeof calls;
export type CallName = keyof Calls;
export type CallInput<N extends CallName> = z.input<Calls[N]['input']>;
export type CallOutput<N extends CallName> = z.output<Calls[N]['output']>;
