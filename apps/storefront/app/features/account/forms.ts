import {
  addressFields,
  loginInput,
  newPasswordSchema,
  registerInput,
  resetPasswordEmailInput,
  updateCustomerInput,
} from '@shop/contract/account';
import type { TFunction } from 'i18next';
import { z } from 'zod';

/**
 * The repeated password must match the new one (the API never sees the repetition). It is checked as
 * soon as both are filled in, even while other fields of the form are still wrong.
 */
function confirmed<T extends z.ZodObject>(schema: T, passwordField: string) {
  type Passwords = Record<string, unknown>;
  return schema.refine((value: Passwords) => value[passwordField] === value.confirm_password, {
    path: ['confirm_password'],
    message: 'Passwords do not match',
    params: { rule: 'passwords_match' },
    when: ({ value }) => {
      const passwords = value as Passwords | undefined;
      return typeof passwords?.[passwordField] === 'string' && typeof passwords?.confirm_password === 'string';
    },
  });
}

// Each form validates with the contract's schema for its call, plus what only the form has.
export const loginForm = loginInput.extend({ redirectTo: z.string().optional() });
export const registerForm = confirmed(registerInput.extend({ confirm_password: z.string() }), 'password');
export const forgotPasswordForm = resetPasswordEmailInput;
// Any token goes to the API: a malformed one is as invalid as a used one, and says so.
export const confirmAccountForm = z.object({ token: z.string().min(1) });
export const setNewPasswordForm = confirmed(z.object({ token: z.string().min(1), password: newPasswordSchema, confirm_password: z.string() }), 'password');
export const profileForm = updateCustomerInput.pick({ first_name: true, last_name: true, email: true, gender: true, current_password: true });
export const newsletterForm = updateCustomerInput.pick({ newsletter: true, newsletter_interests: true });
export const passwordChangeForm = confirmed(
  z.object({ current_password: z.string().min(1), new_password: newPasswordSchema, confirm_password: z.string() }),
  'new_password',
);
export const addressForm = addressFields;
/** Asking for one's data to be erased: the box says the customer means it. */
export const erasureForm = z.object({ confirm: z.literal(true) });

/** The label of every account field, for messages such as 'First name is required.'. */
export function accountLabels(t: TFunction): Record<string, string> {
  return {
    email: t('auth.email'),
    password: t('auth.password'),
    new_password: t('auth.newPassword'),
    confirm_password: t('auth.confirmPassword'),
    current_password: t('auth.currentPassword'),
    first_name: t('auth.firstName'),
    last_name: t('auth.lastName'),
    gender: t('auth.gender'),
    newsletter: t('auth.newsletter'),
    newsletter_interests: t('auth.newsletterInterests'),
    confirm: t('account.erasureConfirm'),
    alias: t('account.addressFields.alias'),
    company: t('account.addressFields.company'),
    address1: t('account.addressFields.address1'),
    address2: t('account.addressFields.address2'),
    city: t('account.addressFields.city'),
    state: t('account.addressFields.state'),
    country: t('account.addressFields.country'),
    postcode: t('account.addressFields.postcode'),
    phone: t('account.addressFields.phone'),
    vat_number: t('account.addressFields.vatNumber'),
    is_default: t('account.addressFields.isDefault'),
  };
}
