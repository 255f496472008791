import { eq } from 'drizzle-orm';
import type { CallContext } from '../call-context.ts';
import { takeAttempt } from '../sessions/rate-limit.ts';
import { currentSession, startGuestSession, type IssuedSession } from '../sessions/sessions.ts';
import type { Queryable } from '../db/client.ts';
import { carts } from '../db/schema.ts';

/**
 * Whose cart and wishlist a request touches: a customer's (signed in), a guest's session, or nobody yet.
 * Nobody's id ever comes from a payload, so no one can name another shopper's things.
 */
export type Owner = { customerId: number; sessionHash: null } | { customerId: null; sessionHash: string };

/**
 * The owner the request's session stands for, or null for a visitor without a (live) session. Inside a
 * transaction, pass it: the embedded database has one connection, which the transaction holds.
 */
export async function findOwner(context: CallContext, within: Queryable = context.db): Promise<Owner | null> {
  const session = await currentSession(context, within);
  if (!session) return null;
  return session.customerId === null ? { customerId: null, sessionHash: session.tokenHash } : { customerId: session.customerId, sessionHash: null };
}

/**
 * The owner for a change: a visitor without a session gets a guest session here (in the change's transaction,
 * so a refused change leaves none behind), returned for their cookie.
 */
export async function ownerForChange(context: CallContext, tx: Queryable): Promise<{ owner: Owner; started: IssuedSession | null }> {
  const owner = await findOwner(context, tx);
  if (owner) return { owner, started: null };
  // Each guest session is a cart that may hold stock: a client starts a bounded number (429 beyond).
  const guestSessions = { name: 'guest-sessions:client', max: context.config.guestSessionsPerClientPerHour, windowMs: 60 * 60 * 1000 };
  await takeAttempt(tx, [{ limit: guestSessions, subject: [context.clientIp] }]);
  const { tokenHash, ...started } = await startGuestSession(tx);
  return { owner: { customerId: null, sessionHash: tokenHash }, started };
}

/** The owner's column and value, for the tables that file things under a session or a customer. */
export function ownerColumns(owner: Owner) {
  return owner.customerId === null ? { sessionHash: owner.sessionHash, customerId: null } : { sessionHash: null, customerId: owner.customerId };
}

const ownedBy = (owner: Owner) => (owner.customerId === null ? eq(carts.sessionHash, owner.sessionHash) : eq(carts.customerId, owner.customerId));

/** The owner's cart id, or null when they have none yet. */
export async function findCartId(db: Queryable, owner: Owner): Promise<number | null> {
  const [row] = await db.select({ id: carts.id }).from(carts).where(ownedBy(owner));
  return row?.id ?? null;
}

/**
 * The owner's cart id, locked until the change's transaction ends, or null when they have none: every
 * change to a cart locks it first and only then reads it, so concurrent changes to one cart take turns
 * (ten adds at once make ten units; two codes that exclude each other cannot both get in).
 */
export async function lockCart(tx: Queryable, owner: Owner): Promise<number | null> {
  const [row] = await tx.select({ id: carts.id }).from(carts).where(ownedBy(owner)).for('update');
  return row?.id ?? null;
}

/** The owner's cart id, locked as lockCart does, creating the cart on first use (two concurrent first adds share one cart). */
export async function lockCartFor(tx: Queryable, owner: Owner): Promise<number> {
  await tx.insert(carts).values(ownerColumns(owner)).onConflictDoNothing();
  const id = await lockCart(tx, owner);
  if (id === null) throw new Error('cart vanished after insert');
  return id;
}

