import { getInputProps, getTextareaProps, type FieldMetadata } from '@conform-to/react';
import { useState } from 'react';
import { useTranslation } from '~/i18n/use-translation';
import { useHydrated } from '~/components/Drawer';

type AnyField = FieldMetadata<unknown>;

const inputClass =
  'mt-1 block w-full rounded border border-stone-400 px-3 py-2 aria-[invalid=true]:border-red-700 focus-visible:outline-2 focus-visible:outline-stone-900';

export function FieldErrors({ field }: { field: AnyField }) {
  if (!field.errors?.length) return null;
  return (
    <ul id={field.errorId} className="mt-1 text-sm text-red-800">
      {field.errors.map((error) => (
        <li key={error}>{error}</li>
      ))}
    </ul>
  );
}

type TextFieldProps = {
  field: AnyField;
  label: string;
  type?: 'text' | 'email' | 'password' | 'tel';
  autoComplete?: string;
  description?: string;
  required?: boolean;
  /** Marked '(optional)' beside its label: the fields a shopper may leave empty say so. */
  optional?: boolean;
  children?: React.ReactNode;
};

/** A field's label, its description (when it has one), the control and its errors, wired for screen readers. */
function FieldFrame({ field, label, description, optional, children }: { field: AnyField; label: string; description?: string; optional?: boolean; children: React.ReactNode }) {
  const { t } = useTranslation();
  return (
    <div>
      <label htmlFor={field.id} className="block font-medium">
        {label}
        {optional ? <span className="font-normal text-stone-600"> ({t('forms.optional')})</span> : null}
      </label>
      {description ? (
        <p id={field.descriptionId} className="text-sm text-stone-600">
          {description}
        </p>
      ) : null}
      {children}
      <FieldErrors field={field} />
    </div>
  );
}

/** A labelled input with its description and its errors. */
export function TextField({ field, label, type = 'text', autoComplete, description, required, optional, children }: TextFieldProps) {
  const { t } = useTranslation();
  // A password can be shown while typed (on a phone especially); the button needs JavaScript, so it appears with it.
  const hydrated = useHydrated();
  const revealable = type === 'password' && hydrated;
  const [shown, setShown] = useState(false);
  const props = getInputProps(field, { type, ariaDescribedBy: description ? field.descriptionId : undefined });
  return (
    <FieldFrame field={field} label={label} description={description} optional={optional}>
      {/* The same tree before and after hydration: the input is never replaced (what was typed stays). */}
      <div className="relative">
        <input {...props} key={props.key} type={revealable && shown ? 'text' : type} autoComplete={autoComplete} required={required} className={`${inputClass}${revealable ? ' pr-24' : ''}`} />
        {revealable ? (
          <button
            type="button"
            aria-pressed={shown}
            aria-controls={field.id}
            onClick={() => setShown((value) => !value)}
            className="absolute inset-y-0 right-0 mt-1 px-3 text-sm font-medium underline"
          >
            {t('forms.showPassword')}
          </button>
        ) : null}
      </div>
      {children}
    </FieldFrame>
  );
}

/** A labelled multi-line input, with its hint and errors. */
export function TextAreaField({ field, label, description, maxLength, autoComplete }: { field: AnyField; label: string; description?: string; maxLength?: number; autoComplete?: string }) {
  const props = getTextareaProps(field, { ariaDescribedBy: description ? field.descriptionId : undefined });
  return (
    <FieldFrame field={field} label={label} description={description}>
      <textarea {...props} key={props.key} rows={4} maxLength={maxLength} autoComplete={autoComplete} className={inputClass} />
    </FieldFrame>
  );
}

type SelectFieldProps = {
  field: AnyField;
  label: string;
  options: Array<{ value: string; label: string }>;
  placeholder?: string;
  onChange?: (value: string) => void;
  autoComplete?: string;
};

export function SelectField({ field, label, options, placeholder, onChange, autoComplete }: SelectFieldProps) {
  return (
    <div>
      <label htmlFor={field.id} className="block font-medium">
        {label}
      </label>
      <select
        id={field.id}
        name={field.name}
        defaultValue={(field.initialValue as string | undefined) ?? ''}
        onChange={onChange ? (event) => onChange(event.currentTarget.value) : undefined}
        autoComplete={autoComplete}
        aria-invalid={field.errors?.length ? true : undefined}
        aria-describedby={field.errors?.length ? field.errorId : undefined}
        className={inputClass}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldErrors field={field} />
    </div>
  );
}

type CheckboxProps = { field: AnyField; label: React.ReactNode; value?: string; onValidate?: () => void };

/** A checkbox validates as soon as it changes (SPEC §4), not on blur. */
export function CheckboxField({ field, label, onValidate }: CheckboxProps) {
  const props = getInputProps(field, { type: 'checkbox' });
  return (
    <div>
      <label className="flex items-center gap-2">
        <input {...props} key={props.key} onChange={onValidate} className="h-4 w-4" />
        <span>{label}</span>
      </label>
      <FieldErrors field={field} />
    </div>
  );
}

type ChoiceGroupProps = {
  field: AnyField;
  legend: string;
  type: 'radio' | 'checkbox';
  options: Array<{ value: string; label: string }>;
  onValidate?: () => void;
};

/** Radio buttons or a set of checkboxes under one legend. */
export function ChoiceGroup({ field, legend, type, options, onValidate }: ChoiceGroupProps) {
  const initial = field.initialValue;
  const chosen = new Set(Array.isArray(initial) ? initial.map(String) : initial === undefined || initial === null ? [] : [String(initial)]);
  return (
    <fieldset aria-describedby={field.errors?.length ? field.errorId : undefined}>
      <legend className="font-medium">{legend}</legend>
      <div className="mt-1 flex flex-wrap gap-x-6 gap-y-1">
        {options.map((option) => (
          <label key={option.value} className="flex items-center gap-2">
            <input type={type} name={field.name} value={option.value} defaultChecked={chosen.has(option.value)} onChange={onValidate} className="h-4 w-4" />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
      <FieldErrors field={field} />
    </fieldset>
  );
}

/** Shown when a send was refused: the form is incomplete (SPEC §4), or the shop said no. */
export function FormAlert({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <p role="alert" className="rounded border border-red-300 bg-red-50 px-4 py-3 text-red-900">
      {message}
    </p>
  );
}

export function SubmitButton({ children, busy }: { children: React.ReactNode; busy: boolean }) {
  const { t } = useTranslation();
  return (
    <button type="submit" className="button-primary inline-flex items-center justify-center disabled:opacity-60" aria-busy={busy || undefined}>
            {children}
      {busy ? <span className="sr-only"> {t('forms.sending')}</span> : null}
    </button>
  );
}
