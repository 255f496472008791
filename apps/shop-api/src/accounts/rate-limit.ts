import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { rateLimits } from '../db/schema.ts';
import { ApiError } from '../http/errors.ts';
import { sha256 } from './tokens.ts';

const MINUTE = 60 * 1000;

/** Every rate limit of the shop: at most `max` counted attempts per subject in a fixed window of `windowMs`. */
export const RATE_LIMITS = {
  /** Failed sign-ins (and wrong current passwords) per email address. */
  passwordFailuresPerEmail: { name: 'password-failures:email', max: 5, windowMs: 15 * MINUTE },
  /** Failed sign-ins per shopper's address: one address trying many accounts. */
  passwordFailuresPerClient: { name: 'password-failures:client', max: 20, windowMs: 15 * MINUTE },
  /** Password reset requests per email address. */
  resetRequestsPerEmail: { name: 'reset-requests:email', max: 3, windowMs: 60 * MINUTE },
  /** Password reset requests per shopper's address. */
  resetRequestsPerClient: { name: 'reset-requests:client', max: 10, windowMs: 60 * MINUTE },
} as const;

export type RateLimit = (typeof RATE_LIMITS)[keyof typeof RATE_LIMITS];
/** A limit applied to one subject (an email address, a client address). */
export type Counter = { limit: RateLimit; subject: string };

// The subject is hashed: the table holds no email addresses.
const keyOf = ({ limit, subject }: Counter) => `${limit.name}:${sha256(subject)}`;

/**
 * Counts one attempt and returns the count in the current window, in one statement, so that API processes
 * counting at the same time never lose an attempt. A window that has ended starts again at this attempt.
 */
async function count(db: Database, counter: Counter): Promise<number> {
  const now = new Date();
  const windowEnded = sql`${rateLimits.windowStartedAt} <= ${new Date(now.getTime() - counter.limit.windowMs).toISOString()}`;
  const [row] = await db
    .insert(rateLimits)
    .values({ key: keyOf(counter), windowStartedAt: now, hits: 1 })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        hits: sql`case when ${windowEnded} then 1 else ${rateLimits.hits} + 1 end`,
        windowStartedAt: sql`case when ${windowEnded} then excluded.window_started_at else ${rateLimits.windowStartedAt} end`,
      },
    })
    .returning({ hits: rateLimits.hits });
  return row?.hits ?? 1;
}

/**
 * Counts an attempt against each counter; when any of them is past its limit the call is refused with 429
 * before any work is done (a password is not even checked).
 */
export async function takeAttempt(db: Database, counters: Counter[]): Promise<void> {
  const counts = await Promise.all(counters.map((counter) => count(db, counter)));
  if (counters.some((counter, index) => counts[index]! > counter.limit.max)) {
    throw new ApiError(429, 'too_many_requests', 'Too many attempts. Please wait a few minutes and try again.');
  }
}

/** Gives back an attempt that turned out not to count (a correct password: only failures are limited). */
export async function giveBackAttempt(db: Database, counters: Counter[]): Promise<void> {
  await Promise.all(
    counters.map((counter) =>
      db
        .update(rateLimits)
        .set({ hits: sql`greatest(${rateLimits.hits} - 1, 0)` })
        .where(eq(rateLimits.key, keyOf(counter))),
    ),
  );
}
