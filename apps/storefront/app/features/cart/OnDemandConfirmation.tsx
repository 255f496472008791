import type { OnDemandKind } from '@shop/contract/constants';
import { useId } from 'react';
import { useTranslation } from '~/i18n/use-translation';
import type { FormPost } from '~/components/forms/form-post';
import { useFormatDate } from '~/lib/hooks';

type Props = {
  kind: OnDemandKind;
  /** When a pre-order is expected to ship. */
  date: string | null;
  /** The form's usual button ('Add to cart', 'Update'); a backorder is sent with 'Confirm order' instead. */
  submitLabel: string;
  /**
   * The form it is part of: sent without the pre-order box ticked, it is incomplete (the box is `required`) and
   * the box says so; ticked, the message goes (SPEC §4: checkboxes validate on change).
   */
  post: Pick<FormPost, 'busy' | 'incomplete' | 'onFix'>;
};

/**
 * SPEC §4: buying beyond the stock needs the shopper's consent, inside the form that sends the change. A
 * pre-order is a checkbox (the order and its pre-order items cannot be cancelled) ticked before the usual
 * button; a backorder (bought on demand) is a text and a 'Confirm order' button.
 */
export function OnDemandConfirmation({ kind, date, submitLabel, post }: Props) {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  const messageId = useId();
  const { busy, incomplete: missing } = post;
  if (kind === 'backorder') {
    return (
      <div className="w-full space-y-3 rounded border border-amber-300 bg-amber-50 p-4 text-amber-950">
        <p>{t('cart.confirm.backorder')}</p>
        <button type="submit" name="confirm" value="backorder" className="button-primary" aria-busy={busy || undefined}>
          {t('cart.confirm.confirmOrder')}
        </button>
      </div>
    );
  }
  return (
    <div className="w-full space-y-3 rounded border border-amber-300 bg-amber-50 p-4 text-amber-950">
      <label className="flex items-start gap-2">
        <input
          type="checkbox"
          name="confirm"
          value="preorder"
          required
          onChange={post.onFix}
          aria-invalid={missing || undefined}
          aria-describedby={missing ? messageId : undefined}
          className="mt-1 h-4 w-4 shrink-0"
        />
        <span>{date ? t('cart.confirm.preorder', { date: formatDate(date) }) : t('cart.confirm.preorderNoDate')}</span>
      </label>
      {missing ? (
        <p id={messageId} role="alert" className="text-sm text-red-800">
          {t('cart.confirm.preorderMissing')}
        </p>
      ) : null}
      <button type="submit" className="button-primary" aria-busy={busy || undefined}>
        {submitLabel}
      </button>
    </div>
  );
}
