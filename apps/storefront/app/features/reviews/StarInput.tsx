import type { FieldMetadata } from '@conform-to/react';
import { useState } from 'react';
import { useTranslation } from '~/i18n/use-translation';
import { FieldErrors } from '~/components/forms/fields';
import { Star } from './Stars';

type Props = {
  field: FieldMetadata<unknown>;
  legend: string;
  /** The words of each choice, from 1 to 5 ('1 star' … '5 stars', or 'Runs small' … 'Runs large'). */
  choices: string[];
  /** Stars (a grade) or a scale (fit: its middle is best), shown as labelled dots. */
  look?: 'stars' | 'scale';
  required?: boolean;
};

/**
 * A choice of 1 to 5 as native radio buttons under a legend: arrow keys move between them, Space picks one,
 * screen readers say each one's words and its place ('3 stars, 3 of 5'). The buttons are hidden behind their
 * stars (or scale dots) but keep the focus ring. Works without JavaScript: the form posts the checked value.
 */
export function StarInput({ field, legend, choices, look = 'stars', required }: Props) {
  const { t } = useTranslation();
  const initial = Number(field.initialValue ?? 0);
  const [chosen, setChosen] = useState(initial);
  const [hovered, setHovered] = useState(0);
  const shown = hovered || chosen;
  const invalid = Boolean(field.errors?.length);
  return (
    <fieldset aria-describedby={invalid ? field.errorId : undefined}>
      <legend className="font-medium">
        {legend}
        {required ? null : <span className="ml-1 text-sm font-normal text-stone-600">({t('reviews.form.optional')})</span>}
      </legend>
      <div className={`mt-1 flex ${look === 'scale' ? 'flex-wrap gap-2' : 'gap-1'}`} onMouseLeave={() => setHovered(0)}>
        {choices.map((words, index) => {
          const value = index + 1;
          const id = `${field.id}-${value}`;
          return (
            <label key={value} htmlFor={id} className="relative cursor-pointer" onMouseEnter={() => setHovered(value)}>
              <input
                id={id}
                type="radio"
                name={field.name}
                value={value}
                defaultChecked={initial === value}
                onChange={() => setChosen(value)}
                className="peer absolute inset-0 h-full w-full cursor-pointer opacity-0"
              />
              {look === 'stars' ? (
                <span className="block rounded p-1 text-amber-700 peer-focus-visible:outline-2 peer-focus-visible:outline-stone-900">
                  <Star fill={value <= shown ? 1 : 0} className="h-8 w-8" />
                  <span className="sr-only">{words}</span>
                </span>
              ) : (
                <span className="block rounded border border-stone-400 px-3 py-2 text-sm peer-checked:border-stone-900 peer-checked:bg-stone-900 peer-checked:text-white peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-stone-900">
                  {words}
                </span>
              )}
            </label>
          );
        })}
      </div>
      {look === 'stars' ? (
        <p aria-hidden="true" className="mt-1 h-5 text-sm text-stone-700">
          {shown ? choices[shown - 1] : ''}
        </p>
      ) : null}
      <FieldErrors field={field} />
    </fieldset>
  );
}
