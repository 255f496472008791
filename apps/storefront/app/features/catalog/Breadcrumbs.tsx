import { useTranslation } from '~/i18n/use-translation';
import { Link } from 'react-router';
import { useLang } from '~/lib/hooks';
import { categoryUrl } from './paths';

type Crumb = { id: number; name: string; slug: string };

/** Home › categories › the current page (its name, not a link). */
export function Breadcrumbs({ trail, current }: { trail: Crumb[]; current?: string }) {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <nav aria-label={t('catalog.breadcrumbs')} className="py-2 text-sm text-stone-600 lg:py-4">
      <ol className="flex flex-wrap gap-x-2">
        <li>
          <Link to={`/${lang}`} className="hover:underline">
            {t('header.home')}
          </Link>
        </li>
        {trail.map((crumb, index) => (
          <li key={crumb.id} className="before:mr-2 before:content-['›']">
            {index === trail.length - 1 && !current ? (
              <span aria-current="page">{crumb.name}</span>
            ) : (
              <Link to={categoryUrl(lang, crumb)} className="hover:underline">
                {crumb.name}
              </Link>
            )}
          </li>
        ))}
        {current ? (
          // On a phone the page's own heading names it, right below: the trail stays one line.
          <li className="hidden before:mr-2 before:content-['›'] sm:block">
            <span aria-current="page">{current}</span>
          </li>
        ) : null}
      </ol>
    </nav>
  );
}
