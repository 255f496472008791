import type { z } from 'zod';
import type { RefusalCode } from './refusals.ts';

/**
 * How a call travels and may be treated by the client:
 * - `method`: POST for nearly everything (SPEC §7), GET for the two marked calls.
 * - `readOnly`: a read-only POST is safe to retry once (DESIGN.md §3).
 * - `publicCache`: public catalogue data, cacheable for the 5-second freshness time.
 * - `refusals`: the codes the call refuses with besides those any call may answer (ANY_CALL_REFUSALS); each
 *   code's details are in refusals.ts.
 */
export type CallDefinition<I extends z.ZodType, O extends z.ZodType> = {
  method: 'GET' | 'POST';
  input: I;
  output: O;
  readOnly: boolean;
  publicCache: boolean;
  refusals: readonly RefusalCode[];
};

export function call<I extends z.ZodType, O extends z.ZodType>(
  input: I,
  output: O,
  options: Partial<Pick<CallDefinition<I, O>, 'method' | 'readOnly' | 'publicCache' | 'refusals'>> = {},
): CallDefinition<I, O> {
  return { method: 'POST', readOnly: false, publicCache: false, refusals: [], ...options, input, output };
}

