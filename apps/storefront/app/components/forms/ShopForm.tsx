import { getFormProps, type FormMetadata } from '@conform-to/react';
import { useTranslation } from '../../i18n/use-translation';
import { Form } from 'react-router';
import { FormAlert } from './fields';

type Props = {
  // Any form of the shop: only its id, its errors and its props are used here.
  form: FormMetadata<any, string[]>;
  onSubmit: (event: React.FormEvent<HTMLFormElement>) => void;
  busy: boolean;
  incomplete: boolean;
  action?: string;
  /** multipart/form-data for a form with a file input (its files are sent with it without JavaScript). */
  encType?: 'multipart/form-data';
  className?: string;
  children: React.ReactNode;
};

/**
 * A form of the shop: posts to its route's action (works without JavaScript), says which form it is
 * (`form` field, so one page can hold several), shows the shop's refusal above the fields or the 'form
 * incomplete' alert below them,
 * and is disabled while it is being sent.
 */
export function ShopForm({ form, onSubmit, busy, incomplete, action, encType, className = 'space-y-4', children }: Props) {
  const { t } = useTranslation();
  const refusal = form.errors?.[0];
  return (
    <Form method="post" action={action} encType={encType} {...getFormProps(form)} onSubmit={onSubmit} className={className}>
      <input type="hidden" name="form" value={form.id} />
      <FormAlert message={refusal} />
      <fieldset disabled={busy} className="space-y-4">
        {children}
      </fieldset>
      {/* Below the fields it speaks of ('the fields marked above'), next to the button that was pressed. */}
      <FormAlert message={!refusal && incomplete ? t('validation.formIncomplete') : null} />
    </Form>
  );
}
