import { createTransport } from 'nodemailer';
import type { ApiConfig } from '../config.ts';
import { metrics } from '../metrics.ts';
import { createOutbox, outboxMessageId, type Outbox } from './outbox.ts';

/** A mail of the shop: always a plain-text and an HTML part. */
export type Mail = { to: string; subject: string; text: string; html: string };

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

function transportFor(config: Pick<ApiConfig, 'smtpUrl' | 'mailFrom' | 'dataDir'>): Mailer {
  if (config.smtpUrl) {
    const transport = createTransport(config.smtpUrl);
    return {
      send: async (mail) => {
        await transport.sendMail({ from: config.mailFrom, ...mail });
      },
      outbox: null,
      close: () => transport.close(),
    };
  }
  const outbox = createOutbox(config.dataDir);
  // Builds the complete message (headers, both parts) without sending it anywhere.
  const composer = createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    send: async (mail) => {
      const date = new Date();
      const { message } = await composer.sendMail({ from: config.mailFrom, date, ...mail });
      await outbox.save({ id: outboxMessageId(date), date: date.toISOString(), ...mail }, message as Buffer);
    },
    outbox,
    close: () => composer.close(),
  };
}
