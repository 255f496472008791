import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { ApiConfig } from '../config.ts';
import type { Queryable } from '../db/client.ts';
import { shopSecrets } from '../db/schema.ts';

/**
 * A guest reads their order through the link of its confirmation mail: the link carries a token signed with a
 * key the shop makes on first use and keeps in its database, so every API process checks it alike and a
 * token cannot be made for another order. The link is not for ever: it opens a guest's order for
 * GUEST_ORDER_LINK_DAYS after it was placed, and no order that an account has since taken (registration.ts).
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/** The key per database handle (read once per process and database). */
const keys = new WeakMap<Queryable, Promise<Buffer>>();

async function signingKey(db: Queryable): Promise<Buffer> {
  await db.insert(shopSecrets).values({ name: 'order_links', value: randomBytes(32).toString('base64url') }).onConflictDoNothing();
  const [row] = await db.select({ value: shopSecrets.value }).from(shopSecrets).where(eq(shopSecrets.name, 'order_links'));
  return Buffer.from(row!.value, 'base64url');
}

function keyOf(db: Queryable): Promise<Buffer> {
  let key = keys.get(db);
  if (!key) {
    key = signingKey(db).catch((error: unknown) => {
      keys.delete(db);
      throw error;
    });
    keys.set(db, key);
  }
  return key;
}

export async function orderToken(db: Queryable, reference: string): Promise<string> {
  return createHmac('sha256', await keyOf(db)).update(`order:${reference}`).digest('base64url');
}

/** Whether `token` is the link of `order`, and the link still opens it (a guest's order, within its days). */
export async function opensOrder(
  db: Queryable,
  config: Pick<ApiConfig, 'guestOrderLinkDays'>,
  order: { reference: string; customerId: number | null; createdAt: Date },
  token: string,
): Promise<boolean> {
  const expected = Buffer.from(await orderToken(db, order.reference));
  const given = Buffer.from(token);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return false;
  return order.customerId === null && Date.now() - order.createdAt.getTime() < config.guestOrderLinkDays * DAY_MS;
}
