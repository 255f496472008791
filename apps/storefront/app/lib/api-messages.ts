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
  cart_empty: 'checkout.errors.cartEmpty',
  checkout_incomplete: 'checkout.errors.incomplete',
  country_not_served: 'checkout.errors.countryNotServed',
  carrier_unavailable: 'checkout.errors.carrierUnavailable',
  pickup_point_unavailable: 'checkout.errors.pickupPointUnavailable',
  address_not_found: 'checkout.errors.addressNotFound',
  vat_number_invalid: 'checkout.errors.vatNumberInvalid',
  fiscal_code_invalid: 'checkout.errors.fiscalCodeInvalid',
  invoice_incomplete: 'checkout.errors.invoiceIncomplete',
  gateway_unavailable: 'checkout.errors.gatewayUnavailable',
  coupon_invalid: 'checkout.errors.couponInvalid',
  out_of_stock: 'checkout.errors.outOfStock',
  order_not_payable: 'checkout.errors.orderNotPayable',
  idempotency_conflict: 'messages.somethingWentWrong',
  review_login_required: 'reviews.loginToReview',
  purchase_required: 'reviews.purchaseRequired',
  review_exists: 'reviews.errors.exists',
  review_not_found: 'reviews.errors.notFound',
  review_not_yours: 'reviews.errors.notYours',
};

/** The refusal's details go into its text (the code that cannot be used, what is left in stock). */
export function apiErrorMessage(error: unknown, t: TFunction, fallbackKey = 'messages.somethingWentWrong'): string {
  const key = error instanceof ShopApiError ? MESSAGE_KEYS[error.code] : undefined;
  const refusal = error instanceof ShopApiError ? error.refusal : null;
  const code = refusal?.code === 'coupon_invalid' ? refusal.details?.code : undefined;
  const available = refusal?.code === 'out_of_stock' ? refusal.details?.available : undefined;
  return t(key ?? fallbackKey, { code, available });
}

/** Per-field errors the API found (for example a password too easy to guess), in the shopper's language. */
export function apiFieldErrors(
  error: unknown,
  t: TFunction,
  labels: Record<string, string>,
  fieldOf: (path: string) => string = (path) => path.split('.').pop()!,
): Record<string, string[]> | undefined {
  if (!(error instanceof ShopApiError) || error.status !== 400) return undefined;
  const { details } = error.refusal;
  const errors = details && 'errors' in details ? details.errors : undefined;
  if (!errors) return undefined;
  // The API names nested fields by their path (`address.postcode`); fieldOf says which field of the form that is.
  return Object.fromEntries(
    Object.entries(errors).map(([path, messages]) => [fieldOf(path), messages] as const).map(([field, messages]) => [
      field,
      messages.map((message) => (/strength/i.test(message) ? t('validation.passwordTooWeak') : t('validation.invalid', { name: labels[field] ?? field }))),
    ]),
  );
}
