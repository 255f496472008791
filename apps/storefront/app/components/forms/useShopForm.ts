import { useForm, type DefaultValue, type SubmissionResult } from '@conform-to/react';
import { useTranslation } from '~/i18n/use-translation';
import type { z } from 'zod';
import { useFormPost } from './form-post';
import { parseForm, type FieldLabels } from './parse';

type Options<Schema extends z.ZodType<Record<string, unknown>, Record<string, unknown>>> = {
  id: string;
  schema: Schema;
  labels: FieldLabels;
  /** The action's answer for this form, when it has one. */
  lastResult?: SubmissionResult<string[]> | null;
  defaultValue?: DefaultValue<z.input<Schema>>;
};

/**
 * A form of the shop with a schema (SPEC §4): useFormPost sends it, and Conform validates it with the schema
 * before: messages appear when a field loses focus (checkboxes as soon as they change), an invalid send shows
 * the 'form incomplete' alert and is not sent, and the form is disabled while its submission is on its way.
 */
export function useShopForm<Schema extends z.ZodType<Record<string, unknown>, Record<string, unknown>>>({ id, schema, labels, lastResult, defaultValue }: Options<Schema>) {
  const { t } = useTranslation();
  const [form, fields] = useForm<z.input<Schema>, z.output<Schema>, string[]>({
    id,
    lastResult,
    defaultValue,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseForm(formData, schema, t, labels),
  });
  const post = useFormPost({ id, validate: form.onSubmit });
  const incomplete = (post.incomplete || lastResult?.status === 'error') && Object.values(form.allErrors).some((errors) => errors.length > 0);
  return { form, fields, busy: post.busy, formProps: { form, post, incomplete } };
}
