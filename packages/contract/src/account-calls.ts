import { z } from 'zod';
import {
  addressSchema,
  confirmRegistrationInput,
  createAddressInput,
  customerSchema,
  loginInput,
  registerInput,
  removeAddressInput,
  resetPasswordEmailInput,
  resetPasswordEnterInput,
  signedInSchema,
  updateAddressInput,
  updateCustomerInput,
  validatePasswordInput,
} from './account.ts';
import { call } from './call.ts';
import { personalDataSchema } from './personal-data.ts';
import { passwordCheckSchema, passwordPolicySchema } from './password-policy.ts';

const empty = z.object({}).strict();
const done = z.object({});
const personalRead = { readOnly: true } as const;
/** Refused without a signed-in customer. */
const signedIn = ['unauthorized'] as const;
/** Refused for a new password: too easy to guess, or its check too busy to say now. */
const newPassword = ['password_too_weak', 'busy'] as const;

/**
 * Customer accounts. These calls are about one person: never cached. The session travels as the
 * `X-Session-Id` header; the API answers 401 `unauthorized` when a call needs a signed-in customer.
 */
export const accountCalls = {
  login: call(loginInput, signedInSchema, { refusals: ['authentication_failed'] }),
  /**
   * Always the same neutral answer, whether or not the address has an account (no enumeration): a new address
   * gets a mail with a confirmation link, a known one a mail telling its owner.
   */
  register: call(registerInput, done, { refusals: ['email_taken', ...newPassword] }),
  /** The link of the confirmation mail: creates the customer and signs them in. */
  confirmRegistration: call(confirmRegistrationInput, signedInSchema, { refusals: ['registration_link_invalid', 'email_taken'] }),
  logout: call(empty, done),
  getCustomer: call(empty, customerSchema, { ...personalRead, refusals: signedIn }),
  updateCustomer: call(updateCustomerInput, customerSchema, { refusals: [...signedIn, 'invalid_password', 'email_taken', ...newPassword] }),
  /** Everything the shop holds about the signed-in customer (GDPR), for them to download. */
  exportMyData: call(empty, personalDataSchema, { ...personalRead, refusals: signedIn }),
  /**
   * Asks the shop to erase the account: the back office sees the request and erases (orders are kept for the law,
   * without personal data). Asking again keeps the first date.
   */
  requestDataErasure: call(empty, z.object({ requested_at: z.string() }), { refusals: signedIn }),
  getAddresses: call(empty, z.object({ addresses: z.array(addressSchema) }), { ...personalRead, refusals: signedIn }),
  createAddress: call(createAddressInput, addressSchema, { refusals: signedIn }),
  updateAddress: call(updateAddressInput, addressSchema, { refusals: [...signedIn, 'not_found'] }),
  removeAddress: call(removeAddressInput, done, { refusals: [...signedIn, 'not_found'] }),
  /** Always the same neutral answer, whether or not the address is registered (no enumeration). */
  resetPasswordEmail: call(resetPasswordEmailInput, done),
  resetPasswordEnter: call(resetPasswordEnterInput, done, { refusals: ['reset_token_invalid', ...newPassword] }),
  validatePassword: call(validatePasswordInput, passwordCheckSchema, { ...personalRead, refusals: ['busy'] }),
  getPasswordPolicy: call(z.object({}), passwordPolicySchema, { method: 'GET', readOnly: true, publicCache: true }),
};
