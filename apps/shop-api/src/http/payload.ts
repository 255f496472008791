import { z } from 'zod';
import { ApiError } from './errors.ts';

/**
 * The messages of a payload's problems per field. A field in a nested object is named by its path
 * ('address.postcode'); a list is one field ('sizes', whichever of its items is wrong).
 */
function fieldErrors(error: z.ZodError): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const firstIndex = issue.path.findIndex((key) => typeof key !== 'string');
    const field = (firstIndex === -1 ? issue.path : issue.path.slice(0, firstIndex)).join('.') || 'payload';
    (errors[field] ??= []).push(issue.message);
  }
  return errors;
}

/** A call's payload checked against its schema (shopper and admin calls alike); a 400 with its problems per field otherwise. */
export function parsePayload(schema: z.ZodType, raw: unknown, message = 'Invalid payload'): unknown {
  // PostgreSQL text cannot hold a NUL character: refuse it here as bad input rather than fail in the database.
  if (JSON.stringify(raw).includes('\\u0000')) throw new ApiError(400, 'bad_request', 'Invalid payload');
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw new ApiError(400, 'bad_request', message, { errors: fieldErrors(parsed.error) });
  return parsed.data;
}
