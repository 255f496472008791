import { TEXT_LANGUAGES, type registerInput, type TextLang } from '@shop/contract';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { CallContext } from '../call-context.ts';
import { customers, orders, pendingRegistrations } from '../db/schema.ts';
import { ApiError } from '../http/errors.ts';
import { plainMailBuilder } from '../mail/plain-mails.ts';
import { deliverQueued, queueMail } from '../mail/queued.ts';
import { afterAnswering } from './background.ts';
import { emailTaken, findCustomerByEmail, toCustomer, type SignedIn } from './customers.ts';
import { hashPassword, requireStrongPassword } from './passwords.ts';
import { RATE_LIMITS, takeAttempt } from '../sessions/rate-limit.ts';
import { startCustomerSession } from './sign-in.ts';
import { newToken, sha256 } from '../sessions/tokens.ts';

/** How long the link of a confirmation mail works (it also works only once). */
export const REGISTRATION_LINK_LIFETIME_MS = 24 * 60 * 60 * 1000;

/** The answer to every registration: it must not tell whether the address already has an account. */
export const REGISTRATION_REQUESTED_MESSAGE = 'Check your email to finish creating your account.';

const linkInvalid = () => new ApiError(400, 'registration_link_invalid', 'This confirmation link has expired or has already been used');

const isTextLang = (value: string): value is TextLang => (TEXT_LANGUAGES as readonly string[]).includes(value);

/**
 * Starts a registration. The answer is the same for a new and a known address, and comes after the same work
 * (limits, strength, password hash); the rest happens after answering: a new address gets a confirmation link
 * (the account exists once it is followed), a known one a mail telling its owner.
 */
export async function register(input: z.output<typeof registerInput>, context: CallContext): Promise<void> {
  const { db, config } = context;
  await takeAttempt(db, [
    { limit: RATE_LIMITS.registrationsPerEmail, subject: [input.email] },
    { limit: RATE_LIMITS.registrationsPerClient, subject: [context.clientIp] },
  ]);
  await requireStrongPassword(input.password, context.textLang, 'password', [input.email, input.first_name, input.last_name]);
  const passwordHash = await hashPassword(input.password);
  afterAnswering(context, 'registration', async () => {
    const owner = await findCustomerByEmail(db, input.email);
    if (owner) {
      const lang = isTextLang(owner.lang) ? owner.lang : context.textLang;
      const mail = await queueMail(db, { kind: 'registration_known_address', to: owner.email, payload: { firstName: owner.firstName, lang } });
      await deliverQueued(context, plainMailBuilder(config), [mail]);
      return;
    }
    const token = newToken();
    const mail = await db.transaction(async (tx) => {
      await tx.insert(pendingRegistrations).values({
        tokenHash: sha256(token),
        email: input.email,
        passwordHash,
        firstName: input.first_name,
        lastName: input.last_name,
        gender: input.gender ?? null,
        newsletter: input.newsletter,
        newsletterInterests: [...new Set(input.newsletter_interests)],
        lang: context.textLang,
        expiresAt: new Date(Date.now() + REGISTRATION_LINK_LIFETIME_MS),
      });
      return queueMail(tx, { kind: 'registration_confirm', to: input.email, payload: { firstName: input.first_name, lang: context.textLang, token } });
    });
    await deliverQueued(context, plainMailBuilder(config), [mail]);
  });
}

/**
 * Finishes a registration from its mailed link: creates the customer and signs them in (a guest's cart and
 * wishlist move to the account, as at sign-in). The link works once; the address's other pending links go too.
 */
export async function confirmRegistration(token: string, context: CallContext): Promise<SignedIn> {
  const customer = await context.db.transaction(async (tx) => {
    // Taking the link and checking it in one statement keeps it single-use when two requests race.
    const [pending] = await tx
      .delete(pendingRegistrations)
      .where(and(eq(pendingRegistrations.tokenHash, sha256(token)), gt(pendingRegistrations.expiresAt, new Date())))
      .returning();
    if (!pending) throw linkInvalid();
    const [created] = await tx
      .insert(customers)
      .values({
        email: pending.email,
        passwordHash: pending.passwordHash,
        firstName: pending.firstName,
        lastName: pending.lastName,
        gender: pending.gender,
        newsletter: pending.newsletter,
        newsletterInterests: pending.newsletterInterests,
        // The yes was given when registering; the account is opened now.
        newsletterConsentAt: pending.newsletter ? pending.createdAt : null,
        lang: pending.lang,
      })
      .onConflictDoNothing({ target: customers.email })
      .returning();
    // The address got an account after this link was sent (another link of it was followed first).
    if (!created) throw emailTaken();
    await tx.delete(pendingRegistrations).where(eq(pendingRegistrations.email, pending.email));
    // The orders placed as a guest with this address become the account's (the link just followed proves the
    // address); their mail links stop opening them (orders/links.ts): they are read after signing in.
    await tx
      .update(orders)
      .set({ customerId: created.id, updatedAt: new Date() })
      .where(and(isNull(orders.customerId), sql`lower(${orders.email}) = ${pending.email.toLowerCase()}`));
    return created;
  });
  return { customer: toCustomer(customer), ...(await startCustomerSession(context, customer.id)) };
}
