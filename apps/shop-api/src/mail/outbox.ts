import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** A message as the development mailbox shows it; `messageId` is its Message-ID header. */
export type OutboxMessage = { id: string; messageId: string; to: string; subject: string; date: string; text: string; html: string };

/** Where mail goes when no SMTP server is configured. */
export type Outbox = {
  save: (message: OutboxMessage, eml: Buffer) => Promise<void>;
  /** The newest messages first. */
  list: () => Promise<OutboxMessage[]>;
};

/** How many messages the development mailbox lists (and the in-memory outbox keeps). */
const LISTED_MESSAGES = 100;

let sequence = 0;

/** An id that sorts by time (and by sending order within a millisecond), usable as a file name on any system. */
export function outboxMessageId(date: Date): string {
  sequence = (sequence + 1) % 1_000_000;
  return `${date.toISOString().replace(/[-:.]/g, '')}-${String(sequence).padStart(6, '0')}-${randomBytes(4).toString('hex')}`;
}

const newestFirst = (a: OutboxMessage, b: OutboxMessage) => b.id.localeCompare(a.id);

function memoryOutbox(): Outbox {
  const messages: OutboxMessage[] = [];
  return {
    save: async (message) => {
      messages.push(message);
      if (messages.length > LISTED_MESSAGES) messages.shift();
    },
    list: async () => [...messages].sort(newestFirst),
  };
}

/**
 * One `<id>.eml` per message (the message exactly as it would have been sent, for any mail program) and a
 * `<id>.json` beside it with what the development mailbox lists, so that reading needs no MIME parser.
 */
function folderOutbox(folder: string): Outbox {
  return {
    save: async (message, eml) => {
      await mkdir(folder, { recursive: true });
      await writeFile(join(folder, `${message.id}.eml`), eml);
      await writeFile(join(folder, `${message.id}.json`), JSON.stringify(message));
    },
    list: async () => {
      const names = await readdir(folder).catch(() => []);
      const newest = names.filter((name) => name.endsWith('.json')).sort().reverse().slice(0, LISTED_MESSAGES);
      const messages = await Promise.all(newest.map(async (name) => JSON.parse(await readFile(join(folder, name), 'utf8')) as OutboxMessage));
      return messages.sort(newestFirst);
    },
  };
}

/** The outbox of a data folder: `DATA_DIR/outbox`, or memory when the data folder is `memory://`. */
export function createOutbox(dataDir: string): Outbox {
  return dataDir.startsWith('memory://') ? memoryOutbox() : folderOutbox(join(dataDir, 'outbox'));
}
