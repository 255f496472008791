import type { StaffRole } from '@shop/contract/admin';
import { and, asc, eq, gt } from 'drizzle-orm';
import { hashPassword, requireStrongPassword } from '../accounts/passwords.ts';
import { newToken, sha256 } from '../sessions/tokens.ts';
import type { Database, Queryable } from '../db/client.ts';
import { staff, staffSessions } from '../db/schema.ts';
import { ApiError, notFound } from '../http/errors.ts';
import { audit, type Actor } from './audit.ts';
import type { AdminContext, StaffRow } from './context.ts';
import { newRecoveryCodes, newTotpSecret, otpauthUrl, totpStep } from './second-factor.ts';

/** How long a set-up link can be used. */
const SETUP_LINK_MS = 72 * 60 * 60 * 1000;

const linkInvalid = () => new ApiError(404, 'setup_link_invalid', 'This set-up link is not valid or has expired.');
const CODE_MESSAGE = 'The code is not right: enter the code your authenticator app shows now.';

const staffExists = () => new ApiError(409, 'staff_exists', 'This address is already on staff: send them a new set-up link from their row instead.');

/**
 * A one-time set-up link for a new staff member, or (`newOnly` false: the scripts' `staff:create`) for an existing
 * one who must set a password and an authenticator again (a lost phone): their account works as before until the
 * link is used. With `newOnly` (an owner's invitation) an address already on staff is refused, also when two owners
 * invite it at the same moment: the second insert waits for the first and finds the address taken. Audited.
 */
export async function issueSetupLink(
  db: Database,
  { email, role }: { email: string; role: StaffRole },
  actor: Actor,
  backOfficeUrl: string,
  { newOnly = false, alongside }: { newOnly?: boolean; alongside?: SetupLinkSideEffect } = {},
): Promise<{ url: string; created: boolean; mails: number[] }> {
  const token = newToken();
  const setup = newSetup(token);
  const url = setupUrl(backOfficeUrl, token);
  const created = await db.transaction(async (tx) => {
    const [existing] = await tx.select().from(staff).where(eq(staff.email, email)).for('update');
    if (existing && newOnly) throw staffExists();
    if (existing) {
      if (existing.role === 'owner' && role !== 'owner') await keepAnOwner(tx, existing.id);
      await tx.update(staff).set({ ...setup, role }).where(eq(staff.id, existing.id));
      await audit(tx, actor, { action: 'staff.setup_link_issued', targetType: 'staff', targetId: existing.id, before: { role: existing.role }, after: { role } });
      return { created: false, mails: alongside ? [await alongside(tx, { email, role }, url)] : [] };
    }
    const [row] = await tx.insert(staff).values({ email, role, ...setup }).onConflictDoNothing({ target: staff.email }).returning({ id: staff.id });
    if (!row) throw staffExists();
    await audit(tx, actor, { action: 'staff.created', targetType: 'staff', targetId: row.id, after: { email, role } });
    return { created: true, mails: alongside ? [await alongside(tx, { email, role }, url)] : [] };
  });
  return { url, ...created };
}

/** What goes with a new set-up link in its transaction: its invitation mail queued (returns the mail's id). */
export type SetupLinkSideEffect = (tx: Queryable, member: { email: string; role: StaffRole }, url: string) => Promise<number>;

const newSetup = (token: string) => ({ setupTokenHash: sha256(token), setupTotpSecret: newTotpSecret(), setupExpiresAt: new Date(Date.now() + SETUP_LINK_MS) });
const setupUrl = (backOfficeUrl: string, token: string) => `${backOfficeUrl}/setup?token=${token}`;

/**
 * A new set-up link for a member (a lost phone), with their role as it is. A disabled member is refused: enabling
 * them again is the owner's own, separate decision (and their own audit row), never a side effect of a link.
 */
export async function reissueSetupLink(db: Database, id: number, actor: Actor, backOfficeUrl: string, alongside: SetupLinkSideEffect): Promise<{ member: StaffRow; mails: number[] }> {
  const token = newToken();
  const url = setupUrl(backOfficeUrl, token);
  return db.transaction(async (tx) => {
    const [existing] = await tx.select().from(staff).where(eq(staff.id, id)).for('update');
    if (!existing) throw notFound('Staff member');
    if (existing.disabled) throw new ApiError(409, 'staff_disabled', 'This member is disabled: enable them first, then send a new set-up link.');
    const [updated] = await tx.update(staff).set(newSetup(token)).where(eq(staff.id, id)).returning();
    await audit(tx, actor, { action: 'staff.setup_link_issued', targetType: 'staff', targetId: id, before: { role: existing.role }, after: { role: existing.role } });
    return { member: updated!, mails: [await alongside(tx, { email: updated!.email, role: updated!.role as StaffRole }, url)] };
  });
}

/**
 * Refuses a change that takes `staffId`'s owner rights away (a new role, disabling) when no other owner could sign
 * in. It locks every active owner's row first, so that two such changes at once wait for each other: the second
 * counts the owners the first left.
 */
export async function keepAnOwner(tx: Queryable, staffId: number): Promise<void> {
  const owners = await tx.select({ id: staff.id }).from(staff).where(and(eq(staff.role, 'owner'), eq(staff.disabled, false))).orderBy(asc(staff.id)).for('update');
  if (owners.length === 1 && owners[0]!.id === staffId) {
    throw new ApiError(409, 'last_owner', 'The shop needs an owner who can sign in: make another member owner first.');
  }
}

const pendingSetup = (token: string) => and(eq(staff.setupTokenHash, sha256(token)), gt(staff.setupExpiresAt, new Date()));

export async function getStaffSetup({ token }: { token: string }, { db }: AdminContext) {
  const [row] = await db.select().from(staff).where(pendingSetup(token));
  if (!row?.setupTotpSecret) throw linkInvalid();
  return { email: row.email, role: row.role as StaffRole, totp_secret: row.setupTotpSecret, otpauth_url: otpauthUrl(row.email, row.setupTotpSecret) };
}

/**
 * Sets the password and the authenticator (confirmed by a code of it), ends every session the account had (a new
 * password ends them all), and answers new recovery codes, once. The change and its audit row are one transaction.
 */
export async function completeStaffSetup(input: { token: string; password: string; code: string }, { db, clientIp, textLang }: AdminContext) {
  const [row] = await db.select().from(staff).where(pendingSetup(input.token));
  if (!row?.setupTotpSecret) throw linkInvalid();
  await requireStrongPassword(input.password, textLang, 'password', [row.email]);
  const step = await totpStep(row.setupTotpSecret, input.code, null);
  if (step === null) throw new ApiError(400, 'code_invalid', CODE_MESSAGE, { errors: { code: [CODE_MESSAGE] } });
  const passwordHash = await hashPassword(input.password);
  const recovery = newRecoveryCodes();
  await db.transaction(async (tx) => {
    // The link is taken once: a second use at the same time finds it gone.
    const [locked] = await tx.select().from(staff).where(pendingSetup(input.token)).for('update');
    if (!locked) throw linkInvalid();
    await tx
      .update(staff)
      .set({ passwordHash, totpSecret: locked.setupTotpSecret, totpLastStep: step, recoveryCodeHashes: recovery.hashes, setupTokenHash: null, setupTotpSecret: null, setupExpiresAt: null })
      .where(eq(staff.id, locked.id));
    await tx.delete(staffSessions).where(eq(staffSessions.staffId, locked.id));
    await audit(
      tx,
      { staffId: locked.id, email: locked.email, clientIp },
      { action: 'staff.set_up', targetType: 'staff', targetId: locked.id, before: { set_up: locked.passwordHash !== null }, after: { set_up: true, recovery_codes: recovery.codes.length } },
    );
  });
  return { email: row.email, recovery_codes: recovery.codes };
}
