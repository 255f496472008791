import { getFormProps, getTextareaProps } from '@conform-to/react';
import { STOREFRONT_LANGUAGES, type Lang } from '@shop/contract';
import { useTranslation } from 'react-i18next';
import { Form, Link, redirect } from 'react-router';
import { Completeness } from '../delivery/Completeness';
import { chartTextForm, pageTextForm, parseTable, typedTable } from '../delivery/forms';
import { staffCall } from '../lib/api.server';
import { submitStaffForm } from '../lib/form-action.server';
import { buttonClass, Choices, DoneNotice, FieldError, FormAlert, inputClass, named, panelClass, TextField, useStaffForm } from '../lib/forms';
import { rowIdOrNotFound } from '../lib/ids';
import { slugHint } from '../lib/slug-hint';
import { BackLink } from '../lib/links';
import type { Route } from './+types/content-page';

/** The language a URL asks for (`?lang=`), or the shop's first. */
const langOf = (url: URL): Lang => STOREFRONT_LANGUAGES.find((lang) => lang === url.searchParams.get('lang')) ?? STOREFRONT_LANGUAGES[0];

/** A page's or size chart's text in one language at a time, its completeness, and a size chart's categories. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const detail = await staffCall(request, 'getContentPage', { id: rowIdOrNotFound(params.id) });
  const done = url.searchParams.get('done');
  return { ...detail, lang: langOf(url), done: done === 'saved' || done === 'created' || done === 'categories' ? done : null };
}

export async function action({ request, params }: Route.ActionArgs) {
  const id = rowIdOrNotFound(params.id);
  const lang = langOf(new URL(request.url));
  const formData = await request.formData();
  if (formData.get('intent') === 'categories') {
    const ids = formData.getAll('category_ids').map((value) => rowIdOrNotFound(value));
    await staffCall(request, 'setSizeChartCategories', { id, category_ids: ids });
    return redirect(`/pages/${id}?lang=${lang}&done=categories`);
  }
  const isChart = formData.get('kind') === 'size-chart';
  return submitStaffForm(
    formData,
    isChart ? chartTextForm : pageTextForm,
    async (value) => {
      const body = 'table' in value ? { table: parseTable(value.table)! } : { markdown: value.markdown };
      await staffCall(request, 'saveContentTranslation', { id, lang, title: value.page_title, slug: value.page_slug, version: value.version, ...body });
      return redirect(`/pages/${id}?lang=${lang}&done=saved`);
    },
    // A slug another page has in this language: the slug's field says so; other refusals are the form's.
    { fieldOf: { catalogue_conflict: ['page_slug', 'taken'] } },
  );
}

export default function ContentPageEditor({ loaderData: { page, categories, lang, done }, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const isChart = page.kind === 'size-chart';
  const text = page.translations.find((candidate) => candidate.lang === lang);
  const [form, fields] = useStaffForm(isChart ? chartTextForm : pageTextForm, actionData?.result);
  const body = (isChart ? fields.table : fields.markdown) as typeof fields.page_title;
  const langName = t(`pages.langs.${lang}`);
  return (
    <>
      <BackLink to="/pages">{t('pages.backToPages')}</BackLink>
      <h1 className="mb-3 text-2xl font-semibold">{t('pages.edit', { title: page.title })}</h1>
      {done && !actionData && (
        <DoneNotice>
          {t(`pages.done.${done}`)}
        </DoneNotice>
      )}
      <Completeness complete={page.complete} missing={page.missing} />
      <nav aria-label={t('pages.languages')} className="my-4 flex flex-wrap gap-3">
        {STOREFRONT_LANGUAGES.map((code) => (
          <Link key={code} to={`/pages/${page.id}?lang=${code}`} aria-current={code === lang ? 'page' : undefined} className="text-blue-800 underline aria-[current=page]:font-semibold">
            {t(`pages.langs.${code}`)}
          </Link>
        ))}
      </nav>
      <section aria-labelledby="text-title" className={`mb-8 max-w-3xl ${panelClass}`}>
        <h2 id="text-title" className="mb-3 text-lg font-semibold">
          {t('pages.editing', { title: text?.title ?? page.key, lang: langName })}
        </h2>
        {text && (
          <p className="mb-3 text-sm text-stone-700">
            {t('pages.view')}: <code>{`/${lang}/${isChart ? 'size-chart/' : ''}${text.slug}`}</code>
          </p>
        )}
        {/* key: a language's form of its own, not the previous language's values. */}
        <Form method="post" {...getFormProps(form)} key={`${lang}-${text?.version ?? 0}`} className="space-y-4">
          <FormAlert errors={form.errors} hasFieldErrors={Object.values(fields).some((field) => field.errors?.length)} />
          <input type="hidden" name="kind" value={page.kind} />
          {/* The version this text was read at (0: a language it does not have yet); an older one is refused. */}
          <input type="hidden" name="version" value={text?.version ?? 0} />
          <TextField field={fields.page_title} label={t('pages.pageTitle')} defaultValue={text?.title ?? ''} />
          <TextField field={fields.page_slug} label={t('pages.slug')} help={t('pages.slugHelp', { lang, folder: isChart ? 'size-chart/' : '' })} defaultValue={text?.slug ?? ''} hint={slugHint(t, fields.page_slug.value, lang)} />
          <div>
            <label htmlFor={body.id}>{isChart ? t('pages.table') : t('pages.markdown')}</label>
            <p id={`${body.id}-help`} className="text-sm text-stone-700">
              {isChart ? t('pages.tableHelp') : t('pages.markdownHelp')}
            </p>
            <textarea
              {...getTextareaProps(body, { ariaDescribedBy: `${body.id}-help` })}
              key={body.key}
              defaultValue={body.initialValue ?? (isChart ? (text?.table ? typedTable(text.table) : '') : (text?.markdown ?? ''))}
              rows={isChart ? 10 : 16}
              className={`${inputClass} font-mono text-sm`}
            />
            <FieldError field={body} />
          </div>
          <button type="submit" className={buttonClass}>
            {t('pages.save', { lang: langName })}
          </button>
        </Form>
      </section>
      {isChart && (
        <section aria-labelledby="categories-title" className={`max-w-3xl ${panelClass}`}>
          <h2 id="categories-title" className="mb-2 text-lg font-semibold">
            {t('pages.categories')}
          </h2>
          <Form method="post" className="space-y-3">
            <input type="hidden" name="intent" value="categories" />
            <label htmlFor="category_ids" className="sr-only">
              {t('pages.categories')}
            </label>
            <p id="category_ids-help" className="text-sm text-stone-700">
              {t('pages.categoriesHelp')}
            </p>
            <select id="category_ids" name="category_ids" multiple size={8} defaultValue={page.category_ids.map(String)} aria-describedby="category_ids-help" className={inputClass}>
              <Choices choices={named(categories)} />
            </select>
            <button type="submit" className={buttonClass}>
              {t('pages.saveCategories')}
            </button>
          </Form>
        </section>
      )}
    </>
  );
}
