import type { TextLang } from '@shop/contract';
import type { BACK_OFFICE_LANGS, StaffRole } from '@shop/contract/admin';
import type { ApiConfig } from '../config.ts';
import type { Mail } from './mailer.ts';
import { passwordResetMail } from './password-reset.ts';
import type { BuildMail, OutboxRow } from './queued.ts';
import { registrationConfirmMail, registrationKnownAddressMail } from './registration.ts';
import { staffInvitationMail } from './staff-invitation.ts';

/** What each mail built from its payload alone is queued with (the tokens and links are removed once it is sent). */
export type PlainMailPayloads = {
  password_reset: { firstName: string; lang: TextLang; token: string };
  registration_confirm: { firstName: string; lang: TextLang; token: string };
  registration_known_address: { firstName: string; lang: TextLang };
  staff_invitation: { role: StaffRole; lang: (typeof BACK_OFFICE_LANGS)[number]; url: string };
};

/** The mails of accounts and staff, built from what was queued; null for a mail of another kind (an order's). */
export function buildPlainMail(row: OutboxRow, config: Pick<ApiConfig, 'storefrontUrl'>): Mail | null {
  const to = row.recipient;
  const { storefrontUrl } = config;
  switch (row.kind) {
    case 'password_reset': {
      const payload = row.payload as PlainMailPayloads['password_reset'];
      return passwordResetMail({ to, ...payload, storefrontUrl });
    }
    case 'registration_confirm': {
      const payload = row.payload as PlainMailPayloads['registration_confirm'];
      return registrationConfirmMail({ to, ...payload, storefrontUrl });
    }
    case 'registration_known_address':
      return registrationKnownAddressMail({ to, ...(row.payload as PlainMailPayloads['registration_known_address']), storefrontUrl });
    case 'staff_invitation':
      return staffInvitationMail({ to, ...(row.payload as PlainMailPayloads['staff_invitation']) });
    default:
      return null;
  }
}

/** The builder of the mails queued by accounts and staff (the order mails' is orders/mails.ts buildAnyMail). */
export const plainMailBuilder =
  (config: Pick<ApiConfig, 'storefrontUrl'>): BuildMail =>
  async (row) => {
    const mail = buildPlainMail(row, config);
    if (!mail) throw new Error(`no builder for a mail of kind ${row.kind} here`);
    return mail;
  };
