import { PROMOTION_STATES } from '@shop/contract/admin';
import { useTranslation } from 'react-i18next';
import { Select } from '../lib/forms';

/** The state a list of codes or sales is narrowed to (scheduled, running, ended, or any): a field of the list's GET form. */
export function StateFilter({ state }: { state: string }) {
  const { t } = useTranslation();
  return <Select name="state" label={t('orders.status')} empty={t('promotions.anyState')} choices={PROMOTION_STATES.map((value) => ({ value, label: t(`promotions.states.${value}`) }))} defaultValue={state} />;
}
