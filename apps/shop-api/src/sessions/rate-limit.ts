import { eq, like, or, sql } from 'drizzle-orm';
import { rateLimits } from '../db/schema.ts';
import { ApiError } from '../http/errors.ts';
import type { Queryable } from '../db/client.ts';
import { sha256 } from './tokens.ts';

const SECOND = 1000;
const MINUTE = 60 * SECOND;

/**
 * A limit of `max` counted attempts per subject in a fixed window of `windowMs`. Without `backoff` the subject
 * waits for the window's end once it has used them; with it, each further attempt (allowed after the wait)
 * makes the next wait twice as long, from `firstWaitMs` up to `longestWaitMs`.
 */
export type RateLimit = { name: string; max: number; windowMs: number; backoff?: { firstWaitMs: number; longestWaitMs: number } };

/** Every rate limit of the shop (docs/adr/0010-login-throttling-and-registration.md explains the sign-in ones). */
export const RATE_LIMITS = {
  /** Failed sign-ins (and wrong current passwords) for one email address from one client: slows a guesser down. */
  passwordFailuresPerClientAndEmail: {
    name: 'password-failures:client-email',
    max: 5,
    windowMs: 60 * MINUTE,
    backoff: { firstWaitMs: 30 * SECOND, longestWaitMs: 15 * MINUTE },
  },
  /** Failed sign-ins per client, whatever the email addresses: one client trying many accounts. */
  passwordFailuresPerClient: { name: 'password-failures:client', max: 20, windowMs: 15 * MINUTE },
  /**
   * Failed sign-ins per email address from all clients together (OWASP ASVS 2.2.1: at most 100 an hour). High,
   * so that a guesser does not lock the owner out; a password reset lifts it.
   */
  passwordFailuresPerEmail: { name: 'password-failures:email', max: 100, windowMs: 60 * MINUTE },
  /** Registrations per email address: each one sends that address a mail. */
  registrationsPerEmail: { name: 'registrations:email', max: 3, windowMs: 60 * MINUTE },
  /** Registrations per client: each one costs a password hash. */
  registrationsPerClient: { name: 'registrations:client', max: 20, windowMs: 60 * MINUTE },
  /** Password reset requests per email address. */
  resetRequestsPerEmail: { name: 'reset-requests:email', max: 3, windowMs: 60 * MINUTE },
  /** Password reset requests per client. */
  resetRequestsPerClient: { name: 'reset-requests:client', max: 10, windowMs: 60 * MINUTE },
  /** Password strength checks (validatePassword) per client: the strength meter asks once per pause in typing. */
  passwordChecksPerClient: { name: 'password-checks:client', max: 60, windowMs: MINUTE },
  /** Review writes (create, update, delete) per customer: a person writes a few, a script many. */
  reviewWritesPerCustomer: { name: 'review-writes:customer', max: 30, windowMs: 60 * MINUTE },
  /** Review writes per client, whatever the accounts: one address driving many accounts. */
  reviewWritesPerClient: { name: 'review-writes:client', max: 120, windowMs: 60 * MINUTE },
  /** Photo uploads started per customer (each may hold up to 8 MB until it is used or dropped). */
  photoUploadsPerCustomer: { name: 'photo-uploads:customer', max: 30, windowMs: 60 * MINUTE },
} as const satisfies Record<string, RateLimit>;

/**
 * A limit applied to one subject: an email address, a client address, or both (in that order, so that all of
 * an email address's counters share a key prefix).
 */
export type Counter = { limit: RateLimit; subject: string[] };

// The subject is hashed: the table holds no email or client addresses.
const keyOf = ({ limit, subject }: Counter) => [limit.name, ...subject.map(sha256)].join(':');

const tooManyAttempts = (retryAfterSeconds: number) =>
  new ApiError(429, 'too_many_requests', 'Too many attempts. Please wait a few minutes and try again.', { retry_after: retryAfterSeconds });

/**
 * Counts one attempt, in one statement so that API processes counting at the same time never lose one, unless
 * the subject is blocked: then nothing is counted and the block's end is returned. The attempt that reaches the
 * limit sets the block for the attempts after it.
 */
async function count(db: Queryable, counter: Counter, now: Date): Promise<{ blockedUntil: Date | null }> {
  const { max, windowMs, backoff } = counter.limit;
  const windowEnded = sql`${rateLimits.windowStartedAt} <= ${new Date(now.getTime() - windowMs).toISOString()}`;
  const hits = sql`(case when ${windowEnded} then 1 else ${rateLimits.hits} + 1 end)`;
  const windowStart = sql`(case when ${windowEnded} then ${now.toISOString()}::timestamptz else ${rateLimits.windowStartedAt} end)`;
  // Without backoff, the block lasts until the window ends; with it, it doubles with each attempt past `max`.
  const blockEnd = backoff
    ? sql`${now.toISOString()}::timestamptz + least(${backoff.firstWaitMs}::float8 * power(2, ${hits} - ${max}), ${backoff.longestWaitMs}) * interval '1 millisecond'`
    : sql`${windowStart} + ${windowMs}::float8 * interval '1 millisecond'`;
  const firstBlock = max <= 1 ? new Date(now.getTime() + (backoff?.firstWaitMs ?? windowMs)) : null;
  const [counted] = await db
    .insert(rateLimits)
    .values({ key: keyOf(counter), windowStartedAt: now, hits: 1, blockedUntil: firstBlock })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: { hits, windowStartedAt: windowStart, blockedUntil: sql`case when ${hits} >= ${max} then ${blockEnd} else null end` },
      setWhere: or(sql`${rateLimits.blockedUntil} is null`, sql`${rateLimits.blockedUntil} <= ${now.toISOString()}`),
    })
    .returning({ hits: rateLimits.hits });
  if (counted) return { blockedUntil: null };
  const [blocked] = await db.select({ until: rateLimits.blockedUntil }).from(rateLimits).where(eq(rateLimits.key, keyOf(counter)));
  return { blockedUntil: blocked?.until ?? now };
}

/**
 * Counts an attempt against each counter; when any of them is blocked the call is refused with 429 (and
 * `retry_after` seconds) before any work is done (a password is not even checked), and the others are not charged.
 */
export async function takeAttempt(db: Queryable, counters: Counter[]): Promise<void> {
  const now = new Date();
  const results = await Promise.all(counters.map((counter) => count(db, counter, now)));
  const blockEnds = results.flatMap(({ blockedUntil }) => (blockedUntil ? [blockedUntil.getTime()] : []));
  if (blockEnds.length === 0) return;
  await giveBackAttempt(
    db,
    counters.filter((_counter, index) => !results[index]!.blockedUntil),
  );
  throw tooManyAttempts(Math.max(1, Math.ceil((Math.max(...blockEnds) - now.getTime()) / SECOND)));
}

/**
 * Gives back an attempt that turned out not to count (a correct password: only failures are limited), lifting
 * the block it may have set.
 */
export async function giveBackAttempt(db: Queryable, counters: Counter[]): Promise<void> {
  await Promise.all(
    counters.map((counter) =>
      db
        .update(rateLimits)
        .set({
          hits: sql`greatest(${rateLimits.hits} - 1, 0)`,
          blockedUntil: sql`case when ${rateLimits.hits} - 1 < ${counter.limit.max} then null else ${rateLimits.blockedUntil} end`,
        })
        .where(eq(rateLimits.key, keyOf(counter))),
    ),
  );
}

/** Forgets the counters, blocks included: a successful sign-in ends a run of failures. */
export async function resetCounters(db: Queryable, counters: Counter[]): Promise<void> {
  await Promise.all(counters.map((counter) => db.delete(rateLimits).where(eq(rateLimits.key, keyOf(counter)))));
}

/** Forgets every failed sign-in for an email address, from all clients: its owner has just proven who they are. */
export async function forgetPasswordFailures(db: Queryable, email: string): Promise<void> {
  const { passwordFailuresPerEmail, passwordFailuresPerClientAndEmail } = RATE_LIMITS;
  await db
    .delete(rateLimits)
    .where(
      or(
        eq(rateLimits.key, keyOf({ limit: passwordFailuresPerEmail, subject: [email] })),
        like(rateLimits.key, `${keyOf({ limit: passwordFailuresPerClientAndEmail, subject: [email] })}:%`),
      ),
    );
}
