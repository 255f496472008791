import { randomBytes } from 'node:crypto';
import type { Locale } from './messages.ts';

const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
const MIXED = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

function randomText(alphabet: string, length: number): string {
  let text = '';
  // The modulo bias is irrelevant for a sandbox's ids.
  for (const byte of randomBytes(length)) text += alphabet[byte % alphabet.length];
  return text;
}

/** Ids in PayPal's style: 17 upper-case letters and digits (orders, captures, refunds, payers: 13). */
export const newId = (length = 17) => randomText(UPPER, length);
/** A webhook event id: `WH-<17>-<17>`. */
export const newEventId = () => `WH-${newId()}-${newId()}`;
/** An access token in the shape of PayPal's (`A21AA…`). */
export const newAccessToken = () => `A21AA${randomText(MIXED, 92)}`;
/** A debug id, as every PayPal error carries. */
export const newDebugId = () => randomBytes(7).toString('hex').slice(0, 13);

/**
 * PayPal's currencies (its REST currency codes) and how many decimals each takes: amounts travel as decimal
 * strings ("61.12"); these three take none.
 */
export const CURRENCIES: Record<string, number> = {
  ...Object.fromEntries(['AUD', 'BRL', 'CAD', 'CNY', 'CZK', 'DKK', 'EUR', 'HKD', 'ILS', 'MYR', 'MXN', 'NOK', 'NZD', 'PHP', 'PLN', 'GBP', 'SGD', 'SEK', 'CHF', 'THB', 'USD'].map((code) => [code, 2])),
  HUF: 0,
  JPY: 0,
  TWD: 0,
};

/** A decimal amount string in the currency's smallest unit, exactly (no floating point); null when malformed. */
export function toMinor(value: string, decimals: number): number | null {
  const match = /^(\d{1,12})(?:\.(\d+))?$/.exec(value);
  if (!match) return null;
  const fraction = match[2] ?? '';
  if (fraction.length > decimals) return null;
  return Number(match[1]) * 10 ** decimals + Number(fraction.padEnd(decimals, '0') || '0');
}

/** The smallest unit back to PayPal's decimal string ("61.12", "1000" for JPY). */
export function fromMinor(minor: number, decimals: number): string {
  if (decimals === 0) return String(minor);
  const scale = 10 ** decimals;
  return `${Math.floor(minor / scale)}.${String(minor % scale).padStart(decimals, '0')}`;
}

export type Money = { currency_code: string; value: string };

export type Capture = {
  id: string;
  orderId: string;
  status: 'COMPLETED' | 'DECLINED' | 'PARTIALLY_REFUNDED' | 'REFUNDED';
  /** In the currency's smallest unit. */
  amount: number;
  refunded: number;
  created: string;
  updated: string;
};

export type Refund = { id: string; captureId: string; amount: number; created: string };

export type Order = {
  id: string;
  /** CREATED (application_context), PAYER_ACTION_REQUIRED (payment_source.paypal.experience_context), then APPROVED, COMPLETED. */
  status: 'CREATED' | 'PAYER_ACTION_REQUIRED' | 'APPROVED' | 'COMPLETED';
  /** Whether the API names the approval link `payer-action` (the newer request shape) or `approve`. */
  linkRel: 'approve' | 'payer-action';
  referenceId: string;
  customId: string | null;
  invoiceId: string | null;
  description: string | null;
  currency: string;
  /** In the currency's smallest unit. */
  amount: number;
  returnUrl: string;
  cancelUrl: string;
  locale: Locale;
  brandName: string | null;
  created: string;
  updated: string;
  payerId: string | null;
  /** Test control: the next capture of this order is declined. */
  declineNextCapture: boolean;
  /** Declines the payer met on the approval page (the order stays unapproved; PayPal does not tell the merchant). */
  payerDeclines: number;
  captureId: string | null;
  /** Test control: this order's notifications wait (until released) or are sent late. */
  eventHold: { delayMs: number | null } | null;
};

export const iso = (date = new Date()) => date.toISOString().replace(/\.\d{3}Z$/, 'Z');

export function money(minor: number, currency: string): Money {
  return { currency_code: currency, value: fromMinor(minor, CURRENCIES[currency] ?? 2) };
}

export function captureObject(capture: Capture, order: Order, publicUrl: string) {
  return {
    id: capture.id,
    status: capture.status,
    ...(capture.status === 'DECLINED' ? { status_details: { reason: 'DECLINED_BY_RISK_FRAUD_FILTERS' } } : {}),
    amount: money(capture.amount, order.currency),
    final_capture: true,
    seller_protection: { status: 'ELIGIBLE', dispute_categories: ['ITEM_NOT_RECEIVED', 'UNAUTHORIZED_TRANSACTION'] },
    ...(order.customId === null ? {} : { custom_id: order.customId }),
    ...(order.invoiceId === null ? {} : { invoice_id: order.invoiceId }),
    supplementary_data: { related_ids: { order_id: order.id } },
    create_time: capture.created,
    update_time: capture.updated,
    links: [
      { href: `${publicUrl}/v2/payments/captures/${capture.id}`, rel: 'self', method: 'GET' },
      { href: `${publicUrl}/v2/payments/captures/${capture.id}/refund`, rel: 'refund', method: 'POST' },
      { href: `${publicUrl}/v2/checkout/orders/${order.id}`, rel: 'up', method: 'GET' },
    ],
  };
}

export function refundObject(refund: Refund, capture: Capture, order: Order, publicUrl: string) {
  return {
    id: refund.id,
    status: 'COMPLETED' as const,
    amount: money(refund.amount, order.currency),
    ...(order.customId === null ? {} : { custom_id: order.customId }),
    ...(order.invoiceId === null ? {} : { invoice_id: order.invoiceId }),
    create_time: refund.created,
    update_time: refund.created,
    links: [
      { href: `${publicUrl}/v2/payments/refunds/${refund.id}`, rel: 'self', method: 'GET' },
      { href: `${publicUrl}/v2/payments/captures/${capture.id}`, rel: 'up', method: 'GET' },
    ],
  };
}

/** The approval page's address for an order (PayPal's `checkoutnow?token=`). */
export const approvalUrl = (order: Order, publicUrl: string) => `${publicUrl}/checkoutnow?token=${order.id}`;

/** The order as the Orders v2 API shows it. */
export function orderObject(order: Order, publicUrl: string, capture: Capture | null, refunds: readonly Refund[] = []) {
  const self = `${publicUrl}/v2/checkout/orders/${order.id}`;
  const unapproved = order.status === 'CREATED' || order.status === 'PAYER_ACTION_REQUIRED';
  return {
    id: order.id,
    intent: 'CAPTURE' as const,
    status: order.status,
    ...(order.payerId === null ? {} : { payment_source: { paypal: { account_id: order.payerId, account_status: 'VERIFIED', email_address: `buyer-${order.payerId.toLowerCase()}@example.com` } } }),
    purchase_units: [
      {
        reference_id: order.referenceId,
        amount: money(order.amount, order.currency),
        payee: { merchant_id: 'SANDBOXMERCHANT', email_address: 'merchant@example.com' },
        ...(order.customId === null ? {} : { custom_id: order.customId }),
        ...(order.invoiceId === null ? {} : { invoice_id: order.invoiceId }),
        ...(order.description === null ? {} : { description: order.description }),
        ...(capture
          ? {
              payments: {
                captures: [captureObject(capture, order, publicUrl)],
                // As PayPal shows them: every refund of the order's capture.
                ...(refunds.length ? { refunds: refunds.map((refund) => refundObject(refund, capture, order, publicUrl)) } : {}),
              },
            }
          : {}),
      },
    ],
    ...(order.payerId === null ? {} : { payer: { payer_id: order.payerId, email_address: `buyer-${order.payerId.toLowerCase()}@example.com`, name: { given_name: 'Sandbox', surname: 'Buyer' } } }),
    create_time: order.created,
    update_time: order.updated,
    links: [
      { href: self, rel: 'self', method: 'GET' },
      ...(unapproved ? [{ href: approvalUrl(order, publicUrl), rel: order.linkRel, method: 'GET' }] : []),
      ...(unapproved ? [{ href: self, rel: 'update', method: 'PATCH' }] : []),
      ...(order.status === 'APPROVED' || unapproved ? [{ href: `${self}/capture`, rel: 'capture', method: 'POST' }] : []),
    ],
  };
}
export type OrderObject = ReturnType<typeof orderObject>;
