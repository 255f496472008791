/**
 * The shop's database schema (PostgreSQL dialect, used on PGlite and on PostgreSQL alike).
 * Money is always integer cents; prices are stored without VAT and VAT is applied per country.
 * Translated texts live in *_translations tables keyed by (owner id, lang).
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

const lang = () => varchar('lang', { length: 2 }).notNull();

export const categories = pgTable('categories', {
  id: integer('id').primaryKey(),
  parentId: integer('parent_id'),
  position: integer('position').notNull().default(0),
  isActive: boolean('is_active').notNull().default(true),
});

export const categoryTranslations = pgTable(
  'category_translations',
  {
    categoryId: integer('category_id').notNull().references(() => categories.id, { onDelete: 'cascade' }),
    lang: lang(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    description: text('description').notNull().default(''),
  },
  (t) => [primaryKey({ columns: [t.categoryId, t.lang] })],
);

export const brands = pgTable('brands', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  slug: text('slug').notNull().unique(),
});

export const brandTranslations = pgTable(
  'brand_translations',
  {
    brandId: integer('brand_id').notNull().references(() => brands.id, { onDelete: 'cascade' }),
    lang: lang(),
    description: text('description').notNull(),
  },
  (t) => [primaryKey({ columns: [t.brandId, t.lang] })],
);

/** What happens when a product has no stock left: refuse, sell on demand, or take pre-orders. */
export const OUT_OF_STOCK_POLICIES = ['deny', 'backorder', 'preorder'] as const;
export type OutOfStockPolicy = (typeof OUT_OF_STOCK_POLICIES)[number];

export const products = pgTable(
  'products',
  {
    id: integer('id').primaryKey(),
    reference: text('reference').notNull().unique(),
    brandId: integer('brand_id').references(() => brands.id),
    defaultCategoryId: integer('default_category_id').notNull().references(() => categories.id),
    gender: varchar('gender', { length: 8 }).notNull(),
    garment: varchar('garment', { length: 32 }).notNull(),
    /** What the product is for VAT (TAX_CLASSES of @shop/contract): its rate per country is in country_tax_rates. */
    taxClass: varchar('tax_class', { length: 16 }).notNull().default('standard'),
    priceNetCents: integer('price_net_cents').notNull(),
    badges: text('badges').array().notNull().default([]),
    freeShipping: boolean('free_shipping').notNull().default(false),
    outOfStockPolicy: varchar('out_of_stock_policy', { length: 12 }).$type<OutOfStockPolicy>().notNull().default('deny'),
    availableDate: timestamp('available_date', { withTimezone: true }),
    minimalQuantity: integer('minimal_quantity').notNull().default(1),
    quantityLimit: integer('quantity_limit').notNull().default(10),
    salesCount: integer('sales_count').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('products_brand_idx').on(t.brandId),
    // With the id: the back office's list newest first walks it without reading the products (migration 0038).
    index('products_created_idx').on(t.createdAt, t.id),
    // The back office's drafts, newest first, and their capped count: the few drafts of 100,000 products, not a scan (ADR 59).
    index('products_drafts_idx').on(t.createdAt, t.id).where(sql`not ${t.isActive}`),
  ],
);

export const productTranslations = pgTable(
  'product_translations',
  {
    productId: integer('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
    lang: lang(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    description: text('description').notNull(),
    additionalInfo: text('additional_info').notNull().default(''),
    /** The product page's title and meta description in this language; empty: made of the name and description. */
    metaTitle: text('meta_title').notNull().default(''),
    metaDescription: text('meta_description').notNull().default(''),
  },
  (t) => [primaryKey({ columns: [t.productId, t.lang] })],
);

/** The products the merchant shows beside one, in order, before its category's best sellers (migration 0039). */
export const productRelated = pgTable(
  'product_related',
  {
    productId: integer('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
    relatedId: integer('related_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.productId, t.relatedId] }), index('product_related_related').on(t.relatedId), check('product_related_not_itself', sql`${t.relatedId} <> ${t.productId}`)],
);

export const productCategories = pgTable(
  'product_categories',
  {
    productId: integer('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id').notNull().references(() => categories.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.categoryId, t.productId] }), index('product_categories_product_idx').on(t.productId)],
);

/** A discount on a product for a period: either a percentage or an amount (without VAT). */
export const specificPrices = pgTable(
  'specific_prices',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
    reductionPercent: integer('reduction_percent'),
    reductionNetCents: integer('reduction_net_cents'),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    /** The back office's sale this discount is part of (one row per product the sale reached), if any. */
    saleId: integer('sale_id').references(() => sales.id, { onDelete: 'cascade' }),
  },
  (t) => [index('specific_prices_product_idx').on(t.productId), index('specific_prices_sale_idx').on(t.saleId)],
);

export const SALE_SCOPES = ['product', 'category', 'brand'] as const;
export type SaleScope = (typeof SALE_SCOPES)[number];

/**
 * A sale set in the back office: a percentage or an amount (with VAT, at the home rate) off one product, a
 * category (with its subcategories) or a brand, for a period. It is written out as one specific_prices row per
 * product it reaches, which every price of the shop already reads (docs/adr/0043-sales-and-price-history.md).
 */
export const sales = pgTable('sales', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  scope: varchar('scope', { length: 8 }).$type<SaleScope>().notNull(),
  targetId: integer('target_id').notNull(),
  reductionPercent: integer('reduction_percent'),
  reductionAmountCents: integer('reduction_amount_cents'),
  startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
  endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
  /** When a staff member ended it before its time. */
  endedAt: timestamp('ended_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The price history the EU's 30-day lowest price needs (Omnibus directive): each regular net price a product
 * had, from when to when (open: the current one). Written by a trigger on products, so no writer can forget it.
 * Discounts keep their own history: specific_prices rows are ended, never deleted, once they have run.
 */
export const productPriceHistory = pgTable(
  'product_price_history',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
    priceNetCents: integer('price_net_cents').notNull(),
    validFrom: timestamp('valid_from', { withTimezone: true }).notNull(),
    validUntil: timestamp('valid_until', { withTimezone: true }),
  },
  (t) => [index('product_price_history_product_idx').on(t.productId, t.validFrom)],
);

export const attributeGroups = pgTable('attribute_groups', {
  id: integer('id').primaryKey(),
  /** 'size' or 'color': decides how the product page shows the choice (buttons or swatches). */
  kind: varchar('kind', { length: 8 }).notNull(),
  position: integer('position').notNull().default(0),
});

export const attributeGroupTranslations = pgTable(
  'attribute_group_translations',
  {
    groupId: integer('group_id').notNull().references(() => attributeGroups.id, { onDelete: 'cascade' }),
    lang: lang(),
    name: text('name').notNull(),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.lang] })],
);

export const attributes = pgTable('attributes', {
  id: integer('id').primaryKey(),
  groupId: integer('group_id').notNull().references(() => attributeGroups.id, { onDelete: 'cascade' }),
  position: integer('position').notNull().default(0),
  colorHex: varchar('color_hex', { length: 7 }),
});

export const attributeTranslations = pgTable(
  'attribute_translations',
  {
    attributeId: integer('attribute_id').notNull().references(() => attributes.id, { onDelete: 'cascade' }),
    lang: lang(),
    name: text('name').notNull(),
  },
  (t) => [primaryKey({ columns: [t.attributeId, t.lang] })],
);

/** A sellable variant of a product (one size in one colour) with its own stock and price impact. */
export const combinations = pgTable(
  'combinations',
  {
    id: integer('id').primaryKey(),
    productId: integer('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
    reference: text('reference').notNull(),
    priceImpactNetCents: integer('price_impact_net_cents').notNull().default(0),
    quantity: integer('quantity').notNull().default(0),
    isDefault: boolean('is_default').notNull().default(false),
    /** The variant's GTIN/EAN (check digit checked by the back office), unique when given. */
    gtin: text('gtin'),
    /** When a pre-ordered variant ships (the back office's variant grid); the product's date when null. */
    availableDate: timestamp('available_date', { withTimezone: true }),
  },
  (t) => [
    index('combinations_product_idx').on(t.productId),
    uniqueIndex('combinations_gtin_idx').on(t.gtin).where(sql`${t.gtin} is not null`),
    index('combinations_reference_idx').on(t.reference),
    index('combinations_quantity_idx').on(t.quantity),
  ],
);

export const combinationAttributes = pgTable(
  'combination_attributes',
  {
    combinationId: integer('combination_id').notNull().references(() => combinations.id, { onDelete: 'cascade' }),
    attributeId: integer('attribute_id').notNull().references(() => attributes.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.combinationId, t.attributeId] }), index('combination_attributes_attr_idx').on(t.attributeId)],
);

export const productImages = pgTable(
  'product_images',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
    /** The colour this picture shows, so that choosing a colour shows its pictures. */
    colorAttributeId: integer('color_attribute_id').references(() => attributes.id),
    position: integer('position').notNull().default(0),
    url: text('url').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
  },
  (t) => [index('product_images_product_idx').on(t.productId)],
);

export const contentPages = pgTable('content_pages', {
  id: integer('id').primaryKey(),
  /** 'page' for /{lang}/{slug}, 'size-chart' for /{lang}/size-chart/{slug}. */
  kind: varchar('kind', { length: 12 }).notNull().default('page'),
  /** Language-independent key, e.g. 'delivery' (used for links from code). */
  key: text('key').notNull().unique(),
  position: integer('position').notNull().default(0),
});

export const contentPageTranslations = pgTable(
  'content_page_translations',
  {
    pageId: integer('page_id').notNull().references(() => contentPages.id, { onDelete: 'cascade' }),
    lang: lang(),
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    /** A page's text in Markdown (a string), or for a size chart { columns, rows }. */
    body: jsonb('body').notNull(),
    /** Raised by each change: a staff member's edit names the version it read, and an older one is refused. */
    version: integer('version').notNull().default(1),
  },
  (t) => [primaryKey({ columns: [t.pageId, t.lang] }), uniqueIndex('content_page_slug_idx').on(t.lang, t.slug)],
);

/** The size chart a category's products link to (a product takes its main category's, or its nearest parent's). */
export const categorySizeCharts = pgTable('category_size_charts', {
  categoryId: integer('category_id')
    .primaryKey()
    .references(() => categories.id, { onDelete: 'cascade' }),
  pageId: integer('page_id')
    .notNull()
    .references(() => contentPages.id, { onDelete: 'cascade' }),
});

/** A shipping zone: a group of countries that share carrier rates (EU, EUROPE_OTHER, WORLD, or one the merchant adds). */
export const shippingZones = pgTable('shipping_zones', {
  key: varchar('key', { length: 16 }).primaryKey(),
  /** Its name per shop language (English always): the back office shows it. */
  names: jsonb('names').$type<Partial<Record<string, string>>>().notNull(),
  /** Raised by each change: a staff member's edit names the version it read, and an older one is refused. */
  version: integer('version').notNull().default(1),
});

export const countries = pgTable('countries', {
  iso: varchar('iso', { length: 2 }).primaryKey(),
  /** The shipping zone it is in: its carriers and rates, and VAT (the home country's zone pays it, ADR 23). */
  groupKey: varchar('group_key', { length: 16 })
    .notNull()
    .references(() => shippingZones.key),
  vatRateBasisPoints: integer('vat_rate_bp').notNull(),
  freeShippingFromCents: integer('free_shipping_from_cents'),
  isActive: boolean('is_active').notNull().default(true),
  /** Raised by each change: a staff member's edit names the version it read, and an older one is refused. */
  version: integer('version').notNull().default(1),
});

/**
 * A country's VAT rate for a tax class other than the standard one (migration 0039): a class without a row here is
 * taxed at the country's standard rate, countries.vat_rate_bp.
 */
export const countryTaxRates = pgTable(
  'country_tax_rates',
  {
    countryIso: varchar('country_iso', { length: 2 }).notNull().references(() => countries.iso, { onDelete: 'cascade' }),
    taxClass: varchar('tax_class', { length: 16 }).notNull(),
    vatRateBasisPoints: integer('vat_rate_bp').notNull(),
  },
  (t) => [primaryKey({ columns: [t.countryIso, t.taxClass] })],
);

export const customers = pgTable(
  'customers',
  {
  id: serial('id').primaryKey(),
  email: text('email').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  gender: varchar('gender', { length: 8 }),
  newsletter: boolean('newsletter').notNull().default(false),
  newsletterInterests: text('newsletter_interests').array().notNull().default([]),
  /** When the customer last said yes to the newsletter (null while they have not). */
  newsletterConsentAt: timestamp('newsletter_consent_at', { withTimezone: true }),
  /** The customer asked from their account to have their data erased; the back office sees it and erases. */
  erasureRequestedAt: timestamp('erasure_requested_at', { withTimezone: true }),
  lang: varchar('lang', { length: 2 }).notNull().default('en'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
},
  // The back office's list, newest first (read backwards), and the newsletter's subscribers; its search by email or
  // name has a trigram index (migration 0021).
  (t) => [index('customers_created_idx').on(t.createdAt, t.id), index('customers_newsletter_idx').on(t.id).where(sql`${t.newsletter}`)],
);

export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    reference: varchar('reference', { length: 16 }).notNull().unique(),
    customerId: integer('customer_id').references(() => customers.id),
    /** The guest session that placed it (that session sees the order without the mail's token). */
    sessionHash: text('session_hash'),
    email: text('email').notNull().default(''),
    lang: varchar('lang', { length: 2 }).notNull().default('en'),
    status: varchar('status', { length: 24 }).notNull(),
    currency: varchar('currency', { length: 3 }).notNull().default('EUR'),
    itemsCents: integer('items_cents').notNull(),
    discountsCents: integer('discounts_cents').notNull().default(0),
    shippingCents: integer('shipping_cents').notNull(),
    taxCents: integer('tax_cents').notNull(),
    /** The VAT rates the order was charged at (one per tax class among its lines), as placed; null before migration 0040. */
    vatRatesBasisPoints: integer('vat_rates_bp').array(),
    totalCents: integer('total_cents').notNull(),
    countryIso: varchar('country_iso', { length: 2 }).notNull(),
    shippingAddress: jsonb('shipping_address').notNull(),
    billingAddress: jsonb('billing_address').notNull(),
    /** The carrier as it was chosen (name, kind, delivery days), and the collection point for a pickup carrier. */
    carrier: jsonb('carrier'),
    pickupPoint: jsonb('pickup_point'),
    deliveryMessage: text('delivery_message').notNull().default(''),
    /** The codes used, with what each took off. */
    coupons: jsonb('coupons').notNull().default([]),
    invoice: jsonb('invoice'),
    gateway: varchar('gateway', { length: 16 }),
    /** The gateway's id of the last payment started for the order, and where its page is (a repeated placing goes there again). */
    paymentId: text('payment_id'),
    paymentUrl: text('payment_url'),
    /** The storefront's key of one placing: a double submit finds the order the first made. */
    idempotencyKey: text('idempotency_key').unique(),
    /** An order still unpaid then is cancelled and its stock goes back on sale. */
    payBy: timestamp('pay_by', { withTimezone: true }),
    confirmationSentAt: timestamp('confirmation_sent_at', { withTimezone: true }),
    trackingNumber: text('tracking_number'),
    /** When the carrier delivered it (the back office's 'delivered'): the withdrawal period runs from then. */
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    /** The end of the withdrawal period (RETURN_WINDOW_DAYS from delivery, fixed then): returns can be asked for until it. */
    returnBy: timestamp('return_by', { withTimezone: true }),
    /** Given back so far, as the gateway reports it or as the shop refunded it (never goes down). */
    refundedCents: integer('refunded_cents').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // A guest's orders by email, newest first (the back office's customers; made an account's when it is opened with
  // that address): lower(), as they are looked up. By date: the dashboard's sales of a period, and the back office's
  // list, newest first (read backwards: `desc` is nulls first), whole or by state (docs/performance.md).
  (t) => [
    index('orders_customer_idx').on(t.customerId),
    index('orders_unpaid_idx').on(t.status, t.payBy),
    index('orders_guest_email_idx').on(sql`lower(${t.email})`, t.createdAt, t.id).where(sql`${t.customerId} is null`),
    index('orders_created_idx').on(t.createdAt, t.id),
    index('orders_status_created_idx').on(t.status, t.createdAt, t.id),
  ],
);

export const orderLines = pgTable(
  'order_lines',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id').notNull().references(() => orders.id, { onDelete: 'cascade' }),
    productId: integer('product_id').references(() => products.id),
    combinationId: integer('combination_id').references(() => combinations.id),
    productName: text('product_name').notNull(),
    attributesLabel: text('attributes_label').notNull().default(''),
    reference: text('reference').notNull().default(''),
    imageUrl: text('image_url'),
    quantity: integer('quantity').notNull(),
    /** Units taken from the stock when the order was placed (given back if it is cancelled unpaid). */
    stockQuantity: integer('stock_quantity').notNull().default(0),
    /** Units bought beyond the stock on the shopper's confirmation: a pre-order or a backorder (SPEC §4). */
    onDemand: varchar('on_demand', { length: 12 }).$type<'preorder' | 'backorder'>(),
    availableDate: timestamp('available_date', { withTimezone: true }),
    unitPriceCents: integer('unit_price_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
  },
  (t) => [index('order_lines_order_idx').on(t.orderId)],
);

/** Parcels sent for an order (the back office's 'ship'): the carrier, and the tracking the shopper follows. */
export const orderShipments = pgTable(
  'order_shipments',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    carrier: text('carrier').notNull(),
    trackingNumber: text('tracking_number').notNull(),
    trackingUrl: text('tracking_url'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_shipments_order_idx').on(t.orderId)],
);

/** What a parcel held: lines of the order and how many of each (partial shipments by line). */
export const orderShipmentLines = pgTable(
  'order_shipment_lines',
  {
    id: serial('id').primaryKey(),
    shipmentId: integer('shipment_id')
      .notNull()
      .references(() => orderShipments.id, { onDelete: 'cascade' }),
    orderLineId: integer('order_line_id')
      .notNull()
      .references(() => orderLines.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
  },
  (t) => [index('order_shipment_lines_shipment_idx').on(t.shipmentId), index('order_shipment_lines_line_idx').on(t.orderLineId)],
);

/** Goods sent back from an order, with where the return stands (requested, received, refunded). */
export const orderReturns = pgTable(
  'order_returns',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    reference: varchar('reference', { length: 16 }).notNull().unique(),
    /** 'refunding' while its refund is with the gateway: one refund of a return at a time. */
    status: varchar('status', { length: 16 }).$type<'requested' | 'received' | 'refunding' | 'refunded'>().notNull(),
    /** The shopper's reason (RETURN_REASONS). */
    reason: varchar('reason', { length: 24 }).notNull().default(''),
    /** What its refund gave back (its lines, and the original shipping when the whole order came back). */
    refundedCents: integer('refunded_cents').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_returns_order_idx').on(t.orderId), index('order_returns_status_idx').on(t.status, t.createdAt)],
);

/** The lines and quantities a return sends back; `restock` says, once received, whether they went back on sale. */
export const orderReturnLines = pgTable(
  'order_return_lines',
  {
    id: serial('id').primaryKey(),
    returnId: integer('return_id')
      .notNull()
      .references(() => orderReturns.id, { onDelete: 'cascade' }),
    orderLineId: integer('order_line_id')
      .notNull()
      .references(() => orderLines.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    restock: boolean('restock'),
  },
  (t) => [index('order_return_lines_return_idx').on(t.returnId)],
);

/** Each gateway notification applied, by the gateway's event id: a replay is recognised and changes nothing. */
/**
 * The refunds the shop asked a gateway for (staff/refund.ts): 'requested' while the gateway is being asked
 * (its amount is already spoken for, so two refunds at once cannot give back more than was paid), then
 * 'completed' with the gateway's refund id, or 'failed'.
 */
export const orderRefunds = pgTable(
  'order_refunds',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    amountCents: integer('amount_cents').notNull(),
    status: varchar('status', { length: 16 }).notNull(),
    gatewayRefundId: text('gateway_refund_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_refunds_order_idx').on(t.orderId)],
);

/**
 * An order's payment attempts (ADR 30): each payment page the shop opened at a gateway. Only the order's current
 * attempt (orders.gateway + orders.payment_id, not ended) can pay it; starting another ends the previous one at its
 * gateway first. Money that arrives anyway on an ended attempt is stray: refunded through that gateway, and shown.
 */
export const paymentAttempts = pgTable(
  'payment_attempts',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    gateway: varchar('gateway', { length: 16 }).notNull(),
    /** The gateway's id of the payment (card session, PayPal order, MultiSafepay order id). */
    paymentId: text('payment_id').notNull(),
    /** When it stopped being able to pay the order (superseded by another attempt, or the order cancelled). */
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** Paid on it after it ended (in cents), and what became of the refund of it: requested, refunded, failed, or by_hand (given back outside the shop). */
    strayCents: integer('stray_cents').notNull().default(0),
    strayRefund: varchar('stray_refund', { length: 16 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('payment_attempts_gateway_payment_idx').on(t.gateway, t.paymentId), index('payment_attempts_order_idx').on(t.orderId)],
);

/** Deliveries of gateway notifications that carry an id of their own (PayPal's transmission id): each is taken once. */
export const notificationDeliveries = pgTable(
  'notification_deliveries',
  {
    gateway: varchar('gateway', { length: 16 }).notNull(),
    deliveryId: text('delivery_id').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.gateway, t.deliveryId] })],
);

export const paymentEvents = pgTable(
  'payment_events',
  {
    id: serial('id').primaryKey(),
    gateway: varchar('gateway', { length: 16 }).notNull(),
    eventId: text('event_id').notNull(),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'cascade' }),
    status: varchar('status', { length: 24 }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('payment_events_gateway_event_idx').on(t.gateway, t.eventId)],
);

/** Ways an order reaches the shopper: to the address, or to a collection point (kind 'pickup'). */
export const carriers = pgTable('carriers', {
  id: serial('id').primaryKey(),
  code: varchar('code', { length: 32 }).notNull().unique(),
  kind: varchar('kind', { length: 8 }).$type<'home' | 'pickup'>().notNull(),
  /** Names per language (falls back to English). */
  names: jsonb('names').$type<Partial<Record<string, string>>>().notNull(),
  /** Whether the cart's free-shipping rules (threshold, codes, free-shipping products) make it free. */
  freeShippingApplies: boolean('free_shipping_applies').notNull().default(true),
  position: integer('position').notNull().default(0),
  isActive: boolean('is_active').notNull().default(true),
});

/** A carrier's price (VAT included) and delivery time for a group of countries; no row: it does not go there. */
export const carrierRates = pgTable(
  'carrier_rates',
  {
    carrierId: integer('carrier_id')
      .notNull()
      .references(() => carriers.id, { onDelete: 'cascade' }),
    groupKey: varchar('group_key', { length: 16 })
      .notNull()
      .references(() => shippingZones.key),
    priceCents: integer('price_cents').notNull(),
    minDays: integer('min_days').notNull(),
    maxDays: integer('max_days').notNull(),
    /** Raised by each change: a staff member's edit names the version it read, and an older one is refused. */
    version: integer('version').notNull().default(1),
  },
  (t) => [primaryKey({ columns: [t.carrierId, t.groupKey] })],
);

/** Collection points (pudos) of a pickup carrier, with where they are for the distance from a searched place. */
export const pickupPoints = pgTable(
  'pickup_points',
  {
    id: serial('id').primaryKey(),
    carrierId: integer('carrier_id')
      .notNull()
      .references(() => carriers.id, { onDelete: 'cascade' }),
    countryIso: varchar('country_iso', { length: 2 }).notNull(),
    name: text('name').notNull(),
    address1: text('address1').notNull(),
    postcode: varchar('postcode', { length: 12 }).notNull(),
    city: text('city').notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    openingHours: jsonb('opening_hours').$type<{ days: string; hours: string }[]>().notNull(),
    isActive: boolean('is_active').notNull().default(true),
  },
  (t) => [index('pickup_points_country_idx').on(t.countryIso, t.carrierId)],
);

/** Free shipping to a country once the products of one brand reach an amount (SPEC §9: Italy, 100 EUR, one brand). */
export const brandFreeShipping = pgTable(
  'brand_free_shipping',
  {
    countryIso: varchar('country_iso', { length: 2 }).notNull(),
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    fromCents: integer('from_cents').notNull(),
  },
  (t) => [primaryKey({ columns: [t.countryIso, t.brandId] })],
);

/**
 * A visitor's session with the shop: guests get one on their first change (cart, wishlist), customers at
 * login. Only a hash of the token is stored, so a leaked table gives no usable session.
 */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sessions_customer_idx').on(t.customerId), index('sessions_expires_idx').on(t.expiresAt)],
);

/** Single-use password reset tokens (stored hashed), valid for one hour. */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id').notNull().references(() => customers.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('password_reset_tokens_customer_idx').on(t.customerId)],
);

export const addresses = pgTable(
  'addresses',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id').notNull().references(() => customers.id, { onDelete: 'cascade' }),
    alias: text('alias').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    company: text('company').notNull().default(''),
    address1: text('address1').notNull(),
    address2: text('address2').notNull().default(''),
    city: text('city').notNull(),
    state: varchar('state', { length: 8 }).notNull().default(''),
    countryIso: varchar('country_iso', { length: 2 }).notNull(),
    postcode: varchar('postcode', { length: 12 }).notNull(),
    phone: varchar('phone', { length: 32 }).notNull().default(''),
    vatNumber: varchar('vat_number', { length: 32 }).notNull().default(''),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('addresses_customer_idx').on(t.customerId)],
);

/**
 * Attempt counters for rate limits (login, registration, password reset), in the database so that every API
 * process sees the same counts. One row per key and window; `blocked_until` is when a subject over its limit
 * may try again.
 */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
  hits: integer('hits').notNull(),
  blockedUntil: timestamp('blocked_until', { withTimezone: true }),
});

/**
 * When each of the API's repeated jobs (housekeeping, releasing unpaid orders) last ran, over all API processes on
 * the database: a process runs a job only if it claims the turn (db/housekeeping.ts `claimTurn`), so N processes
 * run it once per interval, not N times (docs/adr/0040-several-processes-on-one-postgresql.md).
 */
export const scheduledRuns = pgTable('scheduled_runs', {
  job: text('job').primaryKey(),
  ranAt: timestamp('ran_at', { withTimezone: true }).notNull(),
});

/**
 * The mail outbox (docs/adr/0053-mail-outbox.md): each mail a change calls for, written in the change's own
 * transaction as its kind and what builds it (`payload`, ids and the values of the moment: never the rendered
 * mail), built and sent after the commit and by the deliver-mails job, retried with doubling waits, given up after
 * MAIL_MAX_ATTEMPTS. `subject` is known once it has been built; `last_error` says why the last try failed.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    recipient: text('recipient').notNull(),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'cascade' }),
    payload: jsonb('payload').notNull(),
    subject: text('subject'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    givenUpAt: timestamp('given_up_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set by a claim, cleared with its outcome: a mail being sent, which "Send again" leaves alone (ADR 58). */
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
  },
  (t) => [
    // The delivery's claim reads only the mails still to send.
    index('mail_outbox_due_idx').on(t.nextAttemptAt).where(sql`sent_at is null and given_up_at is null`),
    index('mail_outbox_recipient_idx').on(sql`lower(${t.recipient})`),
  ],
);

/**
 * Registrations waiting for the link in their confirmation mail (single-use token, stored hashed): the
 * customer is created only then, so that registering tells nobody whether an address has an account.
 */
export const pendingRegistrations = pgTable(
  'pending_registrations',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    gender: varchar('gender', { length: 8 }),
    newsletter: boolean('newsletter').notNull().default(false),
    newsletterInterests: text('newsletter_interests').array().notNull().default([]),
    lang: varchar('lang', { length: 2 }).notNull().default('en'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('pending_registrations_expires_idx').on(t.expiresAt)],
);

/**
 * A cart belongs either to a guest's session (and goes with it) or to a customer (and follows them across
 * devices); at sign-in a guest's cart moves to the customer.
 */
export const carts = pgTable(
  'carts',
  {
    id: serial('id').primaryKey(),
    sessionHash: text('session_hash')
      .unique()
      .references(() => sessions.tokenHash, { onDelete: 'cascade' }),
    customerId: integer('customer_id')
      .unique()
      .references(() => customers.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('carts_one_owner', sql`(${t.sessionHash} is null) <> (${t.customerId} is null)`)],
);

/**
 * One combination in a cart. `held_quantity` of its units (at most `quantity`, within the bounds per cart and
 * per client of docs/adr/0009-soft-holds.md) are held for the cart until `reserved_until` (renewed on every
 * change), so two shoppers cannot both take the last unit. `on_demand` records the pre-order or backorder
 * the shopper confirmed for units beyond the stock (SPEC §4).
 */
export const cartLines = pgTable(
  'cart_lines',
  {
    id: serial('id').primaryKey(),
    cartId: integer('cart_id')
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    combinationId: integer('combination_id')
      .notNull()
      .references(() => combinations.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    heldQuantity: integer('held_quantity').notNull().default(0),
    onDemand: varchar('on_demand', { length: 12 }).$type<'preorder' | 'backorder'>(),
    reservedUntil: timestamp('reserved_until', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('cart_lines_cart_combination_idx').on(t.cartId, t.combinationId),
    index('cart_lines_combination_idx').on(t.combinationId, t.reservedUntil),
  ],
);

/**
 * The clients (hashed addresses) that set a cart line's hold, each with the units it set, never more than the line
 * holds now: a client's holds over every cart stay counted against it, whatever address changes a cart later
 * (docs/adr/0031-holds-counted-per-client.md).
 */
export const cartLineHolders = pgTable(
  'cart_line_holders',
  {
    lineId: integer('line_id')
      .notNull()
      .references(() => cartLines.id, { onDelete: 'cascade' }),
    clientKey: text('client_key').notNull(),
    units: integer('units').notNull(),
  },
  (t) => [primaryKey({ columns: [t.lineId, t.clientKey] }), index('cart_line_holders_client_idx').on(t.clientKey)],
);

/**
 * Coupons and vouchers: a code with its validity, what it takes off (a percentage or an amount with VAT,
 * and/or the shipping) and its conditions. Empty category or brand lists mean every product.
 */
export const cartRules = pgTable('cart_rules', {
  id: serial('id').primaryKey(),
  code: varchar('code', { length: 32 }).notNull().unique(),
  kind: varchar('kind', { length: 8 }).$type<'coupon' | 'voucher'>().notNull().default('coupon'),
  /** The name shoppers see, per language (falls back to English). */
  names: jsonb('names').$type<Partial<Record<string, string>>>().notNull(),
  startsAt: timestamp('starts_at', { withTimezone: true }),
  endsAt: timestamp('ends_at', { withTimezone: true }),
  reductionPercent: integer('reduction_percent'),
  reductionAmountCents: integer('reduction_amount_cents'),
  freeShipping: boolean('free_shipping').notNull().default(false),
  /** Products total (VAT included, after product discounts) the cart must reach. */
  minimumAmountCents: integer('minimum_amount_cents').notNull().default(0),
  categoryIds: integer('category_ids').array().notNull().default([]),
  brandIds: integer('brand_ids').array().notNull().default([]),
  totalUsesLimit: integer('total_uses_limit'),
  usesPerCustomerLimit: integer('uses_per_customer_limit'),
  /** Whether it may be used together with other codes. */
  combinable: boolean('combinable').notNull().default(true),
  /** Whether it also takes off products that are already discounted. */
  appliesToDiscounted: boolean('applies_to_discounted').notNull().default(true),
  isActive: boolean('is_active').notNull().default(true),
});

export const cartCoupons = pgTable(
  'cart_coupons',
  {
    cartId: integer('cart_id')
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    ruleId: integer('rule_id')
      .notNull()
      .references(() => cartRules.id, { onDelete: 'cascade' }),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.cartId, t.ruleId] })],
);

/** Each use of a code by an order (written when an order is placed): counts against the rule's limits. */
export const cartRuleUses = pgTable(
  'cart_rule_uses',
  {
    id: serial('id').primaryKey(),
    ruleId: integer('rule_id')
      .notNull()
      .references(() => cartRules.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    /** The order's email: a guest's uses count against once-per-customer codes too. */
    email: text('email'),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    usedAt: timestamp('used_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('cart_rule_uses_rule_customer_idx').on(t.ruleId, t.customerId)],
);

/** A saved product of a guest's session or of a customer, like a cart (moves to the customer at sign-in). */
export const wishlistItems = pgTable(
  'wishlist_items',
  {
    id: serial('id').primaryKey(),
    sessionHash: text('session_hash').references(() => sessions.tokenHash, { onDelete: 'cascade' }),
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    combinationId: integer('combination_id').references(() => combinations.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('wishlist_items_session_product_idx').on(t.sessionHash, t.productId),
    uniqueIndex('wishlist_items_customer_product_idx').on(t.customerId, t.productId),
    check('wishlist_items_one_owner', sql`(${t.sessionHash} is null) <> (${t.customerId} is null)`),
  ],
);

/**
 * The checkout of a cart (DESIGN.md §5): what the steps filled in so far. It goes with its cart; addresses are
 * copies (a saved address may change or go without changing this order).
 */
export const checkouts = pgTable('checkouts', {
  cartId: integer('cart_id')
    .primaryKey()
    .references(() => carts.id, { onDelete: 'cascade' }),
  email: text('email'),
  shippingAddress: jsonb('shipping_address'),
  /** Null with a shipping address: billing goes to the same address. */
  billingAddress: jsonb('billing_address'),
  invoice: jsonb('invoice'),
  carrierId: integer('carrier_id').references(() => carriers.id, { onDelete: 'set null' }),
  pickupPointId: integer('pickup_point_id').references(() => pickupPoints.id, { onDelete: 'set null' }),
  deliveryMessage: text('delivery_message').notNull().default(''),
  gateway: varchar('gateway', { length: 16 }),
  /** What was typed on the first screen and not sent yet (ADR 0046); cleared when the address is saved. */
  draft: jsonb('draft'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Secrets the shop makes for itself on first use and shares between its processes (the key that signs order links). */
export const shopSecrets = pgTable('shop_secrets', {
  name: varchar('name', { length: 32 }).primaryKey(),
  value: text('value').notNull(),
});

/** Raw bytes (PostgreSQL bytea), as a Buffer. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

/**
 * A product review (issue 14). `customer_id` is the author (one review per customer and product); null for a
 * review whose account has gone (and for the demo shop's seeded ones). The display name is kept as it was when
 * written ('Giulia R.'). `lang` is the language it was written in.
 */
export const productReviews = pgTable(
  'product_reviews',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    authorName: text('author_name').notNull(),
    lang: varchar('lang', { length: 2 }).notNull(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    rating: smallint('rating').notNull(),
    fit: smallint('fit'),
    quality: smallint('quality'),
    comfort: smallint('comfort'),
    /** `published` is shown; `held` waits for approval (REVIEWS_HELD_FOR_APPROVAL); `hidden` was hidden by moderation. */
    status: varchar('status', { length: 12 }).$type<'published' | 'held' | 'hidden'>().notNull().default('published'),
    /** Why moderation hid it (or last changed its state). */
    moderationReason: text('moderation_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('product_reviews_status_idx').on(t.status, t.createdAt, t.id),
    uniqueIndex('product_reviews_customer_product_idx').on(t.customerId, t.productId),
    index('product_reviews_product_idx').on(t.productId, t.createdAt.desc(), t.id.desc()),
    check('product_reviews_rating', sql`${t.rating} between 1 and 5`),
    check('product_reviews_criteria', sql`coalesce(${t.fit}, 1) between 1 and 5 and coalesce(${t.quality}, 1) between 1 and 5 and coalesce(${t.comfort}, 1) between 1 and 5`),
  ],
);

/**
 * A product's ratings, kept by every review write in its own transaction (docs/adr/0016): cards, listings sorted
 * by rating and the reviews block read them without counting reviews.
 */
export const productReviewStats = pgTable('product_review_stats', {
  productId: integer('product_id')
    .primaryKey()
    .references(() => products.id, { onDelete: 'cascade' }),
  reviewCount: integer('review_count').notNull().default(0),
  ratingSum: integer('rating_sum').notNull().default(0),
  stars1: integer('stars_1').notNull().default(0),
  stars2: integer('stars_2').notNull().default(0),
  stars3: integer('stars_3').notNull().default(0),
  stars4: integer('stars_4').notNull().default(0),
  stars5: integer('stars_5').notNull().default(0),
  fitSum: integer('fit_sum').notNull().default(0),
  fitCount: integer('fit_count').notNull().default(0),
  qualitySum: integer('quality_sum').notNull().default(0),
  qualityCount: integer('quality_count').notNull().default(0),
  comfortSum: integer('comfort_sum').notNull().default(0),
  comfortCount: integer('comfort_count').notNull().default(0),
});

/**
 * A review photo: first an upload that grows chunk by chunk (`received` bytes of `size`, SPEC §9), then, once
 * complete and checked, the resized picture without metadata. It belongs to the customer who sent it, and to a
 * review once one shows it.
 */
export const reviewPhotos = pgTable(
  'review_photos',
  {
    id: serial('id').primaryKey(),
    uploadId: text('upload_id').notNull().unique(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    reviewId: integer('review_id').references(() => productReviews.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull().default(0),
    size: integer('size').notNull(),
    received: integer('received').notNull().default(0),
    picture: bytea('picture'),
    width: integer('width'),
    height: integer('height'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('review_photos_review_idx').on(t.reviewId), index('review_photos_customer_idx').on(t.customerId, t.createdAt)],
);

/**
 * The chunks of a photo upload still under way, one row each: appending a chunk writes 64 KB, not the whole file
 * so far again (ADR 16). The last chunk joins them into the photo and they go.
 */
export const reviewPhotoChunks = pgTable(
  'review_photo_chunks',
  {
    photoId: integer('photo_id')
      .notNull()
      .references(() => reviewPhotos.id, { onDelete: 'cascade' }),
    offset: integer('offset').notNull(),
    data: bytea('data').notNull(),
  },
  (t) => [primaryKey({ columns: [t.photoId, t.offset] })],
);

/**
 * The back office's staff (docs/adr/0033-back-office.md). An account is usable once set up through its one-time
 * link (`npm run staff:create`): a password (argon2id) and an authenticator (TOTP) confirmed with a code. A new link
 * for an existing account (a lost phone) enrols a new authenticator without touching the current one until it is used.
 */
export const staff = pgTable('staff', {
  id: serial('id').primaryKey(),
  email: text('email').notNull().unique(),
  role: varchar('role', { length: 24 }).notNull(),
  passwordHash: text('password_hash'),
  totpSecret: text('totp_secret'),
  /** The authenticator's last time step used: a code is taken once. */
  totpLastStep: integer('totp_last_step'),
  /** Single-use recovery codes, hashed. */
  recoveryCodeHashes: text('recovery_code_hashes').array().notNull().default([]),
  setupTokenHash: text('setup_token_hash').unique(),
  setupTotpSecret: text('setup_totp_secret'),
  setupExpiresAt: timestamp('setup_expires_at', { withTimezone: true }),
  disabled: boolean('disabled').notNull().default(false),
  /** When they last gave the second factor (the staff page shows it). */
  lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Staff sessions, stored hashed. A session is first a sign-in challenge (the password was right) and becomes a
 * session when the second factor is given (`second_factor_at`); it ends after a while without calls.
 */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    secondFactorAt: timestamp('second_factor_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('staff_sessions_staff_idx').on(t.staffId), index('staff_sessions_expires_idx').on(t.expiresAt)],
);

/**
 * Every change made in the back office (or by its scripts), written in the same transaction as the change: who
 * (staff id and email, or the script), when, from where, what (action, target) and the values before and after.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    staffId: integer('staff_id').references(() => staff.id),
    actor: text('actor').notNull(),
    clientIp: text('client_ip'),
    action: varchar('action', { length: 48 }).notNull(),
    targetType: varchar('target_type', { length: 24 }).notNull(),
    targetId: text('target_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('audit_log_at_idx').on(t.at), index('audit_log_target_idx').on(t.targetType, t.targetId)],
);

/**
 * A merchant's product photo (docs/adr/0042-photo-storage-and-pipeline.md). Its files are in the media store
 * (media/storage.ts) as `product-photos/{name}-{width}.{avif|webp|jpg}`, for each of `widths`; `name` is
 * `{product}-{12 random hex}`, new for every photo, so a file never changes. A product with photos shows them
 * instead of its drawings.
 */
export const productPhotos = pgTable(
  'product_photos',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** The colour it shows; null: every colour. */
    colorAttributeId: integer('color_attribute_id').references(() => attributes.id, { onDelete: 'set null' }),
    position: integer('position').notNull().default(0),
    name: text('name').notNull().unique(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    widths: integer('widths').array().notNull(),
    /** Alternative text per shop language ({lang: text}); a missing language reads the product's name. */
    alt: jsonb('alt').notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('product_photos_product_idx').on(t.productId, t.position, t.id)],
);

/** A photo being uploaded in chunks by a staff member; gone once the photo is made, or after a day unfinished. */
export const productPhotoUploads = pgTable('product_photo_uploads', {
  id: serial('id').primaryKey(),
  uploadId: text('upload_id').notNull().unique(),
  staffId: integer('staff_id')
    .notNull()
    .references(() => staff.id, { onDelete: 'cascade' }),
  productId: integer('product_id')
    .notNull()
    .references(() => products.id, { onDelete: 'cascade' }),
  colorAttributeId: integer('color_attribute_id').references(() => attributes.id, { onDelete: 'set null' }),
  size: integer('size').notNull(),
  received: integer('received').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const productPhotoUploadChunks = pgTable(
  'product_photo_upload_chunks',
  {
    uploadId: integer('upload_id')
      .notNull()
      .references(() => productPhotoUploads.id, { onDelete: 'cascade' }),
    offset: integer('offset').notNull(),
    data: bytea('data').notNull(),
  },
  (t) => [primaryKey({ columns: [t.uploadId, t.offset] })],
);

/**
 * A products CSV import (docs/adr/0045-products-csv.md): its dry run's counts and first refusals, and how far it has
 * been applied. Its rows wait, checked and read into the catalogue's ids, in `product_import_rows` until applied.
 */
export const productImports = pgTable('product_imports', {
  id: serial('id').primaryKey(),
  staffId: integer('staff_id').references(() => staff.id),
  fileName: text('file_name').notNull(),
  /** checked, refused, applied or expired (PRODUCT_IMPORT_STATES). */
  state: varchar('state', { length: 12 }).notNull(),
  rows: integer('rows').notNull().default(0),
  created: integer('created').notNull().default(0),
  changed: integer('changed').notNull().default(0),
  unchanged: integer('unchanged').notNull().default(0),
  refused: integer('refused').notNull().default(0),
  refusals: jsonb('refusals').notNull().default([]),
  /** The last row number applied (0: none yet). */
  appliedThrough: integer('applied_through').notNull().default(0),
  appliedRows: integer('applied_rows').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /** Its last work: the dry run, then each applied batch. Housekeeping expires an import left this long untouched. */
  touchedAt: timestamp('touched_at', { withTimezone: true }).notNull().defaultNow(),
});

export const productImportRows = pgTable(
  'product_import_rows',
  {
    importId: integer('import_id').notNull().references(() => productImports.id, { onDelete: 'cascade' }),
    /** The row as a spreadsheet numbers it (1 is the header). */
    rowNumber: integer('row_number').notNull(),
    data: jsonb('data').notNull(),
  },
  (t) => [primaryKey({ columns: [t.importId, t.rowNumber] })],
);

/**
 * A group of search synonyms the merchant keeps in the back office, in one storefront language (issue 29): its
 * phrases find the same products, merged with the groups of catalog/vocabulary.json. A change raises the
 * catalogue's revision (migration 0030), so that searches read it at once.
 */
export const searchSynonyms = pgTable(
  'search_synonyms',
  {
    id: serial('id').primaryKey(),
    lang: lang(),
    phrases: text('phrases').array().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('search_synonyms_lang_idx').on(t.lang, t.id)],
);
