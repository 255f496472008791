import { z } from 'zod';

/** A record as the shop keeps it, with its own fields: the export shows them as stored, nothing left out. */
const record = z.record(z.string(), z.unknown());

/**
 * Everything the shop holds about one person (GDPR art. 15 and 20), as the customer downloads it from their account
 * and the back office exports it: the account (null for a guest), and whatever is filed under them or their address.
 */
export const personalDataSchema = z.object({
  exported_at: z.string(),
  email: z.string(),
  account: record.nullable(),
  consents: z.object({ newsletter: z.boolean(), newsletter_consent_at: z.string().nullable(), newsletter_interests: z.array(z.string()) }).nullable(),
  addresses: z.array(record),
  orders: z.array(record),
  reviews: z.array(record),
  wishlist: z.array(record),
  carts: z.array(record),
  /** The shop's mails to the address still kept (sent ones for a week, others until given up for 30 days), without their links' secrets. */
  mails: z.array(record),
  erasure_requested_at: z.string().nullable(),
});
export type PersonalData = z.infer<typeof personalDataSchema>;
