import type { UnheldLine } from '@shop/contract';
import { and, eq, gt, lte, ne } from 'drizzle-orm';
import type { CallContext } from '../http/call-context.ts';
import { customers, sessions } from '../db/schema.ts';
import { ApiError } from '../http/errors.ts';
import type { Queryable } from '../db/client.ts';
import { moveGuestBelongings } from '../cart/merge.ts';
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
 * Signs a customer in with a new session (rotation: a token known before sign-in is worth nothing after it).
 * The session the request came with is removed, after a guest's data has moved to the customer; what of the
 * guest's cart the merged cart no longer holds comes back with it, for the shopper to be told.
 */
export async function startCustomerSession(context: CallContext, customerId: number): Promise<{ session: IssuedSession; unheld: UnheldLine[] }> {
  const previous = await currentSession(context);
  const token = newToken();
  const now = new Date();
  const expiresAt = new Date(now.getTime() + SESSION_LIFETIME_MS);
  const unheld = await context.db.transaction(async (tx) => {
    // The account may be being erased (staff/customers.ts): wait for that, and sign nobody in to an erased account.
    const [account] = await tx.select({ id: customers.id }).from(customers).where(eq(customers.id, customerId)).for('key share');
    if (!account) throw new ApiError(401, 'authentication_failed', 'Authentication failed');
    let moved: UnheldLine[] = [];
    if (previous) {
      // A guest's cart and wishlist become the customer's before the guest session (and what hangs on it) goes.
      if (previous.customerId === null) moved = await moveGuestBelongings(tx, previous.tokenHash, customerId, context.lang);
      await tx.delete(sessions).where(eq(sessions.tokenHash, previous.tokenHash));
    }
    // Housekeeping: this customer's expired sessions are of no use to anyone.
    await tx.delete(sessions).where(and(eq(sessions.customerId, customerId), lte(sessions.expiresAt, now)));
    await tx.insert(sessions).values({ tokenHash: sha256(token), customerId, createdAt: now, expiresAt });
    return moved;
  });
  return { session: { token, expires_at: expiresAt.toISOString() }, unheld };
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
