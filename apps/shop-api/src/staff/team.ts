import type { adminChangeStaffRoleInput, adminInviteStaffInput, adminSendSetupLinkInput, adminSetStaffDisabledInput, StaffRole } from '@shop/contract/admin';
import { asc, eq, ne } from 'drizzle-orm';
import type { z } from 'zod';
import type { Queryable } from '../db/client.ts';
import { staff, staffSessions } from '../db/schema.ts';
import { notFound } from '../http/errors.ts';
import { plainMailBuilder } from '../mail/plain-mails.ts';
import { deliverQueued, queueMail } from '../mail/queued.ts';
import { audit } from './audit.ts';
import { actorOf, type AdminContext, type StaffRow } from './context.ts';
import { issueSetupLink, keepAnOwner, reissueSetupLink, type SetupLinkSideEffect } from './setup.ts';

const toRow = (row: StaffRow) => ({
  id: row.id,
  email: row.email,
  role: row.role as StaffRole,
  second_factor: row.totpSecret !== null,
  last_sign_in_at: row.lastSignInAt?.toISOString() ?? null,
  disabled: row.disabled,
});

/** Every staff member, owners first, then by address. */
export async function listStaff(_input: unknown, { db }: AdminContext) {
  const rows = await db.select().from(staff).orderBy(asc(ne(staff.role, 'owner')), asc(staff.email));
  return { staff: rows.map(toRow) };
}

/**
 * Invites someone not yet on staff (issueSetupLink, audited): the one-time set-up link goes by mail, in the language
 * the owner chose, after the answer (a slow mail server never holds the owner's page).
 */
export async function inviteStaff({ email, role, lang }: z.output<typeof adminInviteStaffInput>, context: AdminContext) {
  const { created, mails } = await issueSetupLink(context.db, { email, role }, actorOf(context), context.config.backOfficeUrl, { newOnly: true, alongside: queueInvitation(lang) });
  await deliverQueued(context, plainMailBuilder(context.config), mails, { background: true });
  return { email, created };
}

/** A member's new set-up link (a lost phone), by mail after the answer; refused for a disabled member. */
export async function sendStaffSetupLink({ id, lang }: z.output<typeof adminSendSetupLinkInput>, context: AdminContext) {
  const { member, mails } = await reissueSetupLink(context.db, id, actorOf(context), context.config.backOfficeUrl, queueInvitation(lang));
  await deliverQueued(context, plainMailBuilder(context.config), mails, { background: true });
  return toRow(member);
}

/** The invitation mail of a set-up link, queued in the transaction that issues the link. */
const queueInvitation =
  (lang: z.output<typeof adminInviteStaffInput>['lang']): SetupLinkSideEffect =>
  (tx, { email, role }, url) =>
    queueMail(tx, { kind: 'staff_invitation', to: email, payload: { role, lang, url } });

/** Changes one member; never the last owner who can sign in (keepAnOwner, under the lock of every active owner). */
async function changeMember(id: number, change: Partial<Pick<StaffRow, 'role' | 'disabled'>>, action: string, context: AdminContext) {
  return context.db.transaction(async (tx) => {
    if ((change.role !== undefined && change.role !== 'owner') || change.disabled) await keepAnOwner(tx, id);
    const [member] = await tx.select().from(staff).where(eq(staff.id, id)).for('update');
    if (!member) throw notFound('Staff member');
    const [updated] = await tx.update(staff).set(change).where(eq(staff.id, id)).returning();
    // A disabled member's sessions end at once (a live session is also refused for a disabled account).
    if (change.disabled) await endSessions(tx, id);
    await audit(tx, actorOf(context), {
      action,
      targetType: 'staff',
      targetId: id,
      before: { email: member.email, role: member.role, disabled: member.disabled },
      after: { email: member.email, role: updated!.role, disabled: updated!.disabled },
    });
    return toRow(updated!);
  });
}

const endSessions = (tx: Queryable, staffId: number) => tx.delete(staffSessions).where(eq(staffSessions.staffId, staffId));

export const changeStaffRole = ({ id, role }: z.output<typeof adminChangeStaffRoleInput>, context: AdminContext) => changeMember(id, { role }, 'staff.role_changed', context);

export const setStaffDisabled = ({ id, disabled }: z.output<typeof adminSetStaffDisabledInput>, context: AdminContext) =>
  changeMember(id, { disabled }, disabled ? 'staff.disabled' : 'staff.enabled', context);
