import { useId } from 'react';
import { useTranslation } from '~/i18n/use-translation';
import { useLang } from '~/lib/hooks';
import type { CountryNotice as Notice, RootData } from '~/lib/root-data';
import { countryName, CountryOptions } from './countries';
import { PreferencesForm } from './CountryChooser';

/**
 * The notice of a detected country (the root loader decides, ADR 0021), for a visitor who has not chosen one. Either
 * 'Showing prices and delivery for Spain.' with the country chooser: the country was applied, and Confirm stores it
 * (or the one picked instead) as the shopper's choice. Or 'Your location seems to be the United States. Switch to
 * it (EUR)?': a country only offered; Switch stores it as the choice, Dismiss remembers that it was declined.
 * Either way the notice is then gone.
 */
export function CountryNotice({ root }: { root: RootData }) {
  const { t } = useTranslation();
  if (!root.countryNotice) return null;
  return (
    <section aria-label={t('geo.noticeLabel')} className="border-b border-amber-200 bg-amber-50 text-sm">
      {/* A strip, even at 320 px: two short lines and small controls (the page goes on below it). */}
      <PreferencesForm className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-4 gap-y-1 px-4 py-1.5">
        {root.countryNotice.applied ? <Applied root={root} notice={root.countryNotice} /> : <Offered root={root} notice={root.countryNotice} />}
      </PreferencesForm>
    </section>
  );
}

function Applied({ root, notice }: { root: RootData; notice: Notice }) {
  const { t } = useTranslation();
  const lang = useLang();
  const id = useId();
  return (
    <>
      <p className="min-w-0 flex-1 basis-64 leading-5">{t('geo.applied', { country: countryName(notice.country, lang) })}</p>
      <div className="flex min-w-0 gap-2">
        <label htmlFor={id} className="sr-only">
          {t('geo.chooser')}
        </label>
        <select id={id} name="country" defaultValue={notice.country} className="min-w-0 rounded border border-stone-400 bg-white px-2 py-1">
          <CountryOptions countries={root.bootstrap.countries} />
        </select>
        <button type="submit" className="button-primary px-3 py-1.5">
          {t('geo.confirm')}
        </button>
      </div>
    </>
  );
}

function Offered({ root, notice }: { root: RootData; notice: Notice }) {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <>
      <p className="min-w-0 flex-1 basis-64 leading-5">{t('geo.notice', { country: countryName(notice.country, lang), currency: root.bootstrap.settings.currency })}</p>
      <input type="hidden" name="country" value={notice.country} />
      <div className="flex gap-2">
        <button type="submit" className="button-primary px-3 py-1.5">
          {t('geo.switch')}
        </button>
        <button type="submit" name="intent" value="dismiss" className="rounded border border-stone-900 px-3 py-1.5 font-medium hover:bg-amber-100">
          {t('geo.dismiss')}
        </button>
      </div>
    </>
  );
}
