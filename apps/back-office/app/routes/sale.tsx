import { getFormProps } from '@conform-to/react';
import type { AdminSale } from '@shop/contract/admin';
import { useTranslation } from 'react-i18next';
import { Form, redirect, useNavigation } from 'react-router';
import { staffCall } from '../lib/api.server';
import { submitStaffForm } from '../lib/form-action.server';
import { dateTime, money } from '../lib/format';
import { buttonClass, DoneNotice, FormAlert, panelClass, TextField, useStaffForm } from '../lib/forms';
import { rowIdOrNotFound } from '../lib/ids';
import { BackLink } from '../lib/links';
import { cents, isoToZoned, saleEditForm, shopTimeZone, typed, zonedToIso } from '../promotions/forms';
import { ReductionFields } from '../promotions/ReductionFields';
import type { Route } from './+types/sale';

/** One sale: change its name, reduction and end (its start while it has not started), or end it now. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const sale = await staffCall(request, 'getSale', { id: rowIdOrNotFound(params.id) });
  const done = new URL(request.url).searchParams.get('done');
  return { sale, timeZone: shopTimeZone(), done: done === 'saleSaved' || done === 'ended' ? done : null };
}

export async function action({ request, params }: Route.ActionArgs) {
  const id = rowIdOrNotFound(params.id);
  const formData = await request.formData();
  if (formData.get('intent') === 'end') {
    await staffCall(request, 'endSale', { id });
    return redirect(`/sales/${id}?done=ended`);
  }
  const zone = shopTimeZone();
  return submitStaffForm(
    formData,
    saleEditForm,
    async (value) => {
      await staffCall(request, 'updateSale', {
        id,
        name: value.name,
        ...(value.reduction_type === 'percent' ? { reduction_percent: Number(value.reduction_value) } : { reduction_amount: cents(value.reduction_value) }),
        ...(value.starts_at ? { starts_at: zonedToIso(value.starts_at, zone) } : {}),
        ends_at: zonedToIso(value.ends_at, zone),
      });
      return redirect(`/sales/${id}?done=saleSaved`);
    },
    // An end before now is the end field's problem; a sale that started or ended meanwhile, the form's.
    { fieldOf: { bad_request: ['ends_at', 'in_the_past'] } },
  );
}

function SaleEditForm({ sale, timeZone, lastResult }: { sale: AdminSale; timeZone: string; lastResult: any }) {
  const { t, i18n } = useTranslation();
  const navigation = useNavigation();
  const [form, fields] = useStaffForm(saleEditForm, lastResult);
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'save';
  const reductionType = sale.reduction_percent ? 'percent' : 'amount';
  const reductionValue = sale.reduction_percent ? String(sale.reduction_percent) : typed(sale.reduction_amount ?? 0);
  return (
    <Form method="post" {...getFormProps(form)} className={`max-w-2xl space-y-4 ${panelClass}`}>
      <FormAlert errors={form.errors} hasFieldErrors={Object.values(fields).some((field) => field.errors?.length)} />
      <input type="hidden" name="intent" value="save" />
      <p className="text-sm text-stone-700">{t('promotions.saleEditHelp')}</p>
      <TextField field={fields.name} label={t('promotions.saleName')} defaultValue={sale.name} />
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-1 font-semibold">{t('promotions.reduction')}</legend>
        <ReductionFields typeField={fields.reduction_type} valueField={fields.reduction_value} type={reductionType} value={reductionValue} />
      </fieldset>
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-1 font-semibold">{t('promotions.period', { zone: timeZone })}</legend>
        {sale.state === 'scheduled' ? (
          <TextField field={fields.starts_at} label={t('promotions.startsAt')} type="datetime-local" defaultValue={isoToZoned(sale.starts_at, timeZone)} />
        ) : (
          <div>
            <p>{t('promotions.startsAt')}</p>
            <p className="mt-1 py-2">{dateTime(sale.starts_at, i18n.language)}</p>
          </div>
        )}
        <TextField field={fields.ends_at} label={t('promotions.endsAt')} type="datetime-local" defaultValue={isoToZoned(sale.ends_at, timeZone)} />
      </fieldset>
      <button type="submit" disabled={busy} className={buttonClass}>
        {t('promotions.saveSale')}
      </button>
    </Form>
  );
}

export default function Sale({ loaderData: { sale, timeZone, done }, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  return (
    <>
      <BackLink to="/sales">{t('promotions.backToSales')}</BackLink>
      <h1 className="mb-4 text-2xl font-semibold">{sale.name}</h1>
      {done && !actionData && (
        <DoneNotice>
          {t(`promotions.done.${done}`)}
        </DoneNotice>
      )}
      <p className="mb-4">
        {t(`promotions.states.${sale.state}`)} · {t(`promotions.scopes.${sale.scope}`)}: {sale.target_name} ({t('promotions.productCount', { count: sale.product_count })})
      </p>
      {sale.state === 'ended' ? (
        <p className="mb-4">
          {sale.reduction_percent ? `${sale.reduction_percent} %` : money(sale.reduction_amount ?? 0, 'EUR', i18n.language)} · {dateTime(sale.starts_at, i18n.language)} – {dateTime(sale.ends_at, i18n.language)}
        </p>
      ) : (
        <>
          <SaleEditForm sale={sale} timeZone={timeZone} lastResult={actionData?.result} />
          <Form method="post" className="mt-4">
            <input type="hidden" name="intent" value="end" />
            <button type="submit" className="rounded bg-red-800 px-4 py-2 font-medium text-white hover:bg-red-700">
              {t('promotions.endSale', { name: sale.name })}
            </button>
          </Form>
        </>
      )}
    </>
  );
}
