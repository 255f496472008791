import type { Submission, SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import type { z } from 'zod';
import { AdminApiError } from './api.server';

/** What a refused form gets back: Conform's result, its problems as codes that the page words (lib/forms). */
export type FormReply = SubmissionResult<string[]>;

type SubmitOptions<Refused> = {
  /** Fields never sent back to the browser (passwords, codes). */
  hideFields?: string[];
  /** Refusals that are one field's problem, as [field, problem]: said at that field (FieldError), not above the form. */
  fieldOf?: Record<string, readonly [field: string, problem: string]>;
  /** The row the form acts on is named in the form (not the page's address): a gone row is the form's `not_found`, not the 404 page. */
  rowInForm?: boolean;
  /** Codes of 5xx answers a staff member can act on (a gateway that did not refund), said on the form too. */
  serverRefusals?: string[];
  /** What the page gets back when the form is refused (which form it was, say); `{ result }` by default. */
  refused?: (result: FormReply) => Refused;
};

/**
 * The server half of every staff form: validated again with its schema (after the browser's, or instead of it
 * without JavaScript), then `send` with the valid values, which answers (a redirect after the change, or data the
 * page shows). A refusal of the API the staff member can act on comes back to the form as its code. A lost session
 * and a missing right are staffCall's (the sign-in page, the error page); anything else is the error page's.
 */
export async function submitStaffForm<Schema extends z.ZodType, Sent, Refused = { result: FormReply }>(
  formData: FormData,
  schema: Schema,
  send: (value: z.output<Schema>, submission: Submission<z.input<Schema>, string[], z.output<Schema>>) => Promise<Sent>,
  { hideFields = [], fieldOf = {}, rowInForm = false, serverRefusals = [], refused = (result) => ({ result }) as Refused }: SubmitOptions<Refused> = {},
): Promise<Sent | Refused> {
  const submission = parseWithZod(formData, { schema });
  if (submission.status !== 'success') return refused(submission.reply({ hideFields }));
  try {
    return await send(submission.value as z.output<Schema>, submission);
  } catch (error) {
    const code = refusalCode(error, { rowInForm, serverRefusals });
    if (code === null) throw error;
    const field = fieldOf[code];
    return refused(submission.reply(field ? { fieldErrors: { [field[0]]: [field[1]] }, hideFields } : { formErrors: [code], hideFields }));
  }
}

/**
 * The code of a refusal a staff form says (and the staff member can act on), or null for the error page: the API's
 * 4xx (and the 5xx named in `serverRefusals`), and with `rowInForm` the 404 staffCall throws for a gone row.
 */
export function refusalCode(error: unknown, { rowInForm = false, serverRefusals = [] }: Pick<SubmitOptions<unknown>, 'rowInForm' | 'serverRefusals'> = {}): string | null {
  if (error instanceof AdminApiError && (error.status < 500 || serverRefusals.includes(error.code))) return error.code;
  if (rowInForm && error instanceof Response && error.status === 404) return 'not_found';
  return null;
}
