import { isLang, type Order } from '@shop/contract';
import { eq } from 'drizzle-orm';
import { pageByKey } from '../catalog/content.ts';
import { deliveryDates } from '../catalog/delivery-dates.ts';
import type { ApiConfig } from '../config.ts';
import type { Database, Queryable } from '../db/client.ts';
import { orders } from '../db/schema.ts';
import type { Mail } from '../mail/mailer.ts';
import { orderConfirmationMail } from '../mail/order-confirmation.ts';
import { buildPlainMail } from '../mail/plain-mails.ts';
import { deliverQueued, queueMail, type BuildMail, type DeliveryDeps } from '../mail/queued.ts';
import { refundNoticeMail, strayRefundNoticeMail } from '../mail/refund-notice.ts';
import { returnNoticeMail } from '../mail/return-notice.ts';
import { shippingNoticeMail } from '../mail/shipping-notice.ts';
import { orderToken } from './links.ts';
import { orderView, type OrderRow } from './view.ts';

/**
 * The order mails of the outbox (mail/queued.ts, docs/adr/0053-mail-outbox.md): queued with the order's change,
 * built when they are delivered from the order as it is then, with what the change said (an amount, a parcel).
 */
export type OrderMailPayloads = {
  order_confirmation: Record<string, never>;
  refund_notice: { amountCents: number };
  stray_refund_notice: { amountCents: number };
  return_notice: { returnReference: string; step: 'requested' | 'received' };
  /** The parcel's place among the order's shipments (they are only ever added). */
  shipping_notice: { parcel: number };
};

/** Queues an order's mail to its address in the transaction of the change that calls for it. */
export function queueOrderMail<K extends keyof OrderMailPayloads>(tx: Queryable, order: OrderRow, kind: K, payload: OrderMailPayloads[K]): Promise<number> {
  return queueMail(tx, { kind, to: order.email, orderId: order.id, payload });
}

type MailParts = { order: Order; lang: string; storefrontUrl: string; token: string | null };

async function buildOrderMail(db: Database, config: ApiConfig, row: { kind: string; orderId: number | null; payload: unknown }): Promise<Mail> {
  const [order] = row.orderId === null ? [] : await db.select().from(orders).where(eq(orders.id, row.orderId));
  if (!order) throw new Error('the order of this mail is gone');
  // A guest's link carries the order's token; an account's order is read after signing in.
  const token = order.customerId === null ? await orderToken(db, order.reference) : null;
  const parts: MailParts = { order: await orderView(db, order), lang: order.lang, storefrontUrl: config.storefrontUrl, token };
  switch (row.kind) {
    case 'order_confirmation': {
      // The shop's terms of sale in the order's language (English for Polish, which has no pages).
      const terms = await pageByKey(db, isLang(order.lang) ? order.lang : 'en', 'terms-and-conditions');
      return orderConfirmationMail({ ...parts, returnAddress: config.returnAddress, terms });
    }
    case 'refund_notice':
      return refundNoticeMail({ ...parts, ...(row.payload as OrderMailPayloads['refund_notice']) });
    case 'stray_refund_notice':
      return strayRefundNoticeMail({ ...parts, ...(row.payload as OrderMailPayloads['stray_refund_notice']) });
    case 'return_notice':
      return returnNoticeMail({ ...parts, ...(row.payload as OrderMailPayloads['return_notice']), returnAddress: config.returnAddress });
    case 'shipping_notice': {
      const { parcel } = row.payload as OrderMailPayloads['shipping_notice'];
      const shipment = parts.order.shipments[parcel];
      if (!shipment) throw new Error(`the order has no parcel ${parcel}`);
      const carrier = parts.order.carrier;
      const expected = carrier ? deliveryDates(carrier.delivery_days, 'now', config.delivery, new Date(shipment.date)) : null;
      return shippingNoticeMail({ ...parts, shipment, expected });
    }
    default:
      throw new Error(`no builder for a mail of kind ${row.kind}`);
  }
}

/** The builder of every mail of the outbox: the order mails here, the others from their payload (mail/plain-mails.ts). */
export const buildAnyMail =
  (db: Database, config: ApiConfig): BuildMail =>
  async (row) =>
    buildPlainMail(row, config) ?? buildOrderMail(db, config, row);

/** What delivering the outbox's mails needs: the database, the transport, the settings, the log. */
export type MailDeps = Omit<DeliveryDeps, 'config'> & { config: ApiConfig };

/** Delivers the mails a committed change queued (every kind), before the request answers; failures are left to the job. */
export function deliverMails(deps: MailDeps, ids: readonly number[]): Promise<void> {
  return deliverQueued(deps, buildAnyMail(deps.db, deps.config), ids);
}
