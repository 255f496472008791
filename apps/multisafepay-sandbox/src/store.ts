import { randomBytes, randomInt } from 'node:crypto';
import type { Locale } from './messages.ts';

/** MultiSafepay's order statuses (the ones this sandbox reaches). */
export const STATUSES = ['initialized', 'completed', 'uncleared', 'declined', 'void', 'cancelled', 'expired', 'refunded', 'partial_refunded'] as const;
export type Status = (typeof STATUSES)[number];

/** The payment methods of the payment page, by MultiSafepay's gateway codes. */
export const METHODS = ['IDEAL', 'CREDITCARD', 'BANKTRANS'] as const;
export type Method = (typeof METHODS)[number];
/** Gateway codes an order may name (`gateway`), and the page's method each opens. */
export const GATEWAYS: Record<string, Method> = { IDEAL: 'IDEAL', CREDITCARD: 'CREDITCARD', VISA: 'CREDITCARD', MASTERCARD: 'CREDITCARD', MAESTRO: 'CREDITCARD', BANKTRANS: 'BANKTRANS' };

/** iDEAL's test banks (issuer ids as MultiSafepay lists them). */
export const IDEAL_ISSUERS: Record<string, string> = {
  '0031': 'ABN AMRO',
  '0761': 'ASN Bank',
  '0802': 'bunq',
  '0721': 'ING',
  '0021': 'Rabobank',
  '0751': 'SNS',
};

/** The account a bank transfer is paid to. */
export const TRANSFER_ACCOUNT = { beneficiary: 'Stichting Derdengelden MultiSafepay (sandbox)', iban: 'NL87 ABNA 0000 0000 01', bic: 'ABNANL2A' };

export type Refund = { refundId: number; transactionId: number; amount: number; description: string; created: Date };

export type SandboxOrder = {
  orderId: string;
  /** The payment page's address: /pay/<token>. A new one with every new payment attempt on the order. */
  token: string;
  transactionId: number;
  amount: number;
  currency: string;
  description: string;
  locale: Locale;
  customer: Record<string, string | null>;
  notificationUrl: string | null;
  notificationMethod: 'POST' | 'GET';
  redirectUrl: string;
  cancelUrl: string;
  closeWindow: boolean;
  /** The gateway the order asked for (the page then shows only that method). */
  gateway: Method | null;
  vars: { var1: string | null; var2: string | null; var3: string | null };
  status: Status;
  /** The method the shopper chose on the page, and what it needs. */
  method: Method | null;
  issuerId: string | null;
  transferReference: string | null;
  reason: string;
  created: Date;
  modified: Date;
  expiresAt: Date;
  amountRefunded: number;
  refunds: Refund[];
  /** Test control: this order's notifications wait (until released) or are sent late. */
  eventHold: { delayMs: number | null } | null;
};

export function newToken(): string {
  return randomBytes(24).toString('base64url');
}

let nextTransactionId = randomInt(10_000_000, 90_000_000);
/** MultiSafepay's transaction ids: numbers, one per payment attempt and per refund. */
export function newTransactionId(): number {
  return nextTransactionId++;
}

/** MultiSafepay's dates: local time without a zone, to the second (the sandbox writes UTC). */
export function mspDate(date: Date): string {
  return date.toISOString().slice(0, 19);
}

const METHOD_DESCRIPTIONS: Record<Method, string> = { IDEAL: 'iDEAL', CREDITCARD: 'Credit card', BANKTRANS: 'Bank transfer' };

/** The order as the API shows it (`data` of GET /v1/json/orders/:id) and as notifications carry it. */
export function orderObject(order: SandboxOrder, publicUrl: string) {
  const financial = order.status === 'partial_refunded' ? 'completed' : order.status === 'void' ? 'void' : order.status;
  return {
    transaction_id: order.transactionId,
    order_id: order.orderId,
    created: mspDate(order.created),
    modified: mspDate(order.modified),
    currency: order.currency,
    amount: order.amount,
    amount_refunded: order.amountRefunded,
    description: order.description,
    status: order.status,
    financial_status: financial,
    reason: order.reason,
    reason_code: '',
    fastcheckout: 'NO',
    items: null,
    var1: order.vars.var1,
    var2: order.vars.var2,
    var3: order.vars.var3,
    custom_info: { custom_1: null, custom_2: null, custom_3: null },
    customer: { ...order.customer, locale: order.customer.locale ?? null },
    payment_url: order.status === 'initialized' && order.method !== 'BANKTRANS' ? `${publicUrl}/pay/${order.token}` : null,
    payment_details: order.method
      ? {
          type: order.method,
          account_holder_name: null,
          account_iban: null,
          account_id: null,
          external_transaction_id: order.transferReference ?? String(order.transactionId),
          issuer_id: order.issuerId,
          recurring_id: null,
          recurring_model: null,
        }
      : { type: null },
    payment_methods: order.method
      ? [{ amount: order.amount, currency: order.currency, description: order.description, payment_description: METHOD_DESCRIPTIONS[order.method], status: order.status, type: order.method }]
      : [],
    related_transactions: order.refunds.length
      ? order.refunds.map((refund) => ({ amount: refund.amount, currency: order.currency, description: refund.description, status: 'completed', transaction_id: refund.transactionId, created: mspDate(refund.created) }))
      : null,
    costs: [],
  };
}
export type OrderObject = ReturnType<typeof orderObject>;
