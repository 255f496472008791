import { useTranslation } from 'react-i18next';
import { Form, useLocation } from 'react-router';
import { useLang } from '../lib/hooks';
import type { RootData } from '../lib/root-data';
import { usePageAlternates } from './HeadLinks';

/** Country names in the shopper's language, from the browser's own data (no translation files). */
export function countryName(iso: string, lang: string): string {
  return new Intl.DisplayNames([lang], { type: 'region' }).of(iso) ?? iso;
}

/** The shop's countries as options of a select, by name in the shopper's language. */
export function CountryOptions({ countries }: { countries: Array<{ iso: string }> }) {
  const lang = useLang();
  const named = countries.map((country) => ({ iso: country.iso, name: countryName(country.iso, lang) }));
  return (
    <>
      {named
        .sort((a, b) => a.name.localeCompare(b.name, lang))
        .map((country) => (
          <option key={country.iso} value={country.iso}>
            {country.name}
          </option>
        ))}
    </>
  );
}

/**
 * Language and country chooser. A plain form (works before hydration and without JavaScript): the
 * preferences action stores both choices in cookies and goes to the same page in the chosen language.
 */
export function LocaleChooser({ root }: { root: RootData }) {
  const { t } = useTranslation();
  const lang = useLang();
  const alternates = usePageAlternates();
  // The same page in another language keeps its query: a search's words, a listing's filters (ids), the page.
  const { search } = useLocation();
  const languages = root.bootstrap.languages;
  const current = languages.find((language) => language.code === lang);
  return (
    <details className="relative">
      <summary className="cursor-pointer rounded px-2 py-1 hover:bg-stone-100">
        <span className="sr-only">{t('locale.chooser')}: </span>
        {t('locale.current', { language: current?.label ?? lang, country: countryName(root.country, lang) })}
      </summary>
      <Form method="post" action={`/${lang}/preferences`} className="absolute right-0 z-30 mt-2 w-72 space-y-4 rounded border border-stone-200 bg-white p-4 text-stone-900 shadow-lg">
        <fieldset>
          <legend className="mb-2 font-semibold">{t('locale.language')}</legend>
          {languages.map((language) => (
            <label key={language.code} className="flex items-center gap-2 py-1">
              <input type="radio" name="lang" value={language.code} defaultChecked={language.code === lang} />
              <span lang={language.code}>{language.label}</span>
              <input type="hidden" name={`path_${language.code}`} value={`${alternates[language.code]}${search}`} />
            </label>
          ))}
        </fieldset>
        <label className="block">
          <span className="mb-1 block font-semibold">{t('locale.country')}</span>
          <select name="country" defaultValue={root.country} className="w-full rounded border border-stone-300 px-2 py-1">
            <CountryOptions countries={root.bootstrap.countries} />
          </select>
        </label>
        <button type="submit" className="button-primary w-full">
          {t('locale.save')}
        </button>
      </Form>
    </details>
  );
}
