import { IMAGE_VIEWS, productImageUrl, slugify, type Badge, type Figure, type Garment, type Lang, type Texture } from '@shop/contract';
import type {
  combinationAttributes,
  combinations,
  OutOfStockPolicy,
  productCategories,
  productImages,
  products,
  productTranslations,
  specificPrices,
} from '../db/schema.ts';
import { COLOURS, ONE_SIZE, SIZE_RUNS, type Colour, type Size } from './attributes.ts';
import { brandIdsFor } from './brands.ts';
import { GENDERS, SUBCATEGORIES, type Gender, type Subcategory } from './categories.ts';
import {
  ADDITIONAL_INFO,
  ADULT_FITS,
  COLLECTIONS,
  DESCRIPTION_INTRO,
  FITS,
  GARMENT_CODES,
  material,
  PRODUCT_LINES,
  PRODUCT_NAME,
  SCARF_LINES,
  TEXTURE_OF,
  type Style,
} from './product-lines.ts';
import { netForShelfPrice, withVat } from '../catalog/pricing.ts';
import { country } from './countries.ts';
import { createRandom, type Random } from './random.ts';
import { byLang, daysBeforeReference, LANGS, REFERENCE_TIME, type Translated } from './shared.ts';

export type SeededCombination = {
  id: number;
  reference: string;
  size: Size;
  colour: Colour;
  priceImpactNetCents: number;
  quantity: number;
  isDefault: boolean;
};

type Discount = { reductionPercent: number | null; reductionNetCents: number | null; startsAt: Date | null; endsAt: Date | null };

export type SeededProduct = {
  id: number;
  reference: string;
  subcategory: Subcategory;
  garment: Garment;
  /** What its pictures show: the cut and the material's look. */
  figure: Figure;
  texture: Texture;
  brandId: number | null;
  names: Translated;
  slugs: Translated;
  descriptions: Translated;
  additionalInfo: Translated;
  priceNetCents: number;
  createdAt: Date;
  salesCount: number;
  freeShipping: boolean;
  minimalQuantity: number;
  quantityLimit: number;
  policy: OutOfStockPolicy;
  availableDate: Date | null;
  badges: Badge[];
  discount: Discount | null;
  colours: Colour[];
  sizes: Size[];
  combinations: SeededCombination[];
};

const PREORDER_COUNT = 8;
const BACKORDER_COUNT = 8;
const DISCOUNTED_SHARE = 0.25;
const NEW_PRODUCT_COUNT = 12;
const LIMITED_COUNT = 8;
/** Discount badges, handed out in turn to discounted products (new_product and limited are given apart). */
const PROMOTION_BADGES: Badge[] = ['sale', 'promo', 'outlet', 'discount', 'offer', 'black_friday'];
const REDUCTION_PERCENTS = [10, 15, 20, 25, 30, 40, 50];
// Discounts that end must still run at least until the end of 2027, so that the demo shows them.
const DISCOUNT_ENDS = [Date.UTC(2027, 11, 31, 23, 59, 59), Date.UTC(2028, 2, 31, 23, 59, 59), Date.UTC(2028, 5, 30, 23, 59, 59)];
/** What XL costs more on the shelf, where a product charges for it. */
const XL_SURCHARGE_CENTS = 500;
const MIN_SHELF_PRICE_CENTS = 1_995;
const MAX_SHELF_PRICE_CENTS = 29_995;
/** Shelf prices are set with the home country's VAT (docs/adr/0023-shelf-prices.md). */
const SHELF_RATE = country('IT').vatRateBasisPoints;

function sizeRun(gender: Gender, garment: Garment): Size[] {
  if (garment === 'scarf') return [ONE_SIZE];
  if (garment === 'shoes') return gender === 'men' ? SIZE_RUNS.menShoes : SIZE_RUNS.womenShoes;
  return SIZE_RUNS[gender];
}

/**
 * The net price of a shelf price ending as shoppers expect: of `shelfCents` and the amounts 5 € and 10 € above and
 * below it, the first that the VAT's rounding reaches (the seed is fixed, so this is the same every run).
 */
function netOnShelf(shelfCents: number): number {
  for (const step of [0, 500, -500, 1_000, -1_000]) {
    const net = netForShelfPrice(shelfCents + step, SHELF_RATE);
    if (net !== null) return net;
  }
  throw new Error(`No net price puts ${shelfCents} cents on the shelf`);
}

/** Realistic prices: within the style's range, scaled by the material, on the shelf at x4,95 or x9,95. */
function netPrice(style: Style, priceFactor: number, random: Random): number {
  const [min, max] = style.price;
  const gross = (random.int(min, max) * priceFactor * (10_000 + SHELF_RATE)) / 10_000;
  const shelf = Math.round(gross / 500) * 500 - 5;
  return netOnShelf(Math.min(MAX_SHELF_PRICE_CENTS, Math.max(MIN_SHELF_PRICE_CENTS, shelf)));
}

type Naming = { collection: string; names: Translated; slugs: Translated };

/** Tries the collections from a random one on until the name's slug is free in every language. */
function uniqueNaming(style: Style, materialName: Translated, random: Random, taken: Record<Lang, Set<string>>): Naming {
  const start = random.int(0, COLLECTIONS.length - 1);
  for (let offset = 0; offset < COLLECTIONS.length; offset++) {
    const collection = COLLECTIONS[(start + offset) % COLLECTIONS.length] as string;
    const names = byLang((lang) => PRODUCT_NAME[lang](style.name[lang], materialName[lang], collection));
    const slugs = byLang((lang) => slugify(names[lang], lang));
    if (LANGS.every((lang) => !taken[lang].has(slugs[lang]))) {
      for (const lang of LANGS) taken[lang].add(slugs[lang]);
      return { collection, names, slugs };
    }
  }
  throw new Error(`No free name left for ${style.name.en} in ${materialName.en}`);
}

function planProduct(id: number, subcategory: Subcategory, style: Style, random: Random, taken: Record<Lang, Set<string>>): SeededProduct {
  const materialKey = random.pick(style.materials);
  const fabric = material(materialKey);
  const { collection, names, slugs } = uniqueNaming(style, fabric.name, random, taken);
  const { gender } = subcategory;
  const fit = style.garment === 'scarf' ? FITS.oneSize : style.garment === 'shoes' ? FITS.shoes : gender === 'kids' ? FITS.kids : random.pick(ADULT_FITS);
  const brands = brandIdsFor(gender, style.garment);
  const colourCount = random.pick([1, 2, 2, 3, 3]);
  return {
    id,
    reference: `${gender[0]?.toUpperCase()}-${GARMENT_CODES[style.garment]}-${String(id).padStart(4, '0')}`,
    subcategory,
    garment: style.garment,
    figure: style.figure,
    texture: TEXTURE_OF[materialKey],
    brandId: brands.length > 0 && !random.chance(0.08) ? random.pick(brands) : null,
    names,
    slugs,
    descriptions: byLang((lang) => [DESCRIPTION_INTRO[lang](collection, fabric.name[lang]), fabric.trait[lang], fit[lang]].join(' ')),
    additionalInfo: byLang((lang) => ADDITIONAL_INFO[lang](fabric.composition[lang], fabric.care[lang])),
    priceNetCents: netPrice(style, fabric.priceFactor, random),
    // Minute precision over the 365 days before the reference date.
    createdAt: new Date(REFERENCE_TIME - random.int(1, 365 * 24 * 60) * 60_000),
    // Squared: a few best sellers, many quiet products.
    salesCount: Math.round(random.next() ** 2 * 900),
    freeShipping: random.chance(0.1),
    minimalQuantity: random.chance(0.03) ? 2 : 1,
    quantityLimit: random.chance(0.1) ? 5 : 10,
    policy: 'deny',
    availableDate: null,
    badges: [],
    discount: null,
    colours: random.sample(COLOURS, colourCount),
    sizes: sizeRun(gender, style.garment),
    combinations: [],
  };
}

function assignStockPolicies(planned: SeededProduct[], random: Random): void {
  const shuffled = random.shuffle(planned);
  shuffled.slice(0, PREORDER_COUNT).forEach((product, index) => {
    product.policy = 'preorder';
    // Fixed dates in 2027, so that pre-orders stay in the future.
    product.availableDate = new Date(Date.UTC(2027, 1 + index, 1));
  });
  for (const product of shuffled.slice(PREORDER_COUNT, PREORDER_COUNT + BACKORDER_COUNT)) product.policy = 'backorder';
}

/** The net amount that takes about a fifth, in whole 5 €, off a product's shelf price. */
function amountOff(net: number): number {
  const shelf = withVat(net, SHELF_RATE);
  return net - netOnShelf(shelf - Math.max(500, Math.round((shelf * 0.2) / 500) * 500));
}

function discountFor(product: SeededProduct, index: number, random: Random): Discount {
  // One discount in eight is an amount rather than a percentage.
  const byAmount = index % 8 === 7;
  const period = random.pick(['always', 'from', 'window'] as const);
  return {
    reductionPercent: byAmount ? null : random.pick(REDUCTION_PERCENTS),
    // About a fifth off, in whole 5 €, so that the sale price ends like the shelf price.
    reductionNetCents: byAmount ? amountOff(product.priceNetCents) : null,
    startsAt: period === 'always' ? null : daysBeforeReference(random.int(5, 90)),
    endsAt: period === 'window' ? new Date(random.pick(DISCOUNT_ENDS)) : null,
  };
}

function assignDiscountsAndBadges(planned: SeededProduct[], random: Random): void {
  const discounted = random.sample(planned, Math.round(planned.length * DISCOUNTED_SHARE));
  discounted.forEach((product, index) => {
    product.discount = discountFor(product, index, random);
    // Three discounted products in four wear a badge.
    if (index % 4 !== 3) product.badges.push(PROMOTION_BADGES[index % PROMOTION_BADGES.length] as Badge);
  });
  const newest = [...planned].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime()).slice(0, NEW_PRODUCT_COUNT);
  for (const product of newest) product.badges.push('new_product');
  const plain = planned.filter((product) => product.badges.length === 0);
  for (const product of random.sample(plain, LIMITED_COUNT)) {
    product.badges.push('limited');
    product.quantityLimit = 5;
  }
}

/** Stock per combination: some sold out, some nearly, most comfortable; none for pre-orders. */
function stock(policy: OutOfStockPolicy, index: number, random: Random): number {
  if (policy === 'preorder') return 0;
  if (policy === 'backorder' && index % 2 === 0) return 0;
  const roll = random.next();
  if (roll < 0.1) return 0;
  return roll < 0.25 ? random.int(1, 3) : random.int(4, 25);
}

function assignCombinations(planned: SeededProduct[], random: Random, firstId = 1): void {
  let nextId = firstId;
  for (const product of planned) {
    const surchargeXl = random.chance(0.3);
    product.combinations = product.colours.flatMap((colour, colourIndex) =>
      product.sizes.map((size, sizeIndex) => ({
        id: nextId++,
        reference: `${product.reference}-${size.key}-${colour.key}`,
        size,
        colour,
        priceImpactNetCents: surchargeXl && size.key === 'XL' ? netOnShelf(withVat(product.priceNetCents, SHELF_RATE) + XL_SURCHARGE_CENTS) - product.priceNetCents : 0,
        quantity: stock(product.policy, colourIndex * product.sizes.length + sizeIndex, random),
        isDefault: false,
      })),
    );
    // The product page opens on the middle size of the first colour, or on the first one in stock if that one is sold out.
    const middle = product.combinations[Math.floor(product.sizes.length / 2)] as SeededCombination;
    const preferred = middle.quantity > 0 ? middle : (product.combinations.find((combination) => combination.quantity > 0) ?? middle);
    preferred.isDefault = true;
  }
}

/** The whole demo catalogue, in memory; `catalogueRows` turns it into table rows. */
export function buildCatalogue(random: Random): SeededProduct[] {
  const taken = byLang(() => new Set<string>());
  const planned: SeededProduct[] = [];
  for (const subcategory of SUBCATEGORIES) {
    const { count, styles } = PRODUCT_LINES[subcategory.key];
    for (let index = 0; index < count; index++) {
      planned.push(planProduct(planned.length + 1, subcategory, styles[index % styles.length] as Style, random, taken));
    }
  }
  assignStockPolicies(planned, random);
  assignDiscountsAndBadges(planned, random);
  assignCombinations(planned, random);
  return [...planned, ...planScarves(planned, taken)];
}

// The scarves' own random numbers: adding them changed nothing in the products planned before them.
const SCARF_SEED = 7_301;

/** One-size, one-colour scarves (one combination each), numbered after the rest of the catalogue. */
function planScarves(planned: SeededProduct[], taken: Record<Lang, Set<string>>): SeededProduct[] {
  const random = createRandom(SCARF_SEED);
  const lines = SCARF_LINES.flatMap(({ subcategory: key, count, style }) => {
    const subcategory = SUBCATEGORIES.find((candidate) => candidate.key === key) as Subcategory;
    return Array.from({ length: count }, () => ({ subcategory, style }));
  });
  const scarves = lines.map(({ subcategory, style }, index) => planProduct(planned.length + 1 + index, subcategory, style, random, taken));
  for (const scarf of scarves) scarf.colours = scarf.colours.slice(0, 1);
  const lastCombinationId = Math.max(...planned.flatMap((product) => product.combinations.map((combination) => combination.id)));
  assignCombinations(scarves, random, lastCombinationId + 1);
  return scarves;
}

/** The generated picture of a product in a colour, from one view (the first is the front). */
export const imageUrl = (product: Pick<SeededProduct, 'figure' | 'texture'>, colour: Colour, view: number) => productImageUrl(product.figure, product.texture, colour.hex, view);

export function catalogueRows(catalogue: SeededProduct[]) {
  const positions = new Map<number, number>();
  /** Next position in a category, so that products keep their seed order within each category. */
  const nextPosition = (categoryId: number) => {
    const position = positions.get(categoryId) ?? 0;
    positions.set(categoryId, position + 1);
    return position;
  };
  return {
    products: catalogue.map(
      (product): typeof products.$inferInsert => ({
        id: product.id,
        reference: product.reference,
        brandId: product.brandId,
        defaultCategoryId: product.subcategory.id,
        gender: product.subcategory.gender,
        garment: product.garment,
        // Children's clothing and footwear: taxed lower where a country says so (COUNTRY_TAX_RATES).
        taxClass: product.subcategory.gender === 'kids' ? 'children' : 'standard',
        priceNetCents: product.priceNetCents,
        badges: product.badges,
        freeShipping: product.freeShipping,
        outOfStockPolicy: product.policy,
        availableDate: product.availableDate,
        minimalQuantity: product.minimalQuantity,
        quantityLimit: product.quantityLimit,
        salesCount: product.salesCount,
        createdAt: product.createdAt,
      }),
    ),
    translations: catalogue.flatMap((product) =>
      LANGS.map(
        (lang): typeof productTranslations.$inferInsert => ({
          productId: product.id,
          lang,
          name: product.names[lang],
          slug: product.slugs[lang],
          description: product.descriptions[lang],
          additionalInfo: product.additionalInfo[lang],
        }),
      ),
    ),
    productCategories: catalogue.flatMap((product): (typeof productCategories.$inferInsert)[] =>
      [product.subcategory.id, GENDERS[product.subcategory.gender].id].map((categoryId) => ({
        productId: product.id,
        categoryId,
        position: nextPosition(categoryId),
      })),
    ),
    specificPrices: catalogue.flatMap((product): (typeof specificPrices.$inferInsert)[] =>
      product.discount ? [{ productId: product.id, ...product.discount }] : [],
    ),
    combinations: catalogue.flatMap((product) =>
      product.combinations.map(
        (combination): typeof combinations.$inferInsert => ({
          id: combination.id,
          productId: product.id,
          reference: combination.reference,
          priceImpactNetCents: combination.priceImpactNetCents,
          quantity: combination.quantity,
          isDefault: combination.isDefault,
        }),
      ),
    ),
    combinationAttributes: catalogue.flatMap((product) =>
      product.combinations.flatMap((combination): (typeof combinationAttributes.$inferInsert)[] => [
        { combinationId: combination.id, attributeId: combination.size.id },
        { combinationId: combination.id, attributeId: combination.colour.id },
      ]),
    ),
    images: catalogue.flatMap((product) =>
      product.colours
        .flatMap((colour) => IMAGE_VIEWS.map((view) => ({ colour, view })))
        .map(
          ({ colour, view }, position): typeof productImages.$inferInsert => ({
            productId: product.id,
            colorAttributeId: colour.id,
            position,
            url: imageUrl(product, colour, view),
            width: 600,
            height: 800,
          }),
        ),
    ),
  };
}
