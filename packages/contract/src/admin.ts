import { z } from 'zod';
import { emailSchema, orderSchema, orderSummarySchema } from './account.ts';
import { GATEWAY_NAMES, ORDER_STATUSES } from './constants.ts';
import { listCursor, listPageSchema } from './admin-list-pages.ts';
import { newPasswordSchema } from './password-policy.ts';

/**
 * The back office's staff and what they read (docs/adr/0033-back-office.md). Roles have rights per area (the
 * API's staff/rights.ts); every admin call belongs to one area.
 */
export const STAFF_ROLES = ['owner', 'manager', 'fulfilment', 'customer_service', 'catalogue'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/**
 * - `sign_in`: needs no staff session (signing in, the set-up link);
 * - `own`: any signed-in staff member (their own session);
 * - the others: the roles the API's rights table gives them (`staff`, inviting and managing staff: owners only).
 */
export const ADMIN_AREAS = ['sign_in', 'own', 'orders', 'shipping', 'refunds', 'returns', 'reports', 'dashboard', 'mails', 'customers', 'reviews', 'staff', 'catalogue', 'promotions', 'delivery', 'content'] as const;
export type AdminArea = (typeof ADMIN_AREAS)[number];

/** A set-up link's and a sign-in challenge's tokens are 32 random bytes in base64url. */
const token = z.string().regex(/^[A-Za-z0-9_-]{43}$/);
/** A code of the authenticator app (6 digits) or a recovery code (two groups of five letters or digits). */
export const secondFactorCode = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^(\d{6}|[a-z0-9]{5}-[a-z0-9]{5})$/, { error: 'Enter the 6-digit code of your authenticator app, or a recovery code.' });

export const staffMemberSchema = z.object({ email: z.string(), role: z.enum(STAFF_ROLES), areas: z.array(z.enum(ADMIN_AREAS)) });
export type StaffMember = z.infer<typeof staffMemberSchema>;

export const staffSignInInput = z.object({ email: emailSchema, password: z.string().min(1).max(1024) });
/** The password was right: the challenge is good for the second factor only, for a few minutes. */
export const staffChallengeSchema = z.object({ challenge: token, expires_at: z.string() });
export const staffSecondFactorInput = z.object({ challenge: token, code: secondFactorCode });
export const staffSignedInSchema = z.object({ staff: staffMemberSchema, session: z.object({ token, expires_at: z.string() }) });

export const staffSetupInput = z.object({ token });
/** What the set-up page shows: who it is for and the authenticator key to enrol (as text and as an otpauth link). */
export const staffSetupSchema = z.object({ email: z.string(), role: z.enum(STAFF_ROLES), totp_secret: z.string(), otpauth_url: z.string() });
export const completeStaffSetupInput = z.object({ token, password: newPasswordSchema, code: z.string().trim().regex(/^\d{6}$/, { error: 'Enter the 6-digit code your authenticator app shows.' }) });
/** A staff member's own new password: the current one first; the new one by the shop's policy. Their other sessions end. */
export const changeOwnStaffPasswordInput = z.object({ current_password: z.string().min(1).max(1024), new_password: newPasswordSchema });
/** Recovery codes are shown once, here: only their hashes are kept. */
export const staffSetupDoneSchema = z.object({ email: z.string(), recovery_codes: z.array(z.string()) });

/** Orders a page of the list holds. */
export const ADMIN_ORDERS_PAGE_SIZE = 25;
export const adminOrdersInput = z.object({
  /** A reference, an email address or a name (part of one). */
  query: z.string().trim().max(100).optional(),
  status: z.enum(ORDER_STATUSES).optional(),
  /** Placed from and to these days (both included). */
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  country: z.string().regex(/^[A-Za-z]{2}$/).toUpperCase().optional(),
  gateway: z.enum(GATEWAY_NAMES).optional(),
  /** Only orders with (true) or without (false) an invoice request. */
  invoice: z.boolean().optional(),
  /** The page: its link's cursor (none: the first page). */
  cursor: listCursor.optional(),
});
export const adminOrderRowSchema = orderSummarySchema.extend({ email: z.string(), name: z.string(), country: z.string(), gateway: z.string().nullable() });
export const adminOrdersSchema = listPageSchema.extend({ orders: z.array(adminOrderRowSchema) });

export const adminOrderInput = z.object({ reference: z.string().trim().regex(/^[A-Za-z0-9]{1,16}$/) });
/** The order as the shopper reads it, with what only the shop sees: every payment attempt, refunds and the gateway's events. */
export const adminOrderSchema = z.object({
  order: orderSchema,
  attempts: z.array(
    z.object({
      gateway: z.string(),
      payment_id: z.string(),
      started_at: z.string(),
      ended_at: z.string().nullable(),
      stray_amount: z.number().int(),
      stray_refund: z.string().nullable(),
    }),
  ),
  refunds: z.array(z.object({ amount: z.number().int(), status: z.string(), gateway_refund_id: z.string().nullable(), date: z.string() })),
  /** Placed, gateway events, refunds and every back-office action on it (its audit trail: who, and the note or values). */
  history: z.array(z.object({ date: z.string(), event: z.string(), gateway: z.string().nullable(), detail: z.string(), actor: z.string().nullable() })),
});
export type AdminOrder = z.infer<typeof adminOrderSchema>;
