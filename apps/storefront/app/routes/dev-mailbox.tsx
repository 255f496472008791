import { useTranslation } from '~/i18n/use-translation';
import type { Route } from './+types/dev-mailbox';
import { Screen } from '~/components/Screen';
import { readOutbox } from '~/lib/dev-outbox.server';
import { useLocalePath } from '~/lib/hooks';
import { notFound, pageContext } from '~/lib/request-context.server';

/**
 * The development mailbox: what the shop would have emailed, read from the shop API's local outbox.
 * The API serves the outbox only when DEV_MAILBOX is on and no SMTP server is configured; otherwise 404.
 */
export async function loader({ context }: Route.LoaderArgs) {
  pageContext(context);
  const messages = await readOutbox();
  if (!messages) return notFound();
  return { messages: messages.map(({ id, to, subject, date, text }) => ({ id, to, subject, date, text })) };
}

/** The text part, with its web addresses as links (the HTML part opens on a page of its own, dev-mailbox-message.ts). */
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
  const localePath = useLocalePath();
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
              <a href={localePath(`/dev/mailbox/${message.id}`)} className="mt-2 inline-block underline">
                {t('mailbox.html')}
              </a>
            </article>
          </li>
        ))}
      </ol>
    </Screen>
  );
}
