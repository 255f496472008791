import type { Refusal } from '@shop/contract';
import type { OnDemandKind } from '@shop/contract/constants';
import { useTranslation } from '~/i18n/use-translation';
import { useFormatDate, useFormatPrice } from './hooks';

/**
 * A refusal as a form shows it: the shop API's (its code and the details the contract gives that code), or one
 * the storefront gives a post it cannot read (a garbage quantity, no size chosen, no code typed).
 */
export type ShownRefusal =
  | Refusal
  | { code: 'invalid_quantity'; details: { max: number } }
  | { code: 'choose_combination' | 'coupon_missing' | 'invalid_request' | 'something_went_wrong'; details: null };

/** The pre-order or backorder a refusal asks the shopper to confirm, or null. */
export function confirmationAsked(refusal: ShownRefusal | undefined): OnDemandKind | null {
  if (refusal?.code === 'preorder_confirmation_required') return 'preorder';
  if (refusal?.code === 'backorder_confirmation_required') return 'backorder';
  return null;
}

/** When a refused pre-order ships, as the refusal says. */
export const refusedPreorderDate = (refusal: ShownRefusal | undefined) =>
  refusal?.code === 'preorder_confirmation_required' ? (refusal.details?.available_date ?? null) : null;

/** The shopper's reading of a refusal of the cart or the wishlist, in the current language, with its details. */
export function useRefusalText(): (refusal: ShownRefusal) => string {
  const { t } = useTranslation();
  const price = useFormatPrice();
  const date = useFormatDate();
  return (refusal) => {
    switch (refusal.code) {
      case 'out_of_stock':
        return refusal.details?.available ? t('cart.errors.out_of_stock', { count: refusal.details.available }) : t('cart.errors.sold_out');
      case 'quantity_below_minimum':
        return t('cart.errors.quantity_below_minimum', { count: refusal.details?.min ?? 1 });
      case 'quantity_above_limit':
        return t('cart.errors.quantity_above_limit', { count: refusal.details?.max ?? 1 });
      case 'coupon_minimum_not_reached':
        // A coupon's standing problem carries no amount; a refused code does.
        return refusal.details
          ? t('cart.errors.coupon_minimum_not_reached', { amount: price(refusal.details.minimum) })
          : t('cart.errors.coupon_minimum_not_reached_plain');
      case 'preorder_confirmation_required':
        return refusal.details?.available_date
          ? t('cart.errors.preorder_confirmation_required', { date: date(refusal.details.available_date) })
          : t('cart.errors.preorder_confirmation_required_plain');
      case 'something_went_wrong':
        return t('messages.somethingWentWrong');
      default:
        // The rest word their details as they are (invalid_quantity's max).
        return t(`cart.errors.${refusal.code}`, refusal.details ?? {});
    }
  };
}
