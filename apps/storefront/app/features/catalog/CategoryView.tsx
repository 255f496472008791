import type { Category } from '@shop/contract';
import type { CardListing } from './card-product';
import { useTranslation } from '~/i18n/use-translation';
import { Link } from 'react-router';
import { useLang } from '~/lib/hooks';
import { Breadcrumbs } from './Breadcrumbs';
import { ListingView } from './ListingView';
import { categoryUrl } from './paths';

/** The category page's content (its head tags are the route's, routes/category.tsx). */
export function CategoryView({ category, listing }: { category: Category; listing: CardListing }) {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <>
      <Breadcrumbs trail={category.breadcrumbs} />
      <h1 className="text-2xl font-semibold lg:text-3xl">{category.name}</h1>
      {category.description ? <p className="mt-2 max-w-2xl text-sm text-stone-700 lg:text-base">{category.description}</p> : null}
      {category.children.length > 0 ? (
        <nav aria-label={t('catalog.subcategories')} className="my-4 lg:my-6">
          {/* One swiped row on a phone, so that the products start high. */}
          <ul className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-1 [scrollbar-width:none] lg:mx-0 lg:flex-wrap lg:px-0">
            {category.children.map((child) => (
              <li key={child.id}>
                <Link to={categoryUrl(lang, child)} className="chip">
                  {child.name}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : (
        <div className="my-6" />
      )}
      <ListingView listing={listing} emptyText={t('catalog.empty')} emptyHint={t('catalog.emptyHint')} />
    </>
  );
}
