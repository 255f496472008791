/**
 * What the sandbox knows of cards: the checks a processor makes on what the shopper typed, and the test cards
 * that choose an outcome (the same numbers as Stripe's test mode). Nothing here keeps a number: callers take
 * the brand and the last four digits and let the rest go.
 */

export type CardBrand = 'visa' | 'mastercard' | 'amex' | 'discover' | 'unknown';

/** What the processor does with a card that passed the checks. */
export type CardBehaviour = 'approve' | 'generic_decline' | 'insufficient_funds' | 'three_d_secure';

/** Test numbers with a set behaviour; any other number that passes the Luhn check approves. */
const TEST_CARDS: Record<string, CardBehaviour> = {
  '4242424242424242': 'approve',
  '4000000000000002': 'generic_decline',
  '4000000000009995': 'insufficient_funds',
  '4000002760003184': 'three_d_secure',
};

/** The digits of a typed number, spaces and dashes allowed between them; null when it is not a number. */
export function cardDigits(typed: string): string | null {
  const digits = typed.replace(/[\s-]/g, '');
  return /^\d{12,19}$/.test(digits) ? digits : null;
}

/** The Luhn (mod 10) check every card number carries in its last digit. */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

export function cardBrand(digits: string): CardBrand {
  if (digits.startsWith('4')) return 'visa';
  if (/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^(6011|65|64[4-9])/.test(digits)) return 'discover';
  return 'unknown';
}

export function cardBehaviour(digits: string): CardBehaviour {
  return TEST_CARDS[digits] ?? 'approve';
}

/**
 * An expiry typed as MM/YY (MM / YY and MMYY too): the month and the full year, or null when it is not one.
 * A card is good until the end of its month.
 */
export function parseExpiry(typed: string): { month: number; year: number } | null {
  const match = /^\s*(\d{1,2})\s*\/?\s*(\d{2})\s*$/.exec(typed);
  if (!match) return null;
  const month = Number(match[1]);
  if (month < 1 || month > 12) return null;
  return { month, year: 2000 + Number(match[2]) };
}

export function isExpired(expiry: { month: number; year: number }, now: Date): boolean {
  // The first moment after the card's last month (UTC: the processor's clock, not the shopper's).
  const end = Date.UTC(expiry.year, expiry.month, 1);
  return now.getTime() >= end;
}

export function isSecurityCode(typed: string): boolean {
  return /^\d{3,4}$/.test(typed.trim());
}
