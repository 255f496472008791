import { STAFF_ROLES } from '@shop/contract/admin';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { selectRows } from '../src/db/raw.ts';
import { mayUse } from '../src/staff/rights.ts';
import { DRIVERS, mailTo, STRONG_PASSWORD, useTestShop } from './databases.ts';
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
    expect((await adminCall(shop().app, 'inviteStaff', { email: 'not an address', role: 'boss', lang: 'fr' }, owner.headers)).status).toBe(400);
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

  it('never leaves the shop without an owner who can sign in', async () => {
    // Other tests' owners are disabled first: this shop's owners are the two made here.
    await shop().handle.db.execute(sql`update staff set disabled = true where role = 'owner'`);
    const first = await staffSession(shop(), 'owner');
    const { id: firstId } = await memberOf(first.headers, first.email);
    for (const change of [
      ['changeStaffRole', { id: firstId, role: 'manager' }],
      ['setStaffDisabled', { id: firstId, disabled: true }],
      // Nor by inviting themselves again with another role.
      ['inviteStaff', { email: first.email, role: 'manager', lang: 'en' }],
    ] as const) {
      const refused = await adminCall(shop().app, change[0], change[1], first.headers);
      expect([refused.status, refused.body.code]).toEqual([409, 'last_owner']);
    }
    expect(await memberOf(first.headers, first.email)).toMatchObject({ role: 'owner', disabled: false });
    const second = await staffSession(shop(), 'owner');
    const { id: secondId } = await memberOf(first.headers, second.email);
    if (driver === 'postgres') {
      // Two owners demote each other at the same moment: exactly one of them wins.
      const answers = await Promise.all([
        adminCall(shop().app, 'changeStaffRole', { id: secondId, role: 'manager' }, first.headers),
        adminCall(shop().app, 'changeStaffRole', { id: firstId, role: 'manager' }, second.headers),
      ]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    } else {
      expect((await adminCall(shop().app, 'changeStaffRole', { id: firstId, role: 'fulfilment' }, first.headers)).status).toBe(200);
    }
    const [{ owners }] = (await selectRows<{ owners: number }>(shop().handle.db, sql`select count(*)::int as owners from staff where role = 'owner' and not disabled`)) as [{ owners: number }];
    expect(owners).toBe(1);
  });

  it('ends a member’s sessions when their password changes (a new set-up link used), not before', async () => {
    const owner = await staffSession(shop(), 'owner');
    const member = await staffSession(shop(), 'fulfilment');
    await adminCall(shop().app, 'inviteStaff', { email: member.email, role: 'fulfilment', lang: 'en' }, owner.headers);
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
