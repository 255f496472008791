import type { Queryable } from '../db/client.ts';
import { auditLog } from '../db/schema.ts';

/** Who made a change: a staff member (from their address) or a script run on the server. */
export type Actor = { staffId: number; email: string; clientIp: string } | { script: string };

export type AuditEntry = { action: string; targetType: string; targetId: string | number; before?: unknown; after?: unknown };

/**
 * Writes the trace of a change. Called with the transaction that makes the change, so that the change and its
 * trace are kept or lost together; the back office has no call that edits or deletes these rows.
 */
export async function audit(tx: Queryable, actor: Actor, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({
    staffId: 'staffId' in actor ? actor.staffId : null,
    actor: 'staffId' in actor ? actor.email : actor.script,
    clientIp: 'staffId' in actor ? actor.clientIp : null,
    action: entry.action,
    targetType: entry.targetType,
    targetId: String(entry.targetId),
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}
