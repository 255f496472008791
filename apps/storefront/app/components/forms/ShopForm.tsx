import { FormProvider, getFormProps, type FormMetadata } from '@conform-to/react';
import { useTranslation } from '~/i18n/use-translation';
import { FormAlert } from './fields';
import { PostForm, type FormPost } from './form-post';

type Props = {
  // Any form of the shop: only its id, its errors and its props are used here.
  form: FormMetadata<any, string[]>;
  post: FormPost;
  incomplete: boolean;
  action?: string;
  /** multipart/form-data for a form with a file input (its files are sent with it without JavaScript). */
  encType?: 'multipart/form-data';
  className?: string;
  /** The 'form incomplete' alert in a form's own words (the review form's are SPEC §5's). */
  incompleteMessage?: string;
  children: React.ReactNode;
};

/**
 * A form of the shop with a schema (see useShopForm), sent by PostForm: shows the shop's refusal above the
 * fields or the 'form incomplete' alert below them, and is disabled while it is being sent.
 */
export function ShopForm({ form, post, incomplete, action, encType, className = 'space-y-4', incompleteMessage, children }: Props) {
  const { t } = useTranslation();
  const refusal = form.errors?.[0];
  // Conform's props bring the ids its fields are described by; PostForm sends it.
  const { onSubmit: _conformSubmit, noValidate: _noValidate, ...conformProps } = getFormProps(form);
  // The provider lets a field group ask for another field's check (AddressFields: the postcode when the country changes).
  return (
    <FormProvider context={form.context}>
      <PostForm post={post} action={action} encType={encType} {...conformProps} className={className}>
        <FormAlert message={refusal} />
        <fieldset disabled={post.busy} className="space-y-4">
          {children}
        </fieldset>
        {/* Below the fields it speaks of ('the fields marked above'), next to the button that was pressed. */}
        <FormAlert message={!refusal && incomplete ? (incompleteMessage ?? t('validation.formIncomplete')) : null} />
      </PostForm>
    </FormProvider>
  );
}
