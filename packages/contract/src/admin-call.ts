import type { z } from 'zod';
import type { AdminArea } from './admin.ts';
import { call, type CallDefinition } from './call.ts';

/** An admin call: a call of the contract (served under `/admin/`) that belongs to an area of the back office. */
export type AdminCallDefinition<I extends z.ZodType, O extends z.ZodType> = CallDefinition<I, O> & { area: AdminArea };

export function adminCall<I extends z.ZodType, O extends z.ZodType>(
  area: AdminArea,
  input: I,
  output: O,
  options: Partial<Pick<CallDefinition<I, O>, 'readOnly' | 'refusals'>> = {},
): AdminCallDefinition<I, O> {
  // A call that needs a staff session may be refused for want of one, or of the right.
  const refusals = area === 'sign_in' ? (options.refusals ?? []) : ['unauthorized', ...(area === 'own' ? [] : ['forbidden'] as const), ...(options.refusals ?? [])] as const;
  return { ...call(input, output, { ...options, refusals }), area };
}
