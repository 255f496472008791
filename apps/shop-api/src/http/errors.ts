import type { RefusalCode, RefusalDetails } from '@shop/contract';

/**
 * An error meant for the API client: it becomes an envelope with this status, code and message. Its code is one
 * the contract describes (refusals.ts), with the details it gives that code.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: RefusalCode,
    message: string,
    readonly psdata: unknown = null,
  ) {
    super(message);
  }
}

export const notFound = (what: string) => new ApiError(404, 'not_found', `${what} not found`);

/** A refusal whose details (psdata) are those the contract gives its code (refusals.ts), so that clients can read them. */
export const refusal = <C extends RefusalCode>(status: number, code: C, message: string, details: RefusalDetails<C>) =>
  new ApiError(status, code, message, details);
