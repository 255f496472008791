/** A whole number from the environment: the fallback when unset or empty; positive (or, with allowZero, non-negative). */
export function positiveInteger(value: string | undefined, fallback: number, name: string, allowZero = false): number {
  if (value === undefined || value === '') return fallback;
  const number = Number(value);
  if (!Number.isSafeInteger(number) || number < (allowZero ? 0 : 1)) throw new Error(`${name} must be a ${allowZero ? 'non-negative' : 'positive'} integer (got ${JSON.stringify(value)})`);
  return number;
}

/** The address browsers reach a sandbox at: the one configured, else its host and port (loopback for a wildcard host). */
export function publicUrlOf(configured: string | undefined, host: string, port: number): string {
  return (configured || `http://${host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host}:${port}`).replace(/\/+$/, '');
}
