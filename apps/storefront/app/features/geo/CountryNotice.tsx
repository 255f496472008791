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
      <PreferencesForm className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-2">
        <p className="min-w-0 flex-1 basis-64">{t('geo.notice', { country, currency: root.bootstrap.settings.currency })}</p>
        <input type="hidden" name="country" value={root.countryNotice} />
        <div className="flex gap-2">
          <button type="submit" className="button-primary">
            {t('geo.switch')}
          </button>
          <button type="submit" name="intent" value="dismiss" className="rounded border border-stone-900 px-4 py-2 font-medium hover:bg-amber-100">
            {t('geo.dismiss')}
          </button>
        </div>
      </PreferencesForm>
    </section>
  );
}
