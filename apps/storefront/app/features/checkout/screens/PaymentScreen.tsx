import type { SubmissionResult } from '@conform-to/react';
import type { Checkout, CheckoutStep, Gateway, GatewayName } from '@shop/contract';
import { DELIVERY_MESSAGE_MAX } from '@shop/contract/checkout';
import { PAYPAL_INSTALMENTS } from '@shop/contract/constants';
import { Link } from 'react-router';
import { CheckboxField, FieldErrors, SubmitButton, TextAreaField } from '~/components/forms/fields';
import { ShopForm } from '~/components/forms/ShopForm';
import { useShopForm } from '~/components/forms/useShopForm';
import { useTranslation } from '~/i18n/use-translation';
import { useFormatPrice, useLocalePath, useRootData } from '~/lib/hooks';
import { CouponForm } from '~/features/cart/CouponForm';
import { AddressBlock, invoiceIssued } from '~/features/orders/OrderDetails';
import { checkoutLabels, placeOrderForm } from '~/features/checkout/forms';
import { GatewayLogo } from '~/features/checkout/GatewayLogo';
import { OrderSummary } from '~/features/checkout/OrderSummary';
import { stepPath } from '~/features/checkout/steps';
import { useCarrierPromise } from '~/features/geo/DeliveryDates';
import { Section } from './Section';

/** One part of the review, with a way back to the first screen's section that set it. */
function Part({ title, step, children }: { title: string; step: CheckoutStep; children: React.ReactNode }) {
  const { t } = useTranslation();
  const localePath = useLocalePath();
  return (
    <div className="rounded border border-stone-200 p-4">
      <div className="flex items-baseline justify-between gap-2">
        <h3 className="font-semibold">{title}</h3>
        <Link to={`${stepPath(localePath('/checkout'), step)}#${step}`} className="text-sm underline" aria-label={`${t('checkout.change')}: ${title}`}>
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

/** What the first screen set: contact, where it goes, the bill and the carrier, each with a way back. */
function Review({ checkout }: { checkout: Checkout }) {
  const { t } = useTranslation();
  const promise = useCarrierPromise();
  const { shipping_address: shipping, billing_address: billing, carrier, pickup_point: point, invoice } = checkout;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Part title={t('checkout.review.contact')} step="account">
        {checkout.email}
      </Part>
      <Part title={point ? t('checkout.review.collectAt') : t('checkout.review.shipTo')} step={point ? 'points' : 'address'}>
        {point ? <AddressBlock title={point.name} address={point} /> : shipping ? <AddressBlock address={shipping} /> : null}
      </Part>
      <Part title={t('checkout.review.carrier')} step="delivery">
        {carrier ? `${carrier.name} · ${promise(carrier)}` : null}
      </Part>
      <Part title={t('checkout.review.billTo')} step="address">
        {billing ? <AddressBlock address={billing} /> : t('checkout.review.billSame')}
        {invoice?.requested ? <p className="mt-2 text-sm">{invoice.issued ? invoiceIssued(t, invoice) : t('checkout.invoice.none')}</p> : null}
        {invoice?.vat_check === 'unverified' ? <p className="mt-1 text-sm">{t('checkout.invoice.unverified')}</p> : null}
      </Part>
    </div>
  );
}

type Props = { checkout: Checkout; gateways: Gateway[]; rememberedGateway: GatewayName | null; idempotencyKey: string; lastResult?: SubmissionResult<string[]> | null };

/**
 * The second screen (ADR 0038): the codes (folded, with the cart's already there), then one form with the
 * payment, the optional delivery note (folded), the review, the terms and Place order: SPEC §2's Vouchers,
 * Message, Payment and Review steps. The form carries the placing's key, so a double click or a resend makes
 * one order.
 */
export function PaymentScreen({ checkout, gateways, rememberedGateway, idempotencyKey, lastResult }: Props) {
  const { t } = useTranslation();
  const localePath = useLocalePath();
  const format = useFormatPrice();
  const { fields, busy, formProps } = useShopForm({
    id: 'checkout-place',
    schema: placeOrderForm,
    labels: checkoutLabels(t),
    lastResult,
    defaultValue: { gateway: checkout.gateway ?? rememberedGateway ?? gateways[0]?.name, message: checkout.delivery_message },
  });
  const chosen = String(fields.gateway.initialValue ?? '');
  const total = checkout.cart.totals.total;
  // SPEC §9: PayPal's instalments are offered from 30 EUR to 2000 EUR.
  const instalments = total >= PAYPAL_INSTALMENTS.minCents && total <= PAYPAL_INSTALMENTS.maxCents;
  const codes = checkout.cart.coupons.map((coupon) => coupon.code);
  const preorder = checkout.cart.lines.some((line) => line.on_demand === 'preorder');
  const noteOpen = Boolean(checkout.delivery_message) || Boolean(fields.message.errors?.length);
  return (
    <div className="space-y-8">
      <Section id="vouchers" title={t('checkout.vouchers.title')}>
        <details open={codes.length > 0} className="rounded border border-stone-300 p-4">
          <summary className="cursor-pointer font-medium">{codes.length > 0 ? t('checkout.codesApplied', { codes: codes.join(', ') }) : t('checkout.codesAdd')}</summary>
          <div className="mt-3">
            <CouponForm cart={checkout.cart} redirectTo={stepPath(localePath('/checkout'), 'payment')} />
          </div>
        </details>
      </Section>
      {gateways.length === 0 ? (
        <Section id="payment" title={t('checkout.payment.title')}>
          <p>{t('checkout.payment.none')}</p>
        </Section>
      ) : (
        <ShopForm {...formProps} className="space-y-8">
          <Section id="payment" title={t('checkout.payment.title')}>
            <fieldset aria-describedby={fields.gateway.errors?.length ? fields.gateway.errorId : undefined} className="space-y-2">
              <legend className="sr-only">{t('checkout.payment.title')}</legend>
              {gateways.map((gateway) => (
                <label key={gateway.name} className="flex items-start gap-3 rounded border border-stone-300 p-4 has-[:checked]:border-stone-900">
                  <input type="radio" name={fields.gateway.name} value={gateway.name} defaultChecked={chosen === gateway.name} className="mt-1 h-4 w-4" />
                  <GatewayLogo gateway={gateway.name} />
                  <span>
                    <span className="font-medium">{t(`checkout.gateways.${gateway.name}`)}</span>
                    {gateway.name === 'card' ? <span className="block text-sm text-stone-600">{t('checkout.payment.cardHint')}</span> : null}
                    {gateway.name === 'paypal' && instalments ? (
                      <span className="block text-sm text-stone-600">
                        {t('checkout.payment.paypalInstalments', { min: format(PAYPAL_INSTALMENTS.minCents), max: format(PAYPAL_INSTALMENTS.maxCents) })}
                      </span>
                    ) : null}
                  </span>
                </label>
              ))}
              <FieldErrors field={fields.gateway} />
            </fieldset>
          </Section>
          <Section id="message" title={t('checkout.message.title')}>
            <details open={noteOpen} className="rounded border border-stone-300 p-4">
              <summary className="cursor-pointer font-medium">{t('checkout.noteAdd')}</summary>
              <div className="mt-3">
                <input type="hidden" name={fields.saved_message.name} value={checkout.delivery_message} />
                <TextAreaField field={fields.message} label={t('checkout.message.label')} description={t('checkout.message.hint')} maxLength={DELIVERY_MESSAGE_MAX} autoComplete="off" />
              </div>
            </details>
          </Section>
          <Section id="review" title={t('checkout.review.title')}>
            <Review checkout={checkout} />
            <OrderSummary cart={checkout.cart} open />
            {preorder ? <p className="rounded border border-amber-300 bg-amber-50 p-3 text-amber-900">{t('checkout.review.preorderWarning')}</p> : null}
            <input type="hidden" name="idempotency_key" value={idempotencyKey} />
            <CheckboxField field={fields.accept_terms} label={<ConsentLabel textKey="checkout.review.acceptTerms" pageKey="terms-and-conditions" />} />
            <CheckboxField field={fields.accept_privacy} label={<ConsentLabel textKey="checkout.review.acceptPrivacy" pageKey="privacy-policy" />} />
            <SubmitButton busy={busy}>{t('checkout.review.place')}</SubmitButton>
          </Section>
        </ShopForm>
      )}
    </div>
  );
}
