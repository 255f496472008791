import type { TFunction } from 'i18next';
import { ShopApiError } from './api/client';

/** The shop API's stable error codes, as the shopper reads them (SPEC §8). */
const MESSAGE_KEYS: Record<string, string> = {
  authentication_failed: 'messages.authenticationFailed',
  invalid_password: 'messages.invalidPassword',
  email_taken: 'auth.emailTaken',
  too_many_requests: 'auth.tooManyAttempts',
  reset_token_invalid: 'messages.passwordResetFailed',
  registration_link_invalid: 'auth.confirmLinkInvalid',
  password_too_weak: 'validation.passwordTooWeak',
};

export function apiErrorMessage(error: unknown, t: TFunction, fallbackKey = 'messages.somethingWentWrong'): string {
  const key = error instanceof ShopApiError ? MESSAGE_KEYS[error.code] : undefined;
  return t(key ?? fallbackKey);
}

/** Per-field errors the API found (for example a password too easy to guess), in the shopper's language. */
export function apiFieldErrors(error: unknown, t: TFunction, labels: Record<string, string>): Record<string, string[]> | undefined {
  if (!(error instanceof ShopApiError) || error.status !== 400) return undefined;
  const errors = (error.psdata as { errors?: Record<string, string[]> } | null)?.errors;
  if (!errors) return undefined;
  // The API names nested fields by their path (`address.postcode`); the form's fields are the last part.
  return Object.fromEntries(
    Object.entries(errors).map(([path, messages]) => [path.split('.').pop()!, messages] as const).map(([field, messages]) => [
      field,
      messages.map((message) => (/strength/i.test(message) ? t('validation.passwordTooWeak') : t('validation.invalid', { name: labels[field] ?? field }))),
    ]),
  );
}
