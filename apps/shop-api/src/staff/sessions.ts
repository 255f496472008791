import type { AdminArea, StaffMember, StaffRole } from '@shop/contract/admin';
import { and, eq, gt, isNotNull, isNull, lte, ne, or, sql } from 'drizzle-orm';
import { hashPassword, requireStrongPassword, verifyAgainstNothing, verifyPassword } from '../accounts/passwords.ts';
import { giveBackAttempt, RATE_LIMITS, resetCounters, takeAttempt, type Counter } from '../sessions/rate-limit.ts';
import { newToken, sha256 } from '../sessions/tokens.ts';
import type { Queryable } from '../db/client.ts';
import { staff, staffSessions } from '../db/schema.ts';
import { ApiError } from '../http/errors.ts';
import { audit } from './audit.ts';
import type { AdminContext, SignedInContext, StaffRow } from './context.ts';
import { areasOf, mayUse } from './rights.ts';
import { isRecoveryCode, recoveryCodeHash, totpStep } from './second-factor.ts';

const MINUTE = 60_000;
/** A staff session ends after this long without a call... */
export const STAFF_IDLE_MS = 30 * MINUTE;
/** ...and in any case this long after sign-in. */
const STAFF_SESSION_LONGEST_MS = 12 * 60 * MINUTE;
/** The time to give the second factor once the password was right. */
const CHALLENGE_MS = 5 * MINUTE;

const authenticationFailed = () => new ApiError(401, 'authentication_failed', 'Authentication failed.');

export const toStaffMember = (row: StaffRow): StaffMember => ({ email: row.email, role: row.role as StaffRole, areas: areasOf(row.role as StaffRole) });

/**
 * The sign-in counters of customers (docs/adr/0010), for a staff email address: a wrong password and a wrong code
 * are both failures. Their subject says 'staff', so that a customer with the same address has counters of their own.
 */
function signInCounters(email: string, clientIp: string): { clientAndEmail: Counter; others: Counter[] } {
  const subject = `staff:${email}`;
  return {
    clientAndEmail: { limit: RATE_LIMITS.passwordFailuresPerClientAndEmail, subject: [subject, clientIp] },
    others: [
      { limit: RATE_LIMITS.passwordFailuresPerClient, subject: [clientIp] },
      { limit: RATE_LIMITS.passwordFailuresPerEmail, subject: [subject] },
    ],
  };
}

/** Whether the account can sign in: set up (a password and an authenticator) and not disabled. */
const canSignIn = (row: StaffRow | undefined): row is StaffRow & { passwordHash: string; totpSecret: string } =>
  !!row && !row.disabled && row.passwordHash !== null && row.totpSecret !== null;

/**
 * The password step: a right password for a usable account gives a challenge for the second factor, anything else
 * the same refusal in the same time (no enumeration). Throttled as customers' sign-in is.
 */
export async function staffSignIn(input: { email: string; password: string }, { db, clientIp }: AdminContext) {
  const [row] = await db.select().from(staff).where(eq(staff.email, input.email));
  const { clientAndEmail, others } = signInCounters(input.email, clientIp);
  await takeAttempt(db, [clientAndEmail, ...others]);
  const correct = canSignIn(row) ? await verifyPassword(row.passwordHash, input.password) : await verifyAgainstNothing(input.password);
  if (!correct || !row) throw authenticationFailed();
  // The code step counts its own failures; a right password is not one.
  await giveBackAttempt(db, [clientAndEmail, ...others]);
  const challenge = newToken();
  const now = new Date();
  const expiresAt = new Date(now.getTime() + CHALLENGE_MS);
  await db.insert(staffSessions).values({ tokenHash: sha256(challenge), staffId: row.id, createdAt: now, expiresAt });
  return { challenge, expires_at: expiresAt.toISOString() };
}

/** Takes a code once: an authenticator's time step later than the last one used, or an unused recovery code. */
async function takeCode(db: Queryable, row: StaffRow & { totpSecret: string }, code: string): Promise<'totp' | 'recovery' | null> {
  if (isRecoveryCode(code)) {
    const hash = recoveryCodeHash(code);
    const [used] = await db
      .update(staff)
      .set({ recoveryCodeHashes: sql`array_remove(${staff.recoveryCodeHashes}, ${hash})` })
      .where(and(eq(staff.id, row.id), sql`${hash} = any(${staff.recoveryCodeHashes})`))
      .returning({ id: staff.id });
    return used ? 'recovery' : null;
  }
  const step = await totpStep(row.totpSecret, code, row.totpLastStep);
  if (step === null) return null;
  // In one statement, so that two sign-ins with the same code cannot both take it.
  const [taken] = await db
    .update(staff)
    .set({ totpLastStep: step })
    .where(and(eq(staff.id, row.id), or(isNull(staff.totpLastStep), sql`${staff.totpLastStep} < ${step}`)))
    .returning({ id: staff.id });
  return taken ? 'totp' : null;
}

/** The second step: the challenge and a code give a new session (the challenge is worth nothing after it). */
export async function staffSecondFactor(input: { challenge: string; code: string }, { db, clientIp }: AdminContext) {
  const now = new Date();
  const [found] = await db
    .select({ staff })
    .from(staffSessions)
    .innerJoin(staff, eq(staff.id, staffSessions.staffId))
    .where(and(eq(staffSessions.tokenHash, sha256(input.challenge)), isNull(staffSessions.secondFactorAt), gt(staffSessions.expiresAt, now)));
  if (!found) {
    // An unknown challenge is a failure of this client's too.
    await takeAttempt(db, [{ limit: RATE_LIMITS.passwordFailuresPerClient, subject: [clientIp] }]);
    throw authenticationFailed();
  }
  const row = found.staff;
  const { clientAndEmail, others } = signInCounters(row.email, clientIp);
  await takeAttempt(db, [clientAndEmail, ...others]);
  const taken = canSignIn(row) ? await takeCode(db, row, input.code) : null;
  if (!taken) throw authenticationFailed();
  await resetCounters(db, [clientAndEmail]);
  await giveBackAttempt(db, others);
  const token = newToken();
  const expiresAt = new Date(now.getTime() + STAFF_IDLE_MS);
  await db.transaction(async (tx) => {
    await tx.delete(staffSessions).where(eq(staffSessions.tokenHash, sha256(input.challenge)));
    // Housekeeping: this staff member's ended sessions and challenges.
    await tx.delete(staffSessions).where(and(eq(staffSessions.staffId, row.id), lte(staffSessions.expiresAt, now)));
    await tx.insert(staffSessions).values({ tokenHash: sha256(token), staffId: row.id, secondFactorAt: now, createdAt: now, expiresAt });
    await tx.update(staff).set({ lastSignInAt: now }).where(eq(staff.id, row.id));
    await audit(tx, { staffId: row.id, email: row.email, clientIp }, { action: 'staff.signed_in', targetType: 'staff', targetId: row.id, after: { second_factor: taken } });
  });
  return { staff: toStaffMember(row), session: { token, expires_at: expiresAt.toISOString() } };
}

/**
 * The staff member of a live session (second factor given, not idle too long, not older than a working day, the
 * account not disabled), whose idle time starts again; null otherwise.
 */
export async function signedInStaff(db: Queryable, token: string | null): Promise<StaffRow | null> {
  if (!token) return null;
  const now = new Date();
  const [session] = await db
    .update(staffSessions)
    .set({ expiresAt: new Date(now.getTime() + STAFF_IDLE_MS) })
    .where(
      and(
        eq(staffSessions.tokenHash, sha256(token)),
        isNotNull(staffSessions.secondFactorAt),
        gt(staffSessions.expiresAt, now),
        gt(staffSessions.createdAt, new Date(now.getTime() - STAFF_SESSION_LONGEST_MS)),
      ),
    )
    .returning({ staffId: staffSessions.staffId });
  if (!session) return null;
  const [row] = await db.select().from(staff).where(and(eq(staff.id, session.staffId), eq(staff.disabled, false)));
  return row ?? null;
}

/** The staff member of a live session whose role has the right to `area`: a refusal (401, 403) otherwise. For the routes outside the calls (files in and out). */
export async function staffWithRight(db: Queryable, token: string | null, area: AdminArea): Promise<StaffRow> {
  const member = await signedInStaff(db, token);
  if (!member) throw new ApiError(401, 'unauthorized', 'This call needs a staff session');
  if (!mayUse(member.role as StaffRole, area)) throw new ApiError(403, 'forbidden', 'Your role has no right to this call');
  return member;
}

export async function staffSignOut(context: AdminContext): Promise<Record<string, never>> {
  const { db, sessionToken, staff: row, clientIp } = context;
  await db.transaction(async (tx) => {
    if (sessionToken) await tx.delete(staffSessions).where(eq(staffSessions.tokenHash, sha256(sessionToken)));
    if (row) await audit(tx, { staffId: row.id, email: row.email, clientIp }, { action: 'staff.signed_out', targetType: 'staff', targetId: row.id });
  });
  return {};
}

/**
 * A staff member's own new password: the current one first (a wrong one counts as a failed sign-in, on the same
 * counters), the new one by the shop's policy. Every other session of theirs ends with the change, in its
 * transaction and with its audit row; the session that made it goes on.
 */
export async function changeOwnStaffPassword(input: { current_password: string; new_password: string }, context: AdminContext): Promise<Record<string, never>> {
  const { db, clientIp, textLang, sessionToken } = context;
  const row = (context as SignedInContext).staff;
  const { clientAndEmail, others } = signInCounters(row.email, clientIp);
  await takeAttempt(db, [clientAndEmail, ...others]);
  const correct = row.passwordHash !== null && (await verifyPassword(row.passwordHash, input.current_password));
  if (!correct) {
    const message = 'This is not your current password.';
    throw new ApiError(400, 'invalid_password', message, { errors: { current_password: [message] } });
  }
  await resetCounters(db, [clientAndEmail]);
  await giveBackAttempt(db, others);
  await requireStrongPassword(input.new_password, textLang, 'new_password', [row.email]);
  const passwordHash = await hashPassword(input.new_password);
  await db.transaction(async (tx) => {
    await tx.update(staff).set({ passwordHash }).where(eq(staff.id, row.id));
    const ended = await tx
      .delete(staffSessions)
      .where(and(eq(staffSessions.staffId, row.id), ne(staffSessions.tokenHash, sha256(sessionToken ?? ''))))
      .returning({ tokenHash: staffSessions.tokenHash });
    await audit(tx, { staffId: row.id, email: row.email, clientIp }, { action: 'staff.password_changed', targetType: 'staff', targetId: row.id, after: { other_sessions_ended: ended.length } });
  });
  return {};
}
