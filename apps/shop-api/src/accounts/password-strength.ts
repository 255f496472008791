import { availableParallelism } from 'node:os';
import { PASSWORD_STRENGTHS, type PasswordStrength, type TextLang } from '@shop/contract';
import { Piscina } from 'piscina';
import { ApiError } from '../http/errors.ts';

/**
 * The estimate only ever sees this many first characters of a password: its cost grows with the length
 * (hostile 128-character passwords took seconds). Measured worst case over the six languages' word lists
 * (bench/password-strength.mjs): about 140 ms of CPU at 16 characters, 330 ms at 24, 460 to 560 ms at 32.
 * Sixteen characters are plenty to tell a guessable password from a good one; the whole password still goes
 * through the policy's rules and maximum length.
 */
export const STRENGTH_PREFIX_LENGTH = 16;

/** Checks waiting for a thread beyond this are refused at once (503): the shop is too busy to queue more. */
const MAX_QUEUED_CHECKS = 32;

let pool: Piscina | undefined;

/**
 * The worker threads that run the estimate, so that it never stalls the event loop. Half the cores: the
 * other half keeps serving pages (argon2 hashes on libuv's own threads). Idle threads keep their loaded
 * word lists but do not keep the process alive.
 */
function strengthPool(): Piscina {
  const threads = Math.max(1, Math.floor(availableParallelism() / 2));
  pool ??= new Piscina({
    filename: new URL('./password-strength-worker.mjs', import.meta.url).href,
    minThreads: threads,
    maxThreads: threads,
    maxQueue: MAX_QUEUED_CHECKS,
  });
  return pool;
}

export type Strength = { score: 0 | 1 | 2 | 3 | 4; strength: PasswordStrength };

/**
 * How hard the password is to guess, from 0 (very weak) to 4 (strong), judged on its first
 * STRENGTH_PREFIX_LENGTH characters. `userInputs` are words the password should not lean on: the customer's
 * own email and names.
 */
export async function passwordStrength(password: string, lang: TextLang, userInputs: string[] = []): Promise<Strength> {
  const task = { password: password.slice(0, STRENGTH_PREFIX_LENGTH), lang, userInputs };
  const score = (await strengthPool()
    .run(task)
    .catch((error: unknown) => {
      if ((error as Error).message === 'Task queue is at limit') throw new ApiError(503, 'busy', 'The shop is busy. Please try again in a moment.');
      throw error;
    })) as Strength['score'];
  return { score, strength: PASSWORD_STRENGTHS[score] };
}
