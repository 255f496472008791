import { randomInt } from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';
import { sha256 } from '../sessions/tokens.ts';

/** The name authenticator apps show beside the account. */
const ISSUER = 'Atelier Moda back office';
/** A code of the step before or after the current one is taken too (clocks drift, people type slowly). */
const TOLERANCE_SECONDS = 30;
const RECOVERY_CODE_COUNT = 10;
// Without look-alikes (0/o, 1/l/i): the codes are copied by hand.
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

export const newTotpSecret = (): string => generateSecret();

export const otpauthUrl = (email: string, secret: string): string => generateURI({ issuer: ISSUER, label: email, secret });

/** The time step of a right code later than `afterStep` (a code is taken once), or null. */
export async function totpStep(secret: string, code: string, afterStep: number | null): Promise<number | null> {
  try {
    const result = await verify({ secret, token: code, epochTolerance: TOLERANCE_SECONDS, ...(afterStep === null ? {} : { afterTimeStep: afterStep }) });
    return result.valid && 'timeStep' in result ? result.timeStep : null;
  } catch {
    return null;
  }
}

export const isRecoveryCode = (code: string): boolean => code.includes('-');

/** Ten recovery codes (about 50 bits each), to show once, and their hashes, to keep. */
export function newRecoveryCodes(): { codes: string[]; hashes: string[] } {
  const group = () => Array.from({ length: 5 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join('');
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => `${group()}-${group()}`);
  return { codes, hashes: codes.map(recoveryCodeHash) };
}

export const recoveryCodeHash = (code: string): string => sha256(`recovery:${code.toLowerCase()}`);
