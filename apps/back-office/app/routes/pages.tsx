import { getFormProps } from '@conform-to/react';
import { CONTENT_PAGE_KINDS } from '@shop/contract/admin';
import { useTranslation } from 'react-i18next';
import { Form, Link, redirect } from 'react-router';
import { Completeness } from '../delivery/Completeness';
import { newPageForm } from '../delivery/forms';
import { staffCall } from '../lib/api.server';
import { submitStaffForm } from '../lib/form-action.server';
import { buttonClass, FormAlert, panelClass, SelectField, TextField, useStaffForm } from '../lib/forms';
import type { Route } from './+types/pages';

/** The shop's content pages and size charts, each with the languages it is complete in, and a form to add one. */
export async function loader({ request }: Route.LoaderArgs) {
  return staffCall(request, 'listContentPages', {});
}

export async function action({ request }: Route.ActionArgs) {
  return submitStaffForm(
    await request.formData(),
    newPageForm,
    async (value) => {
      const page = await staffCall(request, 'createContentPage', { kind: value.kind, key: value.page_key });
      return redirect(`/pages/${page.id}?done=created`);
    },
    // A key another page has: the key's field says so.
    { fieldOf: { catalogue_conflict: ['page_key', 'taken'] } },
  );
}

export default function Pages({ loaderData: { pages }, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const [form, fields] = useStaffForm(newPageForm, actionData?.result);
  return (
    <>
      <h1 className="mb-2 text-2xl font-semibold">{t('pages.title')}</h1>
      <p className="mb-4 text-stone-700">{t('pages.intro')}</p>
      {CONTENT_PAGE_KINDS.map((kind) => (
        <section key={kind} aria-labelledby={`kind-${kind}`} className="mb-8">
          <h2 id={`kind-${kind}`} className="mb-3 text-xl font-semibold">
            {t(`pages.kinds.${kind}`)}
          </h2>
          <ul className="space-y-3">
            {pages
              .filter((page) => page.kind === kind)
              .map((page) => (
                <li key={page.id} className={panelClass}>
                  <h3 className="mb-2 font-semibold">
                    <Link to={`/pages/${page.id}`} className="text-blue-800 underline">
                      {t('pages.edit', { title: page.title })}
                    </Link>
                  </h3>
                  <Completeness complete={page.complete} missing={page.missing} />
                </li>
              ))}
          </ul>
        </section>
      ))}
      <section aria-labelledby="new-page" className={`max-w-2xl ${panelClass}`}>
        <h2 id="new-page" className="mb-3 text-lg font-semibold">
          {t('pages.newPage')}
        </h2>
        <Form method="post" {...getFormProps(form)} className="space-y-4">
          <FormAlert errors={form.errors} hasFieldErrors={Object.values(fields).some((field) => field.errors?.length)} />
          <SelectField field={fields.kind} label={t('pages.kind')} choices={CONTENT_PAGE_KINDS.map((kind) => ({ value: kind, label: t(`pages.kindNames.${kind}`) }))} defaultValue="page" />
          <TextField field={fields.page_key} label={t('pages.key')} help={t('pages.keyHelp')} />
          <button type="submit" className={buttonClass}>
            {t('pages.create')}
          </button>
        </Form>
      </section>
    </>
  );
}
