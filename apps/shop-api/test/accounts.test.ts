import { PASSWORD_POLICY } from '@shop/contract';
import { eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sha256 } from '../src/sessions/tokens.ts';
import { rateLimits, sessions } from '../src/db/schema.ts';
import { DEMO_CUSTOMER } from '../src/seed/index.ts';
import { callApi, DRIVERS, linkToken, mailTo, registerCustomer, shopperHeaders, STRONG_PASSWORD, useTestShop } from './databases.ts';

const WEAK = 'password strength is insufficient, use a stronger password';
const AUTHENTICATION_FAILED = { success: false, code: 'authentication_failed', psdata: null, message: 'Authentication failed' };

describe.each(DRIVERS)('customer accounts on %s', (driver) => {
  const shop = useTestShop(driver);
  const call = (name: string, payload: unknown = {}, token?: string, clientIp?: string) =>
    callApi(shop().app, name, payload, shopperHeaders(token, clientIp));

  it('registers through the mailed link, signs in, reads the customer and signs out', async () => {
    const email = `new.customer.${driver}@example.com`;
    const registered = await call('register', {
      first_name: ' Ada ',
      last_name: 'Lovelace',
      email: ` New.Customer.${driver}@Example.com `,
      password: STRONG_PASSWORD,
      gender: 'female',
      newsletter: true,
      newsletter_interests: ['women', 'offers', 'women'],
    });
    expect(registered).toEqual({ status: 200, body: { success: true, code: 'ok', psdata: {}, message: 'Check your email to finish creating your account.' } });
    // No account before the link is followed.
    expect((await call('login', { email, password: STRONG_PASSWORD })).status).toBe(401);

    const mail = await mailTo(shop().app, email);
    expect(mail.subject).toBe('Confirm your account');
    const confirmed = await call('confirmRegistration', { token: linkToken(mail) });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({ success: true, code: 'ok', message: 'Account created' });
    expect(confirmed.body.psdata.customer).toMatchObject({
      email,
      first_name: 'Ada',
      last_name: 'Lovelace',
      gender: 'female',
      newsletter: true,
      newsletter_interests: ['women', 'offers'],
    });
    const { token, expires_at } = confirmed.body.psdata.session;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const days = (Date.parse(expires_at) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
    expect((await call('getCustomer', {}, token)).body.psdata.email).toBe(email);

    const loggedIn = await call('login', { email, password: STRONG_PASSWORD });
    expect(loggedIn.status).toBe(200);
    expect(loggedIn.body.message).toBe('Login successful');
    const session = loggedIn.body.psdata.session.token;
    expect(session).not.toBe(token);
    const customer = await call('getCustomer', {}, session);
    expect(customer.status).toBe(200);
    expect(customer.body.psdata).toEqual(confirmed.body.psdata.customer);

    const loggedOut = await call('logout', {}, session);
    expect(loggedOut.status).toBe(200);
    expect(loggedOut.body.psdata).toEqual({});
    const afterLogout = await call('getCustomer', {}, session);
    expect(afterLogout.status).toBe(401);
    expect(afterLogout.body).toMatchObject({ success: false, code: 'unauthorized', psdata: null });
    // The registration's session is another device's: still signed in.
    expect((await call('getCustomer', {}, token)).status).toBe(200);
  });

  it('stores sessions only as hashes', async () => {
    const { token } = await registerCustomer(shop().app);
    const db = shop().handle.db;
    expect(await db.select().from(sessions).where(eq(sessions.tokenHash, token))).toEqual([]);
    expect(await db.select().from(sessions).where(eq(sessions.tokenHash, sha256(token)))).toHaveLength(1);
  });

  it('answers 401 without a session, with an unknown one and with a malformed one', async () => {
    for (const token of [undefined, 'A'.repeat(43), 'not a token']) {
      const { status, body } = await callApi(shop().app, 'getCustomer', {}, token ? { 'x-session-id': token } : {});
      expect(status, String(token)).toBe(401);
      expect(body.code).toBe('unauthorized');
    }
  });

  it('rotates the session at login: the token the request came with stops working', async () => {
    const { email, token } = await registerCustomer(shop().app);
    const login = await call('login', { email, password: STRONG_PASSWORD }, token);
    expect(login.status).toBe(200);
    expect((await call('getCustomer', {}, token)).status).toBe(401);
    expect((await call('getCustomer', {}, login.body.psdata.session.token)).status).toBe(200);
  });

  it("ends a guest's session at login and gives the customer a new one", async () => {
    const { email } = await registerCustomer(shop().app);
    const guestToken = 'G'.repeat(43);
    const db = shop().handle.db;
    await db.insert(sessions).values({ tokenHash: sha256(guestToken), customerId: null, expiresAt: new Date(Date.now() + 3_600_000) });
    const login = await call('login', { email, password: STRONG_PASSWORD }, guestToken);
    expect(login.status).toBe(200);
    expect(await db.select().from(sessions).where(eq(sessions.tokenHash, sha256(guestToken)))).toEqual([]);
    // A guest session is not a signed-in one.
    await db.insert(sessions).values({ tokenHash: sha256(guestToken), customerId: null, expiresAt: new Date(Date.now() + 3_600_000) });
    expect((await call('getCustomer', {}, guestToken)).status).toBe(401);
  });

  it('never accepts an expired session', async () => {
    const { token } = await registerCustomer(shop().app);
    await shop()
      .handle.db.update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.tokenHash, sha256(token)));
    const { status, body } = await call('getCustomer', {}, token);
    expect(status).toBe(401);
    expect(body.code).toBe('unauthorized');
  });

  it('answers a wrong password and an unknown email the same way', async () => {
    const clientIp = '192.0.2.10';
    const wrongPassword = await call('login', { email: DEMO_CUSTOMER.email, password: 'Demo-Passw0rd?' }, undefined, clientIp);
    const unknownEmail = await call('login', { email: 'nobody.here@example.com', password: DEMO_CUSTOMER.password }, undefined, clientIp);
    for (const answer of [wrongPassword, unknownEmail]) {
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual(AUTHENTICATION_FAILED);
    }
    const demo = await call('login', { email: DEMO_CUSTOMER.email.toUpperCase(), password: DEMO_CUSTOMER.password }, undefined, clientIp);
    expect(demo.status).toBe(200);
    expect(demo.body.psdata.customer).toMatchObject({ email: DEMO_CUSTOMER.email, first_name: 'Giulia', gender: 'female' });
  });

  it.each([
    ['7 characters', 'Ab1!xyz', 'Password must be at least 8 characters'],
    ['129 characters', `Aa1!${'x9K#'.repeat(31)}b`, 'Password must be at most 128 characters'],
    ['no symbol', 'Blue7Kite9Travel', 'Password must meet the following requirements: symbol'],
    ['no uppercase', 'blue7kite!travel', 'Password must meet the following requirements: uppercase'],
    ['no lowercase or digit', 'BLUE!KITE#TRAVEL', 'Password must meet the following requirements: lowercase, digit'],
  ])('refuses a new password with %s', async (_case, password, message) => {
    const { status, body } = await call('register', { first_name: 'Ada', last_name: 'Lovelace', email: `policy.${password.length}@example.com`, password });
    expect(status).toBe(400);
    expect(body.code).toBe('bad_request');
    expect(body.psdata.errors.password).toEqual([message]);
  });

  it('refuses a password that follows the rules but is easy to guess', async () => {
    for (const password of ['Password1!', 'Qwerty123!']) {
      const { status, body } = await call('register', { first_name: 'Ada', last_name: 'Lovelace', email: 'weak.password@example.com', password });
      expect(status, password).toBe(400);
      expect(body).toMatchObject({ success: false, code: 'password_too_weak', message: WEAK, psdata: { errors: { password: [WEAK] } } });
    }
    // A password built on the customer's own name is weak for that customer only.
    expect((await call('validatePassword', { password: 'Zanzibarova1!' })).body.psdata.valid).toBe(true);
    const own = await call('register', { first_name: 'Olga', last_name: 'Zanzibarova', email: 'olga.z@example.com', password: 'Zanzibarova1!' });
    expect(own.body.code).toBe('password_too_weak');
  });

  it('checks a password against the policy with validatePassword', async () => {
    const check = async (password: string) => (await call('validatePassword', { password })).body.psdata;
    const weak = await check('Password1!');
    expect(weak).toMatchObject({ valid: false, errors: ['too_weak'] });
    expect(weak.score).toBeLessThan(PASSWORD_POLICY.min_score);
    expect((await check('Ab1!xyz')).errors).toContain('too_short');
    expect((await check(`Aa1!${'x9K#'.repeat(31)}b`)).errors).toEqual(['too_long']);
    expect((await check('abcdefgh')).errors).toEqual(expect.arrayContaining(['uppercase', 'digit', 'symbol', 'too_weak']));
    const strong = await check(STRONG_PASSWORD);
    expect(strong).toMatchObject({ valid: true, errors: [] });
    expect(strong.score).toBeGreaterThanOrEqual(PASSWORD_POLICY.min_score);
    expect(['good', 'strong']).toContain(strong.strength);
    // The request's language brings its own dictionary: a German word is weak for a German shopper.
    const german = await callApi(shop().app, 'validatePassword', { password: 'Schmetterling1!' }, { 'accept-language': 'de' });
    const english = await callApi(shop().app, 'validatePassword', { password: 'Schmetterling1!' }, { 'accept-language': 'en' });
    expect(german.body.psdata.score).toBeLessThan(english.body.psdata.score);
  });

  it('serves the password policy with GET getPasswordPolicy', async () => {
    const response = await shop().app.inject({ method: 'GET', url: '/getPasswordPolicy' });
    expect(response.statusCode).toBe(200);
    expect(response.json().psdata).toEqual(PASSWORD_POLICY);
  });

  it('updates the profile and newsletter without the password, but not the email or the password', async () => {
    const { email, token } = await registerCustomer(shop().app);
    const profile = { first_name: 'Grace', last_name: 'Hopper', email, gender: 'other', newsletter: true, newsletter_interests: ['kids', 'news'] };
    const updated = await call('updateCustomer', profile, token);
    expect(updated.status).toBe(200);
    expect(updated.body.message).toBe('Account data updated');
    expect(updated.body.psdata).toMatchObject(profile);
    expect((await call('getCustomer', {}, token)).body.psdata).toMatchObject(profile);

    const newEmail = email.replace('@', '.new@');
    const withoutPassword = await call('updateCustomer', { ...profile, email: newEmail }, token);
    expect(withoutPassword.status).toBe(400);
    expect(withoutPassword.body).toMatchObject({ code: 'invalid_password', message: 'Invalid Password' });
    expect(withoutPassword.body.psdata.errors.current_password).toHaveLength(1);
    const wrongPassword = await call('updateCustomer', { ...profile, email: newEmail, current_password: 'Not-the-Passw0rd' }, token);
    expect(wrongPassword.status).toBe(400);
    expect(wrongPassword.body).toMatchObject({ code: 'invalid_password', message: 'Invalid Password', psdata: { errors: { current_password: ['Invalid Password'] } } });
    const taken = await call('updateCustomer', { ...profile, email: DEMO_CUSTOMER.email, current_password: STRONG_PASSWORD }, token);
    expect(taken.status).toBe(409);
    expect(taken.body.code).toBe('email_taken');

    const moved = await call('updateCustomer', { ...profile, email: newEmail, current_password: STRONG_PASSWORD }, token);
    expect(moved.status).toBe(200);
    expect(moved.body.psdata.email).toBe(newEmail);
    expect((await call('login', { email: newEmail, password: STRONG_PASSWORD })).status).toBe(200);
    expect((await call('login', { email, password: STRONG_PASSWORD })).status).toBe(401);
  });

  it('changes the password with the current one, and signs out the other devices', async () => {
    const { email, token } = await registerCustomer(shop().app);
    const otherDevice = (await call('login', { email, password: STRONG_PASSWORD })).body.psdata.session.token;
    const profile = { first_name: 'Ada', last_name: 'Lovelace', email, newsletter: false, newsletter_interests: [] };
    const newPassword = 'Velvet*Harbour-42-Lantern';

    const weak = await call('updateCustomer', { ...profile, current_password: STRONG_PASSWORD, new_password: 'Password1!' }, token);
    expect(weak.status).toBe(400);
    expect(weak.body).toMatchObject({ code: 'password_too_weak', psdata: { errors: { new_password: [WEAK] } } });
    const wrong = await call('updateCustomer', { ...profile, current_password: 'Wrong-Passw0rd!', new_password: newPassword }, token);
    expect(wrong.body.code).toBe('invalid_password');

    const changed = await call('updateCustomer', { ...profile, current_password: STRONG_PASSWORD, new_password: newPassword }, token);
    expect(changed.status).toBe(200);
    expect((await call('getCustomer', {}, token)).status).toBe(200);
    expect((await call('getCustomer', {}, otherDevice)).status).toBe(401);
    expect((await call('login', { email, password: STRONG_PASSWORD })).status).toBe(401);
    expect((await call('login', { email, password: newPassword })).status).toBe(200);
  });

  it("answers bad profile data with the spec's message", async () => {
    const { email, token } = await registerCustomer(shop().app);
    const { status, body } = await call('updateCustomer', { first_name: '', last_name: 'Lovelace', email, newsletter: false, newsletter_interests: [] }, token);
    expect(status).toBe(400);
    expect(body).toMatchObject({ code: 'bad_request', message: 'Could not update user! Check password or lastname, firstname format.' });
    expect(Object.keys(body.psdata.errors)).toEqual(['first_name']);
    const short = await call('updateCustomer', { first_name: 'Ada', last_name: 'L', email, newsletter: false, newsletter_interests: [], current_password: STRONG_PASSWORD, new_password: 'Ab1!' }, token);
    expect(short.body.message).toBe('Could not update user! Check password or lastname, firstname format.');
    expect(short.body.psdata.errors.new_password).toEqual(['Password must be at least 8 characters']);
  });

  it('refuses a NUL character as bad input', async () => {
    const { status, body } = await call('register', { first_name: 'A\u0000da', last_name: 'Lovelace', email: 'nul@example.com', password: STRONG_PASSWORD });
    expect(status).toBe(400);
    expect(body.code).toBe('bad_request');
  });

  describe('rate limits', () => {
    it('makes a client wait after 5 failed sign-ins for an email address, even with the right password, but not the owner elsewhere', async () => {
      const { email, password } = await registerCustomer(shop().app);
      const clientIp = '192.0.2.20';
      for (let attempt = 1; attempt <= 5; attempt++) {
        expect((await call('login', { email, password: `Wrong-Passw0rd-${attempt}` }, undefined, clientIp)).status).toBe(401);
      }
      const sixth = await call('login', { email, password: 'Wrong-Passw0rd-6' }, undefined, clientIp);
      expect(sixth.status).toBe(429);
      expect(sixth.body).toMatchObject({ success: false, code: 'too_many_requests', psdata: { retry_after: 30 } });
      expect((await call('login', { email, password }, undefined, clientIp)).status).toBe(429);
      // The owner, from elsewhere, is not locked out.
      expect((await call('login', { email, password }, undefined, '192.0.2.21')).status).toBe(200);
      // The wait passes: the right password works again, and ends the run of failures.
      await shop()
        .handle.db.update(rateLimits)
        .set({ blockedUntil: new Date(Date.now() - 1000) })
        .where(like(rateLimits.key, `password-failures:client-email:${sha256(email)}:%`));
      expect((await call('login', { email, password }, undefined, clientIp)).status).toBe(200);
      expect((await call('login', { email, password: 'Wrong-Passw0rd-7' }, undefined, clientIp)).status).toBe(401);
    });

    it('counts a wrong current password in a profile change as a failed sign-in', async () => {
      const { email, password, token } = await registerCustomer(shop().app);
      const profile = { first_name: 'Ada', last_name: 'Lovelace', email: `x.${email}`, newsletter: false, newsletter_interests: [] };
      for (let attempt = 1; attempt <= 5; attempt++) {
        expect((await call('updateCustomer', { ...profile, current_password: `Wrong-Passw0rd-${attempt}` }, token, '192.0.2.30')).status).toBe(400);
      }
      expect((await call('updateCustomer', { ...profile, current_password: password }, token, '192.0.2.30')).status).toBe(429);
    });

    it('refuses a client address after 20 failed sign-ins, whatever the email addresses', async () => {
      const { email, password } = await registerCustomer(shop().app);
      const clientIp = '192.0.2.40';
      for (let attempt = 1; attempt <= 20; attempt++) {
        expect((await call('login', { email: `guess${attempt}@example.com`, password: 'Wrong-Passw0rd!' }, undefined, clientIp)).status).toBe(401);
      }
      expect((await call('login', { email, password }, undefined, clientIp)).status).toBe(429);
      expect((await call('login', { email, password }, undefined, '192.0.2.41')).status).toBe(200);
    });

    it('does not count successful sign-ins', async () => {
      const { email, password } = await registerCustomer(shop().app);
      for (let attempt = 1; attempt <= 8; attempt++) {
        expect((await call('login', { email, password }, undefined, '192.0.2.50')).status).toBe(200);
      }
      const counted = await shop().handle.db.select().from(rateLimits).where(like(rateLimits.key, 'password-failures:email:%'));
      expect(counted.find((row) => row.key.endsWith(sha256(email)))?.hits).toBe(0);
    });
  });
});
