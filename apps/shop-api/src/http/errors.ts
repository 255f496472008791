import type { ErrorCode } from '@shop/contract';

/** An error meant for the API client: it becomes an envelope with this status, code and message. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode | (string & {}),
    message: string,
    readonly psdata: unknown = null,
  ) {
    super(message);
  }
}

export const notFound = (what: string) => new ApiError(404, 'not_found', `${what} not found`);
