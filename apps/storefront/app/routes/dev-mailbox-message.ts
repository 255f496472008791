import type { Route } from './+types/dev-mailbox-message';
import { readOutbox } from '~/lib/dev-outbox.server';
import { notFound } from '~/lib/request-context.server';

/**
 * One mail of the development mailbox as a mail program shows it: its HTML part, pictures loaded. The mail is
 * shown in a sandbox of its own (no script, no form, nothing of the shop's origin), as a mail program would.
 */
export async function loader({ params }: Route.LoaderArgs) {
  const message = (await readOutbox())?.find((candidate) => candidate.id === params.id);
  if (!message) return notFound();
  return new Response(message.html, {
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Security-Policy': "default-src 'none'; img-src http: https: data:; style-src 'unsafe-inline'; sandbox",
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'no-store',
    },
  });
}
