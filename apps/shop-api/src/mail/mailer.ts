import { createTransport } from 'nodemailer';
import type { ApiConfig } from '../config.ts';
import { metrics } from '../metrics.ts';
import { createOutbox, outboxMessageId, type Outbox } from './outbox.ts';

/**
 * A mail of the shop: always a plain-text and an HTML part. `key` is the same on every try of one mail: it makes the
 * mail's Message-ID, by which mail programs show a mail that reached them twice once (delivery is at least once:
 * a process that stops after the server took a mail and before the outbox marked it sends it again, ADR 58).
 */
export type Mail = { to: string; subject: string; text: string; html: string; key?: string };

export type Mailer = {
  send: (mail: Mail) => Promise<void>;
  /** The local outbox, when mail is not sent over SMTP. */
  outbox: Outbox | null;
  close: () => void;
};

/** Real SMTP when SMTP_URL is set; otherwise every message lands in the local outbox. Each mail is counted, sent or failed. */
export function createMailer(config: Pick<ApiConfig, 'smtpUrl' | 'mailFrom' | 'dataDir'>): Mailer {
  const mailer = transportFor(config);
  return {
    ...mailer,
    send: (mail) =>
      mailer.send(mail).then(
        () => metrics.mails.inc({ result: 'sent' }),
        (error: unknown) => {
          metrics.mails.inc({ result: 'failed' });
          throw error;
        },
      ),
  };
}

/** The Message-ID of a mail with a key, in the sender's domain (RFC 5322); without one, the transport makes one up. */
function messageIdOf({ key }: Mail, mailFrom: string): { messageId?: string } {
  return key ? { messageId: `<${key}@${/@([^>\s]+)>?\s*$/.exec(mailFrom)?.[1] ?? 'localhost'}>` } : {};
}

function transportFor(config: Pick<ApiConfig, 'smtpUrl' | 'mailFrom' | 'dataDir'>): Mailer {
  if (config.smtpUrl) {
    const transport = createTransport(config.smtpUrl);
    return {
      send: async ({ key, ...mail }) => {
        await transport.sendMail({ from: config.mailFrom, ...mail, ...messageIdOf({ key, ...mail }, config.mailFrom) });
      },
      outbox: null,
      close: () => transport.close(),
    };
  }
  const outbox = createOutbox(config.dataDir);
  // Builds the complete message (headers, both parts) without sending it anywhere.
  const composer = createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    send: async ({ key, ...mail }) => {
      const date = new Date();
      const { message, messageId } = await composer.sendMail({ from: config.mailFrom, date, ...mail, ...messageIdOf({ key, ...mail }, config.mailFrom) });
      await outbox.save({ id: outboxMessageId(date), messageId, date: date.toISOString(), ...mail }, message as Buffer);
    },
    outbox,
    close: () => composer.close(),
  };
}
