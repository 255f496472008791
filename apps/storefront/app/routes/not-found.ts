import { notFound } from '../lib/request-context.server';

/** Any path no other route takes: the 404 screen, with a real 404 status. */
export function loader(): never {
  return notFound();
}
