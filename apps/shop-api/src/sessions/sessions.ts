import { and, eq, gt, ne } from 'drizzle-orm';
import type { CallContext } from '../call-context.ts';
import { sessions } from '../db/schema.ts';
import { ApiError } from '../http/errors.ts';
import type { Queryable } from '../db/client.ts';
import { newToken, sha256 } from './tokens.ts';

/** How long a session lasts after sign-in; the storefront's cookie expires at the same time. */
export const SESSION_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;

type SessionRow = typeof sessions.$inferSelect;

export type IssuedSession = { token: string; expires_at: string };

/** The live session the request came with, or null (none, unknown or expired: an expired one is never accepted). */
export async function currentSession({ db, sessionToken }: Pick<CallContext, 'db' | 'sessionToken'>, within: Queryable = db): Promise<SessionRow | null> {
  if (!sessionToken) return null;
  const [row] = await within
    .select()
    .from(sessions)
    .where(and(eq(sessions.tokenHash, sha256(sessionToken)), gt(sessions.expiresAt, new Date())));
  return row ?? null;
}

/** The signed-in customer's id; a call that needs one answers 401 without it. */
export async function requireCustomerId(context: CallContext): Promise<number> {
  const session = await currentSession(context);
  if (session?.customerId == null) throw new ApiError(401, 'unauthorized', 'Please sign in');
  return session.customerId;
}

/**
 * Starts a guest session for a visitor's first change (cart, wishlist; DESIGN.md §2: never on a page view).
 * Returns the token for the storefront's cookie and the hash the visitor's things are filed under.
 */
export async function startGuestSession(db: Queryable): Promise<IssuedSession & { tokenHash: string }> {
  const token = newToken();
  const now = new Date();
  const expiresAt = new Date(now.getTime() + SESSION_LIFETIME_MS);
  const tokenHash = sha256(token);
  await db.insert(sessions).values({ tokenHash, customerId: null, createdAt: now, expiresAt });
  return { token, expires_at: expiresAt.toISOString(), tokenHash };
}

/** Ends the session the request came with, if any. */
export async function endSession({ db, sessionToken }: CallContext): Promise<void> {
  if (sessionToken) await db.delete(sessions).where(eq(sessions.tokenHash, sha256(sessionToken)));
}

/** Signs a customer out everywhere, except on the session given (after a password change, the device that made it). */
export async function endCustomerSessions(db: Queryable, customerId: number, exceptToken: string | null = null): Promise<void> {
  const others = exceptToken ? ne(sessions.tokenHash, sha256(exceptToken)) : undefined;
  await db.delete(sessions).where(and(eq(sessions.customerId, customerId), others));
}
