import { z } from 'zod';
import { boundedRecord, rowId } from './bounds.ts';
import { AVAILABILITIES, BADGES, DEFAULT_PAGE_SIZE, SORT_KEYS, STOREFRONT_LANGUAGES } from './constants.ts';

/** Prices are integer cents, VAT included for the request's country; the currency comes from bootstrap. */
const cents = z.number().int();

export const badgeSchema = z.enum(BADGES);
export type Badge = z.infer<typeof badgeSchema>;

export const sortKeySchema = z.enum(SORT_KEYS);

/** The same page in every storefront language: lang → the localized id-slug or slug. */
export const alternatesSchema = z.partialRecord(z.enum(STOREFRONT_LANGUAGES), z.string());
export type Alternates = z.infer<typeof alternatesSchema>;

/**
 * A merchant's product photo (docs/adr/0042-photo-storage-and-pipeline.md): each width of `widths` exists as
 * `{base}-{width}.avif`, `.webp` and `.jpg`, never changed once made (cached immutable).
 */
export const PRODUCT_PHOTO_WIDTHS = [320, 480, 720, 960, 1280] as const;
export const PRODUCT_PHOTO_FORMATS = ['avif', 'webp', 'jpg'] as const;
/** A photo's `srcset` in each format (`{base}-320.avif 320w, …`), ready for `<source>` and `<img>`. */
export const productPhotoSourcesSchema = z.object({ avif: z.string(), webp: z.string(), jpg: z.string() });
export type ProductPhotoSources = z.infer<typeof productPhotoSourcesSchema>;
/** A photo file's name: `{product}-{12 hex}-{width}.{format}`. */
export const PRODUCT_PHOTO_FILE = /^([0-9]{1,10}-[0-9a-f]{12})-([0-9]{1,4})\.(avif|webp|jpg)$/;
export const getProductPhotoFileInput = z.object({ file: z.string().regex(PRODUCT_PHOTO_FILE) });
export const productPhotoFileSchema = z.object({ type: z.string(), data: z.string() });

/** A picture: the storefront's drawing (`/media/…svg`), or a photo with its sources (`photo`, for `srcset`). */
export const imageSchema = z.object({ url: z.string(), width: z.number().int(), height: z.number().int(), alt: z.string(), photo: productPhotoSourcesSchema.nullable().optional() });

export const brandRefSchema = z.object({ id: z.number().int(), name: z.string(), slug: z.string() });

export const colorSchema = z.object({ id: z.number().int(), name: z.string(), hex: z.string() });

/** A product as a card shows it (SPEC §3's mapped fields plus display fields). */
export const productSummarySchema = z.object({
  id_product: z.number().int(),
  name: z.string(),
  link_rewrite: z.string(),
  sku: z.string(),
  reference: z.string(),
  has_discount: z.boolean(),
  regular_price: cents,
  price: cents,
  discount_percent: z.number().int().nullable(),
  /**
   * The sizes and colours a shopper can buy cost differently: `price`, `regular_price` and `discount_percent` are
   * then the cheapest one's, shown as a from-price ('from 114,95 €') until a size is chosen (ADR 55).
   */
  price_varies: z.boolean(),
  /** On a discounted product: the lowest price of the 30 days before the discount started (EU Omnibus directive). */
  lowest_prior_price: cents.nullable().optional(),
  brand: brandRefSchema.nullable(),
  colors: z.array(colorSchema),
  badges: z.array(badgeSchema),
  free_shipping: z.boolean(),
  /** Units left when stock is low (shown as 'only N left'), else null. */
  remaining_stock: z.number().int().nullable(),
  /** The most a shopper may put in the cart at once (SPEC: quantity, shown as quantity limit). */
  quantity: z.number().int(),
  /** The product's only combination (one size, one colour) while it is in stock: a card can add it to the cart directly. */
  single_combination_id: z.number().int().nullable(),
  default_image: imageSchema,
  /** The reviews' average (1–5) and how many there are; null before the first review. */
  rating: z.object({ average: z.number(), count: z.number().int() }).nullable(),
});
export type ProductSummary = z.infer<typeof productSummarySchema>;

export const breadcrumbSchema = z.object({ id: z.number().int(), name: z.string(), slug: z.string() });

export type CategoryNode = { id: number; name: string; slug: string; children: CategoryNode[] };
export const categoryNodeSchema: z.ZodType<CategoryNode> = z.lazy(() =>
  z.object({ id: z.number().int(), name: z.string(), slug: z.string(), children: z.array(categoryNodeSchema) }),
);

export const categorySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  description: z.string(),
  breadcrumbs: z.array(breadcrumbSchema),
  children: z.array(breadcrumbSchema),
  alternates: alternatesSchema,
});
export type Category = z.infer<typeof categorySchema>;

export const paginationSchema = z.object({
  total_items: z.number().int(),
  page: z.number().int(),
  pages: z.number().int(),
  per_page: z.number().int(),
});


export const availabilitySchema = z.enum(AVAILABILITIES);

const ids = z.array(rowId).max(50);

/**
 * The listing filters. Values of one filter are alternatives (size M or L); different filters all apply
 * (size M and colour black). Prices are cents with the VAT of the request's country, both bounds included.
 */
export const listingFiltersSchema = z.object({
  sizes: ids.optional(),
  colors: ids.optional(),
  brands: ids.optional(),
  badges: z.array(badgeSchema).max(BADGES.length).optional(),
  availability: z.array(availabilitySchema).max(AVAILABILITIES.length).optional(),
  price_min: z.coerce.number().int().min(0).max(100_000_000).optional(),
  price_max: z.coerce.number().int().min(0).max(100_000_000).optional(),
});
export type ListingFilters = z.infer<typeof listingFiltersSchema>;

const priceBoundsInOrder = (filters: ListingFilters) =>
  filters.price_min === undefined || filters.price_max === undefined || filters.price_min <= filters.price_max;
const priceBoundsMessage = { message: 'price_max must not be below price_min', path: ['price_max'] };

export const getProductsInput = listingFiltersSchema
  .extend({
    id_category: rowId.optional(),
    categorySlug: z.string().max(200).optional(),
    id_brand: rowId.optional(),
    page: z.coerce.number().int().min(1).max(10_000).default(1),
    per_page: z.coerce.number().int().min(1).max(100).default(DEFAULT_PAGE_SIZE),
    q: z.string().trim().max(200).optional(),
    /** The query exactly as typed: no results for it stay no results (the shopper chose it over the corrected one). */
    exact: z.boolean().optional(),
    with_category_tree: z.boolean().default(true),
    /** Facet counts cost a little: rails and other lists that show no filters leave them out. */
    with_facets: z.boolean().default(true),
    order: sortKeySchema.optional(),
  })
  .refine(priceBoundsInOrder, priceBoundsMessage);
export type GetProductsInput = z.input<typeof getProductsInput>;

/**
 * One choice of a filter with the number of products it would give: the products matching every OTHER
 * selected filter and this choice. `label` and `hex` come with sizes, colours and brands; badges and
 * availability are translated by the storefront from `value`.
 */
export const facetOptionSchema = z.object({
  value: z.string(),
  label: z.string().optional(),
  hex: z.string().optional(),
  count: z.number().int(),
  selected: z.boolean(),
});
export type FacetOption = z.infer<typeof facetOptionSchema>;


export const priceRangeSchema = z.object({ min: cents, max: cents.nullable(), count: z.number().int(), selected: z.boolean() });
export type PriceRange = z.infer<typeof priceRangeSchema>;

export const facetsSchema = z.object({
  sizes: z.array(facetOptionSchema),
  colors: z.array(facetOptionSchema),
  brands: z.array(facetOptionSchema),
  badges: z.array(facetOptionSchema),
  availability: z.array(facetOptionSchema),
  /** Prices of the products matching every other filter (null when there are none), and ready-made ranges. */
  price: z.object({ min: cents.nullable(), max: cents.nullable(), ranges: z.array(priceRangeSchema) }),
});
export type Facets = z.infer<typeof facetsSchema>;

/**
 * A word of a search that the shop read as a filter ('rosso': the colour Red; 'scarpe donna': the category Women ›
 * Shoes; 'Nordvik': the brand), for the shopper to see and remove: `q` is the query without its words, what removing the filter searches.
 * `parent` tells apart categories of the same name.
 */
export const queryFilterSchema = z.object({
  kind: z.enum(['category', 'color', 'brand']),
  id: z.number().int(),
  name: z.string(),
  parent: z.string().nullable(),
  q: z.string(),
});
export type QueryFilter = z.infer<typeof queryFilterSchema>;

export const listingSchema = z.object({
  name: z.string(),
  pagination: paginationSchema,
  products: z.array(productSummarySchema),
  order: sortKeySchema,
  sort_orders: z.array(sortKeySchema),
  facets: facetsSchema.nullable(),
  /** For a search without results: the query with its words' closest catalogue spelling ('jaket' → 'jacket'). */
  did_you_mean: z.string().nullable(),
  /**
   * Set when the query as typed found nothing and these are the results of its closest catalogue spelling instead
   * ('Showing results for jacket'); the shopper may still ask for the query as typed (`exact`).
   */
  showing_results_for: z.string().nullable(),
  /** For a search: what of its words became filters (applied already; colours are also selected in the facets). */
  query_filters: z.array(queryFilterSchema),
  category: categorySchema.nullable(),
  category_tree: z.array(categoryNodeSchema).nullable(),
});
export type Listing = z.infer<typeof listingSchema>;

export const productListSchema = z.object({ products: z.array(productSummarySchema) });
export const productRailInput = z.object({ limit: z.number().int().min(1).max(24).default(8) });

export const getRelatedProductsInput = z.object({
  id_product: rowId,
  page: z.coerce.number().int().min(1).max(1_000).default(1),
  per_page: z.coerce.number().int().min(1).max(24).default(4),
});
export const relatedProductsSchema = z.object({ products: z.array(productSummarySchema), pagination: paginationSchema });
export type RelatedProducts = z.infer<typeof relatedProductsSchema>;

/** The header's search suggestions: a few products and categories for what the shopper has typed so far. */
export const searchInput = z.object({
  q: z.string().trim().min(1).max(100),
  limit: z.coerce.number().int().min(1).max(10).default(6),
});
export const searchSuggestionsSchema = z.object({
  q: z.string(),
  /** The query the suggestions are for when the typed one found nothing and a close spelling did. */
  corrected: z.string().nullable(),
  products: z.array(productSummarySchema),
  /** `parent` tells apart categories of the same name ('Knitwear' for women and for men). */
  categories: z.array(breadcrumbSchema.extend({ parent: z.string().nullable() })),
  /** Colours whose names start as the last word typed ('ros' → Rosso); `q`: the query with that word completed. */
  colors: z.array(z.object({ id: z.number().int(), name: z.string(), hex: z.string().nullable(), q: z.string() })),
});
export type SearchSuggestions = z.infer<typeof searchSuggestionsSchema>;

export const attributeGroupSchema = z.object({
  id: z.number().int(),
  kind: z.enum(['size', 'color']),
  name: z.string(),
  attributes: z.array(z.object({ id: z.number().int(), name: z.string(), hex: z.string().nullable() })),
});

/**
 * When a parcel is expected: its first and last possible day ('YYYY-MM-DD', the same day twice for a one-day promise),
 * worked out by the API from the carrier's working days, the shop's cut-off time and the goods' available date
 * (docs/adr/0049-delivery-dates-and-buying-again.md). The storefront formats them in the page's language.
 */
const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
export const deliveryDatesSchema = z.object({ from: isoDay, to: isoDay });
export type DeliveryDates = z.infer<typeof deliveryDatesSchema>;

export const combinationSchema = z.object({
  id: z.number().int(),
  attributes: z.array(z.number().int()),
  price: cents,
  regular_price: cents,
  discount_percent: z.number().int().nullable(),
  /** On a discounted price: the lowest price of the 30 days before the discount started (EU Omnibus directive). */
  lowest_prior_price: cents.nullable().optional(),
  stock: z.number().int(),
  available: z.boolean(),
  /**
   * When this variant bought now reaches the request's country by its standard home delivery (a pre-order's or
   * backorder's from its available date); null where no date is promised (sold out, a backorder without a date).
   */
  delivery: deliveryDatesSchema.nullable(),
});

export const getProductInput = z.object({
  product_id: rowId,
  /** group id → attribute id: picks the combination to show. */
  group: boundedRecord(z.string().max(10), rowId, 10).optional(),
});

export const productSchema = productSummarySchema.extend({
  description: z.string(),
  additional_info: z.string(),
  /** The merchant's title and meta description for the page in this language; empty: none set (the page makes its own). */
  meta_title: z.string(),
  meta_description: z.string(),
  images: z.array(imageSchema.extend({ color_id: z.number().int().nullable() })),
  groups: z.array(attributeGroupSchema),
  combinations: z.array(combinationSchema),
  selected_combination_id: z.number().int().nullable(),
  out_of_stock_policy: z.enum(['deny', 'backorder', 'preorder']),
  available_date: z.string().nullable(),
  minimal_quantity: z.number().int(),
  breadcrumbs: z.array(breadcrumbSchema),
  size_chart_slug: z.string().nullable(),
  alternates: alternatesSchema,
});
export type Product = z.infer<typeof productSchema>;

export const getCategoryInput = z.object({ id_category: rowId });

export const brandSchema = brandRefSchema.extend({ description: z.string(), product_count: z.number().int() });
export type Brand = z.infer<typeof brandSchema>;
export const getBrandInput = z.object({ id_brand: rowId });

export const CONTENT_KINDS = ['page', 'size-chart'] as const;
export const getContentInput = z.object({
  slug: z.string().min(1).max(200),
  kind: z.enum(CONTENT_KINDS).default('page'),
});
export const sizeChartBodySchema = z.object({ columns: z.array(z.string()), rows: z.array(z.array(z.string())) });
/**
 * A page's text as the storefront shows it: the blocks its Markdown makes, each holding plain text runs (never
 * HTML, so a page's text cannot inject markup; docs/adr/0048-shipping-and-pages-editor.md). A link's address is a
 * shop path or an http(s) or mailto address.
 */
const inlineSchema = z.object({ text: z.string(), strong: z.boolean().optional(), em: z.boolean().optional(), href: z.string().optional() });
export type ContentInline = z.infer<typeof inlineSchema>;
export const contentBlockSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('heading'), level: z.union([z.literal(2), z.literal(3)]), inline: z.array(inlineSchema) }),
  z.object({ type: z.literal('paragraph'), inline: z.array(inlineSchema) }),
  z.object({ type: z.literal('list'), ordered: z.boolean(), items: z.array(z.array(inlineSchema)) }),
]);
export type ContentBlock = z.infer<typeof contentBlockSchema>;
export const contentPageSchema = z.object({
  id: z.number().int(),
  key: z.string(),
  kind: z.enum(CONTENT_KINDS),
  slug: z.string(),
  title: z.string(),
  /** Blocks for a page; columns and rows for a size chart. */
  body: z.union([z.array(contentBlockSchema), sizeChartBodySchema]),
  alternates: alternatesSchema,
});
export type ContentPage = z.infer<typeof contentPageSchema>;

/** Everything the sitemap lists, with each entry's slug in every language. */
export const sitemapSchema = z.object({
  categories: z.array(z.object({ alternates: alternatesSchema })),
  products: z.array(z.object({ alternates: alternatesSchema })),
  brands: z.array(z.object({ alternates: alternatesSchema })),
  pages: z.array(z.object({ alternates: alternatesSchema })),
});
