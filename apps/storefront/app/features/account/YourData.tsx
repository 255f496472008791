import { Form } from 'react-router';
import { useTranslation } from '~/i18n/use-translation';
import { CheckboxField, SubmitButton } from '~/components/forms/fields';
import { ShopForm } from '~/components/forms/ShopForm';
import type { useShopForm } from '~/components/forms/useShopForm';
import { useFormatDate, useLang } from '~/lib/hooks';

type ErasureForm = ReturnType<typeof useShopForm<typeof import('./forms').erasureForm>>;

/**
 * The customer's data (GDPR): a download of everything the shop holds (a plain post the browser saves as a file,
 * with or without JavaScript), and the request to be erased, which the back office carries out.
 */
export function YourData({ erasure, requestedAt }: { erasure: ErasureForm; requestedAt: string | null }) {
  const { t } = useTranslation();
  const lang = useLang();
  const formatDate = useFormatDate();
  return (
    <div className="space-y-6">
      <div>
        <p className="mb-3">{t('account.yourDataIntro')}</p>
        <Form method="post" action={`/${lang}/my-account/data`} reloadDocument>
          <button type="submit" className="rounded border border-stone-900 px-5 py-2.5 font-medium hover:bg-stone-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-stone-900">
            {t('account.downloadData')}
          </button>
        </Form>
      </div>
      <div>
        <h3 className="mb-2 text-lg font-semibold">{t('account.erasureTitle')}</h3>
        {requestedAt ? (
          <p role="status">{t('account.erasureRequested', { date: formatDate(requestedAt) })}</p>
        ) : (
          <>
            <p className="mb-3">{t('account.erasureIntro')}</p>
            <ShopForm {...erasure.formProps}>
              <CheckboxField field={erasure.fields.confirm} label={t('account.erasureConfirm')} />
              <SubmitButton busy={erasure.busy}>{t('account.requestErasure')}</SubmitButton>
            </ShopForm>
          </>
        )}
      </div>
    </div>
  );
}
