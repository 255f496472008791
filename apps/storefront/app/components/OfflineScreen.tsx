import { useTranslation } from '~/i18n/use-translation';
import { Screen } from './Screen';

// What browsers say when a fetch finds no network (Chromium, Firefox, Safari).
const FETCH_FAILURE = /^(Failed to fetch|NetworkError when attempting to fetch resource\.|Load failed)$/;

/**
 * A page's data that could not be fetched for want of network: a link followed in the shop while offline. Only in
 * the browser (the server's fetches failing is the shop's error, not the shopper's network).
 */
export function isNetworkFailure(error: unknown): boolean {
  if (typeof window === 'undefined' || !(error instanceof TypeError)) return false;
  return navigator.onLine === false || FETCH_FAILURE.test(error.message);
}

/**
 * The offline screen: the service worker keeps it for a page opened without network (public/sw.js), and the error
 * screens show it for a link followed without network. Retry asks for the page again.
 */
export function OfflineScreen() {
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
