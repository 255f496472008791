import type { FieldMetadata, SubmissionResult } from '@conform-to/react';
import type { Address, Carrier, Checkout, PickupPoint } from '@shop/contract';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { useHydrated } from '~/components/Drawer';
import { CheckboxField, FieldErrors, SubmitButton, TextField } from '~/components/forms/fields';
import { ShopForm } from '~/components/forms/ShopForm';
import { useShopForm } from '~/components/forms/useShopForm';
import { useTranslation } from '~/i18n/use-translation';
import { useFormatPrice, useLang, useLocalePath, useRootData } from '~/lib/hooks';
import { AddressFields } from '~/features/account/AddressFields';
import { accountLabels, loginForm } from '~/features/account/forms';
import { countryName } from '~/features/geo/countries';
import { checkoutLabels, detailsFormFor, DRAFT_FIELD } from '~/features/checkout/forms';
import { stepPath } from '~/features/checkout/steps';
import { useKeptDraft } from '~/features/checkout/useKeptDraft';
import { useCarrierPromise } from '~/features/geo/DeliveryDates';
import { PointsSection } from './PointsSection';
import { Section } from './Section';

type Fields = Parameters<typeof AddressFields>[0]['fields'];
type AnyField = FieldMetadata<unknown>;

function SavedAddress({ address }: { address: Address }) {
  const lang = useLang();
  return (
    <span>
      <strong>{address.alias}</strong>: {address.first_name} {address.last_name}, {address.address1}, {address.postcode} {address.city}, {countryName(address.country, lang)}
      {address.phone ? `, ${address.phone}` : null}
    </span>
  );
}

/** A guest who has an account signs in here (the cart comes with her), folded under one line. */
function SignIn() {
  const { t } = useTranslation();
  const localePath = useLocalePath();
  const login = useShopForm({ id: 'login', schema: loginForm, labels: accountLabels(t) });
  const afterSignIn = stepPath(localePath('/checkout'), 'address');
  return (
    <details className="rounded border border-stone-300 p-4">
      <summary className="cursor-pointer font-medium">{t('checkout.account.signInTitle')}</summary>
      <div className="mt-3 space-y-2">
        <p className="text-stone-700">{t('checkout.account.signInIntro')}</p>
        <ShopForm {...login.formProps} action={localePath('/auth/login')}>
          <input type="hidden" name="redirectTo" value={afterSignIn} />
          <TextField field={login.fields.email} label={t('auth.email')} type="email" autoComplete="username" />
          <TextField field={login.fields.password} label={t('auth.password')} type="password" autoComplete="current-password" />
          <SubmitButton busy={login.busy}>{t('checkout.account.signIn')}</SubmitButton>
        </ShopForm>
        <p>
          <Link to={`${localePath('/auth/register')}?redirectTo=${encodeURIComponent(afterSignIn)}`} className="underline">
            {t('checkout.account.register')}
          </Link>
        </p>
      </div>
    </details>
  );
}

/** Delivery: the carriers that go to the address, each with what it costs this cart and how long it takes. */
function CarrierChoice({ field, carriers }: { field: AnyField; carriers: Carrier[] }) {
  const { t } = useTranslation();
  const format = useFormatPrice();
  const promise = useCarrierPromise();
  // A carrier of another country (the country was changed) is not offered here: the first one is ticked instead.
  const initial = String(field.initialValue ?? '');
  const chosen = carriers.some((carrier) => String(carrier.id) === initial) ? initial : String(carriers[0]?.id ?? '');
  return (
    <fieldset aria-describedby={field.errors?.length ? field.errorId : undefined} className="space-y-2">
      <legend className="sr-only">{t('checkout.delivery.title')}</legend>
      {carriers.map((carrier) => (
        <label key={carrier.id} className="flex items-start gap-3 rounded border border-stone-300 p-4 has-[:checked]:border-stone-900">
          <input type="radio" name={field.name} value={carrier.id} defaultChecked={chosen === String(carrier.id)} className="mt-1 h-4 w-4" />
          <span className="flex flex-1 flex-wrap justify-between gap-x-4">
            <span>
              <span className="font-medium">{carrier.name}</span>
              <span className="block text-sm text-stone-600">
                {promise(carrier)}
                {carrier.kind === 'pickup' ? ` · ${t('checkout.delivery.pickupHint')}` : null}
              </span>
            </span>
            <span className="font-medium">
              {carrier.free ? (
                <>
                  <s className="mr-2 font-normal text-stone-500">{format(carrier.regular_price)}</s>
                  {t('checkout.delivery.free')}
                </>
              ) : (
                format(carrier.price)
              )}
            </span>
          </span>
        </label>
      ))}
      <FieldErrors field={field} />
    </fieldset>
  );
}

/**
 * Without JavaScript the carriers cannot follow a country chosen in the form: this button sends the form as a
 * draft and shows the screen again with the carriers of the country chosen (ADR 0046). With it, they follow at once.
 */
function ShowCarriers() {
  const { t } = useTranslation();
  if (useHydrated()) return null;
  return (
    <button type="submit" name={DRAFT_FIELD} value="delivery" data-as-is className="rounded border border-stone-900 px-4 py-2 font-medium hover:bg-stone-100">
      {t('checkout.delivery.refresh')}
    </button>
  );
}

type Props = {
  checkout: Checkout;
  addresses: Address[];
  carriers: Carrier[];
  points: PickupPoint[] | null;
  query: string;
  /** A returning customer's last delivery method. */
  lastCarrierId?: number | null;
  lastResult?: SubmissionResult<string[]> | null;
  pointResult?: SubmissionResult<string[]> | null;
};

/**
 * The first screen (ADR 0038): contact, delivery address, delivery (with the collection point once the
 * carrier needs one) and billing, one form whose sections are SPEC §2's Account, Address and Delivery steps.
 * A signed-in customer starts with her default address and her last order's carrier chosen; the parts that do not
 * apply fold away by CSS alone (`:has`), so the screen works the same without JavaScript.
 */
export function DetailsScreen({ checkout, addresses, carriers, points, query, lastCarrierId, lastResult, pointResult }: Props) {
  const { t } = useTranslation();
  const root = useRootData();
  const alias = t('checkout.address.alias');
  // What was typed and not sent yet (the draft) comes first, then what the checkout has, then what is known of her.
  const defaultValue = useMemo(() => {
    const country = root?.country || root?.bootstrap.settings.default_country;
    const preferred = addresses.find((address) => address.is_default) ?? addresses[0];
    const { draft } = checkout;
    return {
      email: draft?.email ?? checkout.email ?? '',
      shipping_id: draft?.shipping_id ?? (checkout.shipping_address || !preferred ? 'new' : String(preferred.id)),
      shipping: draft?.shipping ?? checkout.shipping_address ?? { country },
      save_shipping: draft?.save_shipping ?? false,
      billing_same: draft?.billing_same ?? checkout.billing_address === null,
      billing: draft?.billing ?? checkout.billing_address ?? { country },
      invoice_requested: draft?.invoice_requested ?? checkout.invoice?.requested ?? false,
      invoice: draft?.invoice ?? checkout.invoice ?? undefined,
      carrier_id: String(draft?.carrier_id ?? checkout.carrier?.id ?? lastCarrierId ?? carriers[0]?.id ?? ''),
    };
  }, [checkout, addresses, carriers, lastCarrierId, root]);
  const { fields, busy, formProps } = useShopForm({ id: 'checkout-details', schema: detailsFormFor(checkout.signed_in), labels: checkoutLabels(t), lastResult, defaultValue });
  const shipping = fields.shipping.getFieldset() as unknown as Fields;
  const billing = fields.billing.getFieldset() as unknown as Fields;
  const invoice = fields.invoice.getFieldset() as Record<'vat_number' | 'fiscal_code' | 'pec' | 'sdi', AnyField>;
  const email = (fields as unknown as { email: AnyField }).email;
  const chosen = String(fields.shipping_id.initialValue ?? 'new');
  const needsPoint = checkout.carrier?.kind === 'pickup' && checkout.shipping_address !== null;
  useKeptDraft(formProps.form.id);
  return (
    <div className="space-y-8">
      {checkout.signed_in ? null : <SignIn />}
      <ShopForm {...formProps} className="group space-y-8">
        <Section id="account" title={t('checkout.review.contact')}>
          {checkout.signed_in ? (
            <p>{t('checkout.account.signedInAs', { email: checkout.email })}</p>
          ) : (
            <TextField field={email} label={t('auth.email')} type="email" autoComplete="email" description={t('checkout.account.guestIntro')} />
          )}
        </Section>
        <Section id="address" title={t('checkout.address.title')}>
          {addresses.length > 0 ? (
            <div role="radiogroup" aria-label={t('checkout.address.saved')} className="space-y-2">
              {addresses.map((address) => (
                <label key={address.id} className="flex items-start gap-2 rounded border border-stone-300 p-3 has-[:checked]:border-stone-900">
                  <input type="radio" name={fields.shipping_id.name} value={address.id} defaultChecked={chosen === String(address.id)} className="mt-1 h-4 w-4" />
                  <SavedAddress address={address} />
                </label>
              ))}
              <label className="flex items-center gap-2 rounded border border-stone-300 p-3 has-[:checked]:border-stone-900">
                <input type="radio" name={fields.shipping_id.name} value="new" defaultChecked={chosen === 'new'} className="h-4 w-4" />
                <span>{t('checkout.address.new')}</span>
              </label>
            </div>
          ) : (
            <input type="hidden" name={fields.shipping_id.name} value="new" />
          )}
          <div className={addresses.length > 0 ? 'hidden space-y-4 group-has-[input[value=new]:checked]:block' : 'space-y-4'}>
            <input type="hidden" name={shipping.alias.name} value={alias} />
            <AddressFields fields={shipping} withAlias={false} withVatNumber={false} autofill="shipping" />
            {checkout.signed_in ? <CheckboxField field={fields.save_shipping} label={t('checkout.address.save')} /> : null}
          </div>
        </Section>
        <Section id="delivery" title={t('checkout.delivery.title')}>
          <CarrierChoice field={fields.carrier_id as AnyField} carriers={carriers} />
          <ShowCarriers />
        </Section>
        <Section id="billing" title={t('checkout.address.billingTitle')}>
          <CheckboxField field={fields.billing_same} label={t('checkout.address.billingSame')} />
          <div className="space-y-4 group-has-[input[name=billing\_same]:checked]:hidden">
            <input type="hidden" name={billing.alias.name} value={alias} />
            <AddressFields fields={billing} withAlias={false} withVatNumber={false} autofill="billing" />
          </div>
          <CheckboxField field={fields.invoice_requested} label={t('checkout.invoice.requested')} />
          <div className="hidden space-y-4 group-has-[input[name=invoice\_requested]:checked]:block">
            <p className="text-sm text-stone-700">{t('checkout.invoice.intro')}</p>
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField field={invoice.vat_number} label={t('checkout.invoice.vatNumber')} autoComplete="off" />
              <TextField field={invoice.fiscal_code} label={t('checkout.invoice.fiscalCode')} autoComplete="off" />
              <TextField field={invoice.pec} label={t('checkout.invoice.pec')} type="email" autoComplete="off" />
              <TextField field={invoice.sdi} label={t('checkout.invoice.sdi')} autoComplete="off" />
            </div>
          </div>
          {checkout.invoice?.requested && !checkout.invoice.issued ? <p className="text-amber-800">{t('checkout.invoice.none')}</p> : null}
        </Section>
        <SubmitButton busy={busy}>{needsPoint ? t('checkout.saveDetails') : t('checkout.toPayment')}</SubmitButton>
        {/* The way back to the cart keeps what was typed (a draft), with or without JavaScript. */}
        <button type="submit" name={DRAFT_FIELD} value="cart" data-as-is className="block underline hover:no-underline">
          {t('checkout.backToCart')}
        </button>
      </ShopForm>
      {needsPoint ? <PointsSection checkout={checkout} points={points} query={query} lastResult={pointResult} /> : null}
    </div>
  );
}
