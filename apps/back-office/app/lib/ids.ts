import { rowId } from '@shop/contract';

/** A row's id from a URL or a form, within the contract's bounds (bounds.ts), or null for anything else. */
export function rowIdOf(value: unknown): number | null {
  const parsed = rowId.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** A row's id from the URL or a form, or the page's 404: no id out of bounds ever reaches the API. */
export function rowIdOrNotFound(value: unknown): number {
  const id = rowIdOf(value);
  if (id === null) throw new Response('not_found', { status: 404 });
  return id;
}
