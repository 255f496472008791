import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { readConfig } from '../src/config.ts';
import { sha256 } from '../src/sessions/tokens.ts';
import { passwordResetTokens } from '../src/db/schema.ts';
import { createMailer } from '../src/mail/mailer.ts';
import type { OutboxMessage } from '../src/mail/outbox.ts';
import { callApi, DRIVERS, registerCustomer, shopperHeaders, STRONG_PASSWORD, useTestShop } from './databases.ts';

const NEUTRAL = {
  success: true,
  code: 'ok',
  psdata: {},
  message: 'If your address is registered, you will receive an email with a link to reset your password.',
};
const NEW_PASSWORD = 'Velvet*Harbour-42-Lantern';

describe.each(DRIVERS)('password reset on %s', (driver) => {
  const shop = useTestShop(driver, { DEV_MAILBOX: 'on', STOREFRONT_URL: 'https://shop.example/' });
  const requestReset = (email: string, lang = 'en', clientIp?: string) =>
    callApi(shop().app, 'resetPasswordEmail', { email }, { ...shopperHeaders(undefined, clientIp), 'accept-language': lang });
  const enterPassword = (token: string, password = NEW_PASSWORD) => callApi(shop().app, 'resetPasswordEnter', { token, password });

  async function outbox(): Promise<OutboxMessage[]> {
    const response = await shop().app.inject({ method: 'GET', url: '/dev/outbox' });
    expect(response.statusCode).toBe(200);
    return response.json().messages;
  }

  /** Mail goes out in the background: waits for the newest reset mail to an address (its confirmation mail came before). */
  async function mailTo(email: string, count = 1): Promise<OutboxMessage> {
    for (let tries = 0; tries < 100; tries++) {
      const messages = (await outbox()).filter((message) => message.to === email && message.text.includes('/auth/set-new-password'));
      if (messages.length >= count) return messages[0]!;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error(`No mail to ${email}`);
  }

  const tokenIn = (message: OutboxMessage) => /\?token=([A-Za-z0-9_-]+)/.exec(message.text)![1]!;

  it('answers the same neutral message for a registered and an unknown address, and mails only the registered one', async () => {
    const { email } = await registerCustomer(shop().app, { first_name: 'Ada' });
    const unknown = await requestReset('nobody.at.all@example.com');
    const known = await requestReset(email);
    expect(unknown).toEqual({ status: 200, body: NEUTRAL });
    expect(known).toEqual({ status: 200, body: NEUTRAL });

    const mail = await mailTo(email);
    expect(mail.subject).toBe('Reset your password');
    expect(mail.text).toContain('Hello Ada,');
    expect(mail.text).toMatch(/https:\/\/shop\.example\/en\/auth\/set-new-password\?token=[A-Za-z0-9_-]{43}\n/);
    expect(mail.html).toContain(`href="https://shop.example/en/auth/set-new-password?token=${tokenIn(mail)}"`);
    expect(mail.html).toContain('<html lang="en">');
    expect(Date.parse(mail.date)).toBeGreaterThan(Date.now() - 60_000);
    expect((await outbox()).some((message) => message.to === 'nobody.at.all@example.com')).toBe(false);
  });

  it('sets a new password from the link, once, and signs the customer out everywhere', async () => {
    const { email, token: session } = await registerCustomer(shop().app);
    await requestReset(email);
    const resetToken = tokenIn(await mailTo(email));

    const weak = await enterPassword(resetToken, 'Password1!');
    expect(weak.status).toBe(400);
    expect(weak.body).toMatchObject({ code: 'password_too_weak', psdata: { errors: { password: [expect.any(String)] } } });
    const rules = await enterPassword(resetToken, 'short');
    expect(rules.status).toBe(400);
    expect(rules.body.code).toBe('bad_request');

    const done = await enterPassword(resetToken);
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ success: true, psdata: {} });
    expect((await callApi(shop().app, 'getCustomer', {}, shopperHeaders(session))).status).toBe(401);
    expect((await callApi(shop().app, 'login', { email, password: STRONG_PASSWORD }, shopperHeaders())).status).toBe(401);
    expect((await callApi(shop().app, 'login', { email, password: NEW_PASSWORD }, shopperHeaders())).status).toBe(200);

    const reused = await enterPassword(resetToken, 'Another-Sturdy-Passw0rd');
    expect(reused.status).toBe(400);
    expect(reused.body).toEqual({ success: false, code: 'reset_token_invalid', psdata: null, message: 'Password reset failed' });
  });

  it('refuses an unknown, an expired and a replaced link', async () => {
    expect((await enterPassword('x'.repeat(43))).body.code).toBe('reset_token_invalid');

    const { email } = await registerCustomer(shop().app);
    await requestReset(email);
    const first = tokenIn(await mailTo(email));
    await requestReset(email);
    const second = tokenIn(await mailTo(email, 2));
    expect(second).not.toBe(first);
    // Stored hashed, never as the token itself.
    const db = shop().handle.db;
    expect(await db.select().from(passwordResetTokens).where(eq(passwordResetTokens.tokenHash, second))).toEqual([]);
    expect((await enterPassword(first)).body.code).toBe('reset_token_invalid');

    await db
      .update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResetTokens.tokenHash, sha256(second)));
    const expired = await enterPassword(second);
    expect(expired.status).toBe(400);
    expect(expired.body.code).toBe('reset_token_invalid');
  });

  it('writes the mail in the shopper language, with a storefront link (English for Polish)', async () => {
    const expected = [
      ['fr', 'Réinitialisez votre mot de passe', '/fr/auth/set-new-password'],
      ['de', 'Setzen Sie Ihr Passwort zurück', '/de/auth/set-new-password'],
      ['pl', 'Zresetuj swoje hasło', '/en/auth/set-new-password'],
    ] as const;
    for (const [lang, subject, path] of expected) {
      const { email } = await registerCustomer(shop().app);
      await requestReset(email, lang);
      const mail = await mailTo(email);
      expect(mail.subject, lang).toBe(subject);
      expect(mail.text, lang).toContain(`https://shop.example${path}?token=`);
      expect(mail.html, lang).toContain(`<html lang="${lang}">`);
    }
    for (const lang of ['it', 'es']) {
      const { email } = await registerCustomer(shop().app);
      await requestReset(email, lang);
      expect((await mailTo(email)).text).toContain(`/${lang}/auth/set-new-password?token=`);
    }
  });

  it('limits reset requests to 3 per address and 10 per client an hour', async () => {
    const { email } = await registerCustomer(shop().app);
    const clientIp = '192.0.2.60';
    for (let request = 1; request <= 3; request++) expect((await requestReset(email, 'en', clientIp)).status).toBe(200);
    const fourth = await requestReset(email, 'en', '192.0.2.61');
    expect(fourth.status).toBe(429);
    expect(fourth.body.code).toBe('too_many_requests');
    // Unknown addresses count the same: the limit tells nothing about accounts.
    for (let request = 1; request <= 7; request++) expect((await requestReset(`someone${request}@example.com`, 'en', clientIp)).status).toBe(200);
    expect((await requestReset('someone.else@example.com', 'en', clientIp)).status).toBe(429);
  });

  it('answers neutrally when the mail server fails', async () => {
    const { email } = await registerCustomer(shop().app);
    // Nothing listens on port 9 of this machine: sending fails, and is only logged.
    const app = buildApp({ db: shop().handle.db, config: { ...shop().config, smtpUrl: 'smtp://127.0.0.1:9', devMailbox: false } });
    try {
      const answer = await callApi(app, 'resetPasswordEmail', { email }, shopperHeaders(undefined, '192.0.2.70'));
      expect(answer).toEqual({ status: 200, body: NEUTRAL });
      // No development mailbox next to a real mail server.
      const mailbox = await app.inject({ method: 'GET', url: '/dev/outbox' });
      expect(mailbox.statusCode).toBe(404);
      expect(mailbox.json()).toMatchObject({ success: false, code: 'not_found' });
    } finally {
      await app.close();
    }
  });

  it('serves the development mailbox only when DEV_MAILBOX is on and SMTP_URL is not set', async () => {
    expect(readConfig({ DEV_MAILBOX: 'on' }).devMailbox).toBe(true);
    expect(readConfig({ DEV_MAILBOX: 'on', SMTP_URL: 'smtp://mail.example:587' }).devMailbox).toBe(false);
    const app = buildApp({ db: shop().handle.db, config: readConfig({ DATA_DIR: 'memory://' }) });
    try {
      const mailbox = await app.inject({ method: 'GET', url: '/dev/outbox' });
      expect(mailbox.statusCode).toBe(404);
    } finally {
      await app.close();
    }
  });
});

describe('the local outbox', () => {
  it('keeps each mail as an .eml file with a text and an HTML part, and lists the newest first', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'outbox-'));
    try {
      const mailer = createMailer({ smtpUrl: undefined, mailFrom: 'Atelier Moda <no-reply@localhost>', dataDir });
      await mailer.send({ to: 'first@example.com', subject: 'Première', text: 'Bonjour', html: '<p>Bonjour</p>' });
      await mailer.send({ to: 'second@example.com', subject: 'Second', text: 'Hello', html: '<p>Hello</p>' });
      const files = await readdir(join(dataDir, 'outbox'));
      expect(files.filter((file) => file.endsWith('.eml'))).toHaveLength(2);
      const listed = await mailer.outbox!.list();
      expect(listed.map((message) => message.to)).toEqual(['second@example.com', 'first@example.com']);
      const eml = await readFile(join(dataDir, 'outbox', `${listed[1]!.id}.eml`), 'utf8');
      expect(eml).toContain('To: first@example.com');
      expect(eml).toContain('Content-Type: multipart/alternative');
      expect(eml).toContain('Content-Type: text/plain');
      expect(eml).toContain('Content-Type: text/html');
      mailer.close();
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
