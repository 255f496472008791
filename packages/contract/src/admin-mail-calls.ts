import { z } from 'zod';
import { adminCall } from './admin-call.ts';
import { adminMailSentAgainSchema, adminSendMailAgainInput, adminUnsentMailsSchema } from './admin-mails.ts';

/** The owners' and managers' "Mails not sent": the mails of the outbox given up or failing, and sending one again. */
export const adminMailCalls = {
  listUnsentMails: adminCall('mails', z.object({}).strict(), adminUnsentMailsSchema, { readOnly: true }),
  /** Tries a mail again at once, its tries counted anew; one already sent is refused (not_found). */
  sendMailAgain: adminCall('mails', adminSendMailAgainInput, adminMailSentAgainSchema, { refusals: ['not_found'] }),
};
