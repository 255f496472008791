import { STAFF_ROLES } from '@shop/contract/admin';
import { sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { selectRows } from '../src/db/raw.ts';
import { mayUse } from '../src/staff/rights.ts';
import { DRIVERS, mailTo, STRONG_PASSWORD, useTestShop } from './databases.ts';
import { mailsInFlight } from '../src/mail/queued.ts';
import { adminCall, codeAt, setUpStaff, signIn, staffHeader, staffSession } from './staff.ts';

type Member = { id: number; email: string; role: string; second_factor: boolean; last_sign_in_at: string | null; disabled: boolean };

describe.each(DRIVERS)('the owners’ staff page on %s', (driver) => {
  const shop = useTestShop(driver);
  const members = async (headers: Record<string, string>) => (await adminCall(shop().app, 'listStaff', {}, headers)).body.psdata.staff as Member[];
  const memberOf = async (headers: Record<string, string>, email: string) => (await members(headers)).find((member) => member.email === email)!;
  const trail = (id: number) =>
    selectRows<{ actor: string; action: string; before: unknown; after: unknown }>(
      shop().handle.db,
      sql`select actor, action, before, after from audit_log where target_type = 'staff' and target_id = ${String(id)} order by id`,
    );

  it('invites a member by mail in the language chosen; the link sets them up with two-factor sign-in, and the list shows it', async () => {
    const owner = await staffSession(shop(), 'owner');
    const email = `invited.${Date.now()}@example.com`;
    const invited = await adminCall(shop().app, 'inviteStaff', { email: email.toUpperCase(), role: 'fulfilment', lang: 'it' }, owner.headers);
    expect(invited.body.psdata).toEqual({ email, created: true });
    const mail = await mailTo(shop().app, email);
    expect(mail.subject).toBe('Sei invitato nel back office di Atelier Moda');
    expect(mail.text).toContain('con il ruolo spedizioni');
    const token = /\/setup\?token=([A-Za-z0-9_-]{43})/.exec(mail.text)![1]!;
    let listed = await memberOf(owner.headers, email);
    expect(listed).toMatchObject({ role: 'fulfilment', second_factor: false, last_sign_in_at: null, disabled: false });

    const secret = (await adminCall(shop().app, 'getStaffSetup', { token })).body.psdata.totp_secret as string;
    expect((await adminCall(shop().app, 'completeStaffSetup', { token, password: STRONG_PASSWORD, code: await codeAt(secret) })).status).toBe(200);
    expect((await signIn(shop(), { email, secret })).status).toBe(200);
    listed = await memberOf(owner.headers, email);
    expect(listed).toMatchObject({ second_factor: true, disabled: false });
    expect(Date.now() - Date.parse(listed.last_sign_in_at!)).toBeLessThan(60_000);
    expect((await trail(listed.id)).map((row) => [row.actor, row.action])).toEqual([
      [owner.email, 'staff.created'],
      [email, 'staff.set_up'],
      [email, 'staff.signed_in'],
    ]);
    // An English invitation for another member; the form's bad input is refused with what is wrong.
    await adminCall(shop().app, 'inviteStaff', { email: `en.${email}`, role: 'manager', lang: 'en' }, owner.headers);
    expect((await mailTo(shop().app, `en.${email}`)).subject).toBe('You are invited to the Atelier Moda back office');
    // The back office's six languages: a German and a Polish invitation, with the role in their words.
    await adminCall(shop().app, 'inviteStaff', { email: `de.${email}`, role: 'customer_service', lang: 'de' }, owner.headers);
    const german = await mailTo(shop().app, `de.${email}`);
    expect(german.subject).toBe('Einladung in das Backoffice von Atelier Moda');
    expect(german.text).toContain('in der Rolle „Kundenservice“');
    await adminCall(shop().app, 'inviteStaff', { email: `pl.${email}`, role: 'catalogue', lang: 'pl' }, owner.headers);
    expect((await mailTo(shop().app, `pl.${email}`)).text).toContain('w roli „katalog”');
    expect((await adminCall(shop().app, 'inviteStaff', { email: 'not an address', role: 'boss', lang: 'xx' }, owner.headers)).status).toBe(400);
  });

  it('changes a role and disables a member, whose sessions end at once; enables them again; all audited', async () => {
    const owner = await staffSession(shop(), 'owner');
    const member = await staffSession(shop(), 'customer_service');
    const { id } = await memberOf(owner.headers, member.email);
    const changed = await adminCall(shop().app, 'changeStaffRole', { id, role: 'manager' }, owner.headers);
    expect(changed.body.psdata).toMatchObject({ id, role: 'manager', disabled: false });
    // The new role's rights count from the next call: a manager reads the audit trail.
    expect((await adminCall(shop().app, 'listAuditLog', {}, member.headers)).status).toBe(200);
    expect((await adminCall(shop().app, 'setStaffDisabled', { id, disabled: true }, owner.headers)).body.psdata).toMatchObject({ id, disabled: true });
    expect((await adminCall(shop().app, 'getCurrentStaff', {}, member.headers)).status).toBe(401);
    const [{ sessions }] = (await selectRows<{ sessions: number }>(shop().handle.db, sql`select count(*)::int as sessions from staff_sessions where staff_id = ${id}`)) as [{ sessions: number }];
    expect(sessions).toBe(0);
    const refused = await adminCall(shop().app, 'staffSignIn', { email: member.email, password: STRONG_PASSWORD });
    expect(refused.status).toBe(401);
    expect((await adminCall(shop().app, 'setStaffDisabled', { id, disabled: false }, owner.headers)).body.psdata).toMatchObject({ disabled: false });
    // Enabled, they sign in again (with a recovery code: the authenticator's code of now was taken).
    expect((await signIn(shop(), member, member.recoveryCodes[0])).status).toBe(200);
    const changes = (await trail(id)).filter((row) => row.actor === owner.email);
    expect(changes).toEqual([
      { actor: owner.email, action: 'staff.role_changed', before: { email: member.email, role: 'customer_service', disabled: false }, after: { email: member.email, role: 'manager', disabled: false } },
      { actor: owner.email, action: 'staff.disabled', before: { email: member.email, role: 'manager', disabled: false }, after: { email: member.email, role: 'manager', disabled: true } },
      { actor: owner.email, action: 'staff.enabled', before: { email: member.email, role: 'manager', disabled: true }, after: { email: member.email, role: 'manager', disabled: false } },
    ]);
  });

  it('refuses to invite an address already on staff, also when two owners invite it at the same moment: one member, one mail', async () => {
    const first = await staffSession(shop(), 'owner');
    const second = await staffSession(shop(), 'owner');
    const email = `twice.${Date.now()}@example.com`;
    const invite = (headers: Record<string, string>, role: 'fulfilment' | 'manager') => adminCall(shop().app, 'inviteStaff', { email, role, lang: 'en' }, headers);
    // On PostgreSQL the two are sent at the same moment; the embedded database answers one call at a time.
    const answers = driver === 'postgres' ? await Promise.all([invite(first.headers, 'fulfilment'), invite(second.headers, 'manager')]) : [await invite(first.headers, 'fulfilment'), await invite(second.headers, 'manager')];
    expect(answers.map((answer) => [answer.status, answer.body.code]).sort()).toEqual([
      [200, 'ok'],
      [409, 'staff_exists'],
    ]);
    const rows = await selectRows<{ id: number; role: string }>(shop().handle.db, sql`select id, role from staff where email = ${email}`);
    expect(rows).toHaveLength(1);
    const winner = answers.findIndex((answer) => answer.status === 200);
    expect(rows[0]!.role).toBe(winner === 0 ? 'fulfilment' : 'manager');
    expect((await trail(rows[0]!.id)).map((row) => row.action)).toEqual(['staff.created']);
    await mailsInFlight();
    const mails = ((await shop().app.inject({ method: 'GET', url: '/dev/outbox' })).json().messages as { to: string }[]).filter((mail) => mail.to === email);
    expect(mails).toHaveLength(1);
    // An owner cannot take their own rights away by inviting themselves again either: their address is on staff.
    const self = await invite(first.headers, 'manager');
    expect([self.status, self.body.code]).toEqual([409, 'staff_exists']);
  });

  it('sends no new set-up link to a disabled member: they are enabled first, by a decision of its own', async () => {
    const owner = await staffSession(shop(), 'owner');
    const member = await staffSession(shop(), 'fulfilment');
    const { id } = await memberOf(owner.headers, member.email);
    await adminCall(shop().app, 'setStaffDisabled', { id, disabled: true }, owner.headers);
    const refused = await adminCall(shop().app, 'sendStaffSetupLink', { id, lang: 'en' }, owner.headers);
    expect([refused.status, refused.body.code]).toEqual([409, 'staff_disabled']);
    const again = await adminCall(shop().app, 'inviteStaff', { email: member.email, role: 'fulfilment', lang: 'en' }, owner.headers);
    expect([again.status, again.body.code]).toEqual([409, 'staff_exists']);
    expect(await memberOf(owner.headers, member.email)).toMatchObject({ disabled: true });
    await adminCall(shop().app, 'setStaffDisabled', { id, disabled: false }, owner.headers);
    expect((await adminCall(shop().app, 'sendStaffSetupLink', { id, lang: 'it' }, owner.headers)).status).toBe(200);
    expect((await mailTo(shop().app, member.email)).subject).toBe('Sei invitato nel back office di Atelier Moda');
    expect((await trail(id)).map((row) => row.action).slice(-3)).toEqual(['staff.disabled', 'staff.enabled', 'staff.setup_link_issued']);
    expect((await adminCall(shop().app, 'sendStaffSetupLink', { id: 2_000_000_000, lang: 'en' }, owner.headers)).status).toBe(404);
  });

  it('answers the owner’s invitation before its mail is sent: a slow mail server holds nobody, and the mail still goes', async () => {
    const owner = await staffSession(shop(), 'owner');
    const email = `slow.${Date.now()}@example.com`;
    const mailer = shop().payments.mailer;
    const send = mailer.send.bind(mailer);
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const spy = vi.spyOn(mailer, 'send').mockImplementationOnce(async (mail) => {
      await held;
      await send(mail);
    });
    try {
      const started = Date.now();
      const invited = await adminCall(shop().app, 'inviteStaff', { email, role: 'fulfilment', lang: 'en' }, owner.headers);
      expect(invited.status).toBe(200);
      expect(Date.now() - started).toBeLessThan(5_000);
      // The mail is taken from the outbox after the answer, and held there by the slow server.
      await vi.waitFor(() => expect(spy).toHaveBeenCalledTimes(1));
      const outbox = ((await shop().app.inject({ method: 'GET', url: '/dev/outbox' })).json().messages as { to: string }[]).filter((mail) => mail.to === email);
      expect(outbox).toHaveLength(0);
    } finally {
      release();
      spy.mockRestore();
    }
    await mailsInFlight();
    expect((await mailTo(shop().app, email)).subject).toBe('You are invited to the Atelier Moda back office');
  });

  it('lets a member change their own password: the current one first, the policy, their other sessions end; audited', async () => {
    const member = await staffSession(shop(), 'fulfilment');
    // A second session (another device), signed in with a recovery code: the code of the step is taken.
    const other = await signIn(shop(), member, member.recoveryCodes[0]);
    const otherHeaders = staffHeader(other.body.psdata.session.token as string);
    expect((await adminCall(shop().app, 'getCurrentStaff', {}, otherHeaders)).status).toBe(200);
    const newPassword = `${STRONG_PASSWORD}-Own`;
    const wrong = await adminCall(shop().app, 'changeOwnStaffPassword', { current_password: 'not-my-password', new_password: newPassword }, member.headers);
    expect([wrong.status, wrong.body.code, Object.keys(wrong.body.psdata.errors)]).toEqual([400, 'invalid_password', ['current_password']]);
    const weak = await adminCall(shop().app, 'changeOwnStaffPassword', { current_password: STRONG_PASSWORD, new_password: 'Password1!' }, member.headers);
    expect([weak.status, weak.body.code]).toEqual([400, 'password_too_weak']);
    // Nothing changed yet: the other session still works.
    expect((await adminCall(shop().app, 'getCurrentStaff', {}, otherHeaders)).status).toBe(200);
    const done = await adminCall(shop().app, 'changeOwnStaffPassword', { current_password: STRONG_PASSWORD, new_password: newPassword }, member.headers);
    expect(done.status).toBe(200);
    expect((await adminCall(shop().app, 'getCurrentStaff', {}, member.headers)).status).toBe(200);
    expect((await adminCall(shop().app, 'getCurrentStaff', {}, otherHeaders)).status).toBe(401);
    const client = { 'x-client-ip': '192.0.2.250' };
    expect((await adminCall(shop().app, 'staffSignIn', { email: member.email, password: STRONG_PASSWORD }, client)).status).toBe(401);
    expect((await adminCall(shop().app, 'staffSignIn', { email: member.email, password: newPassword }, client)).status).toBe(200);
    const [row] = await selectRows<{ id: number }>(shop().handle.db, sql`select id from staff where email = ${member.email}`);
    const changes = (await trail(row!.id)).filter((entry) => entry.action === 'staff.password_changed');
    expect(changes).toEqual([{ actor: member.email, action: 'staff.password_changed', before: null, after: { other_sessions_ended: 1 } }]);
    // Without a session, nobody's password changes.
    expect((await adminCall(shop().app, 'changeOwnStaffPassword', { current_password: newPassword, new_password: `${newPassword}2` })).status).toBe(401);
  });

  it('never leaves the shop without an owner who can sign in', async () => {
    // Other tests' owners are disabled first: this shop's owners are the two made here.
    await shop().handle.db.execute(sql`update staff set disabled = true where role = 'owner'`);
    const first = await staffSession(shop(), 'owner');
    const { id: firstId } = await memberOf(first.headers, first.email);
    for (const change of [
      ['changeStaffRole', { id: firstId, role: 'manager' }],
      ['setStaffDisabled', { id: firstId, disabled: true }],
    ] as const) {
      const refused = await adminCall(shop().app, change[0], change[1], first.headers);
      expect([refused.status, refused.body.code]).toEqual([409, 'last_owner']);
    }
    expect(await memberOf(first.headers, first.email)).toMatchObject({ role: 'owner', disabled: false });
    const second = await staffSession(shop(), 'owner');
    const { id: secondId } = await memberOf(first.headers, second.email);
    if (driver === 'postgres') {
      // Two owners demote each other at the same moment: exactly one of them wins. The loser is refused either as
      // the last owner (both calls checked before either wrote) or as a manager already (the winner wrote first).
      const answers = await Promise.all([
        adminCall(shop().app, 'changeStaffRole', { id: secondId, role: 'manager' }, first.headers),
        adminCall(shop().app, 'changeStaffRole', { id: firstId, role: 'manager' }, second.headers),
      ]);
      const [won, lost] = [...answers].sort((a, b) => a.status - b.status);
      expect(won!.status).toBe(200);
      expect([[409, 'last_owner'], [403, 'forbidden']]).toContainEqual([lost!.status, lost!.body.code]);
    } else {
      expect((await adminCall(shop().app, 'changeStaffRole', { id: firstId, role: 'fulfilment' }, first.headers)).status).toBe(200);
    }
    const [{ owners }] = (await selectRows<{ owners: number }>(shop().handle.db, sql`select count(*)::int as owners from staff where role = 'owner' and not disabled`)) as [{ owners: number }];
    expect(owners).toBe(1);
  });

  it('ends a member’s sessions when their password changes (a new set-up link used), not before', async () => {
    const owner = await staffSession(shop(), 'owner');
    const member = await staffSession(shop(), 'fulfilment');
    const { id } = await memberOf(owner.headers, member.email);
    expect((await adminCall(shop().app, 'sendStaffSetupLink', { id, lang: 'en' }, owner.headers)).body.psdata).toMatchObject({ id, email: member.email, role: 'fulfilment' });
    const token = /\/setup\?token=([A-Za-z0-9_-]{43})/.exec((await mailTo(shop().app, member.email)).text)![1]!;
    // The account works as before until the link is used.
    expect((await adminCall(shop().app, 'getCurrentStaff', {}, member.headers)).status).toBe(200);
    const secret = (await adminCall(shop().app, 'getStaffSetup', { token })).body.psdata.totp_secret as string;
    expect((await adminCall(shop().app, 'completeStaffSetup', { token, password: `${STRONG_PASSWORD}2`, code: await codeAt(secret) })).status).toBe(200);
    expect((await adminCall(shop().app, 'getCurrentStaff', {}, member.headers)).status).toBe(401);
  });

  it('asks every role that can refund for the second factor: a right password alone reaches no call, and nobody signs in without an authenticator', async () => {
    const refunders = STAFF_ROLES.filter((role) => mayUse(role, 'refunds'));
    expect(refunders).toEqual(['owner', 'manager', 'customer_service']);
    for (const role of refunders) {
      const member = await setUpStaff(shop(), role);
      const challenge = await adminCall(shop().app, 'staffSignIn', { email: member.email, password: STRONG_PASSWORD }, { 'x-client-ip': '192.0.2.201' });
      expect(challenge.status).toBe(200);
      const refund = await adminCall(shop().app, 'refundOrder', { reference: 'NOSUCHORDER', amount: 100 }, staffHeader(challenge.body.psdata.challenge));
      expect([role, refund.status]).toEqual([role, 401]);
    }
    // An account with a password but no authenticator (as if set up halfway) cannot sign in at all.
    const halfway = await setUpStaff(shop(), 'manager');
    await shop().handle.db.execute(sql`update staff set totp_secret = null where email = ${halfway.email}`);
    expect((await adminCall(shop().app, 'staffSignIn', { email: halfway.email, password: STRONG_PASSWORD }, { 'x-client-ip': '192.0.2.202' })).status).toBe(401);
  });
});
