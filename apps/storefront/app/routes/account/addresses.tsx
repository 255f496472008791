import type { Address } from '@shop/contract/account';
import { useMemo } from 'react';
import { useTranslation } from '~/i18n/use-translation';
import { Link, useActionData, useSearchParams } from 'react-router';
import type { Route } from './+types/addresses';
import { CheckboxField, SubmitButton } from '~/components/forms/fields';
import { ConfirmDeleteForm } from '~/components/forms/ConfirmDeleteForm';
import { PostForm, useFormPost } from '~/components/forms/form-post';
import { ShopForm } from '~/components/forms/ShopForm';
import { useShopForm } from '~/components/forms/useShopForm';
import { countryName } from '~/features/geo/countries';
import { AccountScreen } from '~/features/account/AccountScreen';
import { AddressFields } from '~/features/account/AddressFields';
import { postedForm, submitForm } from '~/lib/form-action.server';
import { accountLabels, addressForm } from '~/features/account/forms';
import { loadOrFail } from '~/lib/api/shop.server';
import { redirectWithFlash } from '~/lib/flash.server';
import { useLang, useRootData } from '~/lib/hooks';
import { notFound, pageContext } from '~/lib/request-context.server';

// Signed-in only: routes/account/layout.tsx guards every loader and action below.
export async function loader({ context }: Route.LoaderArgs) {
  const { addresses } = await loadOrFail(pageContext(context).api('getAddresses', {}));
  return { addresses };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { api, lang } = pageContext(context);
  const { formData, formId } = await postedForm(request);
  const list = `/${lang}/my-account/addresses`;
  const back = (flash: string) => redirectWithFlash(request, list, flash);
  if (formId === 'delete-address') {
    await loadOrFail(api('removeAddress', { id: Number(formData.get('id')) }));
    return back('addressDeleted');
  }
  if (formId === 'default-address') {
    // The chosen address, as it is kept, becomes the default one ('customer address updated', SPEC §8).
    const id = Number(formData.get('id'));
    const { addresses } = await loadOrFail(api('getAddresses', {}));
    const chosen = addresses.find((address) => address.id === id);
    if (!chosen) return notFound();
    const { id: _id, ...fields } = chosen;
    if (!chosen.is_default) await loadOrFail(api('updateAddress', { id, address: { ...fields, is_default: true } }));
    return back('customerAddressUpdated');
  }
  if (formId !== 'address') return notFound();
  const id = Number(formData.get('id') ?? 0);
  return submitForm(request, lang, formData, addressForm, async (address) => {
    if (id) await api('updateAddress', { id, address });
    else await api('createAddress', { address });
    return back(id ? 'addressChanged' : 'addressSaved');
  }, { labelsOf: accountLabels });
}

function AddressCard({ address }: { address: Address }) {
  const makeDefault = useFormPost({ id: 'default-address' });
  const { t } = useTranslation();
  const lang = useLang();
  const [searchParams] = useSearchParams();
  const confirming = searchParams.get('delete') === String(address.id);
  return (
    <li className="rounded border border-stone-200 p-4">
      <h2 className="font-semibold">
        {address.alias}
        {address.is_default ? <span className="ml-2 rounded bg-stone-900 px-2 py-0.5 text-xs text-white">{t('account.defaultAddress')}</span> : null}
      </h2>
      <address className="mt-2 not-italic text-stone-700">
        {address.first_name} {address.last_name}
        {address.company ? <>, {address.company}</> : null}
        <br />
        {address.address1}
        {address.address2 ? <>, {address.address2}</> : null}
        <br />
        {address.postcode} {address.city} {address.state}
        <br />
        {countryName(address.country, lang)}
        {address.phone ? (
          <>
            <br />
            {address.phone}
          </>
        ) : null}
      </address>
      {confirming ? (
        // Deleting cannot be undone: it asks first (works without JavaScript too).
        <ConfirmDeleteForm
          form="delete-address"
          fields={{ id: address.id }}
          message={t('account.deleteConfirm', { alias: address.alias })}
          confirmLabel={t('account.confirmDelete')}
          cancelTo="?"
        />
      ) : (
        <div className="mt-4 flex flex-wrap items-center gap-4">
          <Link to={`?edit=${address.id}`} className="underline" aria-label={`${t('account.edit')}: ${address.alias}`}>
            {t('account.edit')}
          </Link>
          <Link to={`?delete=${address.id}`} className="underline" aria-label={`${t('account.delete')}: ${address.alias}`}>
            {t('account.delete')}
          </Link>
          {address.is_default ? null : (
            <PostForm post={makeDefault}>
              <input type="hidden" name="id" value={address.id} />
              <button type="submit" aria-busy={makeDefault.busy || undefined} className="underline" aria-label={`${t('account.makeDefault')}: ${address.alias}`}>
                {t('account.makeDefault')}
              </button>
            </PostForm>
          )}
        </div>
      )}
    </li>
  );
}

function AddressEditor({ address }: { address: Address | undefined }) {
  const { t } = useTranslation();
  const root = useRootData();
  const lastResult = useActionData<typeof action>()?.result;
  // One object for the life of the editor: a new default each render would make the form start over.
  const defaultValue = useMemo(() => address ?? { country: root?.country }, [address, root?.country]);
  const { fields, busy, formProps } = useShopForm({
    id: 'address',
    schema: addressForm,
    labels: accountLabels(t),
    lastResult,
    defaultValue,
  });
  return (
    <section aria-labelledby="address-editor" className="max-w-2xl rounded border border-stone-300 p-6">
      <h2 id="address-editor" className="mb-4 text-xl font-semibold">
        {address ? t('account.editAddress', { alias: address.alias }) : t('account.newAddress')}
      </h2>
      <ShopForm {...formProps}>
        {address ? <input type="hidden" name="id" value={address.id} /> : null}
        <AddressFields fields={fields} />
        <CheckboxField field={fields.is_default} label={t('account.addressFields.isDefault')} />
        <div className="flex items-center gap-6">
          <SubmitButton busy={busy}>{t('account.saveAddress')}</SubmitButton>
          <Link to="?" className="underline">
            {t('account.cancel')}
          </Link>
        </div>
      </ShopForm>
    </section>
  );
}

export default function Addresses({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const { addresses } = loaderData;
  const editing = addresses.find((address) => String(address.id) === searchParams.get('edit'));
  const adding = searchParams.has('new') || addresses.length === 0;
  return (
    <AccountScreen title={t('account.addresses')}>
      {addresses.length === 0 ? <p className="mb-6">{t('account.noAddresses')}</p> : null}
      <ul className="mb-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {addresses.map((address) => (
          <AddressCard key={address.id} address={address} />
        ))}
      </ul>
      {editing || adding ? (
        <AddressEditor key={editing?.id ?? 'new'} address={editing} />
      ) : (
        <Link to="?new" className="button-primary inline-block">
          {t('account.addAddress')}
        </Link>
      )}
    </AccountScreen>
  );
}
