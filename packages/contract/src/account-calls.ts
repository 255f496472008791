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
import { passwordCheckSchema, passwordPolicySchema } from './password-policy.ts';

const empty = z.object({}).strict();
const done = z.object({});
const personalRead = { readOnly: true } as const;

/**
 * Customer accounts. These calls are about one person: never cached. The session travels as the
 * `X-Session-Id` header; the API answers 401 `unauthorized` when a call needs a signed-in customer.
 */
export const accountCalls = {
  login: call(loginInput, signedInSchema),
  /**
   * Always the same neutral answer, whether or not the address has an account (no enumeration): a new address
   * gets a mail with a confirmation link, a known one a mail telling its owner.
   */
  register: call(registerInput, done),
  /** The link of the confirmation mail: creates the customer and signs them in. */
  confirmRegistration: call(confirmRegistrationInput, signedInSchema),
  logout: call(empty, done),
  getCustomer: call(empty, customerSchema, personalRead),
  updateCustomer: call(updateCustomerInput, customerSchema),
  getAddresses: call(empty, z.object({ addresses: z.array(addressSchema) }), personalRead),
  createAddress: call(createAddressInput, addressSchema),
  updateAddress: call(updateAddressInput, addressSchema),
  removeAddress: call(removeAddressInput, done),
  /** Always the same neutral answer, whether or not the address is registered (no enumeration). */
  resetPasswordEmail: call(resetPasswordEmailInput, done),
  resetPasswordEnter: call(resetPasswordEnterInput, done),
  validatePassword: call(validatePasswordInput, passwordCheckSchema, personalRead),
  getPasswordPolicy: call(z.object({}), passwordPolicySchema, { method: 'GET', readOnly: true, publicCache: true }),
};
