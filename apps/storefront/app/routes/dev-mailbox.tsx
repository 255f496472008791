import { useTranslation } from '../i18n/use-translation';
import type { Route } from './+types/dev-mailbox';
import { Screen } from '../components/Screen';
import { storefrontConfig } from '../lib/config.server';
import { notFound, pageContext } from '../lib/request-context.server';

type OutboxMessage = { id: string; to: string; subject: string; date: string; text: string };

/**
 * The development mailbox: what the shop would have emailed, read from the shop API's local outbox.
 * The API serves the outbox only when DEV_MAILBOX is on and no SMTP server is configured; otherwise 404.
 */
export async function loader({ context }: Route.LoaderArgs) {
  pageContext(context);
  const response = await fetch(`${storefrontConfig.shopApiUrl}/dev/outbox`, { headers: storefrontConfig.shopApiHeaders }).catch(() => null);
  if (!response?.ok) return notFound();
  const { messages } = (await response.json()) as { messages: OutboxMessage[] };
  return { messages };
}

/** The text part, with its web addresses as links (the HTML part is never rendered here). */
function MessageText({ text }: { text: string }) {
  return (
    <pre className="mt-2 whitespace-pre-wrap break-words font-sans text-sm">
      {text.split(/(https?:\/\/\S+)/).map((part, index) =>
        /^https?:\/\//.test(part) ? (
          <a key={index} href={part} className="underline">
            {part}
          </a>
        ) : (
          part
        ),
      )}
    </pre>
  );
}

export default function DevMailbox({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <Screen title={t('mailbox.title')} intro={t('mailbox.intro')}>
      {loaderData.messages.length === 0 ? <p className="mt-6">{t('mailbox.empty')}</p> : null}
      <ol className="mt-6 space-y-6">
        {loaderData.messages.map((message) => (
          <li key={message.id}>
            <article aria-label={message.subject} className="rounded border border-stone-200 p-4">
              <h2 className="font-semibold">{message.subject}</h2>
              <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-4 text-sm text-stone-600">
                <dt>{t('mailbox.to')}</dt>
                <dd>{message.to}</dd>
                <dt>{t('mailbox.date')}</dt>
                <dd>{message.date}</dd>
              </dl>
              <MessageText text={message.text} />
            </article>
          </li>
        ))}
      </ol>
    </Screen>
  );
}
