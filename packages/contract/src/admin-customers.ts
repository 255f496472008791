import { z } from 'zod';
import { rowId } from './bounds.ts';
import { addressSchema, emailSchema } from './account.ts';
import { adminOrderRowSchema } from './admin.ts';
import { listCursor, listPageSchema } from './admin-list-pages.ts';

/** Rows a page of the customers (and of the newsletter's subscribers) holds. */
export const ADMIN_CUSTOMERS_PAGE_SIZE = 25;

export const adminCustomersInput = z.object({
  /** An email address or a name (part of one). */
  query: z.string().trim().max(100).optional(),
  /** Only those who asked from their account to be erased. */
  erasure_requested: z.boolean().optional(),
  cursor: listCursor.optional(),
});
export const adminCustomerRowSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  order_count: z.number().int(),
  newsletter: z.boolean(),
  created_at: z.string(),
  erasure_requested_at: z.string().nullable(),
});
export const adminCustomersSchema = listPageSchema.extend({ customers: z.array(adminCustomerRowSchema) });

export const adminCustomerInput = z.object({ id: rowId });
export const adminCustomerSchema = z.object({
  customer: adminCustomerRowSchema.extend({
    first_name: z.string(),
    last_name: z.string(),
    lang: z.string(),
    newsletter_consent_at: z.string().nullable(),
    newsletter_interests: z.array(z.string()),
  }),
  addresses: z.array(addressSchema),
  orders: z.array(adminOrderRowSchema),
});
export type AdminCustomer = z.infer<typeof adminCustomerSchema>;

/** A guest's orders (no account) by their exact address, newest first. */
export const adminGuestOrdersInput = z.object({ email: emailSchema, cursor: listCursor.optional() });
export const adminGuestOrdersSchema = listPageSchema.extend({ orders: z.array(adminOrderRowSchema) });

/** A person is their account's address, or a guest's address. */
export const adminPersonInput = z.object({ email: emailSchema });
/**
 * Erasing a person: the staff member types the address again to confirm (the form's check, and the API's), and says
 * why (the request's date or channel, kept in the audit log).
 */
export const adminEraseInput = z.object({ email: emailSchema, confirm_email: emailSchema, reason: z.string().trim().min(3).max(500) }).refine((input) => input.email === input.confirm_email, {
  path: ['confirm_email'],
  error: 'Type the address again to confirm.',
});
export const adminErasedSchema = z.object({ account: z.boolean(), orders: z.number().int(), reviews: z.number().int(), review_photos: z.number().int() });

/** The newsletter's subscribers, in the order they signed up, a page after another (`after`: the last id read). */
export const ADMIN_SUBSCRIBERS_PAGE_SIZE = 500;
export const adminSubscribersInput = z.object({ after: z.coerce.number().int().min(0).max(2_147_483_647).default(0) });
export const adminSubscriberSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  lang: z.string(),
  interests: z.array(z.string()),
  consent_at: z.string().nullable(),
});
export const adminSubscribersSchema = z.object({ subscribers: z.array(adminSubscriberSchema), next: z.number().int().nullable(), total: z.number().int() });
