import { throttledLines } from '@shop/contract/log-lines';
import { LOG_THROTTLE_WINDOW_MS } from '@shop/contract/resilience';
import type { FastifyServerOptions } from 'fastify';

/**
 * What never reaches a log line (pino's redaction, wherever a caller puts it): credentials (authorization,
 * cookies, the API secret, tokens, passwords) and personal data (email, names, phone, addresses, card fields).
 * Request logs carry method, URL and ids only; this is the net for an object logged whole.
 */
const SECRET_KEYS = [
  'authorization',
  'cookie',
  'set-cookie',
  'x-shop-api-secret',
  'password',
  'new_password',
  'current_password',
  'token',
  'email',
  'first_name',
  'last_name',
  'phone',
  'address1',
  'address2',
  'card_number',
  'cvc',
];
export const REDACTED_PATHS = [
  ...SECRET_KEYS.map((key) => `["${key}"]`),
  ...SECRET_KEYS.map((key) => `*["${key}"]`),
  ...['req', 'res'].flatMap((part) => SECRET_KEYS.map((key) => `${part}.headers["${key}"]`)),
];

/** The shop API's logger: JSON lines on standard output, secrets and personal data redacted, repeats throttled. */
export function loggerOptions(level: string, out: NodeJS.WritableStream = process.stdout): FastifyServerOptions['logger'] {
  const lines = throttledLines((line) => void out.write(line));
  // Repeats that stop are still reported, a window later.
  setInterval(() => lines.sweep(), LOG_THROTTLE_WINDOW_MS).unref();
  return { level, redact: { paths: REDACTED_PATHS, censor: '[redacted]' }, stream: lines };
}
