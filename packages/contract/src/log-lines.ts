import { LOG_THROTTLE_MIN_REPEATS, LOG_THROTTLE_WINDOW_MS } from './resilience.ts';

/**
 * Log lines for both servers (the shop API's pino stream, the storefront's own log): repeated identical lines
 * throttled as SPEC §9 says. Plain functions of text, with no Node API, so that either server can use them.
 */

type Throttle = { windowMs?: number; minRepeats?: number; now?: () => number };

/**
 * A log destination that throttles repeated identical lines (SPEC §9): within a window of 1000 ms, the first 5
 * of the same line (its time aside) are written and the rest only counted; when the window is over, one line says
 * how many were left out. A failure repeated thousands of times a second stays readable and costs little.
 */
export function throttledLines(write: (line: string) => void, { windowMs = LOG_THROTTLE_WINDOW_MS, minRepeats = LOG_THROTTLE_MIN_REPEATS, now = Date.now }: Throttle = {}) {
  // Oldest window first: an entry is re-inserted when its window starts again.
  const windows = new Map<string, { since: number; count: number; line: string }>();

  /** Ends the windows that are over, reporting what each left out. */
  function sweep(time = now()): void {
    for (const [key, entry] of windows) {
      if (time - entry.since < windowMs) break;
      windows.delete(key);
      const left = entry.count - minRepeats;
      if (left > 0) write(summary(entry.line, left, windowMs, time));
    }
  }

  return {
    sweep,
    write(line: string): void {
      const time = now();
      sweep(time);
      const key = line.replace(/"time":\d+,?/, '');
      const entry = windows.get(key);
      if (!entry) windows.set(key, { since: time, count: 1, line });
      else if (++entry.count > minRepeats) return;
      write(line);
    },
  };
}

/** The line that stands for `left` left-out repeats: the repeated line's level and message, as JSON like pino's. */
function summary(line: string, left: number, windowMs: number, time: number): string {
  let level = 30;
  let msg = '';
  try {
    ({ level = 30, msg = '' } = JSON.parse(line) as { level?: number; msg?: string });
  } catch {
    msg = line.trim().slice(0, 200);
  }
  return `${JSON.stringify({ level, time, msg: `${left} more identical lines within ${windowMs} ms left out: ${msg}`, repeated: left })}\n`;
}
