import { useId } from 'react';
import { useTranslation } from '~/i18n/use-translation';
import { useLocation } from 'react-router';
import { Popover } from '~/components/Drawer';
import { PostForm, useFormPost } from '~/components/forms/form-post';
import { useLang } from '~/lib/hooks';
import type { RootData } from '~/lib/root-data';
import { countryName, CountryOptions } from './countries';

/**
 * A form to the preferences action that comes back to this page (its query kept) in its language: without
 * JavaScript a post and a redirect; with it React Router's submission, which reloads the page's data in place.
 * The scroll position stays: the form may be in the footer.
 */
export function PreferencesForm({ children, className }: { children: React.ReactNode; className?: string }) {
  const lang = useLang();
  const { pathname, search } = useLocation();
  const post = useFormPost({ id: 'preferences' });
  return (
    <PostForm post={post} action={`/${lang}/preferences`} preventScrollReset className={className}>
      <input type="hidden" name="lang" value={lang} />
      <input type="hidden" name={`path_${lang}`} value={`${pathname}${search}`} />
      {children}
    </PostForm>
  );
}

/** The shipping country: a select of the shop's countries by group, and Save. */
export function CountryForm({ root, className }: { root: RootData; className?: string }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <PreferencesForm className={className}>
      <label htmlFor={id} className="mb-1 block font-semibold">
        {t('geo.chooser')}
      </label>
      <div className="flex gap-2">
        {/* Keyed by the country: after a change the select shows the new one, not the one the browser kept. */}
        <select key={root.country} id={id} name="country" defaultValue={root.country} className="min-w-0 flex-1 rounded border border-stone-400 bg-white px-2 py-2 text-stone-900">
          <CountryOptions countries={root.bootstrap.countries} />
        </select>
        <button type="submit" className="button-primary">
          {t('geo.apply')}
        </button>
      </div>
    </PreferencesForm>
  );
}

/** The header's country chooser: the current country, opening the country form below it. */
export function CountryChooser({ root }: { root: RootData }) {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <Popover
      summary={
        <summary className="cursor-pointer rounded px-2 py-1 hover:bg-stone-700">
          <span className="sr-only">{t('geo.chooser')}: </span>
          {countryName(root.country, lang)}
        </summary>
      }
    >
      <CountryForm root={root} className="absolute right-0 z-50 mt-2 w-72 max-w-[calc(100vw-2rem)] rounded border border-stone-200 bg-white p-4 text-sm text-stone-900 shadow-lg" />
    </Popover>
  );
}
