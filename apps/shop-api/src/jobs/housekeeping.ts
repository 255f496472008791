import { and, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import { RATE_LIMITS } from '../sessions/rate-limit.ts';
import { loggableError } from '../http/safe-log.ts';
import { dropAbandonedUploads } from '../reviews/photos.ts';
import type { Database } from '../db/client.ts';
import { selectRows } from '../db/raw.ts';
import { passwordResetTokens, pendingRegistrations, rateLimits, sessions } from '../db/schema.ts';

/** How often the shop clears out what has expired: once per interval over all API processes (claimTurn). */
export const HOUSEKEEPING_INTERVAL_MS = 60 * 60 * 1000;

const longestRateWindowMs = Math.max(...Object.values(RATE_LIMITS).map((limit) => limit.windowMs));

/**
 * Deletes expired sessions (with the guest carts and wishlists that hang on them), used or expired password
 * reset links, unconfirmed registrations past their link's expiry, rate-limit windows (and blocks) that have
 * ended and review photo uploads left behind. Returns how many sessions went.
 */
export async function clearExpired(db: Database, now = new Date()): Promise<number> {
  const gone = await db.delete(sessions).where(lt(sessions.expiresAt, now)).returning({ tokenHash: sessions.tokenHash });
  await db.delete(passwordResetTokens).where(or(lt(passwordResetTokens.expiresAt, now), isNotNull(passwordResetTokens.usedAt)));
  await db.delete(pendingRegistrations).where(lt(pendingRegistrations.expiresAt, now));
  const blockEnded = or(isNull(rateLimits.blockedUntil), lt(rateLimits.blockedUntil, now));
  await db.delete(rateLimits).where(and(lt(rateLimits.windowStartedAt, new Date(now.getTime() - longestRateWindowMs)), blockEnded));
  await dropAbandonedUploads(db, now);
  return gone.length;
}

/** Runs a job now and then every interval, without keeping the process alive for it; returns how to stop it. */
export function repeat(job: () => Promise<unknown>, intervalMs: number): () => void {
  void job();
  const timer = setInterval(() => void job(), intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}

/**
 * Whether this process may run `job` now: true for one caller per interval over every API process on the database.
 * It claims the turn by moving the job's last run to now, which only succeeds when the last run (by anyone) is at
 * least 90% of `intervalMs` old: processes started at different times each try once per interval, and the job runs
 * once per interval, not once per process. The claim is one statement, so two processes asking at the same moment
 * cannot both have it.
 */
export async function claimTurn(db: Database, job: string, intervalMs: number): Promise<boolean> {
  const rows = await selectRows<{ job: string }>(
    db,
    sql`insert into scheduled_runs (job, ran_at) values (${job}, now())
        on conflict (job) do update set ran_at = excluded.ran_at
        where scheduled_runs.ran_at <= now() - make_interval(secs => ${(intervalMs * 0.9) / 1000})
        returning job`,
  );
  return rows.length > 0;
}

/**
 * Runs `job` now and then every interval when this process claims the turn (claimTurn), without keeping the process
 * alive for it; returns how to stop it. `name` is the job's in scheduled_runs.
 */
export function repeatOnce(db: Database, name: string, job: () => Promise<unknown>, intervalMs: number, log: (message: string) => void): () => void {
  return repeat(
    () =>
      claimTurn(db, name, intervalMs).then(
        (mine) => mine && job(),
        (error: unknown) => log(`${name}: could not claim its turn: ${JSON.stringify(loggableError(error))}`),
      ),
    intervalMs,
  );
}

/** Runs clearExpired now and then every HOUSEKEEPING_INTERVAL_MS, once over all API processes. */
export function scheduleHousekeeping(db: Database, log: (message: string) => void): () => void {
  return repeatOnce(
    db,
    'housekeeping',
    () =>
      clearExpired(db).then(
        (sessionsCleared) => log(`housekeeping ran: ${sessionsCleared} expired sessions cleared`),
        (error: unknown) => log(`housekeeping failed: ${JSON.stringify(loggableError(error))}`),
      ),
    HOUSEKEEPING_INTERVAL_MS,
    log,
  );
}
