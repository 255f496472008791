import { monitorEventLoopDelay } from 'node:perf_hooks';
import { eq, like } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { hashPassword } from '../src/accounts/passwords.ts';
import { buildApp } from '../src/app.ts';
import { openDatabase } from '../src/db/client.ts';
import { gatewaysFromEnv } from '../src/payments/registry.ts';
import { sha256 } from '../src/sessions/tokens.ts';
import { clearExpired } from '../src/jobs/housekeeping.ts';
import { pendingRegistrations, rateLimits, sessions } from '../src/db/schema.ts';
import { callApi, DRIVERS, linkToken, mailTo, registerCustomer, shopperHeaders, STRONG_PASSWORD, useTestShop } from './databases.ts';

const NEW_PASSWORD = 'Velvet*Harbour-42-Lantern';
const REGISTRATION_ANSWER = { success: true, code: 'ok', psdata: {}, message: 'Check your email to finish creating your account.' };
/** 128 characters that cost seconds of CPU when the whole of them is estimated (dates, digits and l33t look-alikes). */
const HOSTILE_PASSWORD = '19901231'.repeat(16);

let clients = 0;
/** A client address of its own for each caller, so that one test's limits do not touch another's. */
const newClient = () => `2001:db8:1::${(++clients).toString(16)}`;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

describe.each(DRIVERS)('accounts under attack on %s', (driver) => {
  const shop = useTestShop(driver, { STOREFRONT_URL: 'https://shop.example/' });
  const call = (name: string, payload: unknown, clientIp = newClient(), token?: string) => callApi(shop().app, name, payload, shopperHeaders(token, clientIp));
  const newShopper = (email: string, password = STRONG_PASSWORD) => ({ first_name: 'Mallory', last_name: 'Stone', email, password });

  /** Runs `work` while a PostgreSQL transaction of another connection holds `table` locked; PostgreSQL only. */
  async function whileLocked<T>(table: string, work: () => Promise<T>): Promise<T> {
    const client = new pg.Client({ connectionString: shop().config.databaseUrl });
    await client.connect();
    try {
      await client.query('begin');
      await client.query(`lock table ${table} in access exclusive mode`);
      try {
        return await work();
      } finally {
        await client.query('rollback');
      }
    } finally {
      await client.end();
    }
  }

  /** The answer of `request`, or 'no answer' when it takes longer than `ms`. */
  const within = <T>(ms: number, request: Promise<T>) =>
    Promise.race([request, new Promise<'no answer'>((resolve) => setTimeout(() => resolve('no answer'), ms))]);

  describe('password strength', () => {
    it('estimates only the first 16 characters, and still checks the whole password against the rules', async () => {
      const check = async (password: string) => (await call('validatePassword', { password })).body.psdata;
      // A strong tail does not make up for a guessable start, which is all the estimate sees.
      const guessableStart = await check(`aaaaaaaaaaaaaaaa${STRONG_PASSWORD}`);
      expect(guessableStart).toMatchObject({ valid: false, score: 0, errors: ['too_weak'] });
      // The rules read the whole password: a symbol after the 16th character counts, and so does the length.
      expect(await check('Tr4v3lBlueKiteXyz#')).toMatchObject({ valid: true, errors: [] });
      expect((await check(`${STRONG_PASSWORD}${'x'.repeat(120)}`)).errors).toEqual(['too_long']);
    });

    it('answers long hostile passwords without stalling other calls', async () => {
      const delay = monitorEventLoopDelay({ resolution: 10 });
      const quietStart = performance.now();
      expect((await shop().app.inject({ method: 'GET', url: '/getPasswordPolicy' })).statusCode).toBe(200);
      const quiet = performance.now() - quietStart;

      delay.enable();
      const started = performance.now();
      const checks = Array.from({ length: 6 }, () => call('validatePassword', { password: HOSTILE_PASSWORD }));
      // Registration hashes with argon2 (libuv's threads) and estimates the strength (worker threads).
      const registration = call('register', newShopper(`hostile.${driver}@example.com`, `${STRONG_PASSWORD}${HOSTILE_PASSWORD.slice(16)}`));
      const cheapStart = performance.now();
      const cheap = await shop().app.inject({ method: 'GET', url: '/getPasswordPolicy' });
      const cheapLatency = performance.now() - cheapStart;
      const answers = await Promise.all(checks);
      const registered = await registration;
      const elapsed = performance.now() - started;
      delay.disable();

      expect(cheap.statusCode).toBe(200);
      for (const answer of answers) expect(answer.body.psdata).toMatchObject({ valid: false, errors: expect.arrayContaining(['lowercase', 'uppercase', 'symbol']) });
      expect(registered.body).toEqual(REGISTRATION_ANSWER);
      // Before: each hostile check held the event loop for seconds.
      expect(delay.max / 1e6, 'longest event loop stall (ms)').toBeLessThan(500);
      expect(cheapLatency, `cheap call ${cheapLatency} ms, quiet ${quiet} ms`).toBeLessThan(Math.max(10 * quiet, 300));
      expect(elapsed, 'all hostile checks (ms)').toBeLessThan(5000);
    });

    it('limits strength checks to 60 a minute per client', async () => {
      const clientIp = newClient();
      const statuses: number[] = [];
      // In batches: the pool queues at most 32 checks.
      for (let batch = 0; batch < 5; batch++) {
        const answers = await Promise.all(Array.from({ length: 13 }, () => call('validatePassword', { password: 'abc' }, clientIp)));
        statuses.push(...answers.map((answer) => answer.status));
      }
      expect(statuses.filter((status) => status === 200)).toHaveLength(60);
      expect(statuses.filter((status) => status === 429)).toHaveLength(5);
      const refused = await call('validatePassword', { password: 'abc' }, clientIp);
      expect(refused.body).toMatchObject({ success: false, code: 'too_many_requests', psdata: { retry_after: expect.any(Number) } });
      expect(refused.body.psdata.retry_after).toBeGreaterThan(0);
      expect(refused.body.psdata.retry_after).toBeLessThanOrEqual(60);
      expect((await call('validatePassword', { password: 'abc' })).status).toBe(200);
    });
  });

  describe('registration', () => {
    it('answers a known address exactly as a new one, in about the same time, and mails each owner what fits', async () => {
      // Seven of each, taken in turns, each timed once the mail of the one before is out: a median of three was
      // once thrown by one slow answer, and a median of five by the mail work of the call before running beside.
      const known = await Promise.all([1, 2, 3, 4, 5, 6, 7].map(() => registerCustomer(shop().app, { first_name: 'Owner' })));
      const timings = { known: [] as number[], fresh: [] as number[] };
      const answers = [];
      for (const [index, { email }] of known.entries()) {
        for (const [kind, address] of [
          ['known', email],
          ['fresh', `fresh${index}.${driver}@example.com`],
        ] as const) {
          const started = performance.now();
          const response = await shop().app.inject({
            method: 'POST',
            url: '/register',
            payload: newShopper(address, NEW_PASSWORD),
            headers: { 'accept-language': 'en', ...shopperHeaders(undefined, newClient()) },
          });
          timings[kind].push(performance.now() - started);
          answers.push({ status: response.statusCode, body: response.json(), cookie: response.headers['set-cookie'] ?? null });
          await mailTo(shop().app, address, kind === 'known' ? 2 : 1);
        }
      }
      for (const answer of answers) expect(answer).toEqual({ status: 200, body: REGISTRATION_ANSWER, cookie: null });
      const ratio = median(timings.known) / median(timings.fresh);
      expect(ratio, JSON.stringify(timings)).toBeGreaterThan(0.5);
      expect(ratio, JSON.stringify(timings)).toBeLessThan(2);

      // The owner of a known address is told, with the ways back in; the account stays as it was.
      const warning = await mailTo(shop().app, known[0]!.email, 2);
      expect(warning.subject).toBe('Someone tried to create an account with your address');
      expect(warning.text).toContain('Hello Owner,');
      expect(warning.text).toContain('https://shop.example/en/auth/login\n');
      expect(warning.text).toContain('https://shop.example/en/forgot-password\n');
      expect((await call('login', { email: known[0]!.email, password: STRONG_PASSWORD })).status).toBe(200);
      expect((await call('login', { email: known[0]!.email, password: NEW_PASSWORD })).status).toBe(401);
      // A new address gets the link that creates the account.
      const confirmation = await mailTo(shop().app, `fresh0.${driver}@example.com`);
      expect(confirmation.subject).toBe('Confirm your account');
      expect(confirmation.text).toMatch(/https:\/\/shop\.example\/en\/auth\/confirm-account\?token=[A-Za-z0-9_-]{43}\n/);
    });

    it('writes both mails in the language of the shopper (the owner’s own language for a known address)', async () => {
      const owner = await callApi(shop().app, 'register', newShopper(`owner.de.${driver}@example.com`), { ...shopperHeaders(undefined, newClient()), 'accept-language': 'de' });
      expect(owner.status).toBe(200);
      const ownerMail = await mailTo(shop().app, `owner.de.${driver}@example.com`);
      expect(ownerMail.subject).toBe('Bestätigen Sie Ihr Konto');
      expect(ownerMail.html).toContain('href="https://shop.example/de/auth/confirm-account?token=');
      expect((await call('confirmRegistration', { token: linkToken(ownerMail) })).status).toBe(200);

      const again = await callApi(shop().app, 'register', newShopper(`owner.de.${driver}@example.com`), { ...shopperHeaders(undefined, newClient()), 'accept-language': 'fr' });
      expect(again.body).toEqual(REGISTRATION_ANSWER);
      const warning = await mailTo(shop().app, `owner.de.${driver}@example.com`, 2);
      expect(warning.subject).toBe('Jemand wollte mit Ihrer Adresse ein Konto erstellen');
      expect(warning.text).toContain('https://shop.example/de/forgot-password');

      const polish = await callApi(shop().app, 'register', newShopper(`nowy.${driver}@example.com`), { ...shopperHeaders(undefined, newClient()), 'accept-language': 'pl' });
      expect(polish.status).toBe(200);
      const polishMail = await mailTo(shop().app, `nowy.${driver}@example.com`);
      expect(polishMail.subject).toBe('Potwierdź swoje konto');
      expect(polishMail.text).toContain('https://shop.example/en/auth/confirm-account?token=');
    });

    it('creates the account once from the link, signs in with a fresh session, and refuses a used or expired link', async () => {
      const email = `confirm.${driver}@example.com`;
      expect((await call('register', newShopper(email))).body).toEqual(REGISTRATION_ANSWER);
      const token = linkToken(await mailTo(shop().app, email));
      const db = shop().handle.db;
      // Stored hashed, never as the token itself.
      expect(await db.select().from(pendingRegistrations).where(eq(pendingRegistrations.tokenHash, token))).toEqual([]);

      // A guest's session ends at confirmation, as at sign-in (its cart and wishlist move to the account).
      const guestToken = 'G'.repeat(43);
      await db.insert(sessions).values({ tokenHash: sha256(guestToken), customerId: null, expiresAt: new Date(Date.now() + 3_600_000) });
      const [first, second] = await Promise.all([call('confirmRegistration', { token }, undefined, guestToken), call('confirmRegistration', { token })]);
      const [confirmed, refused] = first.status === 200 ? [first, second] : [second, first];
      expect(confirmed.body).toMatchObject({ success: true, message: 'Account created', psdata: { customer: { email, first_name: 'Mallory' } } });
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ success: false, code: 'registration_link_invalid', psdata: null });
      expect((await call('getCustomer', {}, undefined, confirmed.body.psdata.session.token)).body.psdata.email).toBe(email);
      expect((await call('login', { email, password: STRONG_PASSWORD })).status).toBe(200);

      const late = `late.${driver}@example.com`;
      await call('register', newShopper(late));
      const lateToken = linkToken(await mailTo(shop().app, late));
      await db
        .update(pendingRegistrations)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(pendingRegistrations.tokenHash, sha256(lateToken)));
      expect((await call('confirmRegistration', { token: lateToken })).body.code).toBe('registration_link_invalid');
      expect((await call('login', { email: late, password: STRONG_PASSWORD })).status).toBe(401);
    });

    it('refuses a link whose address got an account in the meantime with 409', async () => {
      const email = `taken.meanwhile.${driver}@example.com`;
      await call('register', newShopper(email));
      const token = linkToken(await mailTo(shop().app, email));
      // Another customer moves to that address before the link is followed.
      const other = await registerCustomer(shop().app);
      const profile = { first_name: 'Ada', last_name: 'Lovelace', email, newsletter: false, newsletter_interests: [], current_password: STRONG_PASSWORD };
      expect((await call('updateCustomer', profile, undefined, other.token)).status).toBe(200);
      const answer = await call('confirmRegistration', { token });
      expect(answer.status).toBe(409);
      expect(answer.body).toMatchObject({ success: false, code: 'email_taken' });
    });

    it('limits registrations to 3 an hour per address and 20 per client, counting concurrent ones exactly', async () => {
      const email = `limited.${driver}@example.com`;
      const perAddress = await Promise.all(Array.from({ length: 5 }, () => call('register', newShopper(email))));
      expect(perAddress.map((answer) => answer.status).sort()).toEqual([200, 200, 200, 429, 429]);
      expect(perAddress.find((answer) => answer.status === 429)!.body).toMatchObject({ code: 'too_many_requests', psdata: { retry_after: expect.any(Number) } });

      const clientIp = newClient();
      const perClient = await Promise.all(Array.from({ length: 22 }, (_, index) => call('register', newShopper(`crowd${index}.${driver}@example.com`), clientIp)));
      expect(perClient.filter((answer) => answer.status === 200)).toHaveLength(20);
      expect(perClient.filter((answer) => answer.status === 429)).toHaveLength(2);
    });

    it.runIf(driver === 'postgres')('answers before storing anything: a locked table does not hold the answer back', async () => {
      const email = `locked.${driver}@example.com`;
      const answer = await whileLocked('pending_registrations', async () => {
        const result = await within(3000, call('register', newShopper(email)));
        // Nothing was stored or sent while the table was locked.
        expect(await shop().app.inject({ method: 'GET', url: '/dev/outbox' }).then((r) => r.json().messages.some((m: { to: string }) => m.to === email))).toBe(false);
        return result;
      });
      expect(answer).toEqual({ status: 200, body: REGISTRATION_ANSWER });
      expect((await mailTo(shop().app, email)).subject).toBe('Confirm your account');
    });
  });

  it('housekeeping clears unconfirmed registrations past their expiry and ended limits, but not a wait still running', async () => {
    const db = shop().handle.db;
    const email = `forgotten.${driver}@example.com`;
    await call('register', newShopper(email));
    const token = linkToken(await mailTo(shop().app, email));
    await db.update(pendingRegistrations).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(pendingRegistrations.tokenHash, sha256(token)));
    const twoHoursAgo = new Date(Date.now() - 2 * 3_600_000);
    await db.insert(rateLimits).values([
      { key: `housekeeping:ended:${driver}`, windowStartedAt: twoHoursAgo, hits: 3, blockedUntil: null },
      { key: `housekeeping:waiting:${driver}`, windowStartedAt: twoHoursAgo, hits: 12, blockedUntil: new Date(Date.now() + 60_000) },
    ]);
    await clearExpired(db);
    expect(await db.select().from(pendingRegistrations).where(eq(pendingRegistrations.email, email))).toEqual([]);
    const left = await db.select({ key: rateLimits.key }).from(rateLimits).where(like(rateLimits.key, `housekeeping:%:${driver}`));
    expect(left).toEqual([{ key: `housekeeping:waiting:${driver}` }]);
  });

  describe('sign-in throttling', () => {
    it('makes a client wait 30 s after 5 failures for an address, then twice as long after each further failure, up to 15 min', async () => {
      const { email } = await registerCustomer(shop().app);
      const clientIp = newClient();
      const block = like(rateLimits.key, `password-failures:client-email:${sha256(email)}:%`);
      const waits: number[] = [];
      for (let attempt = 1; attempt <= 11; attempt++) {
        expect((await call('login', { email, password: `Wrong-Passw0rd-${attempt}` }, clientIp)).status, `attempt ${attempt}`).toBe(401);
        if (attempt < 5) continue;
        const refused = await call('login', { email, password: 'Wrong-Passw0rd!' }, clientIp);
        expect(refused.status).toBe(429);
        waits.push(refused.body.psdata.retry_after);
        // The wait passes.
        await shop().handle.db.update(rateLimits).set({ blockedUntil: new Date(Date.now() - 1000) }).where(block);
      }
      expect(waits).toEqual([30, 60, 120, 240, 480, 900, 900]);
      expect((await call('login', { email, password: 'Wrong-Passw0rd-12' }, clientIp)).status).toBe(401);
      const refused = await shop().app.inject({ method: 'POST', url: '/login', payload: { email, password: 'x' }, headers: shopperHeaders(undefined, clientIp) });
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBe('900');
    });

    it('refuses an address after 100 failures from anywhere in an hour, exactly, until its owner resets the password', async () => {
      const { email } = await registerCustomer(shop().app);
      const attempts = await Promise.all(Array.from({ length: 101 }, (_, index) => call('login', { email, password: `Wrong-Passw0rd-${index}` })));
      expect(attempts.filter((answer) => answer.status === 401)).toHaveLength(100);
      expect(attempts.filter((answer) => answer.status === 429)).toHaveLength(1);
      expect((await call('login', { email, password: STRONG_PASSWORD })).status).toBe(429);

      // The owner can still reset the password, and then sign in with the new one, from anywhere.
      const owner = newClient();
      expect((await call('resetPasswordEmail', { email }, owner)).status).toBe(200);
      const reset = await mailTo(shop().app, email, 2);
      expect(reset.subject).toBe('Reset your password');
      expect((await call('resetPasswordEnter', { token: linkToken(reset), password: NEW_PASSWORD }, owner)).status).toBe(200);
      expect((await call('login', { email, password: NEW_PASSWORD }, owner)).status).toBe(200);
      expect((await call('login', { email, password: NEW_PASSWORD })).status).toBe(200);
    });
  });

  it('counts sign-in failures over every API process: two APIs on one database, called at once, block after the same count', async () => {
    // A second API process: on PostgreSQL its own pool on the same database (README, "Several processes").
    const second = driver === 'postgres' ? await openDatabase({ databaseUrl: shop().config.databaseUrl, dataDir: 'memory://' }) : shop().handle;
    const other = buildApp({ db: second.db, config: shop().config, gateways: gatewaysFromEnv({}) });
    try {
      const apis = [shop().app, other];
      const { email } = await registerCustomer(shop().app);
      const clientIp = newClient();
      const fail = (index: number) => callApi(apis[index % 2]!, 'login', { email, password: `Wrong-Passw0rd-${index}` }, shopperHeaders(undefined, clientIp));
      // Eight failures at once, half on each process: five are counted as failures, the rest are refused.
      const statuses = (await Promise.all(Array.from({ length: 8 }, (_, index) => fail(index)))).map((answer) => answer.status);
      expect(statuses.filter((status) => status === 401)).toHaveLength(5);
      expect(statuses.filter((status) => status === 429)).toHaveLength(3);
      // The right password waits too, on either process.
      for (const api of apis) expect((await callApi(api, 'login', { email, password: STRONG_PASSWORD }, shopperHeaders(undefined, clientIp))).status).toBe(429);
    } finally {
      await other.close();
      if (second !== shop().handle) await second.close();
    }
  });

  describe('password reset request', () => {
    it.runIf(driver === 'postgres')('answers before looking the address up, and does the work after', async () => {
      const { email } = await registerCustomer(shop().app);
      const answers = await whileLocked('customers', () =>
        Promise.all([within(3000, call('resetPasswordEmail', { email })), within(3000, call('resetPasswordEmail', { email: `nobody.${driver}@example.com` }))]),
      );
      expect(answers[0]).toEqual(answers[1]);
      expect(answers[0]).toMatchObject({ status: 200, body: { success: true, psdata: {} } });
      expect((await mailTo(shop().app, email, 2)).subject).toBe('Reset your password');
    });
  });
});

describe('password hashing', () => {
  it('runs argon2 on libuv threads: eight hashes at once do not stall the event loop', async () => {
    const started = performance.now();
    await hashPassword(STRONG_PASSWORD);
    const oneHash = performance.now() - started;
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    await Promise.all(Array.from({ length: 8 }, () => hashPassword(STRONG_PASSWORD)));
    delay.disable();
    // Hashed on the event loop, the eight would hold it for eight hashes' time in one go.
    expect(delay.max / 1e6, `longest stall (ms), one hash ${oneHash} ms`).toBeLessThan(Math.max(4 * oneHash, 50));
  });
});
