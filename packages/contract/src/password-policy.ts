import { z } from 'zod';

/**
 * The password policy (SPEC §5), the same for the API, the storefront's forms and getPasswordPolicy.
 * The maximum keeps hashing time bounded; 128 is generous for passphrases.
 */
export const PASSWORD_POLICY = {
  min_length: 8,
  max_length: 128,
  require_lowercase: true,
  require_uppercase: true,
  require_digit: true,
  require_symbol: true,
  /** The special characters that count as a symbol. */
  symbols: '!@#$%^&*()-_=+[]{};:\'",.<>/?\\|`~',
  /** zxcvbn score (0–4) a password must reach: 0 very weak, 1 weak, 2 fair, 3 good, 4 strong. */
  min_score: 2,
} as const;

export const PASSWORD_STRENGTHS = ['very_weak', 'weak', 'fair', 'good', 'strong'] as const;
export type PasswordStrength = (typeof PASSWORD_STRENGTHS)[number];

/** The character rules a password breaks, as rule names the storefront translates. */
export type PasswordRule = 'lowercase' | 'uppercase' | 'digit' | 'symbol';

export function brokenPasswordRules(password: string): PasswordRule[] {
  const symbols = [...PASSWORD_POLICY.symbols];
  const broken: PasswordRule[] = [];
  if (!/[a-z]/.test(password)) broken.push('lowercase');
  if (!/[A-Z]/.test(password)) broken.push('uppercase');
  if (!/[0-9]/.test(password)) broken.push('digit');
  if (![...password].some((char) => symbols.includes(char))) broken.push('symbol');
  return broken;
}

/**
 * A new password: length bounds and character rules (strength is checked by the API with zxcvbn).
 * Each custom issue carries `params.rule` so that a form can translate it.
 */
export const newPasswordSchema = z
  .string({ error: 'Password is required' })
  .min(1, { error: 'Password is required' })
  .min(PASSWORD_POLICY.min_length, { error: `Password must be at least ${PASSWORD_POLICY.min_length} characters` })
  .max(PASSWORD_POLICY.max_length, { error: `Password must be at most ${PASSWORD_POLICY.max_length} characters` })
  .superRefine((password, context) => {
    const broken = brokenPasswordRules(password);
    if (broken.length > 0) {
      context.addIssue({
        code: 'custom',
        message: `Password must meet the following requirements: ${broken.join(', ')}`,
        params: { rule: 'password_requirements', broken },
      });
    }
  });

export const passwordPolicySchema = z.object({
  min_length: z.number().int(),
  max_length: z.number().int(),
  require_lowercase: z.boolean(),
  require_uppercase: z.boolean(),
  require_digit: z.boolean(),
  require_symbol: z.boolean(),
  symbols: z.string(),
  min_score: z.number().int(),
});

export const passwordCheckSchema = z.object({
  valid: z.boolean(),
  score: z.number().int().min(0).max(4),
  strength: z.enum(PASSWORD_STRENGTHS),
  /** Rule names: too_short, too_long, lowercase, uppercase, digit, symbol, too_weak. */
  errors: z.array(z.string()),
});
export type PasswordCheck = z.infer<typeof passwordCheckSchema>;
