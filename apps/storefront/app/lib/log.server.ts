import { throttledLines } from '@shop/contract/log-lines';
import { LOG_THROTTLE_WINDOW_MS } from '@shop/contract/resilience';

/** pino's levels, so that the storefront's lines and the API's read alike. */
const LEVELS = { warn: 40, error: 50 } as const;

/**
 * The storefront's own log: one JSON line per event on standard error, `{ level, time, msg, …fields }`, as the
 * shop API writes its own, with repeated identical lines throttled (SPEC §9: a shop API that is down for a
 * minute is a handful of lines, not one per page view). Fields carry codes and references, never a shopper's
 * personal data or a secret: callers pass what identifies the failure, not the request.
 */
export function createLog(out: (line: string) => void = (line) => void process.stderr.write(line)) {
  const lines = throttledLines(out);
  // Repeats that stop are still reported, a window later.
  setInterval(() => lines.sweep(), LOG_THROTTLE_WINDOW_MS).unref();
  const write = (level: keyof typeof LEVELS) => (msg: string, fields: Record<string, string | number | undefined> = {}) =>
    lines.write(`${JSON.stringify({ level: LEVELS[level], time: Date.now(), msg, ...fields })}\n`);
  return { warn: write('warn'), error: write('error') };
}

export const log = createLog();
