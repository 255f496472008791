import { CART_ERROR_CODES, COUPON_ERROR_CODES, type OnDemandKind } from '@shop/contract/constants';
import { useTranslation } from '../../i18n/use-translation';
import { useFormatDate, useFormatPrice } from '../../lib/hooks';

/** Codes the storefront itself gives to a form it cannot read (a garbage value, a missing size). */
export const FORM_ERROR_CODES = ['invalid_quantity', 'choose_combination', 'coupon_missing', 'invalid_request'] as const;

export type CartFailureCode =
  | (typeof CART_ERROR_CODES)[number]
  | (typeof COUPON_ERROR_CODES)[number]
  | (typeof FORM_ERROR_CODES)[number]
  | 'something_went_wrong';

/** Why a cart change was refused, in a form both the server and the browser carry and translate. */
export type CartFailure = {
  code: CartFailureCode;
  /** Units the shop still has (out_of_stock). */
  available?: number;
  /** When a pre-order ships (preorder_confirmation_required). */
  available_date?: string | null;
  min?: number;
  max?: number;
  /** A coupon's minimum order, in cents. */
  minimum?: number;
};

/** The pre-order or backorder a refusal asks the shopper to confirm, or null. */
export function confirmationAsked(failure: CartFailure | undefined): OnDemandKind | null {
  if (failure?.code === 'preorder_confirmation_required') return 'preorder';
  if (failure?.code === 'backorder_confirmation_required') return 'backorder';
  return null;
}

/** The shopper's reading of a cart failure, in the current language. */
export function useCartFailureText(): (failure: CartFailure) => string {
  const { t } = useTranslation();
  const price = useFormatPrice();
  const date = useFormatDate();
  return (failure) => {
    switch (failure.code) {
      case 'out_of_stock':
        return failure.available ? t('cart.errors.out_of_stock', { count: failure.available }) : t('cart.errors.sold_out');
      case 'quantity_below_minimum':
        return t('cart.errors.quantity_below_minimum', { count: failure.min ?? 1 });
      case 'quantity_above_limit':
        return t('cart.errors.quantity_above_limit', { count: failure.max ?? 1 });
      case 'coupon_minimum_not_reached':
        // A coupon's standing problem carries no amount; a refused code does.
        return failure.minimum === undefined
          ? t('cart.errors.coupon_minimum_not_reached_plain')
          : t('cart.errors.coupon_minimum_not_reached', { amount: price(failure.minimum) });
      case 'preorder_confirmation_required':
        return failure.available_date
          ? t('cart.errors.preorder_confirmation_required', { date: date(failure.available_date) })
          : t('cart.errors.preorder_confirmation_required_plain');
      case 'something_went_wrong':
        return t('messages.somethingWentWrong');
      default:
        return t(`cart.errors.${failure.code}`, { max: failure.max });
    }
  };
}
