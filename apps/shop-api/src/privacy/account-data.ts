import type { PersonalData } from '@shop/contract';
import { eq, sql } from 'drizzle-orm';
import { signedInCustomer } from '../accounts/customers.ts';
import type { CallContext } from '../call-context.ts';
import { customers } from '../db/schema.ts';
import { ApiError } from '../http/errors.ts';
import { collectPersonalData, lockPerson } from './personal-data.ts';

/*
 * A signed-in customer's own data (GDPR): the export of everything the shop holds about them, and the request to
 * be erased. The back office's side of both is staff/customers.ts.
 */

/** Everything the shop holds about the signed-in customer, read under their lock (never half erased). */
export async function exportMyData(context: CallContext): Promise<PersonalData> {
  const { email } = await signedInCustomer(context);
  return context.db.transaction(async (tx) => {
    await lockPerson(tx, email);
    const data = await collectPersonalData(tx, email);
    // Erased while asking: there is no one left to export.
    if (!data?.account) throw new ApiError(401, 'unauthorized', 'Please sign in');
    return data;
  });
}

/** The customer asks to be erased; the back office sees the request (its list and dashboard) and erases. */
export async function requestDataErasure(context: CallContext): Promise<{ requested_at: string }> {
  const { id } = await signedInCustomer(context);
  const [row] = await context.db
    .update(customers)
    .set({ erasureRequestedAt: sql`coalesce(${customers.erasureRequestedAt}, now())` })
    .where(eq(customers.id, id))
    .returning({ requestedAt: customers.erasureRequestedAt });
  if (!row?.requestedAt) throw new ApiError(401, 'unauthorized', 'Please sign in');
  return { requested_at: row.requestedAt.toISOString() };
}
