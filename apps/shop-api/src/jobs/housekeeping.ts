import { and, isNotNull, isNull, lt, or } from 'drizzle-orm';
import { RATE_LIMITS } from '../sessions/rate-limit.ts';
import { dropAbandonedUploads } from '../reviews/photos.ts';
import { expireAbandonedImports } from '../staff/product-import.ts';
import type { Database } from '../db/client.ts';
import { mailOutbox, passwordResetTokens, pendingRegistrations, rateLimits, sessions } from '../db/schema.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** The mail outbox keeps personal data: a sent mail for a week (what was sent, for a shopper who asks), a given-up one for 30 days. */
const SENT_MAIL_KEPT_MS = 7 * DAY_MS;
const GIVEN_UP_MAIL_KEPT_MS = 30 * DAY_MS;

const longestRateWindowMs = Math.max(...Object.values(RATE_LIMITS).map((limit) => limit.windowMs));

/**
 * Deletes expired sessions (with the guest carts and wishlists that hang on them), used or expired password
 * reset links, unconfirmed registrations past their link's expiry, rate-limit windows (and blocks) that have
 * ended, review photo uploads left behind, the staged rows of product imports never applied, and the outbox's mails
 * sent a week ago or given up 30 days ago. Returns how many sessions went.
 */
export async function clearExpired(db: Database, now = new Date()): Promise<number> {
  const gone = await db.delete(sessions).where(lt(sessions.expiresAt, now)).returning({ tokenHash: sessions.tokenHash });
  await db.delete(passwordResetTokens).where(or(lt(passwordResetTokens.expiresAt, now), isNotNull(passwordResetTokens.usedAt)));
  await db.delete(pendingRegistrations).where(lt(pendingRegistrations.expiresAt, now));
  const blockEnded = or(isNull(rateLimits.blockedUntil), lt(rateLimits.blockedUntil, now));
  await db.delete(rateLimits).where(and(lt(rateLimits.windowStartedAt, new Date(now.getTime() - longestRateWindowMs)), blockEnded));
  await dropAbandonedUploads(db, now);
  await expireAbandonedImports(db, now);
  await db.delete(mailOutbox).where(or(lt(mailOutbox.sentAt, new Date(now.getTime() - SENT_MAIL_KEPT_MS)), lt(mailOutbox.givenUpAt, new Date(now.getTime() - GIVEN_UP_MAIL_KEPT_MS))));
  return gone.length;
}
