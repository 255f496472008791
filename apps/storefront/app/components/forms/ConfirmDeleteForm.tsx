import { useTranslation } from '~/i18n/use-translation';
import { Link } from 'react-router';
import { PostForm, useFormPost } from './form-post';

type Props = {
  /** Which form of the page's action this is (`form` field) and what it deletes (hidden fields). */
  form: string;
  fields: Record<string, string | number>;
  /** The question, saying it cannot be undone. */
  message: string;
  confirmLabel: string;
  /** Where Cancel goes: the same page without the question. */
  cancelTo: string;
  action?: string;
};

/**
 * A deletion asks first, as a form of its own (works without JavaScript): the question, the confirming button
 * and a Cancel link. Announced as an alert, since it appears in place of what it would delete.
 */
export function ConfirmDeleteForm({ form, fields, message, confirmLabel, cancelTo, action }: Props) {
  const { t } = useTranslation();
  const post = useFormPost({ id: form });
  return (
    <PostForm post={post} action={action} className="mt-4 space-y-3" role="alert">
      <p>{message}</p>
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <div className="flex flex-wrap gap-4">
        <button type="submit" aria-busy={post.busy || undefined} className="rounded bg-red-800 px-4 py-2 text-white">
          {confirmLabel}
        </button>
        <Link to={cancelTo} preventScrollReset className="px-4 py-2 underline">
          {t('account.cancel')}
        </Link>
      </div>
    </PostForm>
  );
}
