import { useEffect, useRef } from 'react';
import { useTranslation } from '~/i18n/use-translation';
import { useLocation } from 'react-router';
import { useHydrated, useModal } from '~/components/Drawer';
import { PostForm, useFormPost } from '~/components/forms/form-post';
import { useLocalePath } from '~/lib/hooks';
import { CONSENT_CATEGORIES, CONSENT_SETTINGS_PATH, type ConsentState } from '~/lib/consent';

/**
 * The consent form: 'Reject all' and 'Accept all' side by side, equally plain, and the choice per category in a
 * <details> (open on the settings page). It posts to the settings page's action, which stores the choice and
 * answers with the page the shopper was on: without JavaScript a plain post, with it sent in place, keeping the
 * scroll position. Before the shopper's first answer, only the necessary cookies are ticked.
 */
export function ConsentForm({ state, settingsOpen = false, onDone }: { state: ConsentState; settingsOpen?: boolean; onDone?: () => void }) {
  const { t } = useTranslation();
  const localePath = useLocalePath();
  const location = useLocation();
  const post = useFormPost({ id: 'consent', inPlace: true });
  const { busy } = post;
  // Done once the page has the new choice: a fetcher unmounted earlier would drop its answer (and the new choice).
  const sent = useRef(false);
  useEffect(() => {
    if (busy) sent.current = true;
    else if (sent.current) {
      sent.current = false;
      onDone?.();
    }
  }, [busy, onDone]);
  // On the settings page itself, the shopper goes back home afterwards (its form says where).
  const returnTo = location.pathname.endsWith(CONSENT_SETTINGS_PATH) ? localePath() : `${location.pathname}${location.search}`;
  return (
    <PostForm post={post} action={localePath(CONSENT_SETTINGS_PATH)} aria-busy={busy || undefined}>
      <input type="hidden" name="return" value={returnTo} />
      <details open={settingsOpen} className="group mt-3">
        <summary className="cursor-pointer py-2 font-medium underline">{t('consent.settings')}</summary>
        <fieldset className="mt-2 space-y-3">
          <legend className="sr-only">{t('consent.categoriesLegend')}</legend>
          <label className="flex gap-3">
            <input type="checkbox" checked disabled className="mt-1 h-4 w-4 shrink-0" />
            <span>
              <span className="block font-medium">{t('consent.categories.necessary.name')}</span>
              <span className="block text-sm text-stone-600">{t('consent.categories.necessary.text')}</span>
            </span>
          </label>
          {CONSENT_CATEGORIES.map((category) => (
            <label key={category} className="flex gap-3">
              <input type="checkbox" name="category" value={category} defaultChecked={state.granted?.includes(category)} className="mt-1 h-4 w-4 shrink-0" />
              <span>
                <span className="block font-medium">{t(`consent.categories.${category}.name`)}</span>
                <span className="block text-sm text-stone-600">{t(`consent.categories.${category}.text`)}</span>
              </span>
            </label>
          ))}
          <button type="submit" name="choice" value="chosen" disabled={busy} className="rounded border border-stone-900 px-5 py-2.5 font-medium hover:bg-stone-100">
            {t('consent.save')}
          </button>
        </fieldset>
      </details>
      <div className="mt-4 flex flex-wrap gap-3">
        <button type="submit" name="choice" value="none" disabled={busy} className="button-primary flex-1 whitespace-nowrap">
          {t('consent.rejectAll')}
        </button>
        <button type="submit" name="choice" value="all" disabled={busy} className="button-primary flex-1 whitespace-nowrap">
          {t('consent.acceptAll')}
        </button>
      </div>
    </PostForm>
  );
}

/**
 * The consent dialog (ConsentProvider shows it). Without JavaScript a panel at the foot of the window whose form
 * posts; with it a modal dialog: the focus stays inside, and Escape closes it only when the shopper opened it
 * themselves (`close`; a first answer is needed).
 */
export default function ConsentDialog({ state, close }: { state: ConsentState; close: () => void }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const panel = useRef<HTMLDivElement>(null);
  useModal(panel, hydrated, close);
  return (
    <div className="pointer-events-none fixed inset-0 z-[60] flex items-end justify-center sm:items-center">
      {hydrated ? <div aria-hidden="true" className="pointer-events-auto absolute inset-0 bg-stone-900/50" /> : null}
      <div
        ref={panel}
        role="dialog"
        aria-modal={hydrated || undefined}
        aria-labelledby="consent-title"
        aria-describedby="consent-text"
        tabIndex={-1}
        className="pointer-events-auto relative max-h-[90vh] w-full overflow-y-auto overscroll-contain border-t border-stone-200 bg-white p-5 shadow-2xl outline-none sm:max-w-xl sm:rounded sm:border"
      >
        <h2 id="consent-title" className="text-lg font-semibold">
          {t('consent.title')}
        </h2>
        <p id="consent-text" className="mt-2 text-sm text-stone-700">
          {t('consent.text')}
        </p>
        <ConsentForm state={state} onDone={close} />
      </div>
    </div>
  );
}
