import { useTranslation } from '~/i18n/use-translation';
import type { Route } from './+types/size-chart';
import { PageMeta } from '~/components/PageMeta';
import { SocialMeta } from '~/features/catalog/seo';
import { loadContentPage } from '~/features/content/content.server';
import { pageContext } from '~/lib/request-context.server';

export async function loader({ params, context }: Route.LoaderArgs) {
  return loadContentPage(pageContext(context), params.slug, 'size-chart');
}

export default function SizeChart({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { page } = loaderData;
  const table = Array.isArray(page.body) ? { columns: [], rows: [] } : page.body;
  const title = t('sizeChart.title', { name: page.title });
  return (
    <article className="mx-auto max-w-3xl py-10">
      <PageMeta title={title} description={t('sizeChart.intro')} />
      <SocialMeta title={title} description={t('sizeChart.intro')} />
      <h1 className="text-3xl font-semibold">{title}</h1>
      <p className="mt-2 text-stone-700">{t('sizeChart.intro')}</p>
      <div className="mt-6 overflow-x-auto">
        <table className="w-full border-collapse text-left text-sm">
          <caption className="sr-only">{title}</caption>
          <thead>
            <tr>
              {table.columns.map((column) => (
                <th key={column} scope="col" className="border-b-2 border-stone-900 px-3 py-2">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {table.rows.map(([head, ...cells], index) => (
              <tr key={index} className="even:bg-stone-50">
                <th scope="row" className="border-b border-stone-200 px-3 py-2 font-semibold">
                  {head}
                </th>
                {cells.map((cell, cellIndex) => (
                  <td key={cellIndex} className="border-b border-stone-200 px-3 py-2">
                    {cell}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </article>
  );
}
