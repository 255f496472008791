import { createHash } from 'node:crypto';
import { verify } from '@node-rs/argon2';
import { BADGES, STOREFRONT_LANGUAGES } from '@shop/contract';
import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderGarmentSvg } from '../../storefront/app/features/media/garment-image.ts';
import { openDatabase, type Database, type DatabaseHandle } from '../src/db/client.ts';
import { runMigrations } from '../src/db/migrate.ts';
import {
  attributes,
  categories,
  categoryTranslations,
  combinationAttributes,
  combinations,
  contentPages,
  contentPageTranslations,
  customers,
  orderLines,
  orders,
  productCategories,
  productImages,
  products,
  productTranslations,
  specificPrices,
} from '../src/db/schema.ts';
import { DEMO_CUSTOMER, isSeeded, seedDemoShop } from '../src/seed/index.ts';

const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const END_OF_2027 = Date.UTC(2027, 11, 31);

async function migratedDatabase(): Promise<DatabaseHandle> {
  const handle = await openDatabase({ dataDir: 'memory://' });
  await runMigrations(handle);
  return handle;
}

/** A digest of the catalogue tables, to compare two seeded databases. */
async function catalogueDigest(db: Database): Promise<string> {
  const tables = await Promise.all([
    db.select().from(products).orderBy(asc(products.id)),
    db.select().from(productTranslations).orderBy(asc(productTranslations.productId), asc(productTranslations.lang)),
    db.select().from(combinations).orderBy(asc(combinations.id)),
    db.select().from(specificPrices).orderBy(asc(specificPrices.id)),
    db.select().from(productImages).orderBy(asc(productImages.id)),
    db.select().from(orderLines).orderBy(asc(orderLines.id)),
  ]);
  return createHash('sha256').update(JSON.stringify(tables)).digest('hex');
}

/** Groups rows by a key. */
function groupBy<T, K>(rows: T[], key: (row: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const row of rows) groups.set(key(row), [...(groups.get(key(row)) ?? []), row]);
  return groups;
}

/** True when no two rows of the same language share a slug. */
function slugsUniquePerLanguage(rows: { lang: string; slug: string }[]): boolean {
  return new Set(rows.map((row) => `${row.lang}/${row.slug}`)).size === rows.length;
}

describe('demo shop seed', () => {
  let handle: DatabaseHandle;
  let db: Database;
  let allProducts: (typeof products.$inferSelect)[];
  let allCombinations: (typeof combinations.$inferSelect)[];

  beforeAll(async () => {
    handle = await migratedDatabase();
    db = handle.db;
    expect(await isSeeded(db)).toBe(false);
    const started = performance.now();
    await seedDemoShop(db);
    // Seeding runs at every first start: it must stay quick.
    expect(performance.now() - started).toBeLessThan(15_000);
    allProducts = await db.select().from(products);
    allCombinations = await db.select().from(combinations);
  });
  afterAll(() => handle.close());

  it('reports the database as seeded', async () => {
    expect(await isSeeded(db)).toBe(true);
  });

  it('has over 300 products for the three genders, priced realistically', () => {
    expect(allProducts.length).toBeGreaterThanOrEqual(300);
    expect(new Set(allProducts.map((product) => product.gender))).toEqual(new Set(['women', 'men', 'kids']));
    for (const product of allProducts) {
      expect(product.priceNetCents).toBeGreaterThanOrEqual(1_500);
      expect(product.priceNetCents).toBeLessThanOrEqual(25_000);
    }
    expect(new Set(allProducts.map((product) => product.reference)).size).toBe(allProducts.length);
  });

  it('puts every badge on at least 5 products, and at most two on any product', () => {
    for (const badge of BADGES) {
      expect(allProducts.filter((product) => product.badges.includes(badge)).length, badge).toBeGreaterThanOrEqual(5);
    }
    expect(allProducts.every((product) => product.badges.length <= 2)).toBe(true);
    expect(allProducts.filter((product) => product.badges.length <= 1).length).toBeGreaterThan(allProducts.length * 0.9);
  });

  it('builds the category tree, with a well-stocked clothing category 10', async () => {
    const tree = await db.select().from(categories);
    const parentOf = new Map(tree.map((category) => [category.id, category.parentId]));
    expect(parentOf.get(1)).toBeNull();
    expect([3, 4, 5].map((id) => parentOf.get(id))).toEqual([2, 2, 2]);
    expect([3, 4, 5]).toContain(parentOf.get(10));
    const links = await db.select().from(productCategories);
    expect(links.filter((link) => link.categoryId === 10).length).toBeGreaterThanOrEqual(15);
    // Each product sits in its subcategory and in its gender's category.
    const genderCategory = { women: 3, men: 4, kids: 5 } as Record<string, number>;
    const linksByProduct = groupBy(links, (link) => link.productId);
    for (const product of allProducts) {
      const categoryIds = (linksByProduct.get(product.id) ?? []).map((link) => link.categoryId).sort((a, b) => a - b);
      expect(categoryIds).toEqual([genderCategory[product.gender], product.defaultCategoryId].sort((a, b) => (a ?? 0) - (b ?? 0)));
      expect(parentOf.get(product.defaultCategoryId)).toBe(genderCategory[product.gender]);
    }
  });

  it('translates every product, category and page into the five languages with unique slugs', async () => {
    const productTexts = await db.select().from(productTranslations);
    const categoryTexts = await db.select().from(categoryTranslations);
    const pageTexts = await db.select().from(contentPageTranslations);
    for (const [rows, owners] of [
      [groupBy(productTexts, (row) => row.productId), allProducts.length],
      [groupBy(categoryTexts, (row) => row.categoryId), (await db.select().from(categories)).length],
      [groupBy(pageTexts, (row) => row.pageId), (await db.select().from(contentPages)).length],
    ] as const) {
      expect(rows.size).toBe(owners);
      for (const translations of rows.values()) {
        expect(translations.map((row) => row.lang).sort()).toEqual([...STOREFRONT_LANGUAGES].sort());
      }
    }
    for (const rows of [productTexts, categoryTexts, pageTexts]) {
      expect(rows.every((row) => SLUG.test(row.slug))).toBe(true);
      expect(slugsUniquePerLanguage(rows)).toBe(true);
    }
    expect(pageTexts.every((row) => !/^\d/.test(row.slug))).toBe(true);
    // Names differ between languages: nothing was left in English.
    const names = groupBy(productTexts, (row) => row.productId);
    for (const translations of names.values()) {
      expect(new Set(translations.map((row) => row.name)).size).toBeGreaterThanOrEqual(4);
    }
  });

  it('gives every product one default combination, each with a size and a colour, and pictures that render', async () => {
    const byProduct = groupBy(allCombinations, (combination) => combination.productId);
    for (const product of allProducts) {
      expect((byProduct.get(product.id) ?? []).filter((combination) => combination.isDefault).length, product.reference).toBe(1);
    }
    const attributesByCombination = groupBy(await db.select().from(combinationAttributes), (row) => row.combinationId);
    expect(allCombinations.every((combination) => attributesByCombination.get(combination.id)?.length === 2)).toBe(true);

    const images = await db.select().from(productImages);
    const imagesByProduct = groupBy(images, (image) => image.productId);
    expect(allProducts.every((product) => (imagesByProduct.get(product.id)?.length ?? 0) >= 3)).toBe(true);
    for (const url of new Set(images.map((image) => image.url))) {
      expect(url).toMatch(/^\/media\/[a-z_]+-[a-z]+-[0-9a-f]{6}-[123]\.svg$/);
      expect(renderGarmentSvg(url.slice('/media/'.length)), url).not.toBeNull();
    }
  });

  it('pictures each product as what its name says, in the colour of the picture', async () => {
    const names = new Map((await db.select().from(productTranslations)).filter((row) => row.lang === 'en').map((row) => [row.productId, row.name.toLowerCase()]));
    const hexes = new Map((await db.select().from(attributes)).map((row) => [row.id, row.colorHex]));
    const images = await db.select().from(productImages);
    // A few names and the cut their pictures must show.
    const cuts: Array<[RegExp, string]> = [
      [/ankle boots/, 'boots'],
      [/sneakers/, 'sneakers'],
      [/loafers/, 'loafers'],
      [/derby/, 'derby'],
      [/wrap dress/, 'dress_wrap'],
      [/pinafore/, 'dress_pinafore'],
      [/joggers/, 'joggers'],
      [/dungarees/, 'dungarees'],
      [/trench/, 'trench'],
      [/turtleneck/, 'turtleneck'],
      [/pleated skirt/, 'skirt_pleated'],
    ];
    for (const [pattern, cut] of cuts) {
      const named = [...names].filter(([, name]) => pattern.test(name)).map(([id]) => id);
      expect(named.length, String(pattern)).toBeGreaterThan(0);
      for (const id of named) {
        expect(images.filter((image) => image.productId === id).every((image) => image.url.startsWith(`/media/${cut}-`)), `${names.get(id)}`).toBe(true);
      }
    }
    for (const image of images) {
      expect(image.url, `${names.get(image.productId)}`).toContain(`-${hexes.get(image.colorAttributeId!)!.slice(1).toLowerCase()}-`);
    }
    // Denim looks like denim, corduroy like corduroy.
    for (const [material, texture] of [['denim', 'twill'], ['corduroy', 'wales'], ['flannel', 'check']] as const) {
      const ids = [...names].filter(([, name]) => name.includes(material)).map(([id]) => id);
      expect(ids.length).toBeGreaterThan(0);
      expect(images.filter((image) => ids.includes(image.productId)).every((image) => image.url.includes(`-${texture}-`))).toBe(true);
    }
  });

  it('has sold-out, low and comfortable stock', () => {
    const quantities = allCombinations.map((combination) => combination.quantity);
    expect(quantities.some((quantity) => quantity === 0)).toBe(true);
    expect(quantities.some((quantity) => quantity >= 1 && quantity <= 3)).toBe(true);
    expect(Math.max(...quantities)).toBeLessThanOrEqual(25);
  });

  it('has pre-orders for 2027 with no stock and backorders with some sold-out combinations', () => {
    const byProduct = groupBy(allCombinations, (combination) => combination.productId);
    const preorders = allProducts.filter((product) => product.outOfStockPolicy === 'preorder');
    const backorders = allProducts.filter((product) => product.outOfStockPolicy === 'backorder');
    expect(preorders.length).toBeGreaterThanOrEqual(6);
    expect(backorders.length).toBeGreaterThanOrEqual(6);
    for (const product of preorders) {
      expect(product.availableDate?.getUTCFullYear()).toBe(2027);
      expect(byProduct.get(product.id)?.every((combination) => combination.quantity === 0)).toBe(true);
    }
    for (const product of backorders) {
      expect(byProduct.get(product.id)?.some((combination) => combination.quantity === 0)).toBe(true);
    }
  });

  it('discounts about a quarter of the products until the end of 2027 at least', async () => {
    const discounts = await db.select().from(specificPrices);
    expect(discounts.length).toBeGreaterThan(allProducts.length * 0.2);
    expect(discounts.length).toBeLessThan(allProducts.length * 0.3);
    for (const discount of discounts) {
      expect((discount.reductionPercent === null) !== (discount.reductionNetCents === null)).toBe(true);
      expect(discount.endsAt === null || discount.endsAt.getTime() >= END_OF_2027).toBe(true);
    }
  });

  it('gives size charts as many cells per row as columns', async () => {
    const charts = await db.select().from(contentPageTranslations);
    // A page's body is its Markdown (a string, ADR 48); a size chart's is its { columns, rows }.
    const bodies = charts.map((row) => row.body).filter((body): body is { columns: string[]; rows: string[][] } => typeof body === 'object' && body !== null);
    expect(bodies).toHaveLength(3 * STOREFRONT_LANGUAGES.length);
    for (const body of bodies) expect(body.rows.every((row) => row.length === body.columns.length)).toBe(true);
  });

  it('creates the demo customer with three orders whose totals add up', async () => {
    const [customer] = await db.select().from(customers);
    expect(customer?.email).toBe(DEMO_CUSTOMER.email);
    expect(await verify(customer?.passwordHash ?? '', DEMO_CUSTOMER.password)).toBe(true);

    const pastOrders = await db.select().from(orders);
    expect(pastOrders).toHaveLength(3);
    const linesByOrder = groupBy(await db.select().from(orderLines), (line) => line.orderId);
    for (const order of pastOrders) {
      expect(order.customerId).toBe(customer?.id);
      expect(order.reference).toMatch(/^[A-Z0-9]{1,16}$/);
      const lines = linesByOrder.get(order.id) ?? [];
      expect(lines.length).toBeGreaterThan(0);
      for (const line of lines) expect(line.totalCents).toBe(line.unitPriceCents * line.quantity);
      expect(order.itemsCents).toBe(lines.reduce((sum, line) => sum + line.totalCents, 0));
      expect(order.totalCents).toBe(order.itemsCents + order.shippingCents);
      expect(order.taxCents).toBe(Math.round((order.totalCents * 22) / 122));
    }
  });

  it('seeds the same shop every time', async () => {
    const other = await migratedDatabase();
    try {
      await seedDemoShop(other.db);
      expect(await catalogueDigest(other.db)).toBe(await catalogueDigest(db));
    } finally {
      await other.close();
    }
  });
});
