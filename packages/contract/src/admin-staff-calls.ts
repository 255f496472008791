import { z } from 'zod';
import {
  changeOwnStaffPasswordInput,
  completeStaffSetupInput,
  staffChallengeSchema,
  staffMemberSchema,
  staffSecondFactorInput,
  staffSetupDoneSchema,
  staffSetupInput,
  staffSetupSchema,
  staffSignedInSchema,
  staffSignInInput,
} from './admin.ts';
import { adminCall } from './admin-call.ts';

const empty = z.object({}).strict();
const done = z.object({});

/**
 * Staff sign-in and set-up. Signing in takes two calls: the password gives a challenge, the challenge and a code of
 * the authenticator app (or a recovery code) give the session, sent back as the `X-Staff-Session` header.
 */
export const adminStaffCalls = {
  /** Wrong email, wrong password, a disabled or not yet set-up account: the same refusal (no enumeration). */
  staffSignIn: adminCall('sign_in', staffSignInInput, staffChallengeSchema, { refusals: ['authentication_failed'] }),
  staffSecondFactor: adminCall('sign_in', staffSecondFactorInput, staffSignedInSchema, { refusals: ['authentication_failed'] }),
  staffSignOut: adminCall('own', empty, done),
  getCurrentStaff: adminCall('own', empty, staffMemberSchema, { readOnly: true }),
  /** The signed-in member's own password (the current one, then a new one by the policy): every other session of theirs ends. */
  changeOwnStaffPassword: adminCall('own', changeOwnStaffPasswordInput, done, { refusals: ['invalid_password', 'password_too_weak', 'busy'] }),
  /** The set-up link (`npm run staff:create`): what the page shows to enrol the authenticator. */
  getStaffSetup: adminCall('sign_in', staffSetupInput, staffSetupSchema, { readOnly: true, refusals: ['setup_link_invalid'] }),
  /** Sets the password and confirms the authenticator with its first code; answers the recovery codes, once. */
  completeStaffSetup: adminCall('sign_in', completeStaffSetupInput, staffSetupDoneSchema, { refusals: ['setup_link_invalid', 'code_invalid', 'password_too_weak', 'busy'] }),
};
