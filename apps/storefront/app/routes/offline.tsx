import { useTranslation } from '~/i18n/use-translation';
import { Screen } from '~/components/Screen';

export default function Offline() {
  const { t } = useTranslation();
  return (
    <Screen title={t('offline.title')} intro={t('offline.text')}>
      <form method="get" className="mt-6">
        <button type="submit" className="button-primary">
          {t('offline.retry')}
        </button>
      </form>
    </Screen>
  );
}
