import type { AdminUnsentMail, MailKind } from '@shop/contract/admin';
import { sql } from 'drizzle-orm';
import { selectRows } from '../db/raw.ts';
import { notFound } from '../http/errors.ts';
import { MAIL_IN_FLIGHT } from '../mail/queued.ts';
import { deliverMails } from '../orders/mails.ts';
import { audit } from './audit.ts';
import { actorOf, type AdminCallHandler } from './context.ts';

/** A mail of the outbox that has not gone out and needs a person's eye: given up, or its last try failed. */
export const UNSENT_MAIL = sql`sent_at is null and (given_up_at is not null or last_error is not null)`;

/** How many mails the page lists (the newest): more is a mail server down, which the count tells. */
const LISTED = 200;

type UnsentRow = {
  id: number;
  kind: MailKind;
  recipient: string;
  subject: string | null;
  reference: string | null;
  attempts: number;
  last_error: string | null;
  created_at: Date | string;
  next_attempt_at: Date | string;
  given_up_at: Date | string | null;
};

const iso = (value: Date | string) => new Date(value).toISOString();

/** "Mails not sent": the given-up and failing mails of the outbox, newest first, with their order's reference. */
const listUnsentMails: AdminCallHandler<'listUnsentMails'> = async (_input, { db }) => {
  const [rows, [count]] = await Promise.all([
    selectRows<UnsentRow>(
      db,
      sql`select m.id, m.kind, m.recipient, m.subject, o.reference, m.attempts, m.last_error, m.created_at, m.next_attempt_at, m.given_up_at
        from mail_outbox m left join orders o on o.id = m.order_id where ${UNSENT_MAIL} order by m.created_at desc, m.id desc limit ${LISTED}`,
    ),
    selectRows<{ total: number }>(db, sql`select count(*)::int as total from mail_outbox where ${UNSENT_MAIL}`),
  ]);
  const mails = rows.map(
    (row): AdminUnsentMail => ({
      id: row.id,
      kind: row.kind,
      recipient: row.recipient,
      subject: row.subject,
      order_reference: row.reference,
      attempts: row.attempts,
      last_error: row.last_error,
      created_at: iso(row.created_at),
      next_attempt_at: row.given_up_at === null ? iso(row.next_attempt_at) : null,
      given_up: row.given_up_at !== null,
    }),
  );
  return { mails, total: count?.total ?? 0 };
};

/**
 * Sends a mail not sent again, now: its tries counted anew (a given-up mail gets MAIL_MAX_ATTEMPTS more), audited
 * in the same transaction, then delivered through the same claim as the deliver-mails job's, so that whichever
 * claims it first sends it and the other finds nothing due. A mail a claim holds (the job is sending it) is left as it
 * is: making it due again would let a second claim send it twice (ADR 58). The answer: whether it went, or is going.
 */
const sendMailAgain: AdminCallHandler<'sendMailAgain'> = async ({ id }, context) => {
  const scheduled = await context.db.transaction(async (tx) => {
    const [row] = await selectRows<{ kind: string; recipient: string; attempts: number; given_up: boolean; in_flight: boolean }>(
      tx,
      sql`select kind, recipient, attempts, given_up_at is not null as given_up, ${MAIL_IN_FLIGHT} as in_flight
        from mail_outbox where id = ${id} and sent_at is null for update`,
    );
    if (!row) throw notFound('Mail');
    if (row.in_flight) return false;
    await tx.execute(sql`update mail_outbox set attempts = 0, given_up_at = null, next_attempt_at = now(), claimed_at = null where id = ${id}`);
    await audit(tx, actorOf(context), {
      action: 'mail.send_again',
      targetType: 'mail',
      targetId: id,
      before: { kind: row.kind, attempts: row.attempts, given_up: row.given_up },
      after: { kind: row.kind, attempts: 0 },
    });
    return true;
  });
  if (scheduled) await deliverMails(context, [id]);
  const [after] = await selectRows<{ sent: boolean; sending: boolean }>(context.db, sql`select sent_at is not null as sent, ${MAIL_IN_FLIGHT} as sending from mail_outbox where id = ${id}`);
  return { sent: after?.sent ?? false, sending: !after?.sent && (after?.sending ?? false) };
};

export const mailHandlers = { listUnsentMails, sendMailAgain };
