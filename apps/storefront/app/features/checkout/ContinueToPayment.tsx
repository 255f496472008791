import { useEffect } from 'react';
import { useTranslation } from '~/i18n/use-translation';
import { Screen } from '~/components/Screen';

/**
 * The order is placed (or paid again): on to the gateway's page. A screen of its own (`title`) rather than a
 * redirect of the form post, because the shop's Content-Security-Policy lets forms post only to the shop
 * (`form-action 'self'`); the browser follows the link by itself (a refresh without JavaScript, at once with
 * it), or the shopper does.
 */
export function ContinueToPayment({ title, reference, url }: { title: string; reference: string; url: string }) {
  const { t } = useTranslation();
  useEffect(() => {
    window.location.assign(url);
  }, [url]);
  return (
    <Screen title={title}>
      <section aria-labelledby="payment-title" className="mt-6 space-y-4 rounded border border-stone-300 p-6">
        <meta httpEquiv="refresh" content={`0;url=${url}`} />
        <h2 id="payment-title" className="text-xl font-semibold">
          {t('checkout.redirect.title')}
        </h2>
        <p role="status">{t('checkout.redirect.text', { reference })}</p>
        <a href={url} className="button-primary inline-block">
          {t('checkout.redirect.continue')}
        </a>
      </section>
    </Screen>
  );
}
