import { randomBytes } from 'node:crypto';
import { ANY_CALL_REFUSALS, refusalSchema } from '@shop/contract';
import { adminCalls, type AdminCallName, type StaffRole } from '@shop/contract/admin';
import type { FastifyInstance } from 'fastify';
import { generate } from 'otplib';
import { expect } from 'vitest';
import { issueSetupLink } from '../src/staff/setup.ts';
import { STRONG_PASSWORD, type TestShop } from './databases.ts';

// The back office's side of the API tests: admin calls as the back office makes them, staff set up and signed in.

export type Answer = { status: number; body: { success: boolean; code: string; psdata: any; message: string } };

/** An admin call as the back office makes it; every refusal met is one the contract lists for the call. */
export async function adminCall(app: FastifyInstance, name: AdminCallName, payload: unknown = {}, headers: Record<string, string> = {}): Promise<Answer> {
  const response = await app.inject({ method: 'POST', url: `/admin/${name}`, payload: payload as object, headers: { 'accept-language': 'en', 'x-client-ip': '198.51.100.7', ...headers } });
  const body = response.json() as Answer['body'];
  if (!body.success && response.statusCode < 500) {
    expect([...adminCalls[name].refusals, ...ANY_CALL_REFUSALS], `${name} refused with '${body.code}'`).toContain(body.code);
    expect(refusalSchema.safeParse({ code: body.code, details: body.psdata }).success, `${name}'s '${body.code}' details`).toBe(true);
  }
  return { status: response.statusCode, body };
}

/** A code of the authenticator `steps` periods of 30 s from now (the API takes the step before and after too). */
export const codeAt = (secret: string, steps = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

let staffCount = 0;

/** A staff member set up through their link (with the code of now), not yet signed in. */
export async function setUpStaff(shop: TestShop, role: StaffRole) {
  const email = `staff${++staffCount}.${randomBytes(3).toString('hex')}@example.com`;
  const { url } = await issueSetupLink(shop.handle.db, { email, role }, { script: 'test' }, 'http://localhost:3001');
  const token = new URL(url).searchParams.get('token')!;
  const setup = await adminCall(shop.app, 'getStaffSetup', { token });
  expect(setup.status).toBe(200);
  const secret = setup.body.psdata.totp_secret as string;
  const done = await adminCall(shop.app, 'completeStaffSetup', { token, password: STRONG_PASSWORD, code: await codeAt(secret) });
  expect(done.status, JSON.stringify(done.body)).toBe(200);
  return { email, secret, token, recoveryCodes: done.body.psdata.recovery_codes as string[] };
}

/**
 * Signs a set-up staff member in (password, then the code of the next step: the set-up took the current one, and a
 * code is taken once) from a client address of their own.
 */
export async function signIn(shop: TestShop, member: { email: string; secret: string }, code?: string) {
  const client = { 'x-client-ip': `192.0.2.${staffCount}` };
  const challenge = await adminCall(shop.app, 'staffSignIn', { email: member.email, password: STRONG_PASSWORD }, client);
  expect(challenge.status).toBe(200);
  const signedIn = await adminCall(shop.app, 'staffSecondFactor', { challenge: challenge.body.psdata.challenge, code: code ?? (await codeAt(member.secret, 1)) }, client);
  return { ...signedIn, challenge: challenge.body.psdata.challenge as string };
}

export const staffHeader = (token: string) => ({ 'x-staff-session': token });

/** A staff member of `role`, set up and signed in: the headers of their calls. */
export async function staffSession(shop: TestShop, role: StaffRole) {
  const member = await setUpStaff(shop, role);
  const signedIn = await signIn(shop, member);
  expect(signedIn.status).toBe(200);
  return { ...member, headers: staffHeader(signedIn.body.psdata.session.token as string) };
}
