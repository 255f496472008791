import { getFormProps } from '@conform-to/react';
import { SALE_SCOPES } from '@shop/contract/admin';
import { useTranslation } from 'react-i18next';
import { Form, Link, redirect, useNavigation } from 'react-router';
import { staffCall } from '../lib/api.server';
import { submitStaffForm } from '../lib/form-action.server';
import { dateTime, money } from '../lib/format';
import { buttonClass, DoneNotice, FormAlert, named, panelClass, SelectField, TextField, useStaffForm } from '../lib/forms';
import { pageParam, Pages } from '../lib/pages';
import { cents, saleForm, shopTimeZone, stateParam, zonedToIso } from '../promotions/forms';
import { ReductionFields } from '../promotions/ReductionFields';
import { StateFilter } from '../promotions/StateFilter';
import { rowIdOrNotFound } from '../lib/ids';
import type { Route } from './+types/sales';

/** Sales periods: those to come and running first, a form to set one, and ending one; each links to its page to change it. */
export async function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const state = stateParam(params);
  const done = params.get('done');
  const [list, choices] = await Promise.all([staffCall(request, 'listSales', { state, page: pageParam(params) }), staffCall(request, 'getPromotionChoices', {})]);
  return { list, choices, state: state ?? '', timeZone: shopTimeZone(), done: done === 'created' || done === 'ended' ? done : null };
}

export async function action({ request }: Route.ActionArgs) {
  const formData = await request.formData();
  if (formData.get('intent') === 'end') {
    const id = rowIdOrNotFound(formData.get('id'));
    await staffCall(request, 'endSale', { id });
    return redirect('/sales?done=ended');
  }
  const zone = shopTimeZone();
  return submitStaffForm(formData, saleForm, async (value) => {
    await staffCall(request, 'createSale', {
      name: value.name,
      scope: value.scope,
      target_id: ({ product: value.product_id, category: value.category_id, brand: value.brand_id })[value.scope]!,
      ...(value.reduction_type === 'percent' ? { reduction_percent: Number(value.reduction_value) } : { reduction_amount: cents(value.reduction_value) }),
      starts_at: zonedToIso(value.starts_at, zone),
      ends_at: zonedToIso(value.ends_at, zone),
    });
    return redirect('/sales?done=created');
  });
}

function SaleForm({ choices, timeZone, lastResult }: { choices: Route.ComponentProps['loaderData']['choices']; timeZone: string; lastResult: any }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'create';
  const [form, fields] = useStaffForm(saleForm, lastResult);
  return (
    <section aria-labelledby="new-sale" className={`mb-8 max-w-2xl ${panelClass}`}>
      <h2 id="new-sale" className="mb-2 text-lg font-semibold">
        {t('promotions.newSale')}
      </h2>
      <p className="mb-3 text-sm text-stone-700">{t('promotions.saleHelp')}</p>
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <FormAlert errors={form.errors} hasFieldErrors={Object.values(fields).some((field) => field.errors?.length)} />
        <input type="hidden" name="intent" value="create" />
        <TextField field={fields.name} label={t('promotions.saleName')} />
        <fieldset className="grid gap-4 sm:grid-cols-2">
          <legend className="mb-1 font-semibold">{t('promotions.onSale')}</legend>
          <SelectField field={fields.scope} label={t('promotions.scope')} choices={SALE_SCOPES.map((scope) => ({ value: scope, label: t(`promotions.scopes.${scope}`) }))} defaultValue="product" />
          <TextField field={fields.product_id} label={t('promotions.productId')} type="number" help={t('promotions.productIdHelp')} />
          <SelectField field={fields.category_id} label={t('promotions.category')} choices={named(choices.categories)} empty="—" />
          <SelectField field={fields.brand_id} label={t('promotions.brand')} choices={named(choices.brands)} empty="—" />
        </fieldset>
        <fieldset className="grid gap-4 sm:grid-cols-2">
          <legend className="mb-1 font-semibold">{t('promotions.reduction')}</legend>
          <ReductionFields typeField={fields.reduction_type} valueField={fields.reduction_value} type="percent" />
        </fieldset>
        <fieldset className="grid gap-4 sm:grid-cols-2">
          <legend className="mb-1 font-semibold">{t('promotions.period', { zone: timeZone })}</legend>
          <TextField field={fields.starts_at} label={t('promotions.startsAt')} type="datetime-local" />
          <TextField field={fields.ends_at} label={t('promotions.endsAt')} type="datetime-local" />
        </fieldset>
        <button type="submit" disabled={busy} className={buttonClass}>
          {t('promotions.createSale')}
        </button>
      </Form>
    </section>
  );
}

export default function Sales({ loaderData: { list, choices, state, timeZone, done }, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  return (
    <>
      <h1 className="mb-4 text-2xl font-semibold">{t('promotions.salesTitle')}</h1>
      {done && !actionData && (
        <DoneNotice>
          {t(`promotions.done.${done}`)}
        </DoneNotice>
      )}
      <SaleForm choices={choices} timeZone={timeZone} lastResult={actionData?.result} />
      <Form method="get" className="mb-4 flex flex-wrap items-end gap-3">
        <StateFilter state={state} />
        <button type="submit" className={buttonClass}>
          {t('orders.filter')}
        </button>
      </Form>
      <p className="mb-2">{t('promotions.salesCount', { count: list.total })}</p>
      {list.sales.length === 0 ? (
        <p>{t('promotions.noSales')}</p>
      ) : (
        <ul className="space-y-3">
          {list.sales.map((sale) => (
            <li key={sale.id} className={panelClass}>
              <h2 className="font-semibold">
                <Link to={`/sales/${sale.id}`} className="text-blue-800 underline">
                  {sale.name}
                </Link>
              </h2>
              <dl className="my-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
                <dt className="text-stone-700">{t('promotions.onSale')}</dt>
                <dd>
                  {t(`promotions.scopes.${sale.scope}`)}: {sale.target_name} ({t('promotions.productCount', { count: sale.product_count })})
                </dd>
                <dt className="text-stone-700">{t('promotions.reduction')}</dt>
                <dd>{sale.reduction_percent ? `${sale.reduction_percent} %` : money(sale.reduction_amount ?? 0, 'EUR', i18n.language)}</dd>
                <dt className="text-stone-700">{t('promotions.startsAt')}</dt>
                <dd>{dateTime(sale.starts_at, i18n.language)}</dd>
                <dt className="text-stone-700">{t('promotions.endsAt')}</dt>
                <dd>{dateTime(sale.ends_at, i18n.language)}</dd>
                <dt className="text-stone-700">{t('orders.status')}</dt>
                <dd>{t(`promotions.states.${sale.state}`)}</dd>
              </dl>
              {sale.state !== 'ended' && (
                <Form method="post">
                  <input type="hidden" name="intent" value="end" />
                  <input type="hidden" name="id" value={sale.id} />
                  <button type="submit" className="rounded bg-red-800 px-4 py-2 font-medium text-white hover:bg-red-700">
                    {t('promotions.endSale', { name: sale.name })}
                  </button>
                </Form>
              )}
            </li>
          ))}
        </ul>
      )}
      <Pages page={list.page} pages={list.pages} params={{ state }} />
    </>
  );
}
