import { useTranslation } from '~/i18n/use-translation';
import { Link } from 'react-router';
import type { Route } from './+types/brands';
import { PageMeta } from '~/components/PageMeta';
import { assertBrandPagesEnabled } from '~/features/catalog/brands.server';
import { brandPath } from '~/features/catalog/paths';
import { SocialMeta } from '~/features/catalog/seo';
import { loadOrFail } from '~/lib/api/shop.server';
import { useLang } from '~/lib/hooks';
import { pageContext } from '~/lib/request-context.server';

export async function loader({ context }: Route.LoaderArgs) {
  const shop = pageContext(context);
  const [, { brands }] = await Promise.all([assertBrandPagesEnabled(shop), loadOrFail(shop.api('getBrands', {}))]);
  return { brands };
}

export default function Brands({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <div className="py-8">
      <PageMeta title={t('brands.title')} description={t('brands.intro')} />
      <SocialMeta title={t('brands.title')} description={t('brands.intro')} />
      <h1 className="text-3xl font-semibold">{t('brands.title')}</h1>
      <p className="mt-2 text-stone-700">{t('brands.intro')}</p>
      <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {loaderData.brands.map((brand) => (
          <li key={brand.id} className="rounded border border-stone-200 p-4">
            <h2 className="text-lg font-semibold">
              <Link to={brandPath(lang, brand)} className="hover:underline">
                {brand.name}
              </Link>
            </h2>
            <p className="mt-1 text-sm text-stone-600">{t('brands.productCount', { count: brand.product_count })}</p>
          </li>
        ))}
      </ul>
    </div>
  );
}
