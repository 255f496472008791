import { getFormProps, getInputProps } from '@conform-to/react';
import { CODE_KINDS, type AdminCode } from '@shop/contract/admin';
import { useTranslation } from 'react-i18next';
import { Form, redirect, useNavigation } from 'react-router';
import { staffCall } from '../lib/api.server';
import { submitStaffForm } from '../lib/form-action.server';
import { dateTime } from '../lib/format';
import { buttonClass, Choices, DoneNotice, FormAlert, inputClass, named, panelClass, SelectField, TextField, useStaffForm } from '../lib/forms';
import { cents, codeForm, isoToZoned, shopTimeZone, typed, zonedToIso } from '../promotions/forms';
import { ReductionFields } from '../promotions/ReductionFields';
import { rowIdOrNotFound } from '../lib/ids';
import { BackLink, OrderLink } from '../lib/links';
import { ListTable } from '../lib/list-table';
import type { Route } from './+types/code';

const idOf = (param: string | undefined) => {
  if (param === 'new') return null;
  return rowIdOrNotFound(param);
};

/** A code to make (`/codes/new`) or one to change, end, and see the orders of. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const id = idOf(params.id);
  const [detail, choices] = await Promise.all([id === null ? null : staffCall(request, 'getCode', { id }), staffCall(request, 'getPromotionChoices', {})]);
  const done = new URL(request.url).searchParams.get('done');
  return { detail, choices, timeZone: shopTimeZone(), done: done === 'saved' || done === 'ended' ? done : null };
}

export async function action({ request, params }: Route.ActionArgs) {
  const id = idOf(params.id);
  const formData = await request.formData();
  if (formData.get('intent') === 'end' && id !== null) {
    await staffCall(request, 'endCode', { id });
    return redirect(`/codes/${id}?done=ended`);
  }
  const zone = shopTimeZone();
  return submitStaffForm(formData, codeForm, async (value) => {
    const saved = await staffCall(request, 'saveCode', {
      ...(id === null ? {} : { id }),
      code: value.promo_code,
      kind: value.kind,
      name: value.name,
      ...(value.reduction_type === 'percent' ? { reduction_percent: Number(value.reduction_value) } : {}),
      ...(value.reduction_type === 'amount' ? { reduction_amount: cents(value.reduction_value!) } : {}),
      free_shipping: value.free_shipping === 'on',
      minimum_amount: value.minimum_amount ? cents(value.minimum_amount) : 0,
      category_ids: value.category_ids ?? [],
      brand_ids: value.brand_ids ?? [],
      ...(value.total_uses_limit ? { total_uses_limit: value.total_uses_limit } : {}),
      ...(value.uses_per_customer_limit ? { uses_per_customer_limit: value.uses_per_customer_limit } : {}),
      combinable: value.combinable === 'on',
      applies_to_discounted: value.applies_to_discounted === 'on',
      ...(value.starts_at ? { starts_at: zonedToIso(value.starts_at, zone) } : {}),
      ...(value.ends_at ? { ends_at: zonedToIso(value.ends_at, zone) } : {}),
    });
    return redirect(`/codes/${saved.id}?done=saved`);
  });
}

/** A box ticked as the code has it (or by default); once the form came back, as it was sent (unticked: absent). */
function Box({ field, label, defaultChecked, sent }: { field: any; label: string; defaultChecked: boolean; sent: boolean }) {
  const props = getInputProps(field, { type: 'checkbox' });
  return (
    <label className="flex items-center gap-2">
      <input {...props} key={field.key} defaultChecked={sent ? props.defaultChecked : defaultChecked} />
      {label}
    </label>
  );
}

function CodeForm({ code, choices, timeZone, lastResult }: { code: AdminCode | null; choices: Route.ComponentProps['loaderData']['choices']; timeZone: string; lastResult: any }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const [form, fields] = useStaffForm(codeForm, lastResult);
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'save';
  const reductionType = code?.reduction_percent ? 'percent' : code?.reduction_amount ? 'amount' : '';
  const reductionValue = code?.reduction_percent ? String(code.reduction_percent) : code?.reduction_amount ? typed(code.reduction_amount) : undefined;
  return (
    <Form method="post" {...getFormProps(form)} className={`max-w-2xl space-y-4 ${panelClass}`}>
      <FormAlert errors={form.errors} hasFieldErrors={Object.values(fields).some((field) => field.errors?.length)} />
      <input type="hidden" name="intent" value="save" />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField field={fields.promo_code} label={t('promotions.code')} help={t('promotions.codeHelp')} defaultValue={code?.code} />
        <SelectField field={fields.kind} label={t('promotions.kind')} choices={CODE_KINDS.map((kind) => ({ value: kind, label: t(`promotions.kinds.${kind}`) }))} defaultValue={code?.kind ?? 'coupon'} />
      </div>
      <TextField field={fields.name} label={t('promotions.name')} help={t('promotions.nameHelp')} defaultValue={code?.name} />
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-1 font-semibold">{t('promotions.reduction')}</legend>
        <ReductionFields typeField={fields.reduction_type} valueField={fields.reduction_value} type={reductionType} value={reductionValue} shippingOnly />
        <Box field={fields.free_shipping} label={t('promotions.freeShipping')} defaultChecked={code?.free_shipping ?? false} sent={lastResult !== undefined} />
      </fieldset>
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-1 font-semibold">{t('promotions.conditions')}</legend>
        <TextField field={fields.minimum_amount} label={t('promotions.minimum')} help={t('promotions.minimumHelp')} defaultValue={code?.minimum_amount ? typed(code.minimum_amount) : undefined} />
        <TextField field={fields.total_uses_limit} label={t('promotions.totalUses')} type="number" help={t('promotions.emptyNoLimit')} defaultValue={code?.total_uses_limit?.toString()} />
        <TextField field={fields.uses_per_customer_limit} label={t('promotions.perCustomer')} type="number" help={t('promotions.emptyNoLimit')} defaultValue={code?.uses_per_customer_limit?.toString()} />
        <div className="space-y-2 sm:col-span-2">
          <Box field={fields.combinable} label={t('promotions.combinable')} defaultChecked={code?.combinable ?? true} sent={lastResult !== undefined} />
          <Box field={fields.applies_to_discounted} label={t('promotions.appliesToDiscounted')} defaultChecked={code?.applies_to_discounted ?? true} sent={lastResult !== undefined} />
        </div>
        <div>
          <label htmlFor={fields.category_ids.id}>{t('promotions.categories')}</label>
          <select id={fields.category_ids.id} name={fields.category_ids.name} multiple size={6} defaultValue={(code?.category_ids ?? []).map(String)} className={inputClass} aria-describedby={`${fields.category_ids.id}-help`}>
            <Choices choices={named(choices.categories)} />
          </select>
          <p id={`${fields.category_ids.id}-help`} className="text-sm text-stone-700">
            {t('promotions.noneAll')}
          </p>
        </div>
        <div>
          <label htmlFor={fields.brand_ids.id}>{t('promotions.brands')}</label>
          <select id={fields.brand_ids.id} name={fields.brand_ids.name} multiple size={6} defaultValue={(code?.brand_ids ?? []).map(String)} className={inputClass} aria-describedby={`${fields.brand_ids.id}-help`}>
            <Choices choices={named(choices.brands)} />
          </select>
          <p id={`${fields.brand_ids.id}-help`} className="text-sm text-stone-700">
            {t('promotions.noneAll')}
          </p>
        </div>
      </fieldset>
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-1 font-semibold">{t('promotions.period', { zone: timeZone })}</legend>
        <TextField field={fields.starts_at} label={t('promotions.startsAt')} type="datetime-local" help={t('promotions.emptyNow')} defaultValue={code?.starts_at ? isoToZoned(code.starts_at, timeZone) : undefined} />
        <TextField field={fields.ends_at} label={t('promotions.endsAt')} type="datetime-local" help={t('promotions.emptyNever')} defaultValue={code?.ends_at ? isoToZoned(code.ends_at, timeZone) : undefined} />
      </fieldset>
      <button type="submit" disabled={busy} className={buttonClass}>
        {code ? t('promotions.saveChanges') : t('promotions.create')}
      </button>
    </Form>
  );
}

export default function Code({ loaderData: { detail, choices, timeZone, done }, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const code = detail?.code ?? null;
  return (
    <>
      <BackLink to="/codes">{t('promotions.backToCodes')}</BackLink>
      <h1 className="mb-4 text-2xl font-semibold">{code ? code.code : t('promotions.newCode')}</h1>
      {done && !actionData && (
        <DoneNotice>
          {t(`promotions.done.${done}`)}
        </DoneNotice>
      )}
      {code && (
        <p className="mb-4">
          {t(`promotions.states.${code.state}`)} · {t('promotions.usesCount', { count: code.uses })}
          {code.total_uses_limit !== null && ` / ${code.total_uses_limit}`}
        </p>
      )}
      <CodeForm code={code} choices={choices} timeZone={timeZone} lastResult={actionData?.result} />
      {code && code.state !== 'ended' && (
        <Form method="post" className="mt-4">
          <input type="hidden" name="intent" value="end" />
          <button type="submit" className="rounded bg-red-800 px-4 py-2 font-medium text-white hover:bg-red-700">
            {t('promotions.endCode')}
          </button>
        </Form>
      )}
      {detail && (
        <section aria-labelledby="uses-title" className="mt-8">
          <h2 id="uses-title" className="mb-2 text-lg font-semibold">
            {t('promotions.orders')}
          </h2>
          <ListTable
            columns={[
              { header: t('orders.reference'), cell: (order) => (order.reference ? <OrderLink reference={order.reference} /> : '—'), className: 'font-mono' },
              { header: t('orders.date'), cell: (order) => dateTime(order.used_at, i18n.language), className: 'whitespace-nowrap' },
              { header: t('orders.customer'), cell: (order) => order.email ?? '—', className: 'break-all' },
              { header: t('orders.status'), cell: (order) => (order.status ? t(`status.${order.status}`, { defaultValue: order.status }) : '—') },
              { header: t('promotions.counted'), cell: (order) => (order.counted ? t('promotions.yes') : t('promotions.no')) },
            ]}
            rows={detail.orders}
            rowKey={(order, index) => `${order.reference}-${index}`}
            empty={t('promotions.noOrders')}
          />
        </section>
      )}
    </>
  );
}
