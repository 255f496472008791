import { PASSWORD_POLICY, type CallName } from '@shop/contract';
import type { CallHandlers } from '../call-context.ts';
import { createAddress, getAddresses, removeAddress, updateAddress } from './addresses.ts';
import { getCustomer, login, updateCustomer } from './customers.ts';
import { checkPassword } from './passwords.ts';
import { RATE_LIMITS, takeAttempt } from '../sessions/rate-limit.ts';
import { confirmRegistration, register, REGISTRATION_REQUESTED_MESSAGE } from './registration.ts';
import { enterNewPassword, requestPasswordReset, RESET_REQUESTED_MESSAGE } from './reset.ts';
import { endSession } from '../sessions/sessions.ts';

/**
 * Customer accounts. Every call about a customer finds them through the request's session, never through
 * an id in the payload: nobody can name another customer's data.
 */
export const accountHandlers = {
  login: (input, context) => login(input, context),
  register: async (input, context) => {
    await register(input, context);
    return {};
  },
  confirmRegistration: ({ token }, context) => confirmRegistration(token, context),
  logout: async (_input, context) => {
    await endSession(context);
    return {};
  },
  getCustomer: (_input, context) => getCustomer(context),
  updateCustomer: (input, context) => updateCustomer(input, context),
  getAddresses: (_input, context) => getAddresses(context),
  createAddress: ({ address }, context) => createAddress(address, context),
  updateAddress: ({ id, address }, context) => updateAddress(id, address, context),
  removeAddress: async ({ id }, context) => {
    await removeAddress(id, context);
    return {};
  },
  resetPasswordEmail: async ({ email }, context) => {
    await requestPasswordReset(email, context);
    return {};
  },
  resetPasswordEnter: async (input, context) => {
    await enterNewPassword(input, context);
    return {};
  },
  validatePassword: async ({ password }, { db, clientIp, textLang }) => {
    // Each check costs a worker thread's time: one client may not queue them without end.
    await takeAttempt(db, [{ limit: RATE_LIMITS.passwordChecksPerClient, subject: [clientIp] }]);
    return checkPassword(password, textLang);
  },
  getPasswordPolicy: async () => PASSWORD_POLICY,
} satisfies Partial<CallHandlers>;

/** The envelope's message of a successful call, where 'OK' would say too little (SPEC §8). */
export const accountSuccessMessages: Partial<Record<CallName, string>> = {
  login: 'Login successful',
  register: REGISTRATION_REQUESTED_MESSAGE,
  confirmRegistration: 'Account created',
  logout: 'You have been logged out',
  updateCustomer: 'Account data updated',
  createAddress: 'Address saved',
  updateAddress: 'Address changed',
  removeAddress: 'Address deleted',
  resetPasswordEmail: RESET_REQUESTED_MESSAGE,
  resetPasswordEnter: 'Your password has been changed',
};

/** The envelope's message when a payload fails its schema, where SPEC §8 has one. */
export const accountInvalidPayloadMessages: Partial<Record<CallName, string>> = {
  updateCustomer: 'Could not update user! Check password or lastname, firstname format.',
};
