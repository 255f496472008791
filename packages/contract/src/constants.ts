/**
 * The contract's plain values, without any schema: safe to import in browser code, where the zod
 * schemas of the calls would only add weight.
 */
export * from './locales.ts';

export const BADGES = ['outlet', 'promo', 'sale', 'offer', 'discount', 'new_product', 'limited', 'black_friday'] as const;

export const SORT_KEYS = [
  'relevance',
  'price_asc',
  'price_desc',
  'popularity',
  'date_add_asc',
  'date_add_desc',
  'title_asc',
  'title_desc',
  'discount_desc',
  'discount_asc',
  'rating_desc',
] as const;
export type SortKey = (typeof SORT_KEYS)[number];

/** Stock states a listing can be filtered by (a product may be in several: a backorder item with some stock). */
export const AVAILABILITIES = ['in_stock', 'backorder', 'preorder', 'out_of_stock'] as const;
export type Availability = (typeof AVAILABILITIES)[number];

/** The listing filters that are lists of options (price is a range). */
export const FACET_KEYS = ['sizes', 'colors', 'brands', 'badges', 'availability'] as const;
export type FacetKey = (typeof FACET_KEYS)[number];

export const PAGE_SIZES = [12, 24, 48] as const;
export const DEFAULT_PAGE_SIZE = 24;

export const THEMES = ['default', 'blue'] as const;

/** The recommended-products rail always shows this clothing category, page 1 (SPEC §7, §9). */
export const RECOMMENDED_CATEGORY_ID = 10;

/**
 * What a shopper confirms to buy beyond the stock (SPEC §4): a pre-order (non-cancellable, ships at the
 * availability date) or a backorder (bought on demand).
 */
export const ON_DEMAND_KINDS = ['preorder', 'backorder'] as const;
export type OnDemandKind = (typeof ON_DEMAND_KINDS)[number];

/** Why a cart change was refused (409 for stock, 400 for quantities, 404 for a line or product that is gone). */
export const CART_ERROR_CODES = [
  'out_of_stock',
  'preorder_confirmation_required',
  'backorder_confirmation_required',
  'quantity_below_minimum',
  'quantity_above_limit',
  'product_unavailable',
  'cart_item_not_found',
] as const;
export type CartErrorCode = (typeof CART_ERROR_CODES)[number];

/** Why a coupon or voucher code was refused, or takes nothing off any more. */
export const COUPON_ERROR_CODES = [
  'coupon_unknown',
  'coupon_expired',
  'coupon_not_yet_valid',
  'coupon_minimum_not_reached',
  'coupon_already_used',
  'coupon_not_combinable',
  'coupon_not_applicable',
  'coupon_already_in_cart',
] as const;
export type CouponErrorCode = (typeof COUPON_ERROR_CODES)[number];

/** An order's statuses; the shop API's orders/status.ts says which may follow which. */
export const ORDER_STATUSES = [
  'awaiting_payment',
  'payment_error',
  'backorder_unpaid',
  'payment_accepted',
  'backorder_paid',
  'processing',
  'shipped',
  'delivered',
  'cancelled',
  'refunded',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** The most of one line a cart takes, whatever a product's own limit says. */
export const MAX_LINE_QUANTITY = 99;

/**
 * The checkout's steps in their order (SPEC §2). Points appears only with a collection-point carrier; Vouchers
 * and Message are optional; Review is where the order is placed.
 */
export const CHECKOUT_STEPS = ['account', 'address', 'delivery', 'points', 'vouchers', 'message', 'payment', 'review'] as const;

/** The payment gateways the shop knows (each configured or not; getGateways lists those offered). */
export const GATEWAY_NAMES = ['card', 'paypal', 'multisafepay'] as const;

/** Why a checkout step or placing the order was refused. */
export const CHECKOUT_ERROR_CODES = [
  'cart_empty',
  'checkout_incomplete',
  'country_not_served',
  'carrier_unavailable',
  'pickup_point_unavailable',
  'address_not_found',
  'vat_number_invalid',
  'fiscal_code_invalid',
  'invoice_incomplete',
  'gateway_unavailable',
  'coupon_invalid',
  'out_of_stock',
  'order_not_payable',
  'idempotency_conflict',
] as const;
export type CheckoutErrorCode = (typeof CHECKOUT_ERROR_CODES)[number];

/** SPEC §9: PayPal offers payment in instalments for amounts from 30 EUR to 2000 EUR (in cents). */
export const PAYPAL_INSTALMENTS = { minCents: 3_000, maxCents: 200_000 } as const;


/**
 * An address as the shop writes it, in the order page and in mails alike: name, company, street, town, country,
 * phone (the country named by `countryName`, in the reader's language); empty parts left out.
 */
export function addressLines(address: Record<string, unknown>, countryName: (iso: string) => string): string[] {
  const text = (key: string) => (typeof address[key] === 'string' ? (address[key] as string).trim() : '');
  return [
    [text('first_name'), text('last_name')].filter(Boolean).join(' '),
    text('company'),
    [text('address1'), text('address2')].filter(Boolean).join(', '),
    [text('postcode'), text('city'), text('state')].filter(Boolean).join(' '),
    text('country') ? countryName(text('country')) : '',
    text('phone'),
  ].filter(Boolean);
}

/**
 * The first segments of the storefront's own pages under /{lang}/ (apps/storefront/app/routes.ts; its route test
 * keeps this list whole): a content page's slug may not be one, nor start with a digit (a category's address).
 */
export const SHOP_ROUTE_SEGMENTS = [
  'auth', 'brands', 'cart', 'checkout', 'cookie-settings', 'dev', 'error', 'forgot-password', 'home', 'login', 'logout', 'my-account',
  'offline', 'password-strength', 'preferences', 'register', 'reset-password', 'reviews', 'search', 'size-chart', 'texts', 'wishlist',
] as const;
