import type { Lang } from '@shop/contract/constants';
import type { SubmissionResult } from '@conform-to/react';
import type { TFunction } from 'i18next';
import { data } from 'react-router';
import type { z } from 'zod';
import { parseForm } from '../../components/forms/parse';
import { serverTranslator } from '../../i18n/i18n.server';
import { ShopApiError } from '../../lib/api/client';
import { pageError } from '../../lib/api/shop.server';
import { apiErrorMessage, apiFieldErrors } from '../../lib/api-messages';
import { assertSameOrigin } from '../../lib/csrf.server';
import { accountLabels } from './forms';
import { readForm } from '../../lib/form-body.server';

/** A field the storefront itself refuses while sending the form (a posted file, say): its message, translated. */
export class FieldRefusal extends Error {
  constructor(
    readonly field: string,
    readonly text: string,
  ) {
    super(text);
  }
}

/** A refused form goes back to the browser with its messages and a 400. */
function refused(result: SubmissionResult<string[]>) {
  return data({ result }, { status: 400 });
}

/**
 * The server half of an account form: same-origin check, validation with the form's schema (again, after
 * the browser's), then `send` with the valid values. A refusal of the shop API comes back to the form as a
 * translated message (and per-field messages where the API names fields), a FieldRefusal that `send` throws as
 * its field's message; a sick API is the 503 screen.
 */
export async function submitAccountForm<Schema extends z.ZodType<Record<string, unknown>>, Sent = Response>(
  request: Request,
  lang: Lang,
  formData: FormData,
  schema: Schema,
  send: (value: z.output<Schema>, t: TFunction) => Promise<Sent>,
  {
    hideFields = [],
    refusalKey,
    labelsOf = accountLabels,
    fieldOf,
  }: {
    hideFields?: string[];
    refusalKey?: string;
    /** The form's field labels (the account's by default). */
    labelsOf?: (t: TFunction) => Record<string, string>;
    /** The form field an API field path names (by default its last part: `address.postcode` → `postcode`). */
    fieldOf?: (path: string) => string;
  } = {},
): Promise<Sent | ReturnType<typeof refused>> {
  assertSameOrigin(request);
  const t = await serverTranslator(lang);
  const labels = labelsOf(t);
  const submission = parseForm(formData, schema, t, labels);
  if (submission.status !== 'success') return refused(submission.reply({ hideFields }));
  try {
    return await send(submission.value as z.output<Schema>, t);
  } catch (error) {
    if (error instanceof Response) throw error;
    if (error instanceof FieldRefusal) return refused(submission.reply({ fieldErrors: { [error.field]: [error.text] }, hideFields }));
    if (!(error instanceof ShopApiError) || error.isTransportFailure) return pageError(error);
    return refused(submission.reply({ formErrors: [apiErrorMessage(error, t, refusalKey)], fieldErrors: apiFieldErrors(error, t, labels, fieldOf), hideFields }));
  }
}

/** Reads the posted form once (up to `maxBytes`, a form's 64 KB by default), so that the action can also see which form it was. */
export async function postedForm(request: Request, maxBytes?: number): Promise<{ formData: FormData; formId: string }> {
  const formData = await readForm(request, maxBytes);
  return { formData, formId: String(formData.get('form') ?? '') };
}
