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
  /** Starts paying an order placed in 'awaiting_payment': where to send the shopper. */
  createPayment(order: PayableOrder): Promise<CreatedPayment>;
  /** The shopper is back from the hosted page (approve, decline or cancel): what it means for the order. */
  handleReturn(input: { order: PayableOrder; query: Record<string, string> }): Promise<PaymentOutcome>;
  /**
   * A server-to-server notification: verified (signature), then described by its event id so that a replay
   * is recognised and changes nothing. An unverifiable one is refused.
   */
  handleNotification(input: { headers: Record<string, string | undefined>; rawBody: string }): Promise<VerifiedNotification>;
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
 * The status an outcome moves the order to (through the order state machine, orders/status.ts): 'refunded'
 * when the gateway has given all of the payment back.
 */
export type PaymentOutcome = {
  paymentId: string;
  status: Extract<OrderStatus, 'payment_accepted' | 'payment_error' | 'cancelled' | 'awaiting_payment' | 'refunded'>;
};

/**
 * A verified notification: which event (a replay is recognised by its id), about which order, and, where the
 * gateway says it, the amount and currency paid, which must be the order's (anything else is refused and logged),
 * and how much of it the gateway has given back so far (refunds made by the shop or on the gateway's dashboard).
 */
export type VerifiedNotification = PaymentOutcome & { eventId: string; orderReference: string; amountCents?: number; currency?: string; refundedCents?: number };

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
