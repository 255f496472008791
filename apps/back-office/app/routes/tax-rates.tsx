import { getFormProps, type SubmissionResult } from '@conform-to/react';
import type { AdminTaxCountry } from '@shop/contract/admin';
import { useTranslation } from 'react-i18next';
import { Form, redirect } from 'react-router';
import type { z } from 'zod';
import { taxRateForm } from '../delivery/forms';
import { staffCall } from '../lib/api.server';
import { submitStaffForm } from '../lib/form-action.server';
import { buttonClass, DoneNotice, FormAlert, TextField, useStaffForm } from '../lib/forms';
import { cents } from '../promotions/forms';
import type { Route } from './+types/tax-rates';

/**
 * The VAT rates of the countries in the home country's zone (docs/adr/0065-tax-rates-page.md): each one's standard
 * rate, and its own rate for each other tax class (empty: the standard rate). One small form per country and class,
 * posted on its own (no JavaScript needed), as the delivery page's.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const done = new URL(request.url).searchParams.get('done');
  return { rates: await staffCall(request, 'getTaxRates', {}), done: done === 'rate' };
}

/** The form a refusal or a problem belongs to, so that only that form shows it. */
type Reply = { form: string; result: SubmissionResult<string[]> };

const formIdOf = (iso: string, taxClass: string) => `tax-${iso}-${taxClass}`;

export async function action({ request }: Route.ActionArgs) {
  const formData = await request.formData();
  const form = formIdOf(String(formData.get('iso')), String(formData.get('tax_class')));
  return submitStaffForm(
    formData,
    taxRateForm,
    async ({ iso, tax_class, version, tax_rate }: z.output<typeof taxRateForm>) => {
      // A percentage as typed ('13,5') is in basis points what an amount is in cents (1350).
      await staffCall(request, 'saveTaxRate', { iso, tax_class, version, rate_bp: tax_rate === undefined ? null : cents(tax_rate) });
      return redirect(`/tax-rates?done=rate#${form}`);
    },
    { refused: (result): Reply => ({ form, result }) },
  );
}

function CountryRates({ country, actionData }: { country: AdminTaxCountry; actionData: Reply | undefined }) {
  const { t, i18n } = useTranslation();
  const percent = (basisPoints: number) => new Intl.NumberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 2 }).format(basisPoints / 10_000);
  const name = new Intl.DisplayNames([i18n.language], { type: 'region' }).of(country.iso) ?? country.iso;
  return (
    <li className="rounded border border-stone-300 bg-white p-3">
      <h2 className="font-semibold">
        {name} ({country.iso})
      </h2>
      <p className="mb-2 text-sm text-stone-700">{t('taxRates.standard', { rate: percent(country.standard_bp) })}</p>
      {country.rates.map((rate) => (
        <ClassRateForm key={rate.tax_class} country={country} taxClass={rate.tax_class} rateBp={rate.rate_bp} standard={percent(country.standard_bp)} lastResult={actionData?.form === formIdOf(country.iso, rate.tax_class) ? actionData.result : undefined} />
      ))}
    </li>
  );
}

function ClassRateForm({ country, taxClass, rateBp, standard, lastResult }: { country: AdminTaxCountry; taxClass: string; rateBp: number | null; standard: string; lastResult: Reply['result'] | undefined }) {
  const { t } = useTranslation();
  const [form, fields] = useStaffForm(taxRateForm, lastResult);
  return (
    <Form method="post" {...getFormProps(form)}>
      {/* The anchor a saved form's page comes back to. */}
      <span id={formIdOf(country.iso, taxClass)} className="block scroll-mt-4" />
      <fieldset className="grid gap-3 sm:grid-cols-[1fr_auto] sm:items-end">
        <legend className="sr-only">{t('taxRates.legend', { country: country.iso, taxClass: t(`taxRates.classes.${taxClass}`) })}</legend>
        <div className="sm:col-span-2">
          <FormAlert errors={form.errors} hasFieldErrors={Object.values(fields).some((field) => field.errors?.length)} />
        </div>
        <input type="hidden" name="iso" value={country.iso} />
        <input type="hidden" name="tax_class" value={taxClass} />
        {/* The version the form was read at, always the page's (a stale save is refused and the page reloaded). */}
        <input type="hidden" name="version" value={country.version} key={country.version} />
        <TextField field={fields.tax_rate} label={t('taxRates.rate', { taxClass: t(`taxRates.classes.${taxClass}`) })} help={t('taxRates.rateHelp', { rate: standard })} defaultValue={rateBp === null ? '' : String(rateBp / 100)} inputMode="decimal" />
        <button type="submit" className={buttonClass}>
          {t('taxRates.save', { country: country.iso })}
        </button>
      </fieldset>
    </Form>
  );
}

export default function TaxRates({ loaderData: { rates, done }, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <>
      <h1 className="mb-2 text-2xl font-semibold">{t('taxRates.title')}</h1>
      <p className="mb-4 max-w-prose text-stone-700">{t('taxRates.intro')}</p>
      {done && !actionData && <DoneNotice>{t('taxRates.done')}</DoneNotice>}
      <ul className="space-y-3">
        {rates.countries.map((country) => (
          <CountryRates key={country.iso} country={country} actionData={actionData as Reply | undefined} />
        ))}
      </ul>
    </>
  );
}
