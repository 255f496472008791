import type { Order } from '@shop/contract/account';
import { addressLines } from '@shop/contract/constants';
import type { TFunction } from 'i18next';
import { Link } from 'react-router';
import { useTranslation } from '~/i18n/use-translation';
import { productPath } from '~/features/catalog/paths';
import { countryName } from '~/features/geo/countries';
import { useCarrierPromise } from '~/features/geo/DeliveryDates';
import { useFormatDate, useFormatPrice, useLang } from '~/lib/hooks';

export function OrderStatus({ status }: { status: string }) {
  const { t } = useTranslation();
  return <>{t(`account.status.${status}`, { defaultValue: status })}</>;
}

/** An address as the shopper typed it: name, street, town, country (an order's, a checkout's or a saved one). */
export function AddressBlock({ title, address }: { title?: string; address: Record<string, unknown> }) {
  const lang = useLang();
  const lines = addressLines(address, (iso) => countryName(iso, lang));
  return (
    <div>
      {title ? <h3 className="font-semibold">{title}</h3> : null}
      <address className="mt-1 not-italic text-stone-700">
        {lines.map((line) => (
          <span key={line} className="block">
            {line}
          </span>
        ))}
      </address>
    </div>
  );
}

/** Which number the invoice goes to, named as what it is: the VAT number, or else the fiscal code. */
export function invoiceIssued(t: TFunction, invoice: { vat_number: string; fiscal_code: string }): string {
  return invoice.vat_number ? t('checkout.invoice.issued', { number: invoice.vat_number }) : t('checkout.invoice.issuedFiscalCode', { number: invoice.fiscal_code });
}

/** An order line's product page in the page's language, on the line's size and colour (`?g{group}={attribute}`); null once off sale. */
function linePath(lang: string, line: Order['lines'][number]): string | null {
  if (line.product_id === null || line.link_rewrite === null) return null;
  const variant = new URLSearchParams(Object.entries(line.variant).map(([group, attribute]) => [`g${group}`, String(attribute)])).toString();
  return `${productPath(lang, { id_product: line.product_id, link_rewrite: line.link_rewrite })}${variant ? `?${variant}` : ''}`;
}

/** An item of an order: its picture, its name (a link to its product while it is sold), size and colour, and what it cost. */
function OrderLine({ line }: { line: Order['lines'][number] }) {
  const { t } = useTranslation();
  const lang = useLang();
  const formatPrice = useFormatPrice();
  const formatDate = useFormatDate();
  const path = linePath(lang, line);
  return (
    <li className="flex gap-4 py-3">
      {line.image_url ? <img src={line.image_url} alt="" width={64} height={80} loading="lazy" className="h-auto w-16 shrink-0 rounded bg-stone-100" /> : null}
      <div className="min-w-0 flex-1">
        <p className="font-medium">
          {path ? (
            <Link to={path} className="underline-offset-2 hover:underline">
              {line.name}
            </Link>
          ) : (
            line.name
          )}
        </p>
        {line.attributes ? <p className="text-sm text-stone-600">{line.attributes}</p> : null}
        <p className="text-sm text-stone-600">
          {t('account.quantity')}: {line.quantity} · {t('account.unitPrice')}: {formatPrice(line.unit_price)}
        </p>
        {line.on_demand === 'preorder' ? (
          <p className="text-sm text-amber-800">
            {line.available_date ? t('cart.preorder', { date: formatDate(line.available_date) }) : t('cart.preorderNoDate')} · {t('cart.nonCancellable')}
          </p>
        ) : null}
        {line.on_demand === 'backorder' ? <p className="text-sm text-amber-800">{t('cart.backorder', { count: line.on_demand_quantity })}</p> : null}
      </div>
      <p className="shrink-0 font-medium">{formatPrice(line.total)}</p>
    </li>
  );
}

/** Once an order is delivered (or will not be), the dates promised at the checkout are history. */
const FINISHED = ['delivered', 'cancelled', 'refunded'];

/**
 * One order as its shopper reads it, in the account and on the confirmation page: the items with their
 * pictures (each a link to its product), the money, where it goes and how, the payment, and its returns
 * (`noReturns` says what to write when there are none yet). `actions` go under its title (Buy again).
 */
export function OrderDetails({ order, noReturns, actions, children }: { order: Order; noReturns?: string; actions?: React.ReactNode; children?: React.ReactNode }) {
  const { t } = useTranslation();
  const formatPrice = useFormatPrice();
  const formatDate = useFormatDate();
  const promise = useCarrierPromise();
  return (
    <article aria-labelledby="order-title" className="space-y-6">
      <div>
        <h2 id="order-title" className="text-2xl font-semibold">
          {t('account.orderTitle', { reference: order.reference })}
        </h2>
        <p className="text-stone-700">
          {t('account.orderPlaced', { date: formatDate(order.date) })} · <OrderStatus status={order.status} />
        </p>
        {actions}
      </div>
      <section aria-labelledby="order-items">
        <h3 id="order-items" className="sr-only">
          {t('account.orderItems')}
        </h3>
        <ul className="divide-y divide-stone-200 border-y border-stone-200">
          {order.lines.map((line, index) => (
            <OrderLine key={index} line={line} />
          ))}
        </ul>
      </section>
      <dl className="ml-auto grid max-w-xs grid-cols-2 gap-1">
        <dt>{t('account.itemsTotal')}</dt>
        <dd className="text-right">{formatPrice(order.items_total)}</dd>
        {order.discounts > 0 ? (
          <>
            <dt>{t('cart.discounts')}</dt>
            <dd className="text-right">{formatPrice(-order.discounts)}</dd>
          </>
        ) : null}
        <dt>{t('account.shippingCost')}</dt>
        <dd className="text-right">{order.shipping === 0 ? t('cart.free') : formatPrice(order.shipping)}</dd>
        <dt className="font-semibold">{t('account.orderTotal')}</dt>
        <dd className="text-right font-semibold">{formatPrice(order.total)}</dd>
        <dt className="text-sm text-stone-600">{t('account.taxIncluded')}</dt>
        <dd className="text-right text-sm text-stone-600">{formatPrice(order.tax)}</dd>
        {order.refunded > 0 ? (
          <>
            <dt>{t('checkout.orderDetails.refunded')}</dt>
            <dd className="text-right">{formatPrice(-order.refunded)}</dd>
          </>
        ) : null}
      </dl>
      {order.coupons.length > 0 ? (
        <p className="text-stone-700">
          {t('checkout.review.codes')}: {order.coupons.map((coupon) => coupon.code).join(', ')}
        </p>
      ) : null}
      <div className="grid gap-6 sm:grid-cols-2">
        {order.pickup_point ? (
          <AddressBlock title={t('checkout.review.collectAt')} address={{ first_name: order.pickup_point.name, ...order.pickup_point }} />
        ) : (
          <AddressBlock title={t('account.shippingAddress')} address={order.shipping_address} />
        )}
        <AddressBlock title={t('account.billingAddress')} address={order.billing_address} />
        {order.carrier ? (
          <div>
            <h3 className="font-semibold">{t('checkout.review.carrier')}</h3>
            <p className="text-stone-700">
              {order.carrier.name} · {promise(FINISHED.includes(order.status) ? { ...order.carrier, delivery: null } : order.carrier)}
            </p>
            {order.shipments.map((shipment, index) => (
              <p key={index} className="mt-1 text-stone-700">
                {t('checkout.orderDetails.shipped', { date: formatDate(shipment.date), carrier: shipment.carrier })}
                <span className="block">{t('checkout.orderDetails.tracking', { number: shipment.tracking_number })}</span>
                {shipment.lines.length > 0 ? (
                  <span className="block">
                    {t('checkout.orderDetails.parcelContents', {
                      items: shipment.lines.map((line) => `${line.quantity} × ${line.name}${line.attributes ? ` (${line.attributes})` : ''}`).join(', '),
                    })}
                  </span>
                ) : null}
                {shipment.tracking_url ? (
                  <a href={shipment.tracking_url} className="underline">
                    {t('checkout.orderDetails.track')}
                  </a>
                ) : null}
              </p>
            ))}
            {order.status === 'processing' && order.shipments.length > 0 ? <p className="mt-1 text-stone-700">{t('checkout.orderDetails.partlyShipped')}</p> : null}
            {order.shipments.length === 0 && order.tracking_number ? <p className="text-stone-700">{t('checkout.orderDetails.tracking', { number: order.tracking_number })}</p> : null}
          </div>
        ) : null}
        {order.gateway ? (
          <div>
            <h3 className="font-semibold">{t('checkout.review.payWith')}</h3>
            <p className="text-stone-700">{t(`checkout.gateways.${order.gateway}`, { defaultValue: order.gateway })}</p>
            {order.stray_payments.map((stray, index) => (
              <p key={index} className="mt-1 text-stone-700">
                {t(`checkout.orderDetails.strayPayment.${stray.refund}`, { amount: formatPrice(stray.amount), gateway: t(`checkout.gateways.${stray.gateway}`, { defaultValue: stray.gateway }) })}
              </p>
            ))}
          </div>
        ) : null}
        {order.delivery_message ? (
          <div>
            <h3 className="font-semibold">{t('checkout.review.note')}</h3>
            <p className="whitespace-pre-line text-stone-700">{order.delivery_message}</p>
          </div>
        ) : null}
        {order.invoice?.issued ? (
          <div>
            <h3 className="font-semibold">{t('checkout.orderDetails.invoice')}</h3>
            <p className="text-stone-700">{invoiceIssued(t, order.invoice)}</p>
          </div>
        ) : null}
      </div>
      <section aria-labelledby="order-returns">
        <h3 id="order-returns" className="font-semibold">
          {t('account.returns')}
        </h3>
        {order.returns.length === 0 ? (
          <p className="text-stone-700">{noReturns ?? t('account.noReturns')}</p>
        ) : (
          <ul>
            {order.returns.map((entry) => (
              <li key={entry.reference}>
                {entry.reference} · {formatDate(entry.date)} · <OrderStatus status={entry.status} />
                {entry.lines.length > 0 ? (
                  <ul className="text-sm text-stone-700">
                    {entry.lines.map((line, index) => (
                      <li key={index}>{t('account.returnLine', { quantity: line.quantity, name: line.name })}</li>
                    ))}
                  </ul>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </section>
      {children}
    </article>
  );
}
