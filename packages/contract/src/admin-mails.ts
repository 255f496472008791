import { z } from 'zod';
import { rowId } from './bounds.ts';

/** Every mail the shop sends, by what calls for it (the API's mail outbox keeps each one's kind). */
export const MAIL_KINDS = [
  'order_confirmation',
  'refund_notice',
  'stray_refund_notice',
  'return_notice',
  'shipping_notice',
  'password_reset',
  'registration_confirm',
  'registration_known_address',
  'staff_invitation',
] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

/**
 * A mail of the outbox that has not gone out: given up (tried MAIL_MAX_ATTEMPTS times) or failing (its last try
 * failed, another is due at `next_attempt_at`). The subject is known once the mail could be built.
 */
export const adminUnsentMailSchema = z.object({
  id: z.number().int(),
  kind: z.enum(MAIL_KINDS),
  recipient: z.string(),
  subject: z.string().nullable(),
  order_reference: z.string().nullable(),
  attempts: z.number().int(),
  last_error: z.string().nullable(),
  created_at: z.string(),
  next_attempt_at: z.string().nullable(),
  given_up: z.boolean(),
});
export type AdminUnsentMail = z.infer<typeof adminUnsentMailSchema>;
/** The newest first, at most 200 (more would be a mail server down: the count says how many in all). */
export const adminUnsentMailsSchema = z.object({ mails: z.array(adminUnsentMailSchema), total: z.number().int() });
export const adminSendMailAgainInput = z.object({ id: rowId });
/**
 * Sent again: whether it went out this time (if not, it is tried again as any failing mail); `sending`: the
 * deliver-mails job is sending it at this moment, and it was left to that try (nothing changed, nothing audited).
 */
export const adminMailSentAgainSchema = z.object({ sent: z.boolean(), sending: z.boolean() });
