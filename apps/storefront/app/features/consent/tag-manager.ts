import type { ConsentCategory } from '~/lib/consent';

type ConsentMode = Record<'ad_storage' | 'ad_user_data' | 'ad_personalization' | 'analytics_storage' | 'functionality_storage' | 'personalization_storage', 'granted' | 'denied'>;

/** Google's consent mode for the shopper's categories: the tags read it before they set anything. */
export function consentMode(granted: ConsentCategory[]): ConsentMode {
  const state = (category: ConsentCategory) => (granted.includes(category) ? 'granted' : 'denied');
  return {
    ad_storage: state('marketing'),
    ad_user_data: state('marketing'),
    ad_personalization: state('marketing'),
    analytics_storage: state('statistics'),
    functionality_storage: state('preferences'),
    personalization_storage: state('preferences'),
  };
}

/** The tag manager's script, loaded only for these categories: it brings statistics and marketing tags. */
const LOADING_CATEGORIES: ConsentCategory[] = ['statistics', 'marketing'];

type TagWindow = Window & { dataLayer?: unknown[] };

/** Google's gtag(): the tag manager tells its commands from events by their being an `arguments` object. */
function gtag(..._args: unknown[]): void {
  const tagWindow = window as TagWindow;
  tagWindow.dataLayer ??= [];
  // eslint-disable-next-line prefer-rest-params
  tagWindow.dataLayer.push(arguments);
}

let loadedId: string | null = null;

/**
 * Loads the shop's tag manager once the shopper granted statistics or marketing, consent-mode style: everything
 * denied by default, then updated to the shopper's choice (and again whenever it changes). Once loaded it stays
 * for the page's life: a later refusal is passed on as denied.
 */
export function applyConsent(tagManagerId: string, granted: ConsentCategory[]): void {
  if (loadedId === tagManagerId) {
    gtag('consent', 'update', consentMode(granted));
    return;
  }
  if (!granted.some((category) => LOADING_CATEGORIES.includes(category))) return;
  loadedId = tagManagerId;
  gtag('consent', 'default', consentMode([]));
  gtag('consent', 'update', consentMode(granted));
  (window as TagWindow).dataLayer!.push({ 'gtm.start': Date.now(), event: 'gtm.js' });
  const script = document.createElement('script');
  script.async = true;
  script.src = `https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(tagManagerId)}`;
  document.head.append(script);
}
