import type { UnheldLine } from '@shop/contract';
import { and, eq, lte } from 'drizzle-orm';
import type { CallContext } from '../call-context.ts';
import { moveGuestBelongings } from '../cart/merge.ts';
import { customers, sessions } from '../db/schema.ts';
import { ApiError } from '../http/errors.ts';
import { currentSession, SESSION_LIFETIME_MS, type IssuedSession } from '../sessions/sessions.ts';
import { newToken, sha256 } from '../sessions/tokens.ts';

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
