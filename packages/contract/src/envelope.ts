import { z } from 'zod';
import { CART_ERROR_CODES, COUPON_ERROR_CODES } from './constants.ts';
import { REVIEW_ERROR_CODES } from './review-constants.ts';

/**
 * Every shop API response: `{ success, code, psdata, message }` (DESIGN.md §3).
 * `code` is stable and machine-readable; `message` is readable English; the storefront translates by code.
 */
export const ERROR_CODES = [
  'bad_request',
  'not_found',
  'unauthorized',
  'forbidden',
  'conflict',
  'too_many_requests',
  'maintenance',
  'internal_error',
  // Accounts
  'authentication_failed',
  'email_taken',
  'invalid_password',
  'password_too_weak',
  'reset_token_invalid',
  'registration_link_invalid',
  'busy',
  // Cart and wishlist (the storefront has a translated text for each)
  ...CART_ERROR_CODES,
  ...COUPON_ERROR_CODES,
  ...REVIEW_ERROR_CODES,
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export function envelopeSchema<T extends z.ZodType>(psdata: T) {
  return z.object({
    success: z.boolean(),
    code: z.string(),
    psdata: psdata.nullable(),
    message: z.string(),
  });
}

export type Envelope<T> = { success: boolean; code: string; psdata: T | null; message: string };

/** psdata of a 400 answer: what is wrong with which field. */
export const fieldErrorsSchema = z.object({ errors: z.record(z.string(), z.array(z.string())) });
