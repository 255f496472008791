import { useForm, type DefaultValue, type SubmissionResult } from '@conform-to/react';
import { useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { useNavigation } from 'react-router';
import type { z } from 'zod';
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
 * The shop's form behaviour (SPEC §4): messages appear when a field loses focus (checkboxes as soon as
 * they change), the form validates before it is sent, an invalid send shows the 'form incomplete' alert,
 * and the form is disabled while its submission is on its way.
 */
export function useShopForm<Schema extends z.ZodType<Record<string, unknown>, Record<string, unknown>>>({ id, schema, labels, lastResult, defaultValue }: Options<Schema>) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const [attempted, setAttempted] = useState(false);
  const [form, fields] = useForm<z.input<Schema>, z.output<Schema>, string[]>({
    id,
    lastResult,
    defaultValue,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseForm(formData, schema, t, labels),
  });
  const busy = navigation.state === 'submitting' && navigation.formData?.get('form') === id;
  const incomplete = (attempted || lastResult?.status === 'error') && Object.values(form.allErrors).some((errors) => errors.length > 0);
  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    setAttempted(true);
    form.onSubmit(event);
  };
  return { form, fields, busy, formProps: { form, onSubmit, busy, incomplete } };
}
