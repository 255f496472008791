import { getInputProps, getSelectProps, useForm, type FieldMetadata, type SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';

/**
 * A back-office form: a plain post that works without JavaScript (the action parses it with the same schema and
 * answers `lastResult`), validated by Conform on blur once scripts run. Messages are the back office's own texts
 * per field and per refusal code, never zod's English (ADR 5's rule, kept simpler here: one text per field).
 */
export function useStaffForm<S extends z.ZodObject>(schema: S, lastResult: SubmissionResult<string[]> | undefined) {
  return useForm<z.input<S>, z.output<S>>({ lastResult, shouldValidate: 'onBlur', shouldRevalidate: 'onInput', onValidate: ({ formData }) => parseWithZod(formData, { schema }) });
}

/**
 * The text of a field's problem, if it has one, tied to its input by id (aria-describedby): the field's own text, or
 * the API's refusal that is this field's problem (lib/form-action.server's fieldOf: 'your current password is not right');
 * `hint` adds what would do (a suggested spelling).
 */
export function FieldError({ field, hint }: { field: FieldMetadata<unknown>; hint?: string | undefined }) {
  const { t, i18n } = useTranslation();
  const problem = field.errors?.[0];
  if (!problem) return null;
  return (
    <p id={field.errorId} className="mt-1 text-sm text-red-800">
      {i18n.exists(`refusals.${problem}`) ? t(`refusals.${problem}`) : t(`fieldErrors.${field.name}`)}
      {hint && ` ${hint}`}
    </p>
  );
}

/** What a change did, said once it is done (after the post's redirect, or with the page's answer). */
export function DoneNotice({ children }: { children: ReactNode }) {
  return (
    <p role="status" className="mb-4 rounded border border-green-300 bg-green-50 p-3 text-green-900">
      {children}
    </p>
  );
}

/** The form's refusal (a code the API answered, worded here) or, with problems in fields only, 'form incomplete'. */
export function FormAlert({ errors, hasFieldErrors }: { errors: string[] | undefined; hasFieldErrors: boolean }) {
  const { t } = useTranslation();
  const code = errors?.[0];
  if (!code && !hasFieldErrors) return null;
  return (
    <p role="alert" className="mb-4 rounded border border-red-300 bg-red-50 p-3 text-red-900">
      {code ? t(`refusals.${code}`, { defaultValue: t('refusals.default') }) : t('formIncomplete')}
    </p>
  );
}

export const inputClass = 'mt-1 block w-full rounded border border-stone-400 bg-white px-3 py-2 text-base';
/** A white box that sets a part of a page apart (a form, a section, an item of a list). */
export const panelClass = 'rounded border border-stone-300 bg-white p-4';
export const buttonClass = 'rounded bg-stone-900 px-4 py-2 font-medium text-white hover:bg-stone-700 disabled:opacity-60';

/** A labelled field of a staff form, its help and its problem tied to it; `defaultValue` is the saved value to edit. */
export function TextField({
  field,
  label,
  help,
  type = 'text',
  defaultValue,
  inputMode,
  hint,
}: {
  field: FieldMetadata<any>;
  label: string;
  help?: string;
  type?: 'text' | 'number' | 'datetime-local';
  defaultValue?: string;
  inputMode?: 'decimal' | 'numeric';
  /** Said after the field's problem (a slug's ASCII spelling). */
  hint?: string | undefined;
}) {
  const props = getInputProps(field, { type, ariaDescribedBy: help ? `${field.id}-help` : undefined });
  return (
    <div>
      <label htmlFor={field.id}>{label}</label>
      {help && (
        <p id={`${field.id}-help`} className="text-sm text-stone-700">
          {help}
        </p>
      )}
      <input {...props} key={field.key} defaultValue={props.defaultValue ?? defaultValue} inputMode={inputMode} className={inputClass} />
      <FieldError field={field} hint={field.errors?.length ? hint : undefined} />
    </div>
  );
}

/** A choice of a select: what is posted and what staff read. */
export type Choice = { value: string | number; label: string };

/** A select's choices, in their order. */
export function Choices({ choices }: { choices: readonly Choice[] }) {
  return choices.map((choice) => (
    <option key={choice.value} value={choice.value}>
      {choice.label}
    </option>
  ));
}

/** A labelled select of a staff form, its problem tied to it; `empty` labels a first choice of nothing, `defaultValue` is the saved choice. */
export function SelectField({ field, label, choices, empty, defaultValue }: { field: FieldMetadata<any>; label: string; choices: readonly Choice[]; empty?: string; defaultValue?: string | number }) {
  const sent = field.initialValue as string | undefined;
  return (
    <div>
      <label htmlFor={field.id}>{label}</label>
      <select {...getSelectProps(field)} key={field.key} defaultValue={sent ?? (defaultValue === undefined ? undefined : String(defaultValue))} className={inputClass}>
        {empty !== undefined && <option value="">{empty}</option>}
        <Choices choices={choices} />
      </select>
      <FieldError field={field} />
    </div>
  );
}

/** The choices of rows that have an id and a name (categories, brands, colours). */
export const named = (rows: readonly { id: number; name: string }[]): Choice[] => rows.map((row) => ({ value: row.id, label: row.name }));

/** A labelled select of a plain form (a list's filters, the product editor), its name its id too; `empty` labels a first choice of nothing. */
export function Select({ name, label, choices, empty, defaultValue }: { name: string; label: string; choices: readonly Choice[]; empty?: string; defaultValue: string | number }) {
  return (
    <div>
      <label htmlFor={name}>{label}</label>
      <select id={name} name={name} defaultValue={defaultValue} className={inputClass}>
        {empty !== undefined && <option value="">{empty}</option>}
        <Choices choices={choices} />
      </select>
    </div>
  );
}
