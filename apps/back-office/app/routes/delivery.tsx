import { getFormProps, type FieldMetadata, type FormMetadata, type SubmissionResult } from '@conform-to/react';
import { STOREFRONT_LANGUAGES } from '@shop/contract';
import type { AdminCarrier, AdminDeliverySettings, AdminShippingCountry, AdminZone } from '@shop/contract/admin';
import { useTranslation } from 'react-i18next';
import { Form, redirect } from 'react-router';
import type { ReactNode } from 'react';
import type { z } from 'zod';
import { brandForm, carrierForm, countryForm, namesOf, newCarrierForm, newCountryForm, newZoneForm, rateForm, zoneForm } from '../delivery/forms';
import { staffCall } from '../lib/api.server';
import { unservedReason } from '../lib/delivery';
import { submitStaffForm } from '../lib/form-action.server';
import { money } from '../lib/format';
import { buttonClass, DoneNotice, FormAlert, named, panelClass, SelectField, TextField, useStaffForm } from '../lib/forms';
import { cents, typed } from '../promotions/forms';
import type { Route } from './+types/delivery';

/**
 * Carriers and their rates per zone, the countries sold to with their free-shipping thresholds, and SPEC §9's
 * one-brand thresholds. One small form per rate, carrier and country, each posted on its own (no JavaScript needed).
 */
const DONE = ['zone', 'zoneCreated', 'rate', 'carrier', 'carrierCreated', 'country', 'countryCreated', 'brand', 'brandRemoved'] as const;

export async function loader({ request }: Route.LoaderArgs) {
  const done = new URL(request.url).searchParams.get('done');
  return { settings: await staffCall(request, 'getDeliverySettings', {}), done: DONE.find((value) => value === done) ?? null };
}

/** The form a refusal or a problem belongs to, so that only that form shows it. */
type Reply = { form: string; result: SubmissionResult<string[]> };

/** One of the page's forms: sent, then back to where it is on the page with what was done said. */
function submitTo<Schema extends Parameters<typeof submitStaffForm>[1]>(formData: FormData, form: string, schema: Schema, send: (value: z.output<Schema>) => Promise<unknown>, done: string, anchor: string) {
  return submitStaffForm(
    formData,
    schema,
    async (value) => {
      await send(value);
      return redirect(`/delivery?done=${done}#${anchor}`);
    },
    { refused: (result): Reply => ({ form, result }) },
  );
}

export async function action({ request }: Route.ActionArgs) {
  const formData = await request.formData();
  const intent = String(formData.get('intent'));
  if (intent === 'rate') {
    const form = `rate-${formData.get('carrier_id')}-${formData.get('zone')}`;
    const save = ({ carrier_id, zone, version, rate_price, min_days, max_days }: z.output<typeof rateForm>) =>
      staffCall(request, 'saveCarrierRate', { carrier_id, zone, version, price: cents(rate_price), min_days, max_days });
    return submitTo(formData, form, rateForm, save, 'rate', form);
  }
  if (intent === 'carrier') {
    const form = `carrier-${formData.get('carrier_id')}`;
    const save = ({ carrier_id, offered, free_applies }: z.output<typeof carrierForm>) =>
      staffCall(request, 'saveCarrier', { id: carrier_id, is_active: offered === 'on', free_shipping_applies: free_applies === 'on' });
    return submitTo(formData, form, carrierForm, save, 'carrier', form);
  }
  if (intent === 'zone') {
    const form = `zone-${formData.get('zone')}`;
    const save = (value: z.output<typeof zoneForm>) => staffCall(request, 'saveZone', { key: value.zone, names: namesOf('zone_name', value), version: value.version });
    return submitTo(formData, form, zoneForm, save, 'zone', form);
  }
  if (intent === 'new-zone') {
    const create = async (value: z.output<typeof newZoneForm>) => {
      const created = await staffCall(request, 'createZone', { key: value.zone_key, names: namesOf('zone_name', value) });
      return redirect(`/delivery?done=zoneCreated#zone-${created.key}`);
    };
    return submitStaffForm(formData, newZoneForm, create, { fieldOf: { zone_key_taken: ['zone_key', 'zone_key_taken'] }, refused: (result): Reply => ({ form: 'new-zone', result }) });
  }
  if (intent === 'new-carrier') {
    const create = async (value: z.output<typeof newCarrierForm>) => {
      const created = await staffCall(request, 'createCarrier', { code: value.carrier_code, names: namesOf('carrier_name', value), free_shipping_applies: value.free_applies === 'on' });
      return redirect(`/delivery?done=carrierCreated#carrier-${created.id}`);
    };
    return submitStaffForm(formData, newCarrierForm, create, { fieldOf: { carrier_code_taken: ['carrier_code', 'carrier_code_taken'] }, refused: (result): Reply => ({ form: 'new-carrier', result }) });
  }
  if (intent === 'new-country') {
    const create = async ({ new_iso, zone, vat_rate, free_from, sold_to }: z.output<typeof newCountryForm>) => {
      // A percentage as typed ('13,5') is in basis points what an amount is in cents (1350).
      await staffCall(request, 'createShippingCountry', { iso: new_iso, zone, vat_rate_bp: cents(vat_rate), free_shipping_from: free_from === undefined ? null : cents(free_from), is_active: sold_to === 'on' });
      return redirect(`/delivery?done=countryCreated#country-${new_iso}`);
    };
    return submitStaffForm(formData, newCountryForm, create, { fieldOf: { country_known: ['new_iso', 'country_known'] }, refused: (result): Reply => ({ form: 'new-country', result }) });
  }
  if (intent === 'country') {
    const form = `country-${formData.get('iso')}`;
    const save = ({ iso, zone, version, sold_to, free_from }: z.output<typeof countryForm>) =>
      staffCall(request, 'saveShippingCountry', { iso, zone, version, is_active: sold_to === 'on', free_shipping_from: free_from === undefined ? null : cents(free_from) });
    return submitTo(formData, form, countryForm, save, 'country', form);
  }
  if (intent === 'remove-brand') {
    const remove = ({ country, brand_id }: { country: string; brand_id: number }) => staffCall(request, 'saveBrandThreshold', { country, brand_id, from: null });
    return submitTo(formData, 'brand', brandForm.omit({ brand_from: true }), remove, 'brandRemoved', 'brands');
  }
  const save = ({ country, brand_id, brand_from }: z.output<typeof brandForm>) => staffCall(request, 'saveBrandThreshold', { country, brand_id, from: cents(brand_from) });
  return submitTo(formData, 'brand', brandForm, save, 'brand', 'brands');
}

const boxClass = 'h-5 w-5';
const resultFor = (actionData: Reply | undefined, form: string) => (actionData?.form === form ? actionData.result : undefined);

function RateForm({ carrier, zone, lastResult }: { carrier: AdminCarrier; zone: AdminZone; lastResult: Reply['result'] | undefined }) {
  const { t, i18n } = useTranslation();
  const rate = carrier.rates.find((candidate) => candidate.zone === zone.key);
  const [form, fields] = useStaffForm(rateForm, lastResult);
  return (
    <Form method="post" {...getFormProps(form)} className="scroll-mt-4 rounded border border-stone-300 p-3">
      <fieldset className="grid gap-3 sm:grid-cols-[1fr_1fr_1fr_auto] sm:items-end">
        <legend className="font-semibold">{t('delivery.rateLegend', { carrier: carrier.name, zone: zone.name })}</legend>
        <div className="sm:col-span-4">
          <FormAlert errors={form.errors} hasFieldErrors={Object.values(fields).some((field) => field.errors?.length)} />
          <p className="text-sm text-stone-700">
            {rate ? `${money(rate.price, 'EUR', i18n.language)} · ${rate.min_days}–${rate.max_days}` : t('delivery.noRate')}
          </p>
        </div>
        <input type="hidden" name="intent" value="rate" />
        <input type="hidden" name="carrier_id" value={carrier.id} />
        <input type="hidden" name="zone" value={zone.key} />
        {/* The version the form was read at, always the page's (a stale save is refused and the page reloaded). */}
        <input type="hidden" name="version" value={rate?.version ?? 0} key={rate?.version ?? 0} />
        <TextField field={fields.rate_price} label={t('delivery.price')} defaultValue={rate ? typed(rate.price) : ''} inputMode="decimal" />
        <TextField field={fields.min_days} label={t('delivery.minDays')} defaultValue={rate ? String(rate.min_days) : ''} inputMode="numeric" />
        <TextField field={fields.max_days} label={t('delivery.maxDays')} defaultValue={rate ? String(rate.max_days) : ''} inputMode="numeric" />
        <button type="submit" className={buttonClass}>
          {t('delivery.saveRate')}
        </button>
      </fieldset>
    </Form>
  );
}

/** The anchor a saved form's page comes back to. */
const Anchor = ({ id }: { id: string }) => <span id={id} className="block scroll-mt-4" />;

function CarrierSection({ carrier, zones, actionData }: { carrier: AdminCarrier; zones: AdminZone[]; actionData: Reply | undefined }) {
  const { t } = useTranslation();
  const formId = `carrier-${carrier.id}`;
  const [form] = useStaffForm(carrierForm, resultFor(actionData, formId));
  return (
    <section aria-labelledby={`${formId}-title`} className={panelClass}>
      <h3 id={`${formId}-title`} className="text-lg font-semibold">
        {carrier.name} <span className="text-sm font-normal text-stone-700">({t(`delivery.kinds.${carrier.kind}`)})</span>
      </h3>
      <Anchor id={formId} />
      <Form method="post" {...getFormProps(form)} className="my-3 flex flex-wrap items-center gap-x-6 gap-y-2">
        <FormAlert errors={form.errors} hasFieldErrors={false} />
        <input type="hidden" name="intent" value="carrier" />
        <input type="hidden" name="carrier_id" value={carrier.id} />
        <label className="flex items-center gap-2">
          <input type="checkbox" name="offered" defaultChecked={carrier.is_active} key={String(carrier.is_active)} className={boxClass} />
          {t('delivery.offered')}
        </label>
        <label className="flex items-center gap-2">
          <input type="checkbox" name="free_applies" defaultChecked={carrier.free_shipping_applies} key={String(carrier.free_shipping_applies)} className={boxClass} />
          {t('delivery.freeApplies')}
        </label>
        <button type="submit" className={buttonClass}>
          {t('delivery.saveCarrier', { name: carrier.name })}
        </button>
      </Form>
      <div className="space-y-3">
        {zones.map((zone) => (
          <div key={zone.key}>
            <Anchor id={`rate-${carrier.id}-${zone.key}`} />
            <RateForm carrier={carrier} zone={zone} lastResult={resultFor(actionData, `rate-${carrier.id}-${zone.key}`)} />
          </div>
        ))}
      </div>
    </section>
  );
}

/**
 * A form that creates something (a zone, a carrier, a country): a panel with its title, what follows, the form's
 * problems, its fields and one button. The fields are the caller's; the form is posted with `intent`.
 */
function CreatePanel({ intent, title, help, form, fields, submit, children }: { intent: string; title: string; help?: string; form: FormMetadata<any, string[]>; fields: Record<string, FieldMetadata<any, any, string[]>>; submit: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`${intent}-title`} className={`mt-4 ${panelClass}`}>
      <h3 id={`${intent}-title`} className="text-lg font-semibold">
        {title}
      </h3>
      {help && <p className="mb-3 text-sm text-stone-700">{help}</p>}
      <Form method="post" {...getFormProps(form)} className="grid gap-3 sm:grid-cols-2">
        <div className="sm:col-span-2">
          <FormAlert errors={form.errors} hasFieldErrors={Object.values(fields).some((field) => field.errors?.length)} />
        </div>
        <input type="hidden" name="intent" value={intent} />
        {children}
        <div className="sm:col-span-2">
          <button type="submit" className={buttonClass}>
            {submit}
          </button>
        </div>
      </Form>
    </section>
  );
}

/** A new carrier to the door: its code and names; its rates are then set like the others'. */
function NewCarrier({ lastResult }: { lastResult: Reply['result'] | undefined }) {
  const { t } = useTranslation();
  const [form, fields] = useStaffForm(newCarrierForm, lastResult);
  return (
    <CreatePanel intent="new-carrier" title={t('delivery.newCarrier')} help={t('delivery.newCarrierHelp')} form={form} fields={fields} submit={t('delivery.createCarrier')}>
      <TextField field={fields.carrier_code} label={t('delivery.carrierCode')} help={t('delivery.carrierCodeHelp')} />
      <NameFields prefix="carrier_name" fields={fields} />
      <label className="flex items-center gap-2">
        <input type="checkbox" name="free_applies" defaultChecked className={boxClass} />
        {t('delivery.freeApplies')}
      </label>
    </CreatePanel>
  );
}

const zoneChoices = (zones: AdminZone[]) => zones.map((zone) => ({ value: zone.key, label: zone.name }));

/**
 * A name in each shop language (English required), fields `${prefix}_${lang}` (forms.ts nameFields): a carrier's or
 * a zone's, with the `names` it has now, if any.
 */
function NameFields<Prefix extends string>({ prefix, fields, names }: { prefix: Prefix; fields: Record<`${Prefix}_${(typeof STOREFRONT_LANGUAGES)[number]}`, FieldMetadata<any, any, any>>; names?: Record<string, string> }) {
  const { t } = useTranslation();
  return STOREFRONT_LANGUAGES.map((lang) => (
    <TextField key={lang} field={fields[`${prefix}_${lang}`]} label={t('delivery.nameIn', { lang: t(`pages.langs.${lang}`) })} help={lang === 'en' ? undefined : t('delivery.nameInHelp')} defaultValue={names?.[lang]} />
  ));
}

/** A zone, folded to its name and size: its names' form opens on demand (and open when a save was refused). */
function ZoneForm({ zone, lastResult }: { zone: AdminZone; lastResult: Reply['result'] | undefined }) {
  const { t } = useTranslation();
  const [form, fields] = useStaffForm(zoneForm, lastResult);
  return (
    <li>
      <Anchor id={`zone-${zone.key}`} />
      <details open={lastResult !== undefined} className="rounded border border-stone-300 bg-white p-3">
        <summary className="cursor-pointer">
          <span className="font-semibold">{zone.name}</span> <span className="text-stone-700">({zone.key} · {t('delivery.zoneCountries', { count: zone.countries })})</span>
        </summary>
        <Form method="post" {...getFormProps(form)} className="mt-3">
          <fieldset className="grid gap-3 sm:grid-cols-2">
            <legend className="sr-only">{t('delivery.zoneNames', { zone: zone.name })}</legend>
            <div className="sm:col-span-2">
              <FormAlert errors={form.errors} hasFieldErrors={Object.values(fields).some((field) => field.errors?.length)} />
            </div>
            <input type="hidden" name="intent" value="zone" />
            <input type="hidden" name="zone" value={zone.key} />
            <input type="hidden" name="version" value={zone.version} key={zone.version} />
            <NameFields prefix="zone_name" fields={fields} names={zone.names} />
            <div className="sm:col-span-2">
              <button type="submit" className={buttonClass}>
                {t('delivery.saveZone', { zone: zone.name })}
              </button>
            </div>
          </fieldset>
        </Form>
      </details>
    </li>
  );
}

/** A new zone: its key and names; countries move into it and carriers get rates to it with their own forms. */
function NewZone({ lastResult }: { lastResult: Reply['result'] | undefined }) {
  const { t } = useTranslation();
  const [form, fields] = useStaffForm(newZoneForm, lastResult);
  return (
    <CreatePanel intent="new-zone" title={t('delivery.newZone')} help={t('delivery.newZoneHelp')} form={form} fields={fields} submit={t('delivery.createZone')}>
      <TextField field={fields.zone_key} label={t('delivery.zoneKey')} help={t('delivery.zoneKeyHelp')} />
      <NameFields prefix="zone_name" fields={fields} />
    </CreatePanel>
  );
}

function CountryForm({ country, zones, carriers, lastResult }: { country: AdminShippingCountry; zones: AdminZone[]; carriers: AdminCarrier[]; lastResult: Reply['result'] | undefined }) {
  const { t, i18n } = useTranslation();
  const formId = `country-${country.iso}`;
  const [form, fields] = useStaffForm(countryForm, lastResult);
  const name = new Intl.DisplayNames([i18n.language], { type: 'region' }).of(country.iso) ?? country.iso;
  const unserved = unservedReason(country, carriers);
  return (
    <li>
      <Anchor id={formId} />
      <Form method="post" {...getFormProps(form)} className="rounded border border-stone-300 bg-white p-3">
        <fieldset className="grid gap-3 sm:grid-cols-[1fr_1fr_1fr_auto] sm:items-end">
          <legend className="font-semibold">
            {name} ({country.iso})
          </legend>
          <div className="sm:col-span-4">
            <FormAlert errors={form.errors} hasFieldErrors={Object.values(fields).some((field) => field.errors?.length)} />
            {country.is_active && unserved && (
              <p className="rounded border border-amber-700 bg-amber-50 p-2 text-sm text-amber-900">
                {t(`delivery.${unserved}`, { zone: zones.find((zone) => zone.key === country.zone)?.name ?? country.zone })}
              </p>
            )}
          </div>
          <input type="hidden" name="intent" value="country" />
          <input type="hidden" name="iso" value={country.iso} />
          <input type="hidden" name="version" value={country.version} key={country.version} />
          <SelectField field={fields.zone} label={t('delivery.zone')} choices={zoneChoices(zones)} defaultValue={country.zone} />
          <TextField field={fields.free_from} label={t('delivery.freeFrom')} help={t('delivery.freeFromHelp')} defaultValue={country.free_shipping_from === null ? '' : typed(country.free_shipping_from)} inputMode="decimal" />
          {country.is_home ? (
            <p className="text-sm text-stone-700">
              <input type="hidden" name="sold_to" value="on" />
              {t('delivery.homeCountry')}
            </p>
          ) : (
            <label className="flex items-center gap-2 sm:pb-2">
              <input type="checkbox" name="sold_to" defaultChecked={country.is_active} key={`${country.iso}-${country.version}`} className={boxClass} />
              {t('delivery.soldTo')}
            </label>
          )}
          <button type="submit" className={buttonClass}>
            {t('delivery.saveCountry', { country: country.iso })}
          </button>
        </fieldset>
      </Form>
    </li>
  );
}

/** A country the shop did not have, in one of its zones. */
function NewCountry({ zones, lastResult }: { zones: AdminZone[]; lastResult: Reply['result'] | undefined }) {
  const { t } = useTranslation();
  const [form, fields] = useStaffForm(newCountryForm, lastResult);
  return (
    <CreatePanel intent="new-country" title={t('delivery.newCountry')} form={form} fields={fields} submit={t('delivery.createCountry')}>
      <TextField field={fields.new_iso} label={t('delivery.countryCode')} help={t('delivery.countryCodeHelp')} />
      <SelectField field={fields.zone} label={t('delivery.zone')} choices={zoneChoices(zones)} empty="—" />
      <TextField field={fields.vat_rate} label={t('delivery.vatRate')} help={t('delivery.vatRateHelp')} inputMode="decimal" />
      <TextField field={fields.free_from} label={t('delivery.freeFrom')} help={t('delivery.freeFromHelp')} inputMode="decimal" />
      <label className="flex items-center gap-2">
        <input type="checkbox" name="sold_to" defaultChecked className={boxClass} />
        {t('delivery.soldTo')}
      </label>
    </CreatePanel>
  );
}

function BrandThresholds({ settings, lastResult }: { settings: AdminDeliverySettings; lastResult: Reply['result'] | undefined }) {
  const { t, i18n } = useTranslation();
  const [form, fields] = useStaffForm(brandForm, lastResult);
  return (
    <section id="brands" aria-labelledby="brands-title" className="mb-8">
      <h2 id="brands-title" className="mb-2 text-xl font-semibold">
        {t('delivery.brandTitle')}
      </h2>
      <p className="mb-3 text-sm text-stone-700">{t('delivery.brandHelp')}</p>
      {settings.brand_thresholds.length === 0 ? (
        <p className="mb-3">{t('delivery.noBrandRules')}</p>
      ) : (
        <ul className="mb-4 space-y-2">
          {settings.brand_thresholds.map((rule) => (
            <li key={`${rule.country}-${rule.brand_id}`} className="flex flex-wrap items-center gap-3 rounded border border-stone-300 bg-white p-3">
              <span>{t('delivery.brandRule', { brand: rule.brand_name, country: rule.country, amount: money(rule.from, 'EUR', i18n.language) })}</span>
              <Form method="post">
                <input type="hidden" name="intent" value="remove-brand" />
                <input type="hidden" name="country" value={rule.country} />
                <input type="hidden" name="brand_id" value={rule.brand_id} />
                <button type="submit" className="rounded border border-red-800 px-3 py-1 text-red-800">
                  {t('delivery.removeBrand', { brand: rule.brand_name, country: rule.country })}
                </button>
              </Form>
            </li>
          ))}
        </ul>
      )}
      <Form method="post" {...getFormProps(form)} className={`grid max-w-3xl gap-3 ${panelClass} sm:grid-cols-[1fr_1fr_1fr_auto] sm:items-end`}>
        <div className="sm:col-span-4">
          <FormAlert errors={form.errors} hasFieldErrors={Object.values(fields).some((field) => field.errors?.length)} />
        </div>
        <input type="hidden" name="intent" value="brand" />
        <SelectField field={fields.country} label={t('delivery.country')} choices={settings.countries.map((country) => ({ value: country.iso, label: country.iso }))} empty="—" />
        <SelectField field={fields.brand_id} label={t('delivery.brand')} choices={named(settings.brands)} empty="—" />
        <TextField field={fields.brand_from} label={t('delivery.from')} inputMode="decimal" />
        <button type="submit" className={buttonClass}>
          {t('delivery.setBrand')}
        </button>
      </Form>
    </section>
  );
}

export default function Delivery({ loaderData: { settings, done }, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const reply = actionData as Reply | undefined;
  return (
    <>
      <h1 className="mb-2 text-2xl font-semibold">{t('delivery.title')}</h1>
      <p className="mb-4 text-stone-700">{t('delivery.intro')}</p>
      {done && !actionData && (
        <DoneNotice>
          {t(`delivery.done.${done}`)}
        </DoneNotice>
      )}
      <section aria-labelledby="zones-title" className="mb-8">
        <h2 id="zones-title" className="mb-2 text-xl font-semibold">
          {t('delivery.zones')}
        </h2>
        <p className="mb-3 text-sm text-stone-700">{t('delivery.zonesHelp')}</p>
        <ul className="space-y-2">
          {settings.zones.map((zone) => (
            <ZoneForm key={zone.key} zone={zone} lastResult={resultFor(reply, `zone-${zone.key}`)} />
          ))}
        </ul>
        {/* A new key once one is created: the form starts empty again (it keeps what was typed after a refusal). */}
        <NewZone key={settings.zones.map((zone) => zone.key).join()} lastResult={resultFor(reply, 'new-zone')} />
      </section>
      <section aria-labelledby="carriers-title" className="mb-8">
        <h2 id="carriers-title" className="mb-3 text-xl font-semibold">
          {t('delivery.carriers')}
        </h2>
        <div className="space-y-4">
          {settings.carriers.map((carrier) => (
            <CarrierSection key={carrier.id} carrier={carrier} zones={settings.zones} actionData={reply} />
          ))}
          <NewCarrier key={settings.carriers.map((carrier) => carrier.id).join()} lastResult={resultFor(reply, 'new-carrier')} />
        </div>
      </section>
      <BrandThresholds settings={settings} lastResult={resultFor(reply, 'brand')} />
      <section aria-labelledby="countries-title" className="mb-8">
        <h2 id="countries-title" className="mb-2 text-xl font-semibold">
          {t('delivery.countries')}
        </h2>
        <p className="mb-3 text-sm text-stone-700">{t('delivery.countriesHelp')}</p>
        <ul className="space-y-3">
          {settings.countries.map((country) => (
            <CountryForm key={country.iso} country={country} zones={settings.zones} carriers={settings.carriers} lastResult={resultFor(reply, `country-${country.iso}`)} />
          ))}
        </ul>
        <NewCountry key={settings.countries.map((country) => country.iso).join()} zones={settings.zones} lastResult={resultFor(reply, 'new-country')} />
      </section>
    </>
  );
}
