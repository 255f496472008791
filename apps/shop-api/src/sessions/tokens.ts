import { createHash, randomBytes } from 'node:crypto';

/** A secret for a session or a reset link: 32 random bytes, base64url (43 characters). */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * What the database keeps instead of a secret (sessions, reset tokens) or of a personal value (rate-limit keys):
 * a leaked table then gives nothing usable. The tokens are random, so a fast hash is enough.
 */
export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}
