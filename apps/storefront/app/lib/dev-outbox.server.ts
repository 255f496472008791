import { storefrontConfig } from './config.server';

/** A message of the shop API's local outbox, both its parts. */
export type OutboxMessage = { id: string; to: string; subject: string; date: string; text: string; html: string };

/**
 * What the shop would have emailed, newest first, read from the shop API's local outbox; null when the API does not
 * serve it (DEV_MAILBOX off, or mail goes over SMTP).
 */
export async function readOutbox(): Promise<OutboxMessage[] | null> {
  const response = await fetch(`${storefrontConfig.shopApiUrl}/dev/outbox`, { headers: storefrontConfig.shopApiHeaders }).catch(() => null);
  if (!response?.ok) return null;
  return ((await response.json()) as { messages: OutboxMessage[] }).messages;
}
