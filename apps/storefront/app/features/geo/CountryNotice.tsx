import { useTranslation } from '~/i18n/use-translation';
import { useLang } from '~/lib/hooks';
import type { RootData } from '~/lib/root-data';
import { countryName } from './countries';
import { PreferencesForm } from './CountryChooser';

/**
 * 'Your location seems to be Germany. Switch to Germany (EUR)?' for a visitor who seems to be in another country
 * than the page's (the root loader decides, ADR 0021). Nothing switches on its own: Switch stores that country as
 * the shopper's choice, Dismiss remembers that this country was declined; either way the notice is gone.
 */
export function CountryNotice({ root }: { root: RootData }) {
  const { t } = useTranslation();
  const lang = useLang();
  if (!root.countryNotice) return null;
  const country = countryName(root.countryNotice, lang);
  return (
    <section aria-label={t('geo.noticeLabel')} className="border-b border-amber-200 bg-amber-50 text-sm">
      {/* A strip, even at 320 px: two short lines and small buttons (the page goes on below it). */}
      <PreferencesForm className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-4 gap-y-1 px-4 py-1.5">
        <p className="min-w-0 flex-1 basis-64 leading-5">{t('geo.notice', { country, currency: root.bootstrap.settings.currency })}</p>
        <input type="hidden" name="country" value={root.countryNotice} />
        <div className="flex gap-2">
          <button type="submit" className="button-primary px-3 py-1.5">
            {t('geo.switch')}
          </button>
          <button type="submit" name="intent" value="dismiss" className="rounded border border-stone-900 px-3 py-1.5 font-medium hover:bg-amber-100">
            {t('geo.dismiss')}
          </button>
        </div>
      </PreferencesForm>
    </section>
  );
}
