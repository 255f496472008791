import { hash, verify, type Algorithm, type Options } from '@node-rs/argon2';
import { brokenPasswordRules, PASSWORD_POLICY, type PasswordCheck, type TextLang } from '@shop/contract';
import { ApiError } from '../http/errors.ts';
import { passwordStrength } from './password-strength.ts';
import { newToken } from '../sessions/tokens.ts';

// `Algorithm` is an ambient const enum, which isolatedModules does not let us read: 2 is its Argon2id.
const ARGON2ID = 2 satisfies Algorithm;
/** Argon2id with the library's (OWASP-level) costs: 19 MiB, 2 passes. */
const HASH_OPTIONS: Options = { algorithm: ARGON2ID };

export const WEAK_PASSWORD_MESSAGE = 'password strength is insufficient, use a stronger password';

export function hashPassword(password: string): Promise<string> {
  return hash(password, HASH_OPTIONS);
}

/** Whether the password matches the stored hash; a malformed hash matches nothing. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

// Made at start rather than on first use, so that not even the first unknown email is answered faster.
const dummyHash = hashPassword(newToken());

/**
 * Spends the time of one verification when there is no account to check the password against, so that
 * the answer's timing does not tell whether the email is registered.
 */
export async function verifyAgainstNothing(password: string): Promise<false> {
  await verifyPassword(await dummyHash, password);
  return false;
}

/** validatePassword: every rule of the policy the password breaks, and how strong it is. */
export async function checkPassword(password: string, lang: TextLang): Promise<PasswordCheck> {
  const { score, strength } = await passwordStrength(password, lang);
  const errors: string[] = [];
  if (password.length < PASSWORD_POLICY.min_length) errors.push('too_short');
  if (password.length > PASSWORD_POLICY.max_length) errors.push('too_long');
  errors.push(...brokenPasswordRules(password));
  if (score < PASSWORD_POLICY.min_score) errors.push('too_weak');
  return { valid: errors.length === 0, score, strength, errors };
}

/**
 * The strength half of the policy for a new password (the payload's schema has already checked its length
 * and characters): a weak one is a 400 on `field`.
 */
export async function requireStrongPassword(password: string, lang: TextLang, field: string, userInputs: string[]): Promise<void> {
  const { score } = await passwordStrength(password, lang, userInputs);
  if (score < PASSWORD_POLICY.min_score) {
    throw new ApiError(400, 'password_too_weak', WEAK_PASSWORD_MESSAGE, { errors: { [field]: [WEAK_PASSWORD_MESSAGE] } });
  }
}
