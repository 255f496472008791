import type { GatewayName, OrderStatus } from '@shop/contract';

/**
 * What every payment gateway module (`payments/gateways/<name>.ts`: PayPal, MultiSafepay, card) offers the
 * checkout (DESIGN.md §5, ADR 0011). Card data never passes through the shop: the shopper types it on the
 * processor's hosted page, so none of these carry a card number or a security code.
 */
export type PaymentGateway = {
  /** The name in configuration and URLs ('paypal', 'multisafepay', 'card'). */
  readonly name: string;
  /**
   * What the webhook route answers a notification it took, when the gateway wants a word rather than JSON
   * (MultiSafepay: 'OK', else it sends the notification again); unset: `{ received: true }`.
   */
  readonly acknowledgement?: string;
  /** Where it is offered: the countries (null: all the shop sells to) and currencies of a payment (payments/registry.ts). */
  readonly offeredIn?: { countries: string[] | null; currencies: string[] };
  /** Starts paying an order placed in 'awaiting_payment': the gateway's id of this payment and where to send the shopper. */
  createPayment(order: PayableOrder): Promise<CreatedPayment>;
  /**
   * Reads a payment back from the gateway's API (ADR 30): the only source the shop acts on. What it reads must be
   * the order's (its reference, amount and currency), else it throws. With `settle`, an approval the shop has to
   * complete itself is completed (PayPal's capture): only for the attempt that may pay the order.
   */
  readPayment(input: { order: PayableOrder; paymentId: string; settle: boolean }): Promise<PaymentReading>;
  /**
   * Ends a payment at the gateway so that it can no longer be paid (a card session expired, a MultiSafepay order
   * cancelled; a PayPal order is abandoned, since the shop alone captures it). A payment already paid or ended is
   * left as it is (the read-back that follows says which); throws when the gateway did not answer.
   */
  endPayment(input: { paymentId: string }): Promise<void>;
  /**
   * A server-to-server notification, verified (signature, freshness): a hint naming the payment to read back,
   * never a fact. An unverifiable one is refused (InvalidNotificationError).
   */
  handleNotification(input: { headers: Record<string, string | undefined>; rawBody: string }): Promise<NotificationHint>;
  /** Gives money back, whole or in part (integer cents). */
  refund(input: { order: PayableOrder; paymentId: string; amountCents: number }): Promise<{ refundId: string }>;
};

/** What a gateway needs of an order; money in integer cents. */
export type PayableOrder = {
  reference: string;
  totalCents: number;
  currency: string;
  /** The shopper's language, for the hosted page. */
  lang: string;
  /** Where the hosted page sends the shopper back (the storefront's checkout/validate). */
  returnUrl: string;
  cancelUrl: string;
};

export type CreatedPayment = { paymentId: string; redirectUrl: string };

/**
 * What a payment read back means for its order (through the order state machine, orders/status.ts): 'cancelled'
 * when the payment can no longer be paid (expired), 'refunded' when the gateway has given all of it back.
 */
export type PaymentOutcome = {
  paymentId: string;
  status: Extract<OrderStatus, 'payment_accepted' | 'payment_error' | 'cancelled' | 'awaiting_payment' | 'refunded'>;
};

/** A payment as read back, with what the gateway has given back of it so far, where it says (in cents). */
export type PaymentReading = PaymentOutcome & { refundedCents?: number };

/**
 * A verified notification: the payment it is about (read back before anything is done), the event's id (a replay is
 * recognised) and, where the gateway gives each delivery an id of its own (PayPal's transmission id), that id: each
 * delivery is taken once.
 */
export type NotificationHint = { eventId: string; paymentId: string; deliveryId?: string };

/**
 * Thrown by handleNotification when a notification cannot be verified (no, bad or stale signature; a body that
 * is not the gateway's): the webhook route answers 401 and applies nothing. statusCode is what Fastify answers.
 */
export class InvalidNotificationError extends Error {
  readonly statusCode = 401;
  constructor(message: string) {
    super(message);
    this.name = 'InvalidNotificationError';
  }
}

/** The gateways this shop offers, by name (configuration decides which: payments/registry.ts). */
export type Gateways = ReadonlyMap<GatewayName, PaymentGateway>;
