import { and, isNotNull, isNull, lt, or } from 'drizzle-orm';
import { RATE_LIMITS } from '../sessions/rate-limit.ts';
import { loggableError } from '../http/safe-log.ts';
import { dropAbandonedUploads } from '../reviews/photos.ts';
import type { Database } from '../db/client.ts';
import { passwordResetTokens, pendingRegistrations, rateLimits, sessions } from '../db/schema.ts';

/** How often an API process clears out what has expired. Every process may do it: the deletes are idempotent. */
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

/** Runs clearExpired now and then every HOUSEKEEPING_INTERVAL_MS. */
export function scheduleHousekeeping(db: Database, log: (message: string) => void): () => void {
  return repeat(
    () =>
      clearExpired(db).then(
        (sessionsCleared) => sessionsCleared > 0 && log(`housekeeping: ${sessionsCleared} expired sessions cleared`),
        (error: unknown) => log(`housekeeping failed: ${JSON.stringify(loggableError(error))}`),
      ),
    HOUSEKEEPING_INTERVAL_MS,
  );
}
