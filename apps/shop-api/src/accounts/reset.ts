import { and, eq, gt, isNull } from 'drizzle-orm';
import type { CallContext } from '../call-context.ts';
import { customers, passwordResetTokens } from '../db/schema.ts';
import { ApiError } from '../http/errors.ts';
import { plainMailBuilder } from '../mail/plain-mails.ts';
import { deliverQueued, queueMail } from '../mail/queued.ts';
import { afterAnswering } from './background.ts';
import { findCustomerByEmail } from './customers.ts';
import { hashPassword, requireStrongPassword } from './passwords.ts';
import { forgetPasswordFailures, RATE_LIMITS, takeAttempt } from '../sessions/rate-limit.ts';
import { endCustomerSessions } from '../sessions/sessions.ts';
import { newToken, sha256 } from '../sessions/tokens.ts';

/** How long the link in a reset mail works (it also works only once). */
export const RESET_TOKEN_LIFETIME_MS = 60 * 60 * 1000;

/** The answer to every reset request: it must not tell whether the address is registered. */
export const RESET_REQUESTED_MESSAGE = 'If your address is registered, you will receive an email with a link to reset your password.';

const resetFailed = () => new ApiError(400, 'reset_token_invalid', 'Password reset failed');

/**
 * Sends a reset link when the address has an account. The answer comes right after the limits, before even
 * looking the address up, so that it takes the same time whether or not the address is known.
 */
export async function requestPasswordReset(email: string, context: CallContext): Promise<void> {
  const { db, config } = context;
  await takeAttempt(db, [
    { limit: RATE_LIMITS.resetRequestsPerEmail, subject: [email] },
    { limit: RATE_LIMITS.resetRequestsPerClient, subject: [context.clientIp] },
  ]);
  afterAnswering(context, 'password reset request', async () => {
    const customer = await findCustomerByEmail(db, email);
    if (!customer) return;
    const token = newToken();
    const mail = await db.transaction(async (tx) => {
      // A new link replaces the older ones that have not been used.
      await tx.delete(passwordResetTokens).where(and(eq(passwordResetTokens.customerId, customer.id), isNull(passwordResetTokens.usedAt)));
      await tx.insert(passwordResetTokens).values({
        customerId: customer.id,
        tokenHash: sha256(token),
        expiresAt: new Date(Date.now() + RESET_TOKEN_LIFETIME_MS),
      });
      return queueMail(tx, { kind: 'password_reset', to: customer.email, payload: { firstName: customer.firstName, lang: context.textLang, token } });
    });
    await deliverQueued(context, plainMailBuilder(config), [mail]);
  });
}

const usableToken = (tokenHash: string) =>
  and(eq(passwordResetTokens.tokenHash, tokenHash), isNull(passwordResetTokens.usedAt), gt(passwordResetTokens.expiresAt, new Date()));

/**
 * Sets the new password from a reset link: the link is used up, the customer is signed out everywhere, and the
 * failed sign-ins counted against the address are forgotten (a throttled owner gets back in this way).
 */
export async function enterNewPassword({ token, password }: { token: string; password: string }, context: CallContext): Promise<void> {
  const { db } = context;
  const tokenHash = sha256(token);
  const [owner] = await db
    .select({ email: customers.email, firstName: customers.firstName, lastName: customers.lastName })
    .from(passwordResetTokens)
    .innerJoin(customers, eq(customers.id, passwordResetTokens.customerId))
    .where(usableToken(tokenHash));
  if (!owner) throw resetFailed();
  await requireStrongPassword(password, context.textLang, 'password', [owner.email, owner.firstName, owner.lastName]);
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    // Checking and using the token in one statement keeps it single-use when two requests race.
    const [used] = await tx
      .update(passwordResetTokens)
      .set({ usedAt: new Date() })
      .where(usableToken(tokenHash))
      .returning({ customerId: passwordResetTokens.customerId });
    if (!used) throw resetFailed();
    await tx.update(customers).set({ passwordHash }).where(eq(customers.id, used.customerId));
    await endCustomerSessions(tx, used.customerId);
    await forgetPasswordFailures(tx, owner.email);
  });
}
