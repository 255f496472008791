import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLang } from '../../lib/hooks';
import { categoryUrl } from './paths';

type Crumb = { id: number; name: string; slug: string };

/** Home › categories › the current page (its name, not a link). */
export function Breadcrumbs({ trail, current }: { trail: Crumb[]; current?: string }) {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <nav aria-label={t('catalog.breadcrumbs')} className="py-4 text-sm text-stone-600">
      <ol className="flex flex-wrap gap-2">
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
          <li className="before:mr-2 before:content-['›']">
            <span aria-current="page">{current}</span>
          </li>
        ) : null}
      </ol>
    </nav>
  );
}
