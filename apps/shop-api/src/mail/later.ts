import type { Mail, Mailer } from './mailer.ts';

/** Mails on their way after the answer was given (see `sendLater`). */
const inFlight = new Set<Promise<void>>();

/**
 * Sends a mail after the request has its answer, so that a slow or unreachable mail server never holds the person
 * who asked (the owner's invitation): a failure is logged, as an order mail's is. `mailsInFlight` waits for those
 * still going (the API's shutdown, and tests).
 */
export function sendLater(deps: { mailer: Mailer; log: { error: (details: object, message: string) => void } }, mail: Mail, what: string): void {
  const sending: Promise<void> = Promise.resolve()
    .then(() => deps.mailer.send(mail))
    .catch((error: unknown) => deps.log.error({ mail: what, failure: (error as Error).message }, 'mail failed'))
    .finally(() => inFlight.delete(sending));
  inFlight.add(sending);
}

export async function mailsInFlight(): Promise<void> {
  await Promise.all([...inFlight]);
}
