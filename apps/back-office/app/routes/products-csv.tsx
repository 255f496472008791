import { adminProductImportSchema, PRODUCT_CSV_MAX_BYTES } from '@shop/contract/admin';
import { useTranslation } from 'react-i18next';
import { Form, redirect } from 'react-router';
import { AdminApiError, staffUpload } from '../lib/api.server';
import { buttonClass, inputClass, panelClass } from '../lib/forms';
import { BackLink } from '../lib/links';
import type { Route } from './+types/products-csv';

/** A dry run reads the whole file before it answers: about a minute for 100,000 rows on a busy machine. */
const DRY_RUN_TIMEOUT_MS = 10 * 60_000;

/** The upload goes on to the API as it comes; its dry run is then shown on the import's own page. */
export async function action({ request }: Route.ActionArgs) {
  if (!(request.headers.get('content-type') ?? '').startsWith('multipart/form-data')) return { error: 'noFile' as const };
  try {
    const checked = await staffUpload(request, '/admin/imports/products.csv', adminProductImportSchema, DRY_RUN_TIMEOUT_MS);
    return redirect(`/products/imports/${checked.id}`);
  } catch (error) {
    if (error instanceof AdminApiError && error.status === 400) return { error: 'noFile' as const };
    if (error instanceof AdminApiError && error.status === 413) return { error: 'tooLarge' as const };
    throw error;
  }
}

/** The catalogue as CSV: the export's link and the import's upload (a plain file input, no script needed). */
export default function ProductsCsv({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <>
      <BackLink to="/products">{t('csv.back')}</BackLink>
      <h1 className="mb-4 text-2xl font-semibold">{t('csv.title')}</h1>
      <section aria-labelledby="export" className={`mb-6 max-w-prose ${panelClass}`}>
        <h2 id="export" className="mb-2 text-lg font-semibold">
          {t('csv.exportTitle')}
        </h2>
        <p className="mb-3">{t('csv.exportHelp')}</p>
        <a href="/products/export.csv" download className={`${buttonClass} inline-block`}>
          {t('csv.download')}
        </a>
      </section>
      <section aria-labelledby="import" className={`max-w-prose ${panelClass}`}>
        <h2 id="import" className="mb-2 text-lg font-semibold">
          {t('csv.importTitle')}
        </h2>
        <p className="mb-3">{t('csv.importHelp')}</p>
        {actionData?.error && (
          <p role="alert" className="mb-3 rounded border border-red-300 bg-red-50 p-3 text-red-900">
            {t(`csv.${actionData.error}`, { mb: PRODUCT_CSV_MAX_BYTES / 1024 / 1024 })}
          </p>
        )}
        {/* A plain post of the page (as without scripts): the file streams through to the API. */}
        <Form method="post" encType="multipart/form-data" reloadDocument className="flex flex-wrap items-end gap-3">
          <div>
            <label htmlFor="file">{t('csv.file')}</label>
            <input id="file" name="file" type="file" accept=".csv,text/csv" required className={inputClass} />
          </div>
          <button type="submit" className={buttonClass}>
            {t('csv.check')}
          </button>
        </Form>
      </section>
    </>
  );
}
