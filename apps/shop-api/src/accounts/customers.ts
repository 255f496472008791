import { GENDERS, NEWSLETTER_INTERESTS, type Customer, type UnheldLine, type updateCustomerInput } from '@shop/contract';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { CallContext } from '../call-context.ts';
import type { Database } from '../db/client.ts';
import { customers } from '../db/schema.ts';
import { ApiError } from '../http/errors.ts';
import { hashPassword, requireStrongPassword, verifyAgainstNothing, verifyPassword } from './passwords.ts';
import { giveBackAttempt, RATE_LIMITS, resetCounters, takeAttempt } from '../sessions/rate-limit.ts';
import { endCustomerSessions, requireCustomerId, type IssuedSession } from '../sessions/sessions.ts';
import { startCustomerSession } from './sign-in.ts';

type CustomerRow = typeof customers.$inferSelect;
export type SignedIn = { customer: Customer; session: IssuedSession; unheld: UnheldLine[] };

const authenticationFailed = () => new ApiError(401, 'authentication_failed', 'Authentication failed');
export const emailTaken = () => new ApiError(409, 'email_taken', 'An account already exists with this email address');
const invalidPassword = (reason: string) => new ApiError(400, 'invalid_password', 'Invalid Password', { errors: { current_password: [reason] } });

/** PostgreSQL refused a duplicate (here: an email address); both drivers leave its code on the error Drizzle wraps. */
const isUniqueViolation = (error: unknown) => (error as { cause?: { code?: unknown } }).cause?.code === '23505';

const isGender = (value: string | null): value is Customer['gender'] => (GENDERS as readonly (string | null)[]).includes(value);
const isInterest = (value: string): value is Customer['newsletter_interests'][number] => (NEWSLETTER_INTERESTS as readonly string[]).includes(value);

export function toCustomer(row: CustomerRow): Customer {
  return {
    id: row.id,
    email: row.email,
    first_name: row.firstName,
    last_name: row.lastName,
    gender: isGender(row.gender) ? row.gender : null,
    newsletter: row.newsletter,
    newsletter_interests: row.newsletterInterests.filter(isInterest),
    created_at: row.createdAt.toISOString(),
    erasure_requested_at: row.erasureRequestedAt?.toISOString() ?? null,
  };
}

export async function findCustomerByEmail(db: Database, email: string): Promise<CustomerRow | undefined> {
  const [row] = await db.select().from(customers).where(eq(customers.email, email));
  return row;
}

export async function signedInCustomer(context: CallContext): Promise<CustomerRow> {
  const id = await requireCustomerId(context);
  const [row] = await context.db.select().from(customers).where(eq(customers.id, id));
  // Sessions go with their customer (on delete cascade), so a live session always has one.
  if (!row) throw new ApiError(401, 'unauthorized', 'Please sign in');
  return row;
}

/**
 * Checks a password typed for an account, within the limits on failures (docs/adr/0010): per client and email
 * address, with waits that double; per client; and a high bound per email address. Over a limit the password
 * is not even checked. With no account (`passwordHash` null) the check takes as long as a real one and fails.
 */
async function checkPasswordAttempt(context: CallContext, email: string, passwordHash: string | null, password: string): Promise<boolean> {
  const clientAndEmail = { limit: RATE_LIMITS.passwordFailuresPerClientAndEmail, subject: [email, context.clientIp] };
  const others = [
    { limit: RATE_LIMITS.passwordFailuresPerClient, subject: [context.clientIp] },
    { limit: RATE_LIMITS.passwordFailuresPerEmail, subject: [email] },
  ];
  await takeAttempt(context.db, [clientAndEmail, ...others]);
  const correct = passwordHash ? await verifyPassword(passwordHash, password) : await verifyAgainstNothing(password);
  if (correct) {
    // A success ends this client's run of failures for the account; the wider counters only give this attempt back.
    await resetCounters(context.db, [clientAndEmail]);
    await giveBackAttempt(context.db, others);
  }
  return correct;
}

/** Wrong email and wrong password give the same answer, so that nobody learns which addresses have an account. */
export async function login(input: { email: string; password: string }, context: CallContext): Promise<SignedIn> {
  const customer = await findCustomerByEmail(context.db, input.email);
  const correct = await checkPasswordAttempt(context, input.email, customer?.passwordHash ?? null, input.password);
  if (!customer || !correct) throw authenticationFailed();
  return { customer: toCustomer(customer), ...(await startCustomerSession(context, customer.id)) };
}

export async function getCustomer(context: CallContext): Promise<Customer> {
  return toCustomer(await signedInCustomer(context));
}

/** Profile and newsletter changes; a new email address or password needs the current password. */
export async function updateCustomer(input: z.output<typeof updateCustomerInput>, context: CallContext): Promise<Customer> {
  const current = await signedInCustomer(context);
  const { db } = context;
  const emailChanges = input.email !== current.email;
  if (emailChanges || input.new_password) {
    if (!input.current_password) throw invalidPassword('Password is required');
    if (!(await checkPasswordAttempt(context, current.email, current.passwordHash, input.current_password))) throw invalidPassword('Invalid Password');
  }
  if (input.new_password) {
    await requireStrongPassword(input.new_password, context.textLang, 'new_password', [input.email, input.first_name, input.last_name]);
  }
  const newPasswordHash = input.new_password ? await hashPassword(input.new_password) : undefined;
  const [updated] = await db
    .update(customers)
    .set({
      email: input.email,
      firstName: input.first_name,
      lastName: input.last_name,
      gender: input.gender === undefined ? current.gender : input.gender,
      newsletter: input.newsletter,
      newsletterInterests: [...new Set(input.newsletter_interests)],
      // The consent's date is the yes that started it; a no forgets it.
      newsletterConsentAt: input.newsletter ? (current.newsletterConsentAt ?? new Date()) : null,
      ...(newPasswordHash ? { passwordHash: newPasswordHash } : {}),
    })
    .where(eq(customers.id, current.id))
    .returning()
    .catch((error: unknown) => {
      throw isUniqueViolation(error) ? emailTaken() : error;
    });
  // A new password signs the customer out on every other device.
  if (input.new_password) await endCustomerSessions(db, current.id, context.sessionToken);
  return toCustomer(updated!);
}
