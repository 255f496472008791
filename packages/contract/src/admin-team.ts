import { z } from 'zod';
import { rowId } from './bounds.ts';
import { emailSchema } from './account.ts';
import { STAFF_ROLES } from './admin.ts';

/** The languages of the back office, and so of the invitation mail. */
export const BACK_OFFICE_LANGS = ['en', 'it', 'fr', 'es', 'de', 'pl'] as const;

const staffId = rowId;

/** A staff member as the owners' staff page lists them. */
export const adminStaffMemberSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  role: z.enum(STAFF_ROLES),
  /** Set up: a password and an authenticator (two-factor sign-in on); false while the invitation is not used. */
  second_factor: z.boolean(),
  last_sign_in_at: z.string().nullable(),
  disabled: z.boolean(),
});
export type AdminStaffMember = z.infer<typeof adminStaffMemberSchema>;
export const adminStaffListSchema = z.object({ staff: z.array(adminStaffMemberSchema) });

/** An invitation of someone not yet on staff: the one-time set-up link, by mail in the language chosen (sent after the answer). */
export const adminInviteStaffInput = z.object({ email: emailSchema, role: z.enum(STAFF_ROLES), lang: z.enum(BACK_OFFICE_LANGS) });
/** A new one-time set-up link for a member already on staff (a lost phone), by mail in the language chosen. */
export const adminSendSetupLinkInput = z.object({ id: staffId, lang: z.enum(BACK_OFFICE_LANGS) });
export const adminInvitedSchema = z.object({ email: z.string(), created: z.boolean() });

/** A new role, or disabled (their sessions end at once) or enabled again; never the last owner's demotion nor disabling. */
export const adminChangeStaffRoleInput = z.object({ id: staffId, role: z.enum(STAFF_ROLES) });
export const adminSetStaffDisabledInput = z.object({ id: staffId, disabled: z.boolean() });
