import { useTranslation } from 'react-i18next';
import { Form, redirect, useNavigation } from 'react-router';
import { adminApi, AdminApiError, staffCall } from '../lib/api.server';
import { rowIdOrNotFound } from '../lib/ids';
import { buttonClass, DoneNotice } from '../lib/forms';
import { ListTable } from '../lib/list-table';
import { BackLink } from '../lib/links';
import type { Route } from './+types/product-import';

/** Applying writes a batch of 500 rows per transaction: 100,000 rows take minutes. An interrupted apply goes on when asked again. */
const APPLY_TIMEOUT_MS = 15 * 60_000;

export async function loader({ request, params }: Route.LoaderArgs) {
  return { checked: await staffCall(request, 'getProductImport', { id: rowIdOrNotFound(params.id) }) };
}

export async function action({ request, params }: Route.ActionArgs) {
  const id = rowIdOrNotFound(params.id);
  try {
    await adminApi(request, 'applyProductImport', { id }, undefined, APPLY_TIMEOUT_MS);
  } catch (error) {
    if (error instanceof AdminApiError && error.status === 401) throw redirect('/sign-in');
    if (error instanceof AdminApiError && error.status < 500) return { error: error.code };
    throw error;
  }
  return redirect(`/products/imports/${id}`);
}

/** An import's dry run: what it would create, change and refuse (row by row); applying it when nothing is refused. */
export default function ProductImport({ loaderData: { checked }, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const applying = useNavigation().state === 'submitting';
  const number = (value: number) => value.toLocaleString(i18n.language);
  const counts = [
    ['rows', checked.rows],
    ['created', checked.created],
    ['changed', checked.changed],
    ['unchanged', checked.unchanged],
    ['refused', checked.refused],
  ] as const;
  const toWrite = checked.created + checked.changed;
  return (
    <>
      <BackLink to="/products/csv">{t('csv.another')}</BackLink>
      <h1 className="mb-4 text-2xl font-semibold break-words">{t('csv.resultTitle', { file: checked.file_name })}</h1>
      <dl className="mb-4 grid max-w-xl grid-cols-2 gap-2 sm:grid-cols-5">
        {counts.map(([key, value]) => (
          <div key={key} className="rounded border border-stone-300 bg-white p-3">
            <dt className="text-sm text-stone-700">{t(`csv.${key}`)}</dt>
            <dd className="text-xl font-semibold" data-count={key}>
              {number(value)}
            </dd>
          </div>
        ))}
      </dl>
      {actionData?.error && (
        <p role="alert" className="mb-4 rounded border border-red-300 bg-red-50 p-3 text-red-900">
          {t(`refusals.${actionData.error}`, { defaultValue: t('refusals.default') })}
        </p>
      )}
      {checked.state === 'refused' && (
        <p role="alert" className="mb-4 max-w-prose rounded border border-red-300 bg-red-50 p-3 text-red-900">
          {t('csv.refusedState')}
        </p>
      )}
      {checked.state === 'expired' && (
        <p role="alert" className="mb-4 max-w-prose rounded border border-red-300 bg-red-50 p-3 text-red-900">
          {checked.applied_rows > 0 ? t('csv.expiredPartly', { applied: number(checked.applied_rows) }) : t('csv.expiredState')}
        </p>
      )}
      {checked.state === 'applied' && (
        <DoneNotice>
          {t('csv.applied', { count: checked.applied_rows })}
        </DoneNotice>
      )}
      {checked.state === 'checked' && (
        <div className="mb-4 max-w-prose">
          <p className="mb-3">{toWrite ? t('csv.checked') : t('csv.nothingToDo')}</p>
          {checked.applied_rows > 0 && <p className="mb-3">{t('csv.progress', { applied: number(checked.applied_rows) })}</p>}
          <Form method="post">
            <button type="submit" className={buttonClass} disabled={applying}>
              {applying ? t('csv.applying') : t('csv.apply')}
            </button>
          </Form>
        </div>
      )}
      {checked.refusals.length > 0 && (
        <section aria-labelledby="refusals">
          <h2 id="refusals" className="mb-2 text-lg font-semibold">
            {t('csv.refusalsTitle')}
          </h2>
          {checked.refused > checked.refusals.length && <p className="mb-2">{t('csv.refusalsMore', { shown: checked.refusals.length, count: checked.refused })}</p>}
          <ListTable
            columns={[
              { header: t('csv.row'), cell: (refusal) => refusal.row },
              { header: t('csv.reason'), cell: (refusal) => t(`csv.reasons.${refusal.reason}`) },
              { header: t('csv.column'), cell: (refusal) => refusal.column ?? '—', className: 'font-mono' },
              { header: t('csv.value'), cell: (refusal) => refusal.value ?? '—', className: 'font-mono break-all' },
            ]}
            rows={checked.refusals}
            rowKey={(_refusal, index) => index}
          />
        </section>
      )}
    </>
  );
}
