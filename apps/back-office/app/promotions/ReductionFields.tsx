import { getSelectProps, type FieldMetadata } from '@conform-to/react';
import { useTranslation } from 'react-i18next';
import { Choices, inputClass, TextField } from '../lib/forms';
import { REDUCTION_TYPES } from './forms';

/**
 * What a code or a sale takes off: a percentage or an amount, and how much. A code may take off nothing but the
 * shipping (`shippingOnly`: a first choice of no reduction). `type` and `value` are the saved ones, to edit.
 */
export function ReductionFields({ typeField, valueField, type, value, shippingOnly = false }: { typeField: FieldMetadata<any>; valueField: FieldMetadata<any>; type: string; value?: string; shippingOnly?: boolean }) {
  const { t } = useTranslation();
  const props = getSelectProps(typeField);
  return (
    <>
      <div>
        <label htmlFor={typeField.id}>{t('promotions.reductionType')}</label>
        <select {...props} key={typeField.key} defaultValue={props.defaultValue ?? type} className={inputClass}>
          {shippingOnly && <option value="">{t('promotions.shippingOnly')}</option>}
          <Choices choices={REDUCTION_TYPES.map((reduction) => ({ value: reduction, label: t(`promotions.types.${reduction}`) }))} />
        </select>
      </div>
      <TextField field={valueField} label={t('promotions.reductionValue')} help={t('promotions.reductionValueHelp')} defaultValue={value} />
    </>
  );
}
