import { getInputProps, type FieldMetadata } from '@conform-to/react';
import { FieldError, inputClass } from '../lib/forms';

/** A labelled text field of a delivery or page form, its help and its problem tied to it. */
export function Field({ field, label, help, defaultValue, inputMode }: { field: FieldMetadata<any>; label: string; help?: string; defaultValue?: string; inputMode?: 'decimal' | 'numeric' }) {
  const props = getInputProps(field, { type: 'text', ariaDescribedBy: help ? `${field.id}-help` : undefined });
  return (
    <div>
      <label htmlFor={field.id}>{label}</label>
      {help && (
        <p id={`${field.id}-help`} className="text-sm text-stone-700">
          {help}
        </p>
      )}
      <input {...props} key={field.key} defaultValue={props.defaultValue ?? defaultValue} inputMode={inputMode} className={inputClass} />
      <FieldError field={field} />
    </div>
  );
}
