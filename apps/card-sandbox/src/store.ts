import { randomBytes } from 'node:crypto';
import type { CardBrand } from './cards.ts';
import type { Locale } from './messages.ts';

/** Ids in Stripe's style: a prefix and random letters and digits. */
export function newId(prefix: string, length = 24): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  const bytes = randomBytes(length);
  let id = '';
  // 62 letters: the modulo bias of 256 % 62 is irrelevant for a sandbox's ids.
  for (const byte of bytes) id += alphabet[byte % alphabet.length];
  return `${prefix}_${id}`;
}

export type PaymentError = {
  type: 'card_error';
  code: 'card_declined' | 'payment_intent_authentication_failure';
  decline_code?: 'generic_decline' | 'insufficient_funds';
  message: string;
};

/** What is kept of a card: never its number or security code. */
export type CardSummary = { brand: CardBrand; last4: string };

export type Session = {
  id: string;
  paymentIntent: string;
  amount: number;
  currency: string;
  clientReferenceId: string;
  /** As the merchant sent them, `{CHECKOUT_SESSION_ID}` included. */
  successUrl: string;
  cancelUrl: string;
  locale: Locale;
  created: number;
  expiresAt: number;
  status: 'open' | 'complete' | 'expired';
  paymentStatus: 'unpaid' | 'paid';
  lastPaymentError: PaymentError | null;
  card: CardSummary | null;
  amountRefunded: number;
  /** A 3-D Secure challenge waiting for the shopper's answer. */
  challenge: { id: string; card: CardSummary } | null;
  /** Test control: this session's notifications wait (until released) or are sent late. */
  eventHold: { delayMs: number | null } | null;
  /** Test control: the next call to expire this session fails as a processor fault would (500), and expires nothing. */
  failNextExpire: boolean;
};

/** A Stripe-like URL template filled in for one session. */
export function fillSessionUrl(template: string, sessionId: string): string {
  return template.split('{CHECKOUT_SESSION_ID}').join(sessionId);
}

/** The session as the API shows it (Stripe's field names). */
export function sessionObject(session: Session, publicUrl: string) {
  return {
    id: session.id,
    object: 'checkout.session' as const,
    url: session.status === 'open' ? `${publicUrl}/pay/${session.id}` : null,
    status: session.status,
    payment_status: session.paymentStatus,
    amount_total: session.amount,
    amount_refunded: session.amountRefunded,
    currency: session.currency,
    client_reference_id: session.clientReferenceId,
    payment_intent: session.paymentIntent,
    success_url: session.successUrl,
    cancel_url: session.cancelUrl,
    locale: session.locale,
    created: session.created,
    expires_at: session.expiresAt,
    livemode: false,
    last_payment_error: session.lastPaymentError,
    payment_method_details: session.card ? { type: 'card' as const, card: session.card } : null,
  };
}
export type SessionObject = ReturnType<typeof sessionObject>;

export type Refund = { id: string; paymentIntent: string; amount: number; currency: string; created: number };
