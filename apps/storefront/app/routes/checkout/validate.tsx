import { useTranslation } from 'react-i18next';
import { Screen } from '../../components/Screen';

export default function CheckoutValidate() {
  const { t } = useTranslation();
  return (
    <Screen title={t('checkout.validateTitle')} intro={t('checkout.validateText')} />
  );
}
