import type { CallContext } from '../call-context.ts';
import { loggableError } from '../http/safe-log.ts';

/**
 * Runs work after the call has answered, so that neither the answer's timing nor a failure tells anything
 * (whether an address has an account, whether the mail server is up). A failure is logged without its message
 * (http/safe-log.ts): a database error's text can hold the query's parameters (email addresses, hashes).
 */
export function afterAnswering(context: Pick<CallContext, 'log'>, what: string, work: () => Promise<void>): void {
  setImmediate(() => {
    work().catch((error: unknown) => {
      context.log.error({ failure: loggableError(error) }, `${what} failed`);
    });
  });
}
