import { pipeline, Transform, type Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { BADGES, GARMENTS, PRODUCT_PHOTO_FILE, STOREFRONT_LANGUAGES, type Lang } from '@shop/contract';
import {
  CSV_LIST_SEPARATOR,
  CSV_TEXT_MAX,
  gtinValid,
  PRODUCT_CSV_COLUMNS,
  PRODUCT_GENDERS,
  PRODUCT_IMPORT_BATCH,
  PRODUCT_IMPORT_KEPT_HOURS,
  PRODUCT_IMPORT_REFUSALS_SHOWN,
  referenceSchema,
  RELATED_PRODUCTS_MAX,
  TAX_CLASSES,
  type AdminProductImport,
  type ProductImportReason,
  type ProductImportRefusal,
} from '@shop/contract/admin';
import { parse } from 'csv-parse';
import { sql, type SQL } from 'drizzle-orm';
import { netForShelfPrice } from '../catalog/pricing.ts';
import type { Database, Queryable } from '../db/client.ts';
import { selectRows } from '../db/raw.ts';
import { notFound, refusal } from '../http/errors.ts';
import { audit, type Actor } from './audit.ts';
import { fromSpreadsheet } from './csv.ts';
import { nextId, orConflict, slugOf } from './products.ts';

/**
 * A products CSV import (docs/adr/0045-products-csv.md). The dry run reads the file as it streams in, a batch of
 * rows at a time: each row is checked and compared with the catalogue, and the rows that would create or change
 * something are staged (`product_import_rows`), read into the catalogue's ids. A file with a refused row can never
 * be applied. Applying takes the staged rows a batch at a time, one transaction each, and notes how far it got in
 * that same transaction: an interrupted import goes on from there. The tables' triggers raise the catalogue revision
 * at each commit (ADR 28), so shoppers see each batch at once.
 */

const rows = <T>(db: Queryable, query: SQL) => selectRows<T>(db as Database, query);
const LANGS = STOREFRONT_LANGUAGES as readonly Lang[];
const KNOWN_COLUMNS = new Set<string>(PRODUCT_CSV_COLUMNS);
const PRODUCT_COLUMNS = ['brand', 'category', 'gender', 'garment', 'status', 'price', 'tax_class', 'badges', 'photos', 'related', ...LANGS.flatMap((lang) => [`name_${lang}`, `description_${lang}`, `seo_title_${lang}`, `seo_description_${lang}`])];
const MAX_STOCK = 1_000_000;

/** A language's texts a row sets; the SEO ones are the editor's meta_title and meta_description. */
type Text = { name?: string; description?: string; meta_title?: string; meta_description?: string };
type Texts = Partial<Record<Lang, Text>>;
/** What a row sets: only the columns the file has (and, for texts, the cells it fills). */
type ProductFields = { brand_id?: number | null; category_id?: number; gender?: string; garment?: string; is_active?: boolean; price_net_cents?: number; tax_class?: string; badges?: string[]; photos?: string[]; related?: string[]; texts?: Texts };
type VariantFields = { size_id?: number; colour_id?: number; gtin?: string | null; price_impact_net_cents?: number; quantity?: number; available_date?: string | null };
/** A row staged for applying. */
type StagedRow = { handle?: string; sku?: string; product: ProductFields; variant: VariantFields };

type ExistingProduct = { id: number; reference: string; brand_id: number | null; category_id: number; gender: string; garment: string; is_active: boolean; price_net_cents: number; tax_class: string; badges: string[]; photos: string[]; related: string[]; texts: Texts | null };
type ExistingVariant = { id: number; reference: string; product_id: number; handle: string; gtin: string | null; price_impact_net_cents: number; quantity: number; available_date: string | null; size_id: number | null; colour_id: number | null };

/** The catalogue's names a file refers to: brands by name, categories by English slug, sizes and colours by English name (all without case). */
type Lookups = { brands: Map<string, number>; categories: Map<string, number>; sizes: Map<string, number>; colours: Map<string, number> };

async function loadLookups(db: Database): Promise<Lookups> {
  const [brands, categories, attributes] = await Promise.all([
    rows<{ id: number; name: string }>(db, sql`select id, name from brands`),
    rows<{ id: number; name: string }>(db, sql`select category_id as id, slug as name from category_translations where lang = 'en'`),
    rows<{ id: number; name: string; kind: string }>(db, sql`select a.id, g.kind, t.name from attributes a join attribute_groups g on g.id = a.group_id join attribute_translations t on t.attribute_id = a.id and t.lang = 'en'`),
  ]);
  const byName = (list: { id: number; name: string }[]) => new Map(list.map((row) => [row.name.toLowerCase(), row.id]));
  return {
    brands: byName(brands),
    categories: byName(categories),
    sizes: byName(attributes.filter((row) => row.kind === 'size')),
    colours: byName(attributes.filter((row) => row.kind === 'color')),
  };
}

class RowRefused extends Error {
  constructor(
    readonly reason: ProductImportReason,
    readonly column: string | null = null,
    readonly value: string | null = null,
  ) {
    super(reason);
  }
}
/** The whole file is refused (its encoding, its header, its CSV): at the row where it was found. */
class FileRefused extends RowRefused {
  constructor(
    readonly row: number,
    reason: ProductImportReason,
    column: string | null = null,
  ) {
    super(reason, column);
  }
}

/** Bytes that are not UTF-8 stop the file; the text goes on to the CSV parser as it comes, never held whole. */
function utf8Only(rowsRead: () => number): Transform {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      try {
        done(null, decoder.decode(chunk, { stream: true }));
      } catch {
        done(new FileRefused(rowsRead() + 2, 'not_utf8'));
      }
    },
    flush(done) {
      try {
        done(null, decoder.decode());
      } catch {
        done(new FileRefused(rowsRead() + 2, 'not_utf8'));
      }
    },
  });
}

/** A shelf price as merchants type it: 79.90, 79,90 or 79; cents. */
function priceCents(text: string): number | null {
  const match = /^(\d{1,7})(?:[.,](\d{1,2}))?$/.exec(text);
  return match ? Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0')) : null;
}

/** Reads one row's cells into what it sets; a cell that breaks a rule refuses the row. */
function readRow(cells: Record<string, string>, lookups: Lookups, rate: number): StagedRow {
  const has = (column: string) => column in cells;
  const filled = (column: string) => has(column) && cells[column] !== '';
  const reference = (column: string) => {
    if (!filled(column)) return undefined;
    if (!referenceSchema.safeParse(cells[column]).success) throw new RowRefused('bad_reference', column, cells[column]!);
    return cells[column]!;
  };
  const named = (column: string, map: Map<string, number>, reason: ProductImportReason) => {
    const id = map.get(cells[column]!.toLowerCase());
    if (id === undefined) throw new RowRefused(reason, column, cells[column]!);
    return id;
  };
  const product: ProductFields = {};
  const variant: VariantFields = {};
  if (has('brand')) product.brand_id = filled('brand') ? named('brand', lookups.brands, 'unknown_brand') : null;
  if (filled('category')) product.category_id = named('category', lookups.categories, 'unknown_category');
  if (filled('gender')) {
    if (!(PRODUCT_GENDERS as readonly string[]).includes(cells.gender!)) throw new RowRefused('bad_gender', 'gender', cells.gender!);
    product.gender = cells.gender!;
  }
  if (filled('garment')) {
    if (!(GARMENTS as readonly string[]).includes(cells.garment!)) throw new RowRefused('bad_garment', 'garment', cells.garment!);
    product.garment = cells.garment!;
  }
  if (filled('status')) {
    if (cells.status !== 'active' && cells.status !== 'draft') throw new RowRefused('bad_status', 'status', cells.status!);
    product.is_active = cells.status === 'active';
  }
  if (filled('price')) {
    const cents = priceCents(cells.price!);
    if (cents === null || cents < 1) throw new RowRefused('bad_price', 'price', cells.price!);
    const net = netForShelfPrice(cents, rate);
    if (net === null) throw new RowRefused('price_unreachable', 'price', cells.price!);
    product.price_net_cents = net;
  }
  if (filled('tax_class')) {
    if (!(TAX_CLASSES as readonly string[]).includes(cells.tax_class!)) throw new RowRefused('bad_tax_class', 'tax_class', cells.tax_class!);
    product.tax_class = cells.tax_class!;
  }
  const list = (column: string) => cells[column]!.split(CSV_LIST_SEPARATOR).map((item) => item.trim()).filter(Boolean);
  if (has('badges')) {
    const badges = list('badges');
    const unknown = badges.find((badge) => !(BADGES as readonly string[]).includes(badge));
    if (unknown !== undefined || new Set(badges).size !== badges.length) throw new RowRefused('bad_badge', 'badges', unknown ?? cells.badges!);
    product.badges = badges;
  }
  // Photos by the path the export gives them (`/product-photos/{name}-{width}.jpg`) or their bare name; an empty cell leaves them.
  if (filled('photos')) {
    product.photos = list('photos').map((path) => {
      const file = path.split('/').at(-1)!;
      const name = PRODUCT_PHOTO_FILE.exec(file)?.[1] ?? file;
      if (!/^[0-9]{1,10}-[0-9a-f]{12}$/.test(name)) throw new RowRefused('unknown_photo', 'photos', path);
      return name;
    });
    if (new Set(product.photos).size !== product.photos.length) throw new RowRefused('unknown_photo', 'photos', cells.photos!);
  }
  // Related products by reference, in order, each once (as the editor keeps them); an empty cell takes them all off.
  // Whether the catalogue (or the file) has them is checked with the batch.
  if (has('related')) {
    product.related = [...new Set(list('related'))];
    if (product.related.length > RELATED_PRODUCTS_MAX) throw new RowRefused('too_many_related', 'related', cells.related!);
    if (product.related.includes(cells.handle ?? '')) throw new RowRefused('unknown_related', 'related', cells.handle!);
  }
  // An SEO text longer than the editor takes is refused, not cut: search engines would show a cut one.
  const seoText = (column: 'seo_title' | 'seo_description', lang: Lang) => {
    const typed = cells[`${column}_${lang}`]!;
    if (typed.length > CSV_TEXT_MAX[column]) throw new RowRefused('text_too_long', `${column}_${lang}`, typed);
    return typed;
  };
  for (const lang of LANGS) {
    const text: Text = {};
    if (filled(`name_${lang}`)) text.name = cells[`name_${lang}`]!.slice(0, 200);
    if (filled(`description_${lang}`)) text.description = cells[`description_${lang}`]!.slice(0, 20_000);
    if (filled(`seo_title_${lang}`)) text.meta_title = seoText('seo_title', lang);
    if (filled(`seo_description_${lang}`)) text.meta_description = seoText('seo_description', lang);
    if (Object.keys(text).length) product.texts = { ...product.texts, [lang]: text };
  }
  if (filled('size')) variant.size_id = named('size', lookups.sizes, 'unknown_size');
  if (filled('colour')) variant.colour_id = named('colour', lookups.colours, 'unknown_colour');
  if (has('gtin')) {
    if (filled('gtin') && !gtinValid(cells.gtin!)) throw new RowRefused('bad_gtin', 'gtin', cells.gtin!);
    variant.gtin = cells.gtin || null;
  }
  if (has('price_difference')) {
    // The variant's price difference with VAT, as the editor shows it (ADR 23): its net amount gives exactly it.
    const typed = cells.price_difference!;
    const cents = typed === '' ? 0 : priceCents(typed.replace(/^-/, ''));
    if (cents === null) throw new RowRefused('bad_price', 'price_difference', typed);
    const net = netForShelfPrice(cents, rate);
    if (net === null) throw new RowRefused('price_unreachable', 'price_difference', typed);
    variant.price_impact_net_cents = typed.startsWith('-') ? -net : net;
  }
  if (filled('stock')) {
    if (!/^\d{1,7}$/.test(cells.stock!) || Number(cells.stock) > MAX_STOCK) throw new RowRefused('bad_stock', 'stock', cells.stock!);
    variant.quantity = Number(cells.stock);
  }
  if (has('available_date')) {
    const date = cells.available_date!;
    if (date && (!/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(Date.parse(date)))) throw new RowRefused('bad_date', 'available_date', date);
    variant.available_date = date || null;
  }
  return { handle: reference('handle'), sku: reference('sku'), product, variant };
}

/** The product fields (texts included) a row would change on an existing product: none when all are as they are. */
function productChanges(existing: ExistingProduct, fields: ProductFields): boolean {
  const { texts, badges, photos, related, ...columns } = fields;
  const current: Record<string, unknown> = existing;
  if (Object.entries(columns).some(([key, value]) => current[key] !== value)) return true;
  if (badges !== undefined && badges.join() !== existing.badges.join()) return true;
  if (related !== undefined && related.join() !== existing.related.join()) return true;
  // Listed photos come first in their order, the others after them as they were.
  if (photos !== undefined && photoOrder(existing.photos, photos).join() !== existing.photos.join()) return true;
  return Object.entries(texts ?? {}).some(([lang, text]) => {
    const stored = existing.texts?.[lang as Lang];
    return (Object.keys(text) as (keyof Text)[]).some((field) => text[field] !== (field === 'name' ? stored?.name : (stored?.[field] ?? '')));
  });
}

/** A product's photos (names) once a file's list orders them: the listed ones first, then the others in their order. */
const photoOrder = (current: string[], listed: string[]) => [...listed, ...current.filter((name) => !listed.includes(name))];

function variantChanges(existing: ExistingVariant, fields: VariantFields): boolean {
  const current: Record<string, unknown> = existing;
  return Object.entries(fields).some(([key, value]) => current[key] !== value);
}

/**
 * What the whole file has seen so far: a SKU's or GTIN's first row, a product's fields as its first row gave them, and
 * the rows naming related products the catalogue does not have, which the file may create on a later row.
 */
type FileState = {
  skus: Map<string, number>;
  gtins: Map<string, number>;
  products: Map<string, { row: number; fields: string }>;
  createdHandles: Set<string>;
  relatedAhead: { row: number; outcome: 'create' | 'change'; references: string[] }[];
};

type Judged = { row: number; outcome: 'create' | 'change' | 'same'; staged: StagedRow } | { row: number; refusal: ProductImportRefusal };

/** Checks a batch of rows against the file so far and the catalogue as it is. */
async function judgeBatch(db: Database, batch: { row: number; cells: Record<string, string> }[], lookups: Lookups, rate: number, file: FileState): Promise<Judged[]> {
  const read = batch.map(({ row, cells }) => {
    try {
      return { row, staged: readRow(cells, lookups, rate) };
    } catch (error) {
      if (!(error instanceof RowRefused)) throw error;
      return { row, refusal: { row, reason: error.reason, column: error.column, value: error.value } };
    }
  });
  const handles = [...new Set(read.flatMap((entry) => (entry.staged?.handle ? [entry.staged.handle] : [])))];
  const skus = [...new Set(read.flatMap((entry) => (entry.staged?.sku ? [entry.staged.sku] : [])))];
  const gtins = [...new Set(read.flatMap((entry) => (entry.staged?.variant.gtin ? [entry.staged.variant.gtin] : [])))];
  const related = [...new Set(read.flatMap((entry) => entry.staged?.product.related ?? []))];
  const list = (values: (string | number)[]) => sql.join(values.map((value) => sql`${value}`), sql`, `);
  const [variants, gtinOwners, relatedKnown] = await Promise.all([
    skus.length
      ? rows<ExistingVariant>(
          db,
          sql`select c.id, c.reference, c.product_id, p.reference as handle, c.gtin, c.price_impact_net_cents, c.quantity, to_char(c.available_date at time zone 'UTC', 'YYYY-MM-DD') as available_date,
              (select ca.attribute_id from combination_attributes ca join attributes a on a.id = ca.attribute_id join attribute_groups g on g.id = a.group_id where ca.combination_id = c.id and g.kind = 'size' limit 1) as size_id,
              (select ca.attribute_id from combination_attributes ca join attributes a on a.id = ca.attribute_id join attribute_groups g on g.id = a.group_id where ca.combination_id = c.id and g.kind = 'color' limit 1) as colour_id
            from combinations c join products p on p.id = c.product_id where c.reference in (${list(skus)})`,
        )
      : [],
    gtins.length ? rows<{ reference: string; gtin: string }>(db, sql`select reference, gtin from combinations where gtin in (${list(gtins)})`) : [],
    related.length ? rows<{ reference: string }>(db, sql`select reference from products where reference in (${list(related)})`) : [],
  ]);
  // The products the rows name, by handle or through their SKUs.
  const productIds = [...new Set(variants.map((variant) => variant.product_id))];
  const products =
    handles.length || productIds.length
      ? await rows<ExistingProduct>(
          db,
          sql`select p.id, p.reference, p.brand_id, p.default_category_id as category_id, p.gender, p.garment, p.is_active, p.price_net_cents, p.tax_class, p.badges,
              array(select ph.name from product_photos ph where ph.product_id = p.id order by ph.position, ph.id) as photos,
              array(select o.reference from product_related r join products o on o.id = r.related_id where r.product_id = p.id order by r.position) as related,
              (select jsonb_object_agg(t.lang, jsonb_build_object('name', t.name, 'description', t.description, 'meta_title', t.meta_title, 'meta_description', t.meta_description))
                from product_translations t where t.product_id = p.id) as texts
            from products p where p.reference in (${list(handles.length ? handles : [''])}) or p.id in (${list(productIds.length ? productIds : [0])})`,
        )
      : [];
  const productByHandle = new Map(products.map((product) => [product.reference, product]));
  const variantBySku = new Map(variants.map((variant) => [variant.reference, variant]));
  const gtinOwner = new Map(gtinOwners.map((owner) => [owner.gtin, owner.reference]));
  const catalogueHas = new Set(relatedKnown.map((found) => found.reference));

  return read.map((entry): Judged => {
    if (!entry.staged) return { row: entry.row, refusal: entry.refusal! };
    const { row, staged } = entry;
    const refuse = (reason: ProductImportReason, column: string | null = null, value: string | null = null): Judged => ({ row, refusal: { row, reason, column, value } });
    const { handle, sku, product, variant } = staged;
    if (!handle && !sku) return refuse('missing_value', 'sku');
    if (sku) {
      const first = file.skus.get(sku);
      if (first !== undefined) return refuse('duplicate_sku', 'sku', sku);
      file.skus.set(sku, row);
    }
    if (variant.gtin) {
      if (file.gtins.has(variant.gtin)) return refuse('duplicate_gtin', 'gtin', variant.gtin);
      file.gtins.set(variant.gtin, row);
      const owner = gtinOwner.get(variant.gtin);
      if (owner !== undefined && owner !== sku) return refuse('gtin_taken', 'gtin', variant.gtin);
    }
    const existingVariant = sku ? variantBySku.get(sku) : undefined;
    if (existingVariant && handle && existingVariant.handle !== handle) return refuse('sku_of_other_product', 'sku', sku!);
    if (sku && !existingVariant && !handle) return refuse('unknown_sku', 'sku', sku);
    // A product's fields are read from its first row; its other rows must say the same.
    const productKey = handle ?? `#${existingVariant!.product_id}`;
    const fields = JSON.stringify(product);
    const seen = file.products.get(productKey);
    if (seen && seen.fields !== fields) return refuse('product_rows_differ', null, String(seen.row));
    if (!seen) file.products.set(productKey, { row, fields });
    const existingProduct = handle ? productByHandle.get(handle) : undefined;
    // A file keeps and orders a product's photos; it never adds one (no download: photos are uploaded).
    const unknownPhoto = product.photos?.find((name) => !existingProduct?.photos.includes(name));
    if (unknownPhoto !== undefined) return refuse('unknown_photo', 'photos', unknownPhoto);
    let outcome: 'create' | 'change' | 'same' = 'same';
    if (handle && !existingProduct && !file.createdHandles.has(handle)) {
      // A new product: what the editor asks of one (the shelf price, a category, a gender, a garment, an English name).
      for (const column of ['category', 'gender', 'garment', 'price'] as const) {
        const key = ({ category: 'category_id', gender: 'gender', garment: 'garment', price: 'price_net_cents' } as const)[column];
        if (product[key] === undefined) return refuse('missing_value', column);
      }
      if (!product.texts?.en?.name) return refuse('missing_value', 'name_en');
      file.createdHandles.add(handle);
      outcome = 'create';
    } else if (!seen) {
      const target = existingProduct ?? products.find((candidate) => candidate.id === existingVariant?.product_id);
      // A row by SKU alone changes its product's price (its other product columns need the handle).
      if (target ? productChanges(target, product) : existingVariant && product.price_net_cents !== undefined) outcome = 'change';
    }
    if (sku && !existingVariant) {
      if (variant.size_id === undefined) return refuse('missing_value', 'size');
      if (variant.colour_id === undefined) return refuse('missing_value', 'colour');
      outcome = 'create';
    } else if (existingVariant && variantChanges(existingVariant, variant) && outcome === 'same') outcome = 'change';
    // Related products (checked on the product's first row): ones neither the catalogue nor an earlier row has wait
    // for the end of the file, which may create them (two new products related to each other).
    const ahead = seen ? [] : (product.related ?? []).filter((reference) => !catalogueHas.has(reference) && !file.createdHandles.has(reference));
    // (A list naming a product the catalogue lacks is not the product's list: such a row creates or changes.)
    if (ahead.length) file.relatedAhead.push({ row, outcome: outcome === 'create' ? 'create' : 'change', references: ahead });
    return { row, outcome, staged };
  });
}

/** The header's columns (lowercase), or the file refused: an unknown or repeated column, no `sku` and no `handle`. */
function readHeader(record: string[]): string[] {
  const columns = record.map((cell) => cell.trim().toLowerCase());
  const seen = new Set<string>();
  for (const column of columns) {
    if (!KNOWN_COLUMNS.has(column)) throw new FileRefused(1, 'unknown_column', column);
    if (seen.has(column)) throw new FileRefused(1, 'duplicate_column', column);
    seen.add(column);
  }
  if (!seen.has('sku') && !seen.has('handle')) throw new FileRefused(1, 'missing_column', 'sku');
  // Product columns need the product's handle, except a price, which a SKU names well enough.
  const needsHandle = PRODUCT_COLUMNS.find((column) => column !== 'price' && seen.has(column));
  if (needsHandle && !seen.has('handle')) throw new FileRefused(1, 'missing_column', 'handle');
  return columns;
}

/**
 * The dry run of a file streamed in: it reads, checks and stages a batch of rows at a time (the file is never
 * held whole), and returns the import's id. The catalogue is not changed.
 */
export async function checkProductCsv(db: Database, source: Readable & { truncated?: boolean }, fileName: string, staffId: number, rate: number): Promise<number> {
  const lookups = await loadLookups(db);
  const [created] = await rows<{ id: number }>(db, sql`insert into product_imports (staff_id, file_name, state) values (${staffId}, ${fileName.slice(0, 200)}, 'checked') returning id`);
  const importId = created!.id;
  const counts = { rows: 0, created: 0, changed: 0, unchanged: 0, refused: 0 };
  const refusals: ProductImportRefusal[] = [];
  const file: FileState = { skus: new Map(), gtins: new Map(), products: new Map(), createdHandles: new Set(), relatedAhead: [] };
  let columns: string[] | null = null;
  let batch: { row: number; cells: Record<string, string> }[] = [];
  const noteRefusal = (refused: ProductImportRefusal) => {
    counts.refused += 1;
    if (refusals.length < PRODUCT_IMPORT_REFUSALS_SHOWN) refusals.push(refused);
  };
  const flush = async () => {
    const judged = await judgeBatch(db, batch, lookups, rate, file);
    batch = [];
    const staged: { row: number; staged: StagedRow }[] = [];
    for (const entry of judged) {
      if ('refusal' in entry) noteRefusal(entry.refusal);
      else if (entry.outcome === 'same') counts.unchanged += 1;
      else {
        counts[entry.outcome === 'create' ? 'created' : 'changed'] += 1;
        // Once a row is refused nothing will be applied: staging the others would be for nothing.
        if (counts.refused === 0) staged.push(entry);
      }
    }
    if (staged.length && counts.refused === 0) {
      await db.execute(sql`insert into product_import_rows (import_id, row_number, data) values
        ${sql.join(staged.map((entry) => sql`(${importId}, ${entry.row}, ${JSON.stringify(entry.staged)}::jsonb)`), sql`, `)}`);
    }
  };
  try {
    const parser = parse({ bom: true, skip_empty_lines: true });
    // A stream that fails before the parser (bytes not UTF-8) fails the parser with its error; the loop's own end is no failure.
    pipeline(source, utf8Only(() => counts.rows), parser, () => undefined);
    for await (const record of parser as AsyncIterable<string[]>) {
      if (!columns) {
        columns = readHeader(record);
        continue;
      }
      counts.rows += 1;
      batch.push({ row: counts.rows + 1, cells: Object.fromEntries(columns.map((column, index) => [column, fromSpreadsheet(record[index]!.trim())])) });
      if (batch.length === PRODUCT_IMPORT_BATCH) await flush();
    }
    // A file cut at the size limit ends early: its last rows are missing, so none is applied.
    if (source.truncated) throw new FileRefused(counts.rows + 1, 'file_too_large');
    if (!columns) throw new FileRefused(1, 'empty_file');
    if (batch.length) await flush();
    // Related products the whole file did not create either: their rows are refused after all.
    for (const { row, outcome, references } of file.relatedAhead) {
      const unknown = references.filter((reference) => !file.createdHandles.has(reference));
      if (!unknown.length) continue;
      counts[outcome === 'create' ? 'created' : 'changed'] -= 1;
      counts.refused += 1;
      refusals.push({ row, reason: 'unknown_related', column: 'related', value: unknown.join(CSV_LIST_SEPARATOR) });
    }
    // In row order, the first ones (those found at the end among them).
    refusals.sort((a, b) => a.row - b.row).splice(PRODUCT_IMPORT_REFUSALS_SHOWN);
  } catch (error) {
    const csvError = error as { code?: string; lines?: number };
    if (error instanceof FileRefused) noteRefusal({ row: error.row, reason: error.reason, column: error.column, value: null });
    else if (typeof csvError.code === 'string' && csvError.code.startsWith('CSV_')) noteRefusal({ row: counts.rows + 2, reason: 'not_csv', column: null, value: null });
    else throw error;
  }
  if (counts.refused) await db.execute(sql`delete from product_import_rows where import_id = ${importId}`);
  await db.execute(sql`update product_imports set state = ${counts.refused ? 'refused' : 'checked'}, rows = ${counts.rows}, created = ${counts.created}, changed = ${counts.changed},
    unchanged = ${counts.unchanged}, refused = ${counts.refused}, refusals = ${JSON.stringify(refusals)}::jsonb, touched_at = now() where id = ${importId}`);
  return importId;
}

type ImportRow = { id: number; file_name: string; state: AdminProductImport['state']; rows: number; created: number; changed: number; unchanged: number; refused: number; refusals: ProductImportRefusal[]; applied_through: number; applied_rows: number; created_at: Date | string };

const toImport = (row: ImportRow): AdminProductImport => ({
  id: row.id,
  file_name: row.file_name,
  state: row.state,
  rows: row.rows,
  created: row.created,
  changed: row.changed,
  unchanged: row.unchanged,
  refused: row.refused,
  refusals: row.refusals,
  applied_rows: row.applied_rows,
  created_at: new Date(row.created_at).toISOString(),
});

export async function getProductImport(db: Database, id: number): Promise<AdminProductImport> {
  const [found] = await rows<ImportRow>(db, sql`select * from product_imports where id = ${id}`);
  if (!found) throw notFound('Import');
  return toImport(found);
}

/** A staged row as one record of the batch's `jsonb_to_recordset` (a column the file did not have is null, or its `has_` false). */
const recordOf = ({ handle, sku, product, variant }: StagedRow, ord: number) => ({
  ord,
  handle: handle ?? null,
  sku: sku ?? null,
  has_brand: product.brand_id !== undefined,
  brand_id: product.brand_id ?? null,
  category_id: product.category_id ?? null,
  gender: product.gender ?? null,
  garment: product.garment ?? null,
  is_active: product.is_active ?? null,
  price: product.price_net_cents ?? null,
  tax_class: product.tax_class ?? null,
  badges: product.badges ?? null,
  photos: product.photos ?? null,
  price_impact: variant.price_impact_net_cents ?? null,
  size_id: variant.size_id ?? null,
  colour_id: variant.colour_id ?? null,
  quantity: variant.quantity ?? null,
  has_gtin: variant.gtin !== undefined,
  gtin: variant.gtin ?? null,
  has_date: variant.available_date !== undefined,
  date: variant.available_date ?? null,
});

/**
 * Writes a batch of staged rows in a few statements, each over the whole batch: the catalogue's triggers refresh the
 * listing and search rows once per statement (for all its products), not once per row. Only what differs is
 * written. New products and variants take their ids in a block under the editor's id lock (products.ts nextId).
 */
async function writeBatch(tx: Queryable, staged: StagedRow[]): Promise<void> {
  const records = staged.map(recordOf);
  const batch = sql`jsonb_to_recordset(${JSON.stringify(records)}::jsonb) as v(ord int, handle text, sku text, has_brand boolean, brand_id int, category_id int,
    gender text, garment text, is_active boolean, price int, tax_class text, badges jsonb, photos jsonb, price_impact int, size_id int, colour_id int, quantity int, has_gtin boolean, gtin text, has_date boolean, date date)`;
  // New products: the first row of each handle not in the catalogue (the dry run checked it has what a product needs).
  const firstOfHandle = sql`(select distinct on (v.handle) v.* from ${batch} where v.handle is not null order by v.handle, v.ord)`;
  const productBase = (await nextId(tx, 'products')) - 1;
  await tx.execute(sql`insert into products (id, reference, brand_id, default_category_id, gender, garment, price_net_cents, tax_class, is_active, badges)
    select ${productBase} + row_number() over (order by n.ord), n.handle, n.brand_id, n.category_id, n.gender, n.garment, n.price, coalesce(n.tax_class, 'standard'), coalesce(n.is_active, false),
      array(select jsonb_array_elements_text(coalesce(n.badges, '[]')))
    from ${firstOfHandle} n where not exists (select 1 from products p where p.reference = n.handle)`);
  // The products' columns the rows have, where they differ; a main category that changes leaves the old one's link.
  const changedCategory = sql`p.reference = n.handle and n.category_id is not null and n.category_id <> p.default_category_id`;
  await tx.execute(sql`delete from product_categories pc using products p, ${firstOfHandle} n where ${changedCategory} and pc.product_id = p.id and pc.category_id = p.default_category_id`);
  const columns = sql`(brand_id, default_category_id, gender, garment, is_active, price_net_cents, tax_class, badges)`;
  const wanted = sql`(case when n.has_brand then n.brand_id else p.brand_id end, coalesce(n.category_id, p.default_category_id), coalesce(n.gender, p.gender),
    coalesce(n.garment, p.garment), coalesce(n.is_active, p.is_active), coalesce(n.price, p.price_net_cents), coalesce(n.tax_class, p.tax_class),
    case when n.badges is null then p.badges else array(select jsonb_array_elements_text(n.badges)) end)`;
  const current = sql`(p.brand_id, p.default_category_id, p.gender, p.garment, p.is_active, p.price_net_cents, p.tax_class, p.badges)`;
  await tx.execute(sql`update products p set ${columns} = ${wanted} from ${firstOfHandle} n where p.reference = n.handle and ${current} is distinct from ${wanted}`);
  await tx.execute(sql`insert into product_categories (product_id, category_id) select p.id, n.category_id from products p join ${firstOfHandle} n on p.reference = n.handle
    where n.category_id is not null on conflict do nothing`);
  // Photos: the listed ones first in the file's order, the others after them as they were (photoOrder).
  await tx.execute(sql`update product_photos ph set position = o.position from (
      select ph.id, (row_number() over (partition by ph.product_id order by listed.ord nulls last, ph.position, ph.id) - 1)::int as position
      from ${firstOfHandle} n join products p on p.reference = n.handle join product_photos ph on ph.product_id = p.id
      left join lateral (select e.ord from jsonb_array_elements_text(n.photos) with ordinality as e(name, ord) where e.name = ph.name) listed on true
      where n.photos is not null) o
    where ph.id = o.id and ph.position <> o.position`);
  // A price by SKU alone: its product's (the dry run checked that a product's rows agree).
  await tx.execute(sql`update products p set price_net_cents = v.price from ${batch} join combinations c on c.reference = v.sku
    where v.handle is null and v.price is not null and p.id = c.product_id and p.price_net_cents <> v.price`);

  // Texts: a name writes the language (a new one's slug made of its name, as the editor makes it, its other texts
  // empty where the row has none); then the description and SEO texts a row has update them.
  const texts = staged.flatMap(({ handle, product }) =>
    handle
      ? Object.entries(product.texts ?? {}).map(([lang, text]) => ({
          handle,
          lang,
          name: text.name ?? null,
          slug: text.name ? slugOf(text.name, lang as Lang) : null,
          description: text.description ?? null,
          meta_title: text.meta_title ?? null,
          meta_description: text.meta_description ?? null,
        }))
      : [],
  );
  if (texts.length) {
    const textBatch = sql`(select distinct on (t.handle, t.lang) t.* from jsonb_to_recordset(${JSON.stringify(texts)}::jsonb)
      as t(handle text, lang text, name text, slug text, description text, meta_title text, meta_description text)) t`;
    await tx.execute(sql`insert into product_translations (product_id, lang, name, slug, description, meta_title, meta_description)
      select p.id, t.lang, t.name, t.slug, coalesce(t.description, ''), coalesce(t.meta_title, ''), coalesce(t.meta_description, '')
      from ${textBatch} join products p on p.reference = t.handle where t.name is not null
      on conflict (product_id, lang) do update set name = excluded.name where product_translations.name is distinct from excluded.name`);
    const wanted = sql`(coalesce(t.description, pt.description), coalesce(t.meta_title, pt.meta_title), coalesce(t.meta_description, pt.meta_description))`;
    await tx.execute(sql`update product_translations pt set (description, meta_title, meta_description) = ${wanted}
      from ${textBatch} join products p on p.reference = t.handle
      where pt.product_id = p.id and pt.lang = t.lang and (pt.description, pt.meta_title, pt.meta_description) is distinct from ${wanted}`);
  }

  // New variants, on their product; the first of a product without any is its default.
  const variantBase = (await nextId(tx, 'combinations')) - 1;
  await tx.execute(sql`insert into combinations (id, product_id, reference, quantity, gtin, available_date, price_impact_net_cents, is_default)
    select ${variantBase} + row_number() over (order by v.ord), p.id, v.sku, coalesce(v.quantity, 0), v.gtin, v.date, coalesce(v.price_impact, 0),
      row_number() over (partition by p.id order by v.ord) = 1 and not exists (select 1 from combinations e where e.product_id = p.id)
    from ${batch} join products p on p.reference = v.handle where v.sku is not null and not exists (select 1 from combinations c where c.reference = v.sku)`);
  // The variants' columns the rows have, where they differ.
  const variantColumns = sql`(quantity, gtin, available_date, price_impact_net_cents)`;
  const variantWanted = sql`(coalesce(v.quantity, c.quantity), case when v.has_gtin then v.gtin else c.gtin end, case when v.has_date then v.date::timestamptz else c.available_date end,
    coalesce(v.price_impact, c.price_impact_net_cents))`;
  await tx.execute(sql`update combinations c set ${variantColumns} = ${variantWanted} from ${batch}
    where c.reference = v.sku and (c.quantity, c.gtin, c.available_date, c.price_impact_net_cents) is distinct from ${variantWanted}`);
  // Sizes and colours: a new one replaces the variant's of its kind.
  for (const [kind, column] of [['size', sql`v.size_id`], ['color', sql`v.colour_id`]] as const) {
    await tx.execute(sql`delete from combination_attributes ca using ${batch}, combinations c, attributes a, attribute_groups g
      where ${column} is not null and c.reference = v.sku and ca.combination_id = c.id and a.id = ca.attribute_id and g.id = a.group_id and g.kind = ${kind} and ca.attribute_id <> ${column}`);
    await tx.execute(sql`insert into combination_attributes (combination_id, attribute_id) select c.id, ${column} from ${batch} join combinations c on c.reference = v.sku
      where ${column} is not null on conflict do nothing`);
  }
}

/**
 * The related products' lists the import's staged rows set (ADR 64), written once all its batches are: a list may name
 * a product the file creates in a later batch. Only lists that differ are replaced; a product the catalogue lost
 * since the dry run is left out. Returns how many lists were replaced.
 */
async function writeRelated(tx: Queryable, importId: number): Promise<number> {
  const lists = await rows<{ product_id: number; related: number[] }>(
    tx,
    sql`select w.product_id, w.related from (
        select distinct on (p.id) p.id as product_id,
          array(select o.id from jsonb_array_elements_text(d.data->'product'->'related') with ordinality as e(reference, position)
            join products o on o.reference = e.reference where o.id <> p.id order by e.position) as related
        from product_import_rows d join products p on p.reference = d.data->>'handle'
        where d.import_id = ${importId} and d.data->'product'->'related' is not null order by p.id, d.row_number) w
      where w.related is distinct from array(select r.related_id from product_related r where r.product_id = w.product_id order by r.position)`,
  );
  if (!lists.length) return 0;
  const products = sql.join(lists.map((list) => sql`${list.product_id}`), sql`, `);
  await tx.execute(sql`delete from product_related where product_id in (${products})`);
  await tx.execute(sql`insert into product_related (product_id, related_id, position)
    select l.product_id, e.id::int, e.position from jsonb_to_recordset(${JSON.stringify(lists)}::jsonb) as l(product_id int, related jsonb),
      jsonb_array_elements_text(l.related) with ordinality as e(id, position)`);
  return lists.length;
}

/**
 * Applies a checked import, a batch of staged rows per transaction, each noting how far it got and audited with
 * it. The import's row is locked by each batch, so two applies at once take turns and apply each row once.
 */
export async function applyProductImport(db: Database, id: number, actor: Actor): Promise<AdminProductImport> {
  // Shoppers first: after each batch the apply waits as long as that batch took, so that the shop's cores are the
  // shoppers' at least half the time (docs/performance.md, the products CSV import).
  let lastBatchMs = 0;
  for (;;) {
    if (lastBatchMs > 0) await sleep(lastBatchMs);
    const started = performance.now();
    const done = await orConflict('sku', () =>
      db.transaction(async (tx) => {
        const [current] = await rows<ImportRow>(tx, sql`select * from product_imports where id = ${id} for update`);
        if (!current) throw notFound('Import');
        if (current.state === 'refused') throw refusal(409, 'import_refused', 'This file has refused rows: nothing of it is applied', null);
        if (current.state === 'expired') throw refusal(409, 'import_expired', 'This import waited too long: check the file again', null);
        if (current.state === 'applied') return true;
        const staged = await rows<{ row_number: number; data: StagedRow }>(
          tx,
          sql`select row_number, data from product_import_rows where import_id = ${id} and row_number > ${current.applied_through} order by row_number limit ${PRODUCT_IMPORT_BATCH}`,
        );
        if (staged.length === 0) {
          const related = await writeRelated(tx, id);
          // Its staged rows have served: they go with the commit that marks it applied.
          await tx.execute(sql`delete from product_import_rows where import_id = ${id}`);
          await tx.execute(sql`update product_imports set state = 'applied' where id = ${id}`);
          await audit(tx, actor, { action: 'product.import', targetType: 'product_import', targetId: id, after: { file: current.file_name, rows: current.rows, created: current.created, changed: current.changed, related_lists: related } });
          return true;
        }
        await writeBatch(tx, staged.map((row) => row.data));
        const last = staged.at(-1)!.row_number;
        await tx.execute(sql`update product_imports set applied_through = ${last}, applied_rows = applied_rows + ${staged.length}, touched_at = now() where id = ${id}`);
        await audit(tx, actor, { action: 'product.import_batch', targetType: 'product_import', targetId: id, after: { from_row: staged[0]!.row_number, to_row: last, rows: staged.length } });
        return false;
      }),
    );
    if (done) return getProductImport(db, id);
    lastBatchMs = performance.now() - started;
  }
}

/**
 * Housekeeping: the staged rows of imports checked and left PRODUCT_IMPORT_KEPT_HOURS untouched (a dry run looked at
 * and left, or an apply given up half way: counted from its last batch) are dropped, and the import marked expired
 * (applying it is refused: the file is checked again against the catalogue as it is then). An import being applied
 * is not abandoned: a batch committing meanwhile touches it, and the update, waiting for its lock, then leaves it.
 * Returns how many imports expired.
 */
export async function expireAbandonedImports(db: Queryable, now = new Date()): Promise<number> {
  const expired = await rows<{ id: number }>(
    db,
    sql`update product_imports set state = 'expired' where state = 'checked'
      and touched_at < ${now.toISOString()}::timestamptz - make_interval(hours => ${PRODUCT_IMPORT_KEPT_HOURS}) returning id`,
  );
  if (expired.length) await db.execute(sql`delete from product_import_rows where import_id in (${sql.join(expired.map((row) => sql`${row.id}`), sql`, `)})`);
  return expired.length;
}
