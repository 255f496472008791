import { PROMOTION_STATES } from '@shop/contract/admin';
import { useTranslation } from 'react-i18next';
import { inputClass } from '../lib/forms';

/** The state a list of codes or sales is narrowed to (scheduled, running, ended, or any): a field of the list's GET form. */
export function StateFilter({ state }: { state: string }) {
  const { t } = useTranslation();
  return (
    <div>
      <label htmlFor="state">{t('orders.status')}</label>
      <select id="state" name="state" defaultValue={state} className={inputClass}>
        <option value="">{t('promotions.anyState')}</option>
        {PROMOTION_STATES.map((value) => (
          <option key={value} value={value}>
            {t(`promotions.states.${value}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
