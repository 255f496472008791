import { RETURN_REASONS, type Order } from '@shop/contract/account';
import type { SubmissionResult } from '@conform-to/react';
import type { TFunction } from 'i18next';
import { z } from 'zod';
import { SelectField, SubmitButton } from '~/components/forms/fields';
import { ShopForm } from '~/components/forms/ShopForm';
import { useShopForm } from '~/components/forms/useShopForm';
import { useTranslation } from '~/i18n/use-translation';
import { useFormatDate } from '~/lib/hooks';

/** The return request's form: a quantity per line (0: not this one), at least one item, and a reason. */
export const returnForm = z.object({
  lines: z
    .array(z.object({ line: z.coerce.number().int().min(0).max(999), quantity: z.coerce.number().int().min(0).max(9999) }))
    .refine((lines) => lines.some((line) => line.quantity > 0), { params: { rule: 'return_items' } }),
  reason: z.enum(RETURN_REASONS),
});

export const returnLabels = (t: TFunction): Record<string, string> => ({ lines: t('account.returnRequest.items'), reason: t('account.returnRequest.reason') });

/**
 * Asks for a return from the order page, within the withdrawal period: how many of each line (up to what can still
 * be sent back) and why. The instructions come by mail; the order then shows the return.
 */
export function ReturnRequest({ order, lastResult }: { order: Order; lastResult?: SubmissionResult<string[]> | null }) {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  const { fields, busy, formProps } = useShopForm({ id: 'return', schema: returnForm, labels: returnLabels(t), lastResult });
  if (!order.return_by || !order.lines.some((line) => line.returnable > 0)) return null;
  return (
    <section aria-labelledby="return-request" className="max-w-lg rounded border border-stone-300 p-4">
      <h3 id="return-request" className="text-lg font-semibold">
        {t('account.returnRequest.title')}
      </h3>
      <p className="mb-4 text-stone-700">{t('account.returnRequest.until', { date: formatDate(order.return_by) })}</p>
      <ShopForm {...formProps}>
        {order.lines.map((line, index) =>
          line.returnable > 0 ? (
            <div key={index}>
              <input type="hidden" name={`lines[${index}].line`} value={index} />
              <label htmlFor={`return-line-${index}`} className="block font-medium">
                {t('account.returnRequest.quantity', { name: [line.name, line.attributes].filter(Boolean).join(', ') })}
              </label>
              <select id={`return-line-${index}`} name={`lines[${index}].quantity`} defaultValue="0" className="mt-1 block w-full rounded border border-stone-400 bg-white px-3 py-2">
                {Array.from({ length: line.returnable + 1 }, (_, quantity) => (
                  <option key={quantity} value={quantity}>
                    {quantity}
                  </option>
                ))}
              </select>
            </div>
          ) : null,
        )}
        {fields.lines.errors?.length ? (
          <p id={fields.lines.errorId} className="text-sm text-red-700">
            {fields.lines.errors[0]}
          </p>
        ) : null}
        <SelectField field={fields.reason} label={t('account.returnRequest.reason')} placeholder={t('account.returnRequest.chooseReason')} options={RETURN_REASONS.map((reason) => ({ value: reason, label: t(`account.returnReasons.${reason}`) }))} />
        <SubmitButton busy={busy}>{t('account.returnRequest.submit')}</SubmitButton>
      </ShopForm>
    </section>
  );
}
