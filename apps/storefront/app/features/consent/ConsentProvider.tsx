import { createContext, lazy, Suspense, useCallback, useContext, useEffect, useState } from 'react';
import { useTranslation } from '~/i18n/use-translation';
import { Link, useLocation } from 'react-router';
import { useLocalePath } from '~/lib/hooks';
import { CONSENT_SETTINGS_PATH, type ConsentCategory, type ConsentState } from '~/lib/consent';

// Most pages are seen by shoppers who answered long ago: the dialog's code loads only when it shows. A page
// rendered with it keeps the server's markup (a working form) until then. Should the code fail to load even after
// the reload for a deploy (entry.client), the page goes on without the dialog: nothing is consented to.
const ConsentDialog = lazy<React.ComponentType<{ state: ConsentState; close: () => void }>>(() =>
  import('./ConsentDialog').catch(() => ({ default: () => null })),
);

/** Pages the dialog never stands over. */
const QUIET_PAGES = [CONSENT_SETTINGS_PATH, '/offline'];

const ReopenContext = createContext<() => void>(() => {});

/**
 * Shows the consent dialog on every page until the shopper answers the current consent text, and again when they
 * ask (ConsentSettingsLink). Only a shop with a tag manager asks: without one it sets necessary cookies only. The
 * server renders the dialog from the consent cookie, which the page cache keys on too (docs/adr/0019).
 */
export function ConsentProvider({ state, children }: { state: ConsentState; children: React.ReactNode }) {
  const [reopened, setReopened] = useState(false);
  // One function for the page's life: the dialog's focus trap starts again whenever it changes.
  const close = useCallback(() => setReopened(false), []);
  const { pathname } = useLocation();
  // The settings page has the same form in the page; the offline screen is kept for when no form can be sent.
  const shown = Boolean(state.tagManagerId) && (state.granted === null || reopened) && !QUIET_PAGES.some((path) => pathname.endsWith(path));
  return (
    <ReopenContext value={() => setReopened(true)}>
      {shown ? (
        <Suspense fallback={null}>
          <ConsentDialog state={state} close={close} />
        </Suspense>
      ) : null}
      {children}
    </ReopenContext>
  );
}

/** The footer's 'Cookie settings' link: the settings page without JavaScript, the dialog with it. */
export function ConsentSettingsLink({ state, className }: { state: ConsentState; className?: string }) {
  const { t } = useTranslation();
  const localePath = useLocalePath();
  const reopen = useContext(ReopenContext);
  if (!state.tagManagerId) return null;
  return (
    <Link
      to={localePath(CONSENT_SETTINGS_PATH)}
      className={className}
      onClick={(event) => {
        event.preventDefault();
        reopen();
      }}
    >
      {t('consent.link')}
    </Link>
  );
}

/**
 * The tag manager follows the shopper's consent (features/consent/tag-manager): nothing of it loads, not even its
 * code, before the shopper granted a category; with no consent, not one request leaves for it.
 */
export function useTagManager({ tagManagerId: id, granted }: ConsentState): void {
  const grantedKey = granted?.join(' ') ?? null;
  useEffect(() => {
    // The id is one the server checked (SPEC §9, lib/config.server).
    if (!id || grantedKey === null) return;
    // Nothing granted still goes through: a tag manager loaded earlier on this page is told.
    const categories = (grantedKey ? grantedKey.split(' ') : []) as ConsentCategory[];
    void import('./tag-manager').then(({ applyConsent }) => applyConsent(id, categories)).catch(() => undefined);
  }, [id, grantedKey]);
}
