import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The order is placed: on to the gateway's page. A page of its own rather than a redirect of the form post,
 * because the shop's Content-Security-Policy lets forms post only to the shop (`form-action 'self'`); the
 * browser follows the link by itself (a refresh without JavaScript, at once with it), or the shopper does.
 */
export function ContinueToPayment({ reference, url }: { reference: string; url: string }) {
  const { t } = useTranslation();
  useEffect(() => {
    window.location.assign(url);
  }, [url]);
  return (
    <section aria-labelledby="payment-title" className="space-y-4 rounded border border-stone-300 p-6">
      <meta httpEquiv="refresh" content={`0;url=${url}`} />
      <h2 id="payment-title" className="text-xl font-semibold">
        {t('checkout.redirect.title')}
      </h2>
      <p role="status">{t('checkout.redirect.text', { reference })}</p>
      <a href={url} className="button-primary inline-block">
        {t('checkout.redirect.continue')}
      </a>
    </section>
  );
}
