/**
 * The demo shop: a deterministic catalogue (categories, brands, attributes, 300+ products with
 * translations, combinations, images and discounts), content pages, countries, carriers and collection
 * points, and a demo customer with past orders. `seedDemoShop` writes it all in one transaction.
 */
import { sql } from 'drizzle-orm';
import type { PgInsertValue, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client.ts';
import {
  attributeGroups,
  attributeGroupTranslations,
  attributes,
  attributeTranslations,
  brandFreeShipping,
  brands,
  brandTranslations,
  carrierRates,
  carriers,
  cartRules,
  cartRuleUses,
  categories,
  categoryTranslations,
  combinationAttributes,
  combinations,
  categorySizeCharts,
  contentPages,
  contentPageTranslations,
  countries,
  countryTaxRates,
  customers,
  orderLines,
  orderReturns,
  orders,
  pickupPoints,
  productCategories,
  productImages,
  productReviews,
  products,
  productTranslations,
  shippingZones,
  specificPrices,
} from '../db/schema.ts';
import { attributeRows } from './attributes.ts';
import { brandRows } from './brands.ts';
import { DEMO_CART_RULES, DEMO_RULE_USES } from './cart-rules.ts';
import { categoryRows } from './categories.ts';
import { contentRows } from './content.ts';
import { COUNTRIES, COUNTRY_TAX_RATES, SHIPPING_ZONES } from './countries.ts';
import { demoCustomerRow, demoOrders } from './customers.ts';
import { DEMO_BRAND_FREE_SHIPPING, DEMO_CARRIER_RATES, DEMO_CARRIERS, demoPickupPoints } from './delivery.ts';
import { buildCatalogue, catalogueRows } from './products.ts';
import { createRandom } from './random.ts';
import { demoReviews } from './reviews.ts';
import { refreshAllReviewStats } from '../reviews/stats.ts';

export { DEMO_CUSTOMER } from './customers.ts';

/** Any constant: changing it gives another (equally valid) demo shop. */
const SEED = 20_260_901;
const CHUNK_SIZE = 500;

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** Inserts rows a chunk at a time: one statement per row is slow, one for all can exceed the parameter limit. */
async function insertAll<T extends PgTable>(tx: Transaction, table: T, rows: PgInsertValue<T>[]): Promise<void> {
  for (let start = 0; start < rows.length; start += CHUNK_SIZE) {
    await tx.insert(table).values(rows.slice(start, start + CHUNK_SIZE));
  }
}

/** The id of the single row an insert … returning({ id }) gave back. */
function insertedId(rows: { id: number }[]): number {
  const [row] = rows;
  if (!row) throw new Error('Insert returned no row');
  return row.id;
}

export async function isSeeded(db: Database): Promise<boolean> {
  const rows = await db.select({ id: products.id }).from(products).limit(1);
  return rows.length > 0;
}

export async function seedDemoShop(db: Database): Promise<void> {
  const random = createRandom(SEED);
  const catalogue = buildCatalogue(random);
  const rows = catalogueRows(catalogue);
  const category = categoryRows();
  const attribute = attributeRows();
  const brand = brandRows();
  const content = contentRows();
  const pastOrders = demoOrders(catalogue, random);
  // Hashing is deliberately slow: do it before the transaction opens.
  const customer = await demoCustomerRow();

  await db.transaction(async (tx) => {
    await insertAll(tx, shippingZones, SHIPPING_ZONES);
    await insertAll(tx, countries, COUNTRIES);
    await insertAll(tx, countryTaxRates, COUNTRY_TAX_RATES);
    await insertAll(tx, categories, category.categories);
    await insertAll(tx, categoryTranslations, category.translations);
    await insertAll(tx, brands, brand.brands);
    await insertAll(tx, brandTranslations, brand.translations);
    await insertAll(tx, attributeGroups, attribute.groups);
    await insertAll(tx, attributeGroupTranslations, attribute.groupTranslations);
    await insertAll(tx, attributes, attribute.attributes);
    await insertAll(tx, attributeTranslations, attribute.translations);
    await insertAll(tx, products, rows.products);
    await insertAll(tx, productTranslations, rows.translations);
    await insertAll(tx, productCategories, rows.productCategories);
    await insertAll(tx, specificPrices, rows.specificPrices);
    await insertAll(tx, combinations, rows.combinations);
    await insertAll(tx, combinationAttributes, rows.combinationAttributes);
    await insertAll(tx, productImages, rows.images);
    await insertAll(tx, contentPages, content.pages);
    await insertAll(tx, contentPageTranslations, content.translations);
    await insertAll(tx, categorySizeCharts, content.sizeCharts);
    await insertAll(tx, carriers, DEMO_CARRIERS);
    await insertAll(tx, carrierRates, DEMO_CARRIER_RATES);
    await insertAll(tx, pickupPoints, demoPickupPoints());
    await insertAll(tx, brandFreeShipping, DEMO_BRAND_FREE_SHIPPING);
    await insertAll(tx, productReviews, demoReviews(catalogue));
    await refreshAllReviewStats(tx);

    const customerId = insertedId(await tx.insert(customers).values(customer).returning({ id: customers.id }));
    for (const { order, lines, returns } of pastOrders) {
      const orderId = insertedId(await tx.insert(orders).values({ ...order, customerId }).returning({ id: orders.id }));
      await insertAll(tx, orderLines, lines.map((line) => ({ ...line, orderId })));
      await insertAll(tx, orderReturns, returns.map((entry) => ({ ...entry, orderId })));
    }
    const rules = await tx.insert(cartRules).values(DEMO_CART_RULES).returning({ id: cartRules.id, code: cartRules.code });
    const ruleId = (code: string) => insertedId(rules.filter((rule) => rule.code === code));
    await insertAll(
      tx,
      cartRuleUses,
      DEMO_RULE_USES.map((use) => ({ ruleId: ruleId(use.code), customerId: use.byDemoCustomer ? customerId : null, email: use.byDemoCustomer ? customer.email : null })),
    );
  });
  // Statistics of the new catalogue for the planner and the listings' estimates (listing.ts reads the number of
  // products from them): PGlite has no autovacuum to gather them, and PostgreSQL's would only after a while.
  await db.execute(sql`analyze`);
}
