import { intlLocale } from '@shop/contract/constants';
import type { Cart } from '@shop/contract';
import { useTranslation } from '~/i18n/use-translation';
import { useFormatPrice, useLang } from '~/lib/hooks';
import { numberFormat } from '~/lib/intl';
import { useDeliveryText } from '~/features/geo/DeliveryDates';

function Row({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className={`flex flex-wrap justify-between gap-x-4 ${strong ? 'border-t border-stone-300 pt-3 text-lg font-semibold' : ''}`}>
      <dt className="min-w-0 [overflow-wrap:anywhere]">{label}</dt>
      <dd className="ml-auto whitespace-nowrap">{value}</dd>
    </div>
  );
}

/**
 * Subtotal, what the codes take off, shipping (or 'Free'), the total, when it is expected (the standard carrier's
 * dates, or in the checkout the chosen one's) and the VAT it includes (none for an export).
 */
export function CartTotals({ cart }: { cart: Cart }) {
  const { t } = useTranslation();
  const lang = useLang();
  const format = useFormatPrice();
  const deliveryText = useDeliveryText();
  const { totals } = cart;
  // Each rate the VAT is at: '23 %', or '0 %, 23 %' for lines of tax classes taxed differently (ADR 64).
  const percent = numberFormat(intlLocale(lang), { style: 'percent', maximumFractionDigits: 2 });
  const rate = totals.vat_rates_bp.map((bp) => percent.format(bp / 10_000)).join(', ');
  return (
    <div className="space-y-2">
      <dl className="space-y-2">
        <Row label={t('cart.subtotal')} value={format(totals.products)} />
        {totals.discounts > 0 ? <Row label={t('cart.discounts')} value={format(-totals.discounts)} /> : null}
        <Row label={t('cart.shipping')} value={totals.shipping_free ? t('cart.free') : format(totals.shipping)} />
        <Row label={t('cart.total')} value={format(totals.total)} strong />
      </dl>
      {cart.delivery ? (
        <p className="text-sm text-stone-700">
          {cart.delivery.carrier} · {deliveryText(cart.delivery.dates)}
        </p>
      ) : null}
      <p className="text-sm text-stone-600">{totals.vat_rate_bp > 0 ? t('cart.vatIncluded', { amount: format(totals.tax), rate }) : t('cart.noVat')}</p>
    </div>
  );
}

/** How far the cart is from the country's free shipping (SPEC §9), or that it has it. */
export function FreeShippingProgress({ cart }: { cart: Cart }) {
  const { t } = useTranslation();
  const format = useFormatPrice();
  const progress = cart.free_shipping;
  if (cart.totals.shipping_free || (progress && progress.remaining <= 0)) {
    return <p className="font-medium text-emerald-800">{t('cart.freeShippingReached')}</p>;
  }
  if (!progress) return null;
  const done = Math.min(100, Math.round(((progress.threshold - progress.remaining) / progress.threshold) * 100));
  return (
    <div className="space-y-1">
      <p>{t('cart.freeShippingRemaining', { amount: format(progress.remaining) })}</p>
      {/* The sentence says it all; the bar is for the eye. */}
      <div aria-hidden="true" className="h-2 overflow-hidden rounded bg-stone-200">
        <div className="h-full bg-emerald-700" style={{ width: `${done}%` }} />
      </div>
    </div>
  );
}
