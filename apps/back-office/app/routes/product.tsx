import { GARMENTS, STOREFRONT_LANGUAGES, type Lang } from '@shop/contract';
import {
  adminChangeStockInput,
  adminSaveProductInput,
  adminSaveVariantInput,
  adminVariantGridInput,
  PRODUCT_GENDERS,
  seoComplete,
  TAX_CLASSES,
  textComplete,
  type AdminVariant,
} from '@shop/contract/admin';
import { useTranslation } from 'react-i18next';
import { Form, Link, redirect, useNavigation } from 'react-router';
import type { z } from 'zod';
import { AdminApiError, staffCall } from '../lib/api.server';
import { slugHint } from '../lib/slug-hint';
import { money } from '../lib/format';
import { buttonClass, Choices, DoneNotice, inputClass, named, panelClass, Select } from '../lib/forms';
import { rowIdOrNotFound } from '../lib/ids';
import { BackLink } from '../lib/links';
import type { Route } from './+types/product';

type Problems = Record<string, string>;
type Answer = { intent: string; done?: string; count?: number; code?: string; details?: Record<string, unknown>; problems?: Problems; values?: Record<string, string> };

/** `89,95`, `89.95` or `89` as cents; anything else is not a price. */
export function priceCents(typed: string): number | null {
  const match = /^\s*(\d{1,7})(?:[.,](\d{1,2}))?\s*$/.exec(typed);
  return match ? Number(match[1]) * 100 + Number((match[2] ?? '0').padEnd(2, '0')) : null;
}

/**
 * A zod failure's problems keyed by field: the last part of each path (texts.en.slug → en.slug); the related
 * products' list is one field (related.3 → related).
 */
function problemsOf(error: z.ZodError): Problems {
  return Object.fromEntries(
    error.issues.map((issue) => (issue.path[0] === 'related' ? ['related', 'related'] : [issue.path.filter((part) => part !== 'texts').join('.'), String(issue.path.at(-1) ?? 'default')])),
  );
}

/** The related products' field: references one per line (commas and spaces separate them too). */
export const relatedReferences = (typed: string): string[] => typed.split(/[\s,;]+/).filter(Boolean);

export async function loader({ request, params }: Route.LoaderArgs) {
  const id = params.id === undefined ? undefined : rowIdOrNotFound(params.id);
  const editor = await staffCall(request, 'getProductEditor', id === undefined ? {} : { id });
  const done = new URL(request.url).searchParams.get('done');
  return { editor, done: done === 'created' ? done : null };
}

export async function action({ request, params }: Route.ActionArgs) {
  const form = await request.formData();
  const intent = String(form.get('intent') ?? '');
  const text = (name: string) => String(form.get(name) ?? '').trim();
  const id = params.id === undefined ? undefined : Number(params.id);
  const call = async (work: () => Promise<Answer>, values?: Record<string, string>): Promise<Answer> => {
    try {
      return await work();
    } catch (error) {
      if (error instanceof AdminApiError && error.status < 500) return { intent, code: error.code, details: error.details ?? {}, values };
      throw error;
    }
  };
  if (intent === 'save') {
    const values = Object.fromEntries([...form.entries()].map(([key, value]) => [key, String(value)]));
    const price = priceCents(text('price'));
    const texts = Object.fromEntries(
      STOREFRONT_LANGUAGES.map((lang) => [
        lang,
        {
          name: text(`${lang}.name`),
          slug: text(`${lang}.slug`),
          description: text(`${lang}.description`),
          additional_info: text(`${lang}.additional_info`),
          meta_title: text(`${lang}.meta_title`),
          meta_description: text(`${lang}.meta_description`),
        },
      ]),
    );
    const parsed = adminSaveProductInput.safeParse({
      id,
      reference: text('reference'),
      brand_id: text('brand_id') ? Number(text('brand_id')) : null,
      category_id: text('category_id') ? Number(text('category_id')) : undefined,
      gender: text('gender'),
      garment: text('garment'),
      tax_class: text('tax_class') || undefined,
      price: price ?? -1,
      state: text('state') === 'active' ? 'active' : 'draft',
      texts,
      related: relatedReferences(text('related')),
    });
    if (!parsed.success) return { intent, problems: problemsOf(parsed.error), values } satisfies Answer;
    return call(async () => {
      const saved = await staffCall(request, 'saveProduct', parsed.data);
      if (id === undefined) throw redirect(`/products/${saved.id}?done=created`);
      return { intent, done: 'saved' };
    }, values);
  }
  if (id === undefined) throw new Response('not_found', { status: 404 });
  if (intent === 'publish' || intent === 'unpublish') {
    return call(async () => {
      await staffCall(request, 'publishProduct', { id, state: intent === 'publish' ? 'active' : 'draft' });
      return { intent, done: intent === 'publish' ? 'published' : 'unpublished' };
    });
  }
  if (intent === 'grid') {
    const parsed = adminVariantGridInput.safeParse({ product_id: id, sizes: form.getAll('sizes').map(Number), colours: form.getAll('colours').map(Number), stock: text('stock') || 0 });
    if (!parsed.success) return { intent, problems: problemsOf(parsed.error) } satisfies Answer;
    return call(async () => ({ intent, done: 'grid', count: (await staffCall(request, 'createVariantGrid', parsed.data)).created }));
  }
  if (intent === 'variant') {
    const variant = text('variant');
    const parsed = adminSaveVariantInput.safeParse({ id: Number(variant), sku: text('sku'), gtin: text('gtin'), stock: text('stock'), available_date: text('available_date') });
    const values = { variant, sku: text('sku'), gtin: text('gtin'), stock: text('stock'), available_date: text('available_date') };
    if (!parsed.success) return { intent: `variant-${variant}`, problems: problemsOf(parsed.error), values } satisfies Answer;
    return call(async () => {
      await staffCall(request, 'saveVariant', parsed.data);
      return { intent: `variant-${variant}`, done: 'variant' };
    }, values).then((answer) => ({ ...answer, intent: `variant-${variant}` }));
  }
  if (intent === 'stock') {
    const changes = [...form.entries()]
      .filter(([key, value]) => key.startsWith('units-') && String(value).trim() !== '')
      .map(([key, value]) => ({ id: Number(key.slice('units-'.length)), quantity: String(value).trim() }));
    const parsed = adminChangeStockInput.safeParse({ mode: text('mode'), changes });
    if (!parsed.success) return { intent, problems: { units: 'quantity' } } satisfies Answer;
    return call(async () => {
      await staffCall(request, 'changeStock', parsed.data);
      return { intent, done: 'stock' };
    });
  }
  throw new Response('bad_request', { status: 400 });
}

/** A field's problem; `hint` (a slug's ASCII spelling) follows it. */
function Problem({ id, problem, hint }: { id: string; problem: string | undefined; hint?: string | undefined }) {
  const { t } = useTranslation();
  if (!problem) return null;
  return (
    <p id={id} className="mt-1 text-sm text-red-800">
      {t(`catalogue.fieldErrors.${problem}`, { defaultValue: t('catalogue.fieldErrors.default') })}
      {hint && ` ${hint}`}
    </p>
  );
}

/** What an action did, or the refusal it met, said where the form is. */
function Outcome({ answer, intent }: { answer: Answer | undefined; intent: string }) {
  const { t, i18n } = useTranslation();
  if (!answer || answer.intent !== intent) return null;
  if (answer.done) {
    return (
      <DoneNotice>
        {t(`catalogue.done.${answer.done}`, { count: answer.count ?? 0 })}
      </DoneNotice>
    );
  }
  const details = answer.details ?? {};
  const nearest = typeof details.nearest === 'number' ? money(details.nearest, 'EUR', i18n.language) : '';
  return (
    <p role="alert" className="mb-3 rounded border border-red-300 bg-red-50 p-3 text-red-900">
      {answer.code ? t(`refusals.${answer.code}`, { defaultValue: t('refusals.default'), field: String(details.field ?? ''), nearest, references: String(details.references ?? '') }) : t('formIncomplete')}
    </p>
  );
}

function Field({ id, name, label, value, problem, help, hint, ...input }: { id?: string; name: string; label: string; value: string; problem?: string | undefined; help?: string; hint?: string | undefined } & React.InputHTMLAttributes<HTMLInputElement>) {
  const inputId = id ?? name;
  const described = [problem ? `${inputId}-error` : '', help ? `${inputId}-help` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div>
      <label htmlFor={inputId}>{label}</label>
      <input id={inputId} name={name} defaultValue={value} aria-invalid={problem ? true : undefined} aria-describedby={described} className={inputClass} {...input} />
      {help && (
        <p id={`${inputId}-help`} className="mt-1 text-sm text-stone-700">
          {help}
        </p>
      )}
      <Problem id={`${inputId}-error`} problem={problem} hint={hint} />
    </div>
  );
}

function VariantRow({ variant, answer }: { variant: AdminVariant; answer: Answer | undefined }) {
  const { t } = useTranslation();
  const mine = answer?.intent === `variant-${variant.id}` ? answer : undefined;
  const value = (name: keyof AdminVariant & string, fallback: string) => mine?.values?.[name] ?? fallback;
  const label = [variant.colour, variant.size].filter(Boolean).join(' / ') || variant.sku;
  const key = `v${variant.id}`;
  return (
    <li className="rounded border border-stone-300 bg-white p-3">
      <Form method="post" className="grid gap-3 sm:grid-cols-5 sm:items-end" aria-label={label}>
        <input type="hidden" name="intent" value="variant" />
        <input type="hidden" name="variant" value={variant.id} />
        <p className="font-medium sm:col-span-5">{label}</p>
        <div className="sm:col-span-5">
          <Outcome answer={mine} intent={`variant-${variant.id}`} />
        </div>
        <Field id={`${key}-sku`} name="sku" label={t('catalogue.sku')} value={value('sku', variant.sku)} problem={mine?.problems?.sku} />
        <Field id={`${key}-gtin`} name="gtin" label={t('catalogue.gtin')} value={value('gtin', variant.gtin ?? '')} problem={mine?.problems?.gtin} inputMode="numeric" />
        <Field id={`${key}-stock`} name="stock" label={t('catalogue.stock')} value={value('stock', String(variant.stock))} problem={mine?.problems?.stock} type="number" min={0} />
        <Field id={`${key}-available_date`} name="available_date" label={t('catalogue.availableDate')} value={value('available_date', variant.available_date ?? '')} problem={mine?.problems?.available_date} type="date" />
        <button type="submit" className={buttonClass}>
          {t('catalogue.saveVariant')}
        </button>
      </Form>
    </li>
  );
}

export default function ProductEditor({ loaderData: { editor, done }, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const answer = actionData as Answer | undefined;
  const product = editor.product;
  const saved = answer?.intent === 'save' ? answer : undefined;
  const value = (name: string, fallback: string) => saved?.values?.[name] ?? fallback;
  const problems = saved?.problems ?? {};
  const title = product ? t('catalogue.editTitle', { name: product.texts.en?.name || product.texts[STOREFRONT_LANGUAGES.find((lang) => product.texts[lang]?.name) ?? 'en']?.name || product.reference }) : t('catalogue.newTitle');
  const busy = navigation.state === 'submitting';
  return (
    <>
      <BackLink to="/products">{t('catalogue.back')}</BackLink>
      <h1 className="mb-2 text-2xl font-semibold">{title}</h1>
      {product && (
        <p className="mb-3">
          <Link to={`/products/${product.id}/photos`} className="text-blue-800 underline">
            {t('catalogue.photosLink')}
          </Link>
        </p>
      )}
      {done && (
        <DoneNotice>
          {t(`catalogue.done.${done}`)}
        </DoneNotice>
      )}
      {product && (
        <section aria-labelledby="state-title" className="mb-6 flex flex-wrap items-center gap-3">
          <h2 id="state-title" className="font-medium">
            {t('catalogue.stateNow', { state: t(`catalogue.states.${product.state}`) })}
          </h2>
          <Form method="post">
            <input type="hidden" name="intent" value={product.state === 'active' ? 'unpublish' : 'publish'} />
            <button type="submit" className={buttonClass} disabled={busy}>
              {product.state === 'active' ? t('catalogue.unpublish') : t('catalogue.publish')}
            </button>
          </Form>
          <div className="w-full">
            <Outcome answer={answer} intent="publish" />
            <Outcome answer={answer} intent="unpublish" />
          </div>
        </section>
      )}

      <Form method="post" className="mb-8 space-y-6" aria-labelledby="details-title">
        <input type="hidden" name="intent" value="save" />
        <input type="hidden" name="state" value={product?.state ?? 'draft'} />
        <Outcome answer={answer} intent="save" />
        <section className={panelClass}>
          <h2 id="details-title" className="mb-3 text-lg font-semibold">
            {t('catalogue.details')}
          </h2>
          <div className="grid gap-3 sm:grid-cols-2">
            <Field name="reference" label={t('catalogue.reference')} value={value('reference', product?.reference ?? '')} problem={problems.reference} required autoComplete="off" />
            <Field name="price" label={t('catalogue.price')} value={value('price', product ? (product.price / 100).toFixed(2).replace('.', ',') : '')} problem={problems.price} help={t('catalogue.priceHelp')} inputMode="decimal" required />
            <div>
              <label htmlFor="category_id">{t('catalogue.category')}</label>
              <select id="category_id" name="category_id" defaultValue={value('category_id', String(product?.category_id ?? ''))} className={inputClass} required aria-describedby={problems.category_id ? 'category_id-error' : undefined}>
                <option value="">{t('catalogue.anyCategory')}</option>
                <Choices choices={named(editor.categories)} />
              </select>
              <Problem id="category_id-error" problem={problems.category_id} />
            </div>
            <Select name="brand_id" label={t('catalogue.brand')} empty={t('catalogue.noBrand')} choices={named(editor.brands)} defaultValue={value('brand_id', String(product?.brand_id ?? ''))} />
            <Select name="gender" label={t('catalogue.gender')} choices={PRODUCT_GENDERS.map((gender) => ({ value: gender, label: t(`catalogue.genders.${gender}`) }))} defaultValue={value('gender', product?.gender ?? 'women')} />
            <Select name="garment" label={t('catalogue.garment')} choices={GARMENTS.map((garment) => ({ value: garment, label: t(`catalogue.garments.${garment}`) }))} defaultValue={value('garment', product?.garment ?? 'dress')} />
            <Select name="tax_class" label={t('catalogue.taxClass')} choices={TAX_CLASSES.map((taxClass) => ({ value: taxClass, label: t(`catalogue.taxClasses.${taxClass}`) }))} defaultValue={value('tax_class', product?.tax_class ?? 'standard')} />
          </div>
        </section>
        <section className={panelClass} aria-labelledby="texts-title">
          <h2 id="texts-title" className="text-lg font-semibold">
            {t('catalogue.texts')}
          </h2>
          <p className="mb-3 text-sm text-stone-700">{t('catalogue.textsHelp')}</p>
          <div className="space-y-4">
            {editor.langs.map((lang: Lang) => {
              const stored = product?.texts[lang];
              const complete = textComplete({ name: value(`${lang}.name`, stored?.name ?? ''), slug: value(`${lang}.slug`, stored?.slug ?? '') || value(`${lang}.name`, stored?.name ?? ''), description: value(`${lang}.description`, stored?.description ?? '') });
              const seo = seoComplete({ meta_title: value(`${lang}.meta_title`, stored?.meta_title ?? ''), meta_description: value(`${lang}.meta_description`, stored?.meta_description ?? '') });
              return (
                <fieldset key={lang} className="rounded border border-stone-200 p-3">
                  <legend className="px-1 font-medium">
                    {t(`catalogue.langNames.${lang}`)}{' '}
                    <span className={complete ? 'text-green-800' : 'text-amber-800'}>({complete ? `✓ ${t('catalogue.complete')}` : t('catalogue.incomplete')})</span>{' '}
                    <span className={seo ? 'text-green-800' : 'text-stone-700'}>({seo ? `✓ ${t('catalogue.seoSet')}` : t('catalogue.seoMissing')})</span>
                  </legend>
                  <div className="grid gap-3 sm:grid-cols-2">
                    <Field name={`${lang}.name`} label={`${t('catalogue.name')} (${lang.toUpperCase()})`} value={value(`${lang}.name`, stored?.name ?? '')} problem={problems[`${lang}.name`]} lang={lang} />
                    <Field
                      name={`${lang}.slug`}
                      label={`${t('catalogue.slug')} (${lang.toUpperCase()})`}
                      value={value(`${lang}.slug`, stored?.slug ?? '')}
                      problem={problems[`${lang}.slug`]}
                      hint={slugHint(t, value(`${lang}.slug`, ''), lang)}
                      autoComplete="off"
                    />
                  </div>
                  <label htmlFor={`${lang}.description`} className="mt-3 block">{`${t('catalogue.description')} (${lang.toUpperCase()})`}</label>
                  <textarea id={`${lang}.description`} name={`${lang}.description`} lang={lang} rows={3} defaultValue={value(`${lang}.description`, stored?.description ?? '')} className={inputClass} />
                  <label htmlFor={`${lang}.additional_info`} className="mt-3 block">{`${t('catalogue.additionalInfo')} (${lang.toUpperCase()})`}</label>
                  <textarea id={`${lang}.additional_info`} name={`${lang}.additional_info`} lang={lang} rows={2} defaultValue={value(`${lang}.additional_info`, stored?.additional_info ?? '')} className={inputClass} />
                  <div className="mt-3 grid gap-3 sm:grid-cols-2">
                    <Field
                      name={`${lang}.meta_title`}
                      label={`${t('catalogue.metaTitle')} (${lang.toUpperCase()})`}
                      value={value(`${lang}.meta_title`, stored?.meta_title ?? '')}
                      problem={problems[`${lang}.meta_title`]}
                      help={t('catalogue.metaTitleHelp')}
                      lang={lang}
                    />
                    <Field
                      name={`${lang}.meta_description`}
                      label={`${t('catalogue.metaDescription')} (${lang.toUpperCase()})`}
                      value={value(`${lang}.meta_description`, stored?.meta_description ?? '')}
                      problem={problems[`${lang}.meta_description`]}
                      help={t('catalogue.metaDescriptionHelp')}
                      lang={lang}
                    />
                  </div>
                </fieldset>
              );
            })}
          </div>
        </section>
        <section className={panelClass} aria-labelledby="related-title">
          <h2 id="related-title" className="text-lg font-semibold">
            {t('catalogue.related')}
          </h2>
          <p id="related-help" className="mb-3 text-sm text-stone-700">
            {t('catalogue.relatedHelp')}
          </p>
          {product && (
            <p className="mb-3">
              {product.related.length === 0 ? t('catalogue.relatedNone') : product.related.map((related) => `${related.name} (${related.reference})`).join(' · ')}
            </p>
          )}
          <label htmlFor="related">{t('catalogue.relatedField')}</label>
          <textarea
            id="related"
            name="related"
            rows={4}
            defaultValue={value('related', product?.related.map((related) => related.reference).join('\n') ?? '')}
            aria-invalid={problems.related ? true : undefined}
            aria-describedby={problems.related ? 'related-help related-error' : 'related-help'}
            className={inputClass}
            autoComplete="off"
          />
          <Problem id="related-error" problem={problems.related} />
        </section>
        <button type="submit" className={buttonClass} disabled={busy}>
          {product ? t('catalogue.save') : t('catalogue.create')}
        </button>
      </Form>

      {product && (
        <>
          <section aria-labelledby="grid-title" className={`mb-8 ${panelClass}`}>
            <h2 id="grid-title" className="text-lg font-semibold">
              {t('catalogue.grid')}
            </h2>
            <p className="mb-3 text-sm text-stone-700">{t('catalogue.gridHelp')}</p>
            <Outcome answer={answer} intent="grid" />
            <Form method="post" className="space-y-3">
              <input type="hidden" name="intent" value="grid" />
              {(['colours', 'sizes'] as const).map((kind) => (
                <fieldset key={kind} aria-describedby={answer?.intent === 'grid' && answer.problems?.[kind] ? `${kind}-error` : undefined}>
                  <legend className="font-medium">{t(`catalogue.${kind}`)}</legend>
                  <div className="flex flex-wrap gap-x-4 gap-y-2">
                    {editor[kind].map((option) => (
                      <label key={option.id} className="inline-flex items-center gap-2">
                        <input type="checkbox" name={kind} value={option.id} className="h-5 w-5" />
                        {option.name}
                      </label>
                    ))}
                  </div>
                  <Problem id={`${kind}-error`} problem={answer?.intent === 'grid' ? answer.problems?.[kind] : undefined} />
                </fieldset>
              ))}
              <div className="max-w-48">
                <Field name="stock" label={t('catalogue.startStock')} value="0" type="number" min={0} />
              </div>
              <button type="submit" className={buttonClass} disabled={busy}>
                {t('catalogue.grid')}
              </button>
            </Form>
          </section>

          <section aria-labelledby="variants-title" className="mb-8">
            <h2 id="variants-title" className="mb-3 text-lg font-semibold">
              {t('catalogue.variants')} ({product.variants.length})
            </h2>
            {product.variants.length === 0 ? (
              <p>{t('catalogue.noVariants')}</p>
            ) : (
              <ul className="space-y-3">
                {product.variants.map((variant) => (
                  <VariantRow key={variant.id} variant={variant} answer={answer} />
                ))}
              </ul>
            )}
          </section>

          {product.variants.length > 0 && (
            <section aria-labelledby="stock-title" className={`mb-8 ${panelClass}`}>
              <h2 id="stock-title" className="text-lg font-semibold">
                {t('catalogue.bulkStock')}
              </h2>
              <p className="mb-3 text-sm text-stone-700">{t('catalogue.bulkHelp')}</p>
              <Outcome answer={answer} intent="stock" />
              <Form method="post" className="space-y-3">
                <input type="hidden" name="intent" value="stock" />
                <fieldset>
                  <legend className="font-medium">{t('catalogue.mode')}</legend>
                  {(['add', 'set'] as const).map((mode) => (
                    <label key={mode} className="mr-4 inline-flex items-center gap-2">
                      <input type="radio" name="mode" value={mode} defaultChecked={mode === 'add'} className="h-5 w-5" />
                      {t(`catalogue.modes.${mode}`)}
                    </label>
                  ))}
                </fieldset>
                <div className="grid gap-3 sm:grid-cols-4">
                  {product.variants.map((variant) => {
                    const name = [variant.colour, variant.size].filter(Boolean).join(' / ') || variant.sku;
                    return (
                      <div key={variant.id}>
                        <label htmlFor={`units-${variant.id}`}>{t('catalogue.units', { variant: `${name} (${variant.stock})` })}</label>
                        <input id={`units-${variant.id}`} name={`units-${variant.id}`} type="number" className={inputClass} />
                      </div>
                    );
                  })}
                </div>
                <Problem id="units-error" problem={answer?.intent === 'stock' ? answer.problems?.units : undefined} />
                <button type="submit" className={buttonClass} disabled={busy}>
                  {t('catalogue.applyStock')}
                </button>
              </Form>
            </section>
          )}
        </>
      )}
    </>
  );
}
