import type { Cart } from '@shop/contract';
import { useTranslation } from '~/i18n/use-translation';
import { useFormatPrice } from '~/lib/hooks';
import { CartTotals } from '~/features/cart/CartTotals';
import { LineSummary } from '~/features/cart/CartLines';

/**
 * What the shopper is buying, beside every step: on a phone folded under its total (one tap opens it), so the
 * step's form stays on the first screen.
 */
export function OrderSummary({ cart, open = false }: { cart: Cart; open?: boolean }) {
  const { t } = useTranslation();
  const format = useFormatPrice();
  return (
    <details open={open} className="group rounded border border-stone-200 bg-stone-50 p-4">
      <summary className="flex cursor-pointer flex-wrap justify-between gap-2 font-semibold">
        <span>{t('checkout.summary')}</span>
        <span>{t('checkout.summaryTotal', { count: cart.totals.items_count, total: format(cart.totals.total) })}</span>
      </summary>
      <ul className="mt-4 space-y-3">
        {cart.lines.map((line) => (
          <li key={line.id} className="flex items-start justify-between gap-3">
            <LineSummary line={line} headingLevel={3} imageWidth="w-14">
              <p className="text-sm text-stone-600">× {line.quantity}</p>
            </LineSummary>
            <span className="shrink-0">{format(line.total)}</span>
          </li>
        ))}
      </ul>
      <div className="mt-4 border-t border-stone-200 pt-4">
        <CartTotals cart={cart} />
      </div>
    </details>
  );
}
