import { createServer, type Server } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import * as msp from '../../multisafepay-sandbox/test/support.ts';
import { freePort } from '../../paypal-sandbox/test/support.ts';
import { openDatabase, type Database } from '../src/db/client.ts';
import { selectRows } from '../src/db/raw.ts';
import { createMailer, type Mail, type Mailer } from '../src/mail/mailer.ts';
import { plainMailBuilder } from '../src/mail/plain-mails.ts';
import { deliverDueMails, deliverQueued, queueMail } from '../src/mail/queued.ts';
import { buildAnyMail } from '../src/orders/mails.ts';
import { callApi, DRIVERS, mailTo, registerCustomer, shopperHeaders, useTestShop, type OutboxMail } from './databases.ts';
import { placeGuestOrder } from './guest-order.ts';
import { adminCall, staffSession } from './staff.ts';

// The order confirmation's template, made to throw while a test says so: a mail that cannot be built.
const template = vi.hoisted(() => ({ broken: false }));
vi.mock('../src/mail/order-confirmation.ts', async (original) => {
  const real = await original<typeof import('../src/mail/order-confirmation.ts')>();
  return {
    ...real,
    orderConfirmationMail: (...args: Parameters<typeof real.orderConfirmationMail>) => {
      if (template.broken) throw new Error('the confirmation template broke');
      return real.orderConfirmationMail(...args);
    },
  };
});

const MAX_ATTEMPTS = 3;

type OutboxRowSeen = { id: number; kind: string; recipient: string; attempts: number; sent: boolean; given_up: boolean; last_error: string | null; payload: Record<string, unknown>; wait_s: number };

/**
 * The mail outbox (docs/adr/0053-mail-outbox.md): a mail a change calls for is queued in the change's transaction,
 * delivered after the commit and by the deliver-mails job, retried with doubling waits and given up after
 * MAIL_MAX_ATTEMPTS; a mail that cannot be built never undoes its change and shows on "Mails not sent".
 */
describe.each(DRIVERS)('the mail outbox on %s', (driver) => {
  let sandbox: Awaited<ReturnType<typeof msp.startSandbox>>;
  let apiPort: number;
  beforeAll(async () => {
    apiPort = await freePort();
    sandbox = await msp.startSandbox();
  });
  afterAll(() => sandbox.close());
  const shop = useTestShop(driver, () => ({
    MULTISAFEPAY_API_URL: sandbox.url,
    MULTISAFEPAY_NOTIFICATION_URL: `http://127.0.0.1:${apiPort}/webhooks/multisafepay`,
    MAIL_MAX_ATTEMPTS: String(MAX_ATTEMPTS),
    MAIL_RETRY_SECONDS: '60',
  }));
  let manager: Record<string, string>;
  beforeAll(async () => {
    await shop().app.listen({ port: apiPort, host: '127.0.0.1' });
    manager = (await staffSession(shop(), 'manager')).headers;
  });

  const db = () => shop().handle.db;
  const outboxOf = (email: string) =>
    selectRows<OutboxRowSeen>(
      db(),
      sql`select id, kind, recipient, attempts, sent_at is not null as sent, given_up_at is not null as given_up, last_error, payload,
          round(extract(epoch from next_attempt_at - now()))::int as wait_s
        from mail_outbox where recipient = ${email} order by id`,
    );
  const mailbox = async (email: string) => ((await shop().app.inject({ method: 'GET', url: '/dev/outbox' })).json().messages as OutboxMail[]).filter((message) => message.to === email);
  /** The deliver-mails job's pass, as every API process runs it. */
  const jobPass = () => deliverDueMails(shop().payments, buildAnyMail(db(), shop().config));
  /** Time passes: the mails of `email` waiting for their next try are due now. */
  const dueNow = (email: string) => db().execute(sql`update mail_outbox set next_attempt_at = now() where recipient = ${email} and sent_at is null`);

  /** A mail server that refuses every connection: the shop's transport pointed at a port nobody listens on. */
  let refusing: Mailer;
  let closedPort: Server;
  beforeAll(async () => {
    closedPort = createServer();
    await new Promise<void>((resolve) => closedPort.listen(0, '127.0.0.1', resolve));
    const { port } = closedPort.address() as { port: number };
    await new Promise((resolve) => closedPort.close(resolve));
    refusing = createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, mailFrom: 'Atelier Moda <no-reply@localhost>', dataDir: 'memory://' });
  });
  afterAll(() => refusing.close());
  const whileRefused = () => vi.spyOn(shop().payments.mailer, 'send').mockImplementation((mail) => refusing.send(mail));

  it('keeps a reset mail that the SMTP server refused, and delivers it on a later try with a working link; sent, its token is dropped', async () => {
    const { email } = await registerCustomer(shop().app);
    const refused = whileRefused();
    try {
      expect((await callApi(shop().app, 'resetPasswordEmail', { email }, shopperHeaders(undefined, '198.51.100.77'))).status).toBe(200);
      await expect.poll(async () => (await outboxOf(email)).find((row) => row.kind === 'password_reset')?.last_error ?? null, { timeout: 10_000 }).toMatch(/^send: .*ECONNREFUSED/);
    } finally {
      refused.mockRestore();
    }
    const [failed] = (await outboxOf(email)).filter((row) => row.kind === 'password_reset');
    expect(failed).toMatchObject({ attempts: 1, sent: false, given_up: false });
    // The next try waits MAIL_RETRY_SECONDS: the job leaves it until then.
    expect(failed!.wait_s).toBeGreaterThan(50);
    expect(await jobPass()).toEqual({ sent: 0, failed: 0 });
    expect((await mailbox(email)).filter((mail) => mail.text.includes('set-new-password'))).toHaveLength(0);
    await dueNow(email);
    expect(await jobPass()).toEqual({ sent: 1, failed: 0 });
    const reset = (await mailbox(email)).find((mail) => mail.text.includes('set-new-password'))!;
    const token = /\?token=([A-Za-z0-9_-]+)/.exec(reset.text)![1]!;
    expect((await callApi(shop().app, 'resetPasswordEnter', { token, password: 'An0ther!Strong#Pass' })).status).toBe(200);
    const [sent] = (await outboxOf(email)).filter((row) => row.kind === 'password_reset');
    expect(sent).toMatchObject({ attempts: 2, sent: true, last_error: null });
    expect(sent!.payload).not.toHaveProperty('token');
  });

  it('sends a mail again with the same Message-ID when its server took it but the outbox could not record it', async () => {
    const { email } = await registerCustomer(shop().app);
    const mailer = shop().payments.mailer;
    const realSend = mailer.send.bind(mailer);
    // The server takes the mail; the process loses the answer (it stopped, its connection broke) before the mark.
    const lostAnswer = vi.spyOn(mailer, 'send').mockImplementation(async (mail) => {
      await realSend(mail);
      throw new Error('connection closed after the message was taken');
    });
    try {
      expect((await callApi(shop().app, 'resetPasswordEmail', { email }, shopperHeaders(undefined, '198.51.100.78'))).status).toBe(200);
      await expect.poll(async () => (await outboxOf(email)).find((row) => row.kind === 'password_reset')?.last_error ?? null, { timeout: 10_000 }).toMatch(/after the message was taken/);
    } finally {
      lostAnswer.mockRestore();
    }
    await dueNow(email);
    expect(await jobPass()).toEqual({ sent: 1, failed: 0 });
    const resets = (await mailbox(email)).filter((mail) => mail.text.includes('set-new-password'));
    // Twice in the mailbox, as one mail to any mail program: the same Message-ID, in the shop's sending domain.
    expect(resets).toHaveLength(2);
    expect(resets[0]!.messageId).toMatch(/^<mail-\d+-\d+@localhost>$/);
    expect(resets[1]!.messageId).toBe(resets[0]!.messageId);
    const welcome = (await mailbox(email)).find((mail) => !mail.text.includes('set-new-password'));
    if (welcome) expect(welcome.messageId).not.toBe(resets[0]!.messageId);
  });

  it('sends nothing for a change rolled back: its mail goes with it', async () => {
    const email = `rolled.back.${driver}@example.com`;
    await expect(
      db().transaction(async (tx) => {
        await queueMail(tx, { kind: 'registration_known_address', to: email, payload: { firstName: 'Ada', lang: 'en' } });
        throw new Error('the change failed after its mail was queued');
      }),
    ).rejects.toThrow('the change failed');
    expect(await jobPass()).toEqual({ sent: 0, failed: 0 });
    expect(await outboxOf(email)).toEqual([]);
    expect(await mailbox(email)).toEqual([]);
  });

  it('delivers many mails exactly once each when several pools and the delivery after the commit claim them at once', async () => {
    const count = 60;
    const emails = Array.from({ length: count }, (_, index) => `many.${driver}.${index}@example.com`);
    const ids = await db().transaction((tx) =>
      Promise.all(emails.map((to) => queueMail(tx, { kind: 'registration_known_address', to, payload: { firstName: 'Ada', lang: 'en' } }))),
    );
    // Each pool is another API process on the database (PGlite has one connection: its claims take turns).
    const pools: { db: Database; close: () => Promise<void> }[] = shop().config.databaseUrl
      ? await Promise.all([1, 2, 3].map(() => openDatabase({ databaseUrl: shop().config.databaseUrl, dataDir: 'memory://' })))
      : [1, 2, 3].map(() => ({ db: db(), close: async () => {} }));
    const received = new Map<string, number>();
    // A transport that takes a moment per mail, so that the claims overlap.
    const counting: Mailer = {
      outbox: null,
      close: () => {},
      send: async (mail: Mail) => {
        await new Promise((resolve) => setTimeout(resolve, 3));
        received.set(mail.to, (received.get(mail.to) ?? 0) + 1);
      },
    };
    const deps = (on: Database) => ({ db: on, mailer: counting, config: shop().config, log: shop().payments.log });
    const build = plainMailBuilder(shop().config);
    try {
      await Promise.all([
        deliverQueued(deps(db()), build, ids),
        ...pools.flatMap((pool) => [deliverDueMails(deps(pool.db), build), deliverDueMails(deps(pool.db), build)]),
        deliverDueMails(deps(db()), build),
      ]);
    } finally {
      await Promise.all(pools.filter((pool) => pool.db !== db()).map((pool) => pool.close()));
    }
    expect(emails.filter((email) => received.get(email) !== 1)).toEqual([]);
    const [{ unsent }] = (await selectRows<{ unsent: number }>(db(), sql`select count(*)::int as unsent from mail_outbox where id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)}) and sent_at is null`)) as [{ unsent: number }];
    expect(unsent).toBe(0);
  });

  it('sends a failing mail once when "Send again" meets the deliver-mails job\'s retry, whichever reaches it first', async () => {
    const received = new Map<string, number>();
    // A mail server that takes a moment, so that "Send again" comes while the job's try is still going.
    const slow = vi.spyOn(shop().payments.mailer, 'send').mockImplementation(async (mail) => {
      await new Promise((resolve) => setTimeout(resolve, 200));
      received.set(mail.to, (received.get(mail.to) ?? 0) + 1);
    });
    const answers: unknown[] = [];
    try {
      // "Send again" as the job starts its pass, during its claim, and while its try is at the mail server.
      for (const delay of [0, 5, 60, 120]) {
        const email = `again.${driver}.${delay}@example.com`;
        const id = await db().transaction((tx) => queueMail(tx, { kind: 'registration_known_address', to: email, payload: { firstName: 'Ada', lang: 'en' } }));
        // A mail whose last try failed, its retry due now.
        await db().execute(sql`update mail_outbox set attempts = 1, last_error = 'send: connect ECONNREFUSED' where id = ${id}`);
        const [, again] = await Promise.all([jobPass(), new Promise((resolve) => setTimeout(resolve, delay)).then(() => adminCall(shop().app, 'sendMailAgain', { id }, manager))]);
        answers.push(again.body.psdata);
        expect([email, received.get(email)]).toEqual([email, 1]);
        const [row] = await outboxOf(email);
        expect(row).toMatchObject({ sent: true, last_error: null });
      }
    } finally {
      slow.mockRestore();
    }
    // Each answer says what happened: sent by "Send again", or left to the job's try going on.
    for (const answer of answers) expect([{ sent: true, sending: false }, { sent: false, sending: true }]).toContainEqual(answer);
    expect(answers.at(-1)).toEqual({ sent: false, sending: true });
  });

  it('tries a failing mail with doubling waits, gives it up after MAIL_MAX_ATTEMPTS; the manager sees it, sends it again (audited), and it goes', async () => {
    const { email } = await registerCustomer(shop().app);
    const refused = whileRefused();
    const waits: number[] = [];
    try {
      expect((await callApi(shop().app, 'resetPasswordEmail', { email }, shopperHeaders(undefined, '198.51.100.78'))).status).toBe(200);
      await expect.poll(async () => (await outboxOf(email)).find((row) => row.kind === 'password_reset')?.attempts ?? 0, { timeout: 10_000 }).toBe(1);
      waits.push((await outboxOf(email)).find((row) => row.kind === 'password_reset')!.wait_s);
      for (let attempt = 2; attempt <= MAX_ATTEMPTS + 2; attempt++) {
        await dueNow(email);
        await jobPass();
        waits.push((await outboxOf(email)).find((row) => row.kind === 'password_reset')!.wait_s);
      }
    } finally {
      refused.mockRestore();
    }
    // 60 s, then 120 s (the third try gives it up): nothing is tried past MAIL_MAX_ATTEMPTS.
    expect(waits[0]).toBeGreaterThanOrEqual(59);
    expect(waits[1]).toBeGreaterThanOrEqual(119);
    const [givenUp] = (await outboxOf(email)).filter((row) => row.kind === 'password_reset');
    expect(givenUp).toMatchObject({ attempts: MAX_ATTEMPTS, sent: false, given_up: true });
    expect(givenUp!.last_error).toMatch(/^send: /);

    const listed = await adminCall(shop().app, 'listUnsentMails', {}, manager);
    expect(listed.status).toBe(200);
    const shown = (listed.body.psdata.mails as { id: number; recipient: string; kind: string; given_up: boolean; attempts: number; subject: string | null }[]).find((mail) => mail.id === givenUp!.id);
    expect(shown).toMatchObject({ recipient: email, kind: 'password_reset', given_up: true, attempts: MAX_ATTEMPTS, subject: 'Reset your password' });
    expect((await adminCall(shop().app, 'getDashboard', {}, manager)).body.psdata.unsent_mails).toBeGreaterThanOrEqual(1);

    const again = await adminCall(shop().app, 'sendMailAgain', { id: givenUp!.id }, manager);
    expect([again.status, again.body.psdata]).toEqual([200, { sent: true, sending: false }]);
    expect((await mailbox(email)).some((mail) => mail.text.includes('set-new-password'))).toBe(true);
    const [trace] = await selectRows<{ action: string; after: { attempts: number } }>(db(), sql`select action, after from audit_log where target_type = 'mail' and target_id = ${String(givenUp!.id)}`);
    expect(trace).toMatchObject({ action: 'mail.send_again', after: { attempts: 0 } });
    // Sent: off the page, and not to be sent again.
    expect((await adminCall(shop().app, 'listUnsentMails', {}, manager)).body.psdata.mails.some((mail: { id: number }) => mail.id === givenUp!.id)).toBe(false);
    expect((await adminCall(shop().app, 'sendMailAgain', { id: givenUp!.id }, manager)).body.code).toBe('not_found');
  });

  it('records a payment whose confirmation cannot be built: the order is paid, the mail shows as not sent, and goes once the template is mended', async () => {
    template.broken = true;
    let paid: Awaited<ReturnType<typeof placeGuestOrder>> | undefined;
    try {
      paid = await placeGuestOrder(shop(), 'multisafepay');
      const placed = paid;
      await msp.pay(placed.redirectUrl, 'IDEAL');
      await expect
        .poll(async () => (await selectRows<{ status: string }>(db(), sql`select status from orders where reference = ${placed.order.reference}`))[0]!.status, { timeout: 10_000 })
        .toBe('payment_accepted');
      await expect.poll(async () => (await outboxOf(placed.email)).find((row) => row.kind === 'order_confirmation')?.last_error ?? null, { timeout: 10_000 }).toBe('build: the confirmation template broke');
    } finally {
      template.broken = false;
    }
    const placed = paid;
    expect(await mailbox(placed.email)).toEqual([]);
    const listed = (await adminCall(shop().app, 'listUnsentMails', {}, manager)).body.psdata.mails as { kind: string; recipient: string; order_reference: string | null; given_up: boolean; subject: string | null; id: number }[];
    const shown = listed.find((mail) => mail.recipient === placed.email)!;
    expect(shown).toMatchObject({ kind: 'order_confirmation', order_reference: placed.order.reference, given_up: false, subject: null });
    expect((await adminCall(shop().app, 'sendMailAgain', { id: shown.id }, manager)).body.psdata).toEqual({ sent: true, sending: false });
    expect((await mailTo(shop().app, placed.email)).subject).toBe(`Your order ${placed.order.reference} is confirmed`);
  });

  it('exports the mails of a person kept in the outbox without their tokens, and erases them with the person', async () => {
    const { email } = await registerCustomer(shop().app);
    const refused = whileRefused();
    try {
      await callApi(shop().app, 'resetPasswordEmail', { email }, shopperHeaders(undefined, '198.51.100.79'));
      await expect.poll(async () => (await outboxOf(email)).find((row) => row.kind === 'password_reset')?.attempts ?? 0, { timeout: 10_000 }).toBe(1);
    } finally {
      refused.mockRestore();
    }
    const [unsent] = (await outboxOf(email)).filter((row) => row.kind === 'password_reset');
    expect(unsent!.payload).toHaveProperty('token');
    const exported = await adminCall(shop().app, 'exportPersonalData', { email }, manager);
    const mails = exported.body.psdata.mails as { kind: string; payload: Record<string, unknown> }[];
    expect(mails.map((mail) => mail.kind).sort()).toEqual(['password_reset', 'registration_confirm']);
    expect(JSON.stringify(mails)).not.toContain(unsent!.payload.token as string);
    expect((await adminCall(shop().app, 'eraseCustomer', { email, confirm_email: email, reason: 'Asked by mail' }, manager)).status).toBe(200);
    expect(await outboxOf(email)).toEqual([]);
  });
});
