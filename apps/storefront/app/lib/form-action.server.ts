import type { Lang } from '@shop/contract/constants';
import type { SubmissionResult } from '@conform-to/react';
import type { TFunction } from 'i18next';
import { data } from 'react-router';
import type { z } from 'zod';
import { parseForm } from '~/components/forms/parse';
import { serverTranslator } from '~/i18n/i18n.server';
import { ShopApiError } from './api/client';
import { pageError } from './api/shop.server';
import { apiErrorMessage, apiFieldErrors } from './api-messages';
import { readForm } from './form-body.server';
import { FORM_ID_FIELD } from './form-fields';

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
 * The server half of every form (the root's middleware has checked it comes from the shop): validation with the
 * form's schema and labels (again, after the browser's), then `send` with the valid values, which answers with data
 * or lib/flash.server's redirect. A refusal of the shop API comes back to the form as a translated message (and
 * per-field messages where the API names fields), a FieldRefusal that `send` throws as its field's message; a sick
 * API is the 503 screen.
 */
export async function submitForm<Schema extends z.ZodType<Record<string, unknown>>, Sent = Response>(
  request: Request,
  lang: Lang,
  formData: FormData,
  schema: Schema,
  send: (value: z.output<Schema>, t: TFunction) => Promise<Sent>,
  {
    labelsOf,
    hideFields = [],
    refusalKey,
    fieldOf,
  }: {
    /** The form's field labels, as its page shows them. */
    labelsOf: (t: TFunction) => Record<string, string>;
    hideFields?: string[];
    refusalKey?: string;
    /** The form field an API field path names (by default its last part: `address.postcode` → `postcode`). */
    fieldOf?: (path: string) => string;
  },
): Promise<Sent | ReturnType<typeof refused>> {
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
  return { formData, formId: String(formData.get(FORM_ID_FIELD) ?? '') };
}
