import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { forgetOldChanges } from '../catalog/changes.ts';
import { refreshEndedPricePeriods } from '../catalog/pricing.ts';
import { selectRows } from '../db/raw.ts';
import { loggableError } from '../http/safe-log.ts';
import { deliverDueMails } from '../mail/queued.ts';
import { buildAnyMail } from '../orders/mails.ts';
import { releaseUnpaidOrders, retryStrayRefunds, type PaymentDeps } from '../orders/payment.ts';
import { clearExpired } from './housekeeping.ts';

/**
 * Every job an API process runs on a timer, in one list: what it is, how often, and whether it runs once per
 * interval over all the shop's API processes (the turn claimed in scheduled_runs, claimTurn) or in every process.
 * A job answers a line for the log when it did something worth saying, else null.
 */
type PeriodicJob = { name: string; everyMs: number; runs: 'once per shop' | 'in every process'; run: (deps: PaymentDeps) => Promise<string | null> };

export const PERIODIC_JOBS: readonly PeriodicJob[] = [
  {
    // Expired sessions (with guest carts), reset links, registrations, rate-limit windows, abandoned review uploads.
    name: 'housekeeping',
    everyMs: 60 * 60 * 1000,
    runs: 'once per shop',
    run: async ({ db }) => `housekeeping ran: ${await clearExpired(db)} expired sessions cleared`,
  },
  {
    // Reconciliation with the gateways: unpaid orders past their time (each asked of its gateway first), then
    // stray payments whose refund is still owed. Each order is locked anyway.
    name: 'release-unpaid-orders',
    everyMs: 60_000,
    runs: 'once per shop',
    run: async (deps) => {
      const released = await releaseUnpaidOrders(deps);
      const settled = await retryStrayRefunds(deps);
      const said = [released > 0 && `${released} unpaid orders cancelled, their stock back on sale`, settled > 0 && `${settled} stray payments refunded on a retry`];
      return said.filter(Boolean).join('; ') || null;
    },
  },
  {
    // The mail outbox's mails due: those whose delivery right after their commit failed (retried with doubling
    // waits) or never ran (the process stopped). Every process claims its own (for update skip locked).
    name: 'deliver-mails',
    everyMs: 15_000,
    runs: 'in every process',
    run: async (deps) => {
      const { sent, failed } = await deliverDueMails(deps, buildAnyMail(deps.db, deps.config));
      const said = [sent > 0 && `${sent} queued mails sent`, failed > 0 && `${failed} failed`];
      return said.filter(Boolean).join('; ') || null;
    },
  },
  {
    // The listing rows of discounts that started or ended are written again (one process at a time, by a lock).
    name: 'refresh-ended-prices',
    everyMs: 60_000,
    runs: 'in every process',
    run: async ({ db }) => {
      await refreshEndedPricePeriods(db);
      return null;
    },
  },
  {
    // What old catalogue revisions changed (migration 0042): no process needs it any more.
    name: 'forget-catalog-changes',
    everyMs: 10 * 60 * 1000,
    runs: 'once per shop',
    run: async ({ db }) => {
      await forgetOldChanges(db);
      return null;
    },
  },
];

/**
 * Whether this process may run `job` now: true for one caller per interval over every API process on the database.
 * It claims the turn by moving the job's last run to now, which only succeeds when the last run (by anyone) is at
 * least 90% of `intervalMs` old: processes started at different times each try once per interval, and the job runs
 * once per interval, not once per process. The claim is one statement, so two processes asking at the same moment
 * cannot both have it.
 */
export async function claimTurn(db: PaymentDeps['db'], job: string, intervalMs: number): Promise<boolean> {
  const rows = await selectRows<{ job: string }>(
    db,
    sql`insert into scheduled_runs (job, ran_at) values (${job}, now())
        on conflict (job) do update set ran_at = excluded.ran_at
        where scheduled_runs.ran_at <= now() - make_interval(secs => ${(intervalMs * 0.9) / 1000})
        returning job`,
  );
  return rows.length > 0;
}

/** Starts every periodic job (each runs now, then every interval), without keeping the process alive; returns how to stop them. */
export function startPeriodicJobs(deps: PaymentDeps, log: FastifyBaseLogger, jobs: readonly PeriodicJob[] = PERIODIC_JOBS): () => void {
  const timers = jobs.map((job) => {
    const runOnce = async () => {
      try {
        if (job.runs === 'once per shop' && !(await claimTurn(deps.db, job.name, job.everyMs))) return;
        const said = await job.run(deps);
        if (said) log.info(said);
      } catch (error) {
        log.error({ failure: loggableError(error) }, `${job.name} failed`);
      }
    };
    void runOnce();
    const timer = setInterval(() => void runOnce(), job.everyMs);
    timer.unref();
    return timer;
  });
  return () => timers.forEach((timer) => clearInterval(timer));
}
