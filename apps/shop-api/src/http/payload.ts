import { unsoundTextPath } from '@shop/contract';
import type { z } from 'zod';
import { ApiError } from './errors.ts';

/** A field as `psdata.errors` names it: its path's keys up to the first array index (`shipping.address.city`), else `payload`. */
function fieldName(path: readonly PropertyKey[]): string {
  const firstIndex = path.findIndex((key) => typeof key !== 'string');
  return (firstIndex === -1 ? path : path.slice(0, firstIndex)).join('.') || 'payload';
}

/**
 * The messages of a payload's problems per field. A field in a nested object is named by its path
 * ('address.postcode'); a list is one field ('sizes', whichever of its items is wrong).
 */
function fieldErrors(error: z.ZodError): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of error.issues) (errors[fieldName(issue.path)] ??= []).push(issue.message);
  return errors;
}

/** A call's payload checked against its schema (shopper and admin calls alike); a 400 with its problems per field otherwise. */
export function parsePayload(schema: z.ZodType, raw: unknown, message = 'Invalid payload'): unknown {
  // A lone surrogate or a NUL character is bad input, refused as such rather than failing in the database.
  const unsound = unsoundTextPath(raw);
  if (unsound) throw new ApiError(400, 'bad_request', 'Invalid payload', { errors: { [fieldName(unsound)]: ['Malformed text'] } });
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw new ApiError(400, 'bad_request', message, { errors: fieldErrors(parsed.error) });
  return parsed.data;
}
