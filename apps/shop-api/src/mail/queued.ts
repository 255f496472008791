import type { MailKind } from '@shop/contract/admin';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import type { ApiConfig } from '../config.ts';
import type { Database, Queryable } from '../db/client.ts';
import { selectRows } from '../db/raw.ts';
import { mailOutbox } from '../db/schema.ts';
import { loggableError } from '../http/safe-log.ts';
import type { Mail, Mailer } from './mailer.ts';

/**
 * The mail outbox (docs/adr/0053-mail-outbox.md). A change that calls for a mail queues it in its own transaction
 * (queueMail): rolled back, nothing is sent; committed, the mail cannot be lost. What is queued is the mail's kind
 * and what builds it, never the rendered mail, so that a template that fails can never undo the change: building
 * happens at delivery, and a failure there is a failed try like a refused SMTP server, retried with doubling
 * waits and shown on the back office's "Mails not sent" once given up.
 */

export type OutboxRow = typeof mailOutbox.$inferSelect;

/** A mail to queue: its kind, its recipient, the order it is about, and what its builder needs. */
export type QueuedMail = { kind: MailKind; to: string; orderId?: number; payload: Record<string, unknown> };

/** Builds a queued mail, reading what it needs (the order as it is now, the terms of sale). */
export type BuildMail = (row: OutboxRow) => Promise<Mail>;

export type DeliveryDeps = { db: Database; mailer: Mailer; config: Pick<ApiConfig, 'mailRetrySeconds' | 'mailMaxAttempts'>; log: Pick<FastifyBaseLogger, 'error' | 'warn'> };

/** The longest wait between two tries of a mail. */
const LONGEST_WAIT_SECONDS = 60 * 60;

/** How many mails one claim takes: a pass of the job claims again until none is due. */
const CLAIMED_AT_ONCE = 20;

/** Queues a mail in the transaction of the change that calls for it; returns its id, for the delivery after the commit. */
export async function queueMail(tx: Queryable, mail: QueuedMail): Promise<number> {
  const [row] = await tx.insert(mailOutbox).values({ kind: mail.kind, recipient: mail.to, orderId: mail.orderId ?? null, payload: mail.payload }).returning({ id: mailOutbox.id });
  return row!.id;
}

/**
 * A mail a claim holds (being built and sent): claimed, no outcome recorded yet, its claim's wait not over. Past the
 * wait, the process that claimed it is taken to have stopped, and the mail is due again (ADR 58).
 */
export const MAIL_IN_FLIGHT = sql`claimed_at is not null and next_attempt_at > now()`;

/**
 * Claims the mails due (all, or those of `only`), at most CLAIMED_AT_ONCE: one statement that counts the try, marks
 * the claim and moves the next try past the wait it would need (RETRY·2^tries, an hour at most), so that a process
 * that stops while sending leaves the mail to be taken up then. `for update skip locked`: two processes claiming at
 * once take different mails, never the same one twice.
 */
export async function claimDueMails(db: Database, config: DeliveryDeps['config'], only?: readonly number[]): Promise<OutboxRow[]> {
  const chosen = only ? sql`and id in (${sql.join(only.map((id) => sql`${id}`), sql`, `)})` : sql``;
  const rows = await selectRows<Record<string, unknown>>(
    db,
    sql`update mail_outbox set attempts = attempts + 1, claimed_at = now(),
          next_attempt_at = now() + make_interval(secs => least(${config.mailRetrySeconds}::float8 * power(2, attempts), ${LONGEST_WAIT_SECONDS}))
        where id in (select id from mail_outbox where sent_at is null and given_up_at is null and next_attempt_at <= now() ${chosen}
          order by next_attempt_at, id limit ${CLAIMED_AT_ONCE} for update skip locked)
        returning *`,
  );
  return rows.map(toOutboxRow);
}

const toOutboxRow = (row: Record<string, unknown>): OutboxRow => ({
  id: row.id as number,
  kind: row.kind as string,
  recipient: row.recipient as string,
  orderId: row.order_id as number | null,
  payload: row.payload,
  subject: row.subject as string | null,
  attempts: row.attempts as number,
  nextAttemptAt: new Date(row.next_attempt_at as string),
  lastError: row.last_error as string | null,
  sentAt: row.sent_at === null ? null : new Date(row.sent_at as string),
  givenUpAt: row.given_up_at === null ? null : new Date(row.given_up_at as string),
  claimedAt: row.claimed_at === null ? null : new Date(row.claimed_at as string),
  createdAt: new Date(row.created_at as string),
});

/** Builds and sends one claimed mail and records how it went; never throws. True when it was sent. */
async function deliver(deps: DeliveryDeps, build: BuildMail, row: OutboxRow): Promise<boolean> {
  let mail: Mail | null = null;
  let failure: string;
  try {
    mail = await build(row);
  } catch (error) {
    failure = `build: ${(error as Error).message}`;
  }
  if (mail) {
    try {
      await deps.mailer.send({ ...mail, key: `mail-${row.id}-${row.createdAt.getTime()}` });
      // A sent mail's payload loses its link's secret (a reset or set-up token): of no use to anyone once mailed.
      await deps.db.execute(
        sql`update mail_outbox set sent_at = now(), claimed_at = null, subject = ${mail.subject}, last_error = null, payload = payload - 'token' - 'url' where id = ${row.id}`,
      );
      return true;
    } catch (error) {
      failure = `send: ${(error as Error).message}`;
    }
  }
  const givingUp = row.attempts >= deps.config.mailMaxAttempts;
  deps.log[givingUp ? 'error' : 'warn']({ mail: row.kind, outboxId: row.id, attempts: row.attempts, failure: failure!.slice(0, 300) }, givingUp ? 'mail given up' : 'mail failed, will be tried again');
  await deps.db
    .execute(
      sql`update mail_outbox set claimed_at = null, last_error = ${failure!.slice(0, 1000)}, subject = coalesce(${mail?.subject ?? null}, subject),
            given_up_at = case when ${givingUp} then now() end where id = ${row.id}`,
    )
    .catch((error: unknown) => deps.log.error({ outboxId: row.id, failure: loggableError(error) }, 'mail outcome could not be recorded'));
  return false;
}

/** Delivers the mails due (all, or those of `only`) until none is left; returns how many were sent and how many failed. */
export async function deliverDueMails(deps: DeliveryDeps, build: BuildMail, only?: readonly number[]): Promise<{ sent: number; failed: number }> {
  const done = { sent: 0, failed: 0 };
  if (only?.length === 0) return done;
  for (;;) {
    const claimed = await claimDueMails(deps.db, deps.config, only);
    for (const row of claimed) {
      if (await deliver(deps, build, row)) done.sent++;
      else done.failed++;
    }
    if (only || claimed.length < CLAIMED_AT_ONCE) return done;
  }
}

/** Deliveries started after a commit and not awaited by their request (mailsInFlight waits for them). */
const inFlight = new Set<Promise<unknown>>();

/**
 * Delivers the mails a committed change queued, right after its commit; a failure leaves them to the deliver-mails
 * job. `background`: the request does not wait (a slow mail server never holds the person who asked).
 */
export async function deliverQueued(deps: DeliveryDeps, build: BuildMail, ids: readonly number[], { background = false } = {}): Promise<void> {
  const delivering = deliverDueMails(deps, build, ids).catch((error: unknown) => {
    deps.log.error({ failure: loggableError(error) }, 'mails could not be delivered after their commit');
  });
  if (!background) return void (await delivering);
  inFlight.add(delivering);
  void delivering.finally(() => inFlight.delete(delivering));
}

/** Waits for the deliveries still going in the background (the API's shutdown, and tests). */
export async function mailsInFlight(): Promise<void> {
  await Promise.all([...inFlight]);
}
