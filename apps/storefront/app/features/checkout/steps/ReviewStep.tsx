import type { SubmissionResult } from '@conform-to/react';
import type { Checkout, CheckoutStep } from '@shop/contract';
import { useTranslation } from '../../../i18n/use-translation';
import { Link } from 'react-router';
import { CheckboxField, SubmitButton } from '../../../components/forms/fields';
import { ShopForm } from '../../../components/forms/ShopForm';
import { useShopForm } from '../../../components/forms/useShopForm';
import { useLocalePath, useRootData } from '../../../lib/hooks';
import { AddressBlock, invoiceIssued } from '../../orders/OrderDetails';
import { useStepLabel } from '../CheckoutProgress';
import { checkoutLabels, placeOrderForm } from '../forms';
import { OrderSummary } from '../OrderSummary';
import { stepPath } from '../steps';

/** One part of the review, with a way back to the step that set it. */
function Part({ title, step, children }: { title: string; step: CheckoutStep; children: React.ReactNode }) {
  const { t } = useTranslation();
  const localePath = useLocalePath();
  const label = useStepLabel();
  return (
    <div className="rounded border border-stone-200 p-4">
      <div className="flex items-baseline justify-between gap-2">
        <h3 className="font-semibold">{title}</h3>
        <Link to={stepPath(localePath('/checkout'), step)} className="text-sm underline" aria-label={`${t('checkout.change')}: ${label(step)}`}>
          {t('checkout.change')}
        </Link>
      </div>
      <div className="mt-1 text-stone-700">{children}</div>
    </div>
  );
}

/**
 * A consent line whose words name a page of the shop ('I accept the <page>terms of sale</page>'): the words
 * link to the page in the shopper's language (its slug is the footer's), plain text if the shop has no such page.
 */
function ConsentLabel({ textKey, pageKey }: { textKey: string; pageKey: string }) {
  const { t } = useTranslation();
  const localePath = useLocalePath();
  const page = useRootData()?.bootstrap.footer_links.find((link) => link.key === pageKey);
  // Split by hand: react-i18next's Trans would add its weight to every page's first load (scripts/js-budget.mjs).
  const [before, words, after] = t(textKey).split(/<\/?page>/);
  return (
    <>
      {before}
      {page ? (
        <Link to={localePath(`/${page.slug}`)} className="underline">
          {words}
        </Link>
      ) : (
        words
      )}
      {after}
    </>
  );
}

/**
 * Review: everything the order will be, the terms to accept, and Place order. The form carries the placing's
 * key, so a double click or a resend makes one order.
 */
export function ReviewStep({ checkout, idempotencyKey, lastResult }: { checkout: Checkout; idempotencyKey: string; lastResult?: SubmissionResult<string[]> | null }) {
  const { t } = useTranslation();
  const { fields, busy, formProps } = useShopForm({ id: 'checkout-place', schema: placeOrderForm, labels: checkoutLabels(t), lastResult });
  const { shipping_address: shipping, billing_address: billing, carrier, pickup_point: point, invoice } = checkout;
  const preorder = checkout.cart.lines.some((line) => line.on_demand === 'preorder');
  return (
    <div className="space-y-6">
      <h2 className="text-xl font-semibold">{t('checkout.review.title')}</h2>
      <div className="grid gap-4 sm:grid-cols-2">
        <Part title={t('checkout.review.contact')} step="account">
          {checkout.email}
        </Part>
        <Part title={t('checkout.review.payWith')} step="payment">
          {checkout.gateway ? t(`checkout.gateways.${checkout.gateway}`) : null}
        </Part>
        <Part title={point ? t('checkout.review.collectAt') : t('checkout.review.shipTo')} step={point ? 'points' : 'address'}>
          {point ? <AddressBlock title={point.name} address={point} /> : shipping ? <AddressBlock address={shipping} /> : null}
        </Part>
        <Part title={t('checkout.review.billTo')} step="address">
          {billing ? <AddressBlock address={billing} /> : t('checkout.review.billSame')}
          {invoice?.requested ? <p className="mt-2 text-sm">{invoice.issued ? invoiceIssued(t, invoice) : t('checkout.invoice.none')}</p> : null}
          {invoice?.vat_check === 'unverified' ? <p className="mt-1 text-sm">{t('checkout.invoice.unverified')}</p> : null}
        </Part>
        <Part title={t('checkout.review.carrier')} step="delivery">
          {carrier ? `${carrier.name} · ${t('checkout.delivery.days', { min: carrier.delivery_days.min, max: carrier.delivery_days.max })}` : null}
        </Part>
        {checkout.cart.coupons.length > 0 ? (
          <Part title={t('checkout.review.codes')} step="vouchers">
            {checkout.cart.coupons.map((coupon) => coupon.code).join(', ')}
          </Part>
        ) : null}
        {checkout.delivery_message ? (
          <Part title={t('checkout.review.note')} step="message">
            <p className="whitespace-pre-line">{checkout.delivery_message}</p>
          </Part>
        ) : null}
      </div>
      <OrderSummary cart={checkout.cart} open />
      {preorder ? <p className="rounded border border-amber-300 bg-amber-50 p-3 text-amber-900">{t('checkout.review.preorderWarning')}</p> : null}
      <ShopForm {...formProps}>
        <input type="hidden" name="idempotency_key" value={idempotencyKey} />
        <CheckboxField field={fields.accept_terms} label={<ConsentLabel textKey="checkout.review.acceptTerms" pageKey="terms-and-conditions" />} />
        <CheckboxField field={fields.accept_privacy} label={<ConsentLabel textKey="checkout.review.acceptPrivacy" pageKey="privacy-policy" />} />
        <SubmitButton busy={busy}>{t('checkout.review.place')}</SubmitButton>
      </ShopForm>
    </div>
  );
}
