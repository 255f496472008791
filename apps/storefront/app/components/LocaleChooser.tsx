import { useTranslation } from '~/i18n/use-translation';
import { useLocation } from 'react-router';
import { useLang } from '~/lib/hooks';
import { PostForm, useFormPost } from './forms/form-post';
import type { RootData } from '~/lib/root-data';
import { Popover } from './Drawer';
import { usePageAlternates } from './HeadLinks';

/**
 * Language chooser (the country has its own, features/geo). A plain form (works before hydration and without
 * JavaScript): the preferences action stores the choice in a cookie and goes to the same page in that language.
 */
export function LocaleChooser({ root }: { root: RootData }) {
  const { t } = useTranslation();
  const lang = useLang();
  const alternates = usePageAlternates();
  // The same page in another language keeps its query: a search's words, a listing's filters (ids), the page.
  const { search } = useLocation();
  const post = useFormPost({ id: 'language' });
  const languages = root.bootstrap.languages;
  const current = languages.find((language) => language.code === lang);
  return (
    <Popover
      summary={
        <summary className="cursor-pointer rounded px-2 py-1 hover:bg-stone-100">
          <span className="sr-only">{t('locale.language')}: </span>
          {current?.label ?? lang}
        </summary>
      }
    >
      <PostForm post={post} action={`/${lang}/preferences`} className="absolute right-0 z-50 mt-2 w-56 space-y-4 rounded border border-stone-200 bg-white p-4 text-stone-900 shadow-lg">
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
        <button type="submit" className="button-primary w-full">
          {t('locale.save')}
        </button>
      </PostForm>
    </Popover>
  );
}
