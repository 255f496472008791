import multipart from '@fastify/multipart';
import { STOREFRONT_LANGUAGES, type Lang } from '@shop/contract';
import { CSV_LIST_SEPARATOR, PRODUCT_CSV_COLUMNS, PRODUCT_CSV_MAX_BYTES, type adminProductImportInput } from '@shop/contract/admin';
import { stringify } from 'csv-stringify';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { priceRateFor, withVat } from '../catalog/pricing.ts';
import type { ApiConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import { selectRows } from '../db/raw.ts';
import { photoImage } from '../media/files.ts';
import { success } from '../http/envelope.ts';
import { ApiError } from '../http/errors.ts';
import { requestContext } from '../http/request-context.ts';
import { audit } from './audit.ts';
import { actorOf, type AdminContext } from './context.ts';
import { spreadsheetSafe } from './csv.ts';
import { applyProductImport, checkProductCsv, getProductImport } from './product-import.ts';
import { variantsSql, type VariantRow } from './products.ts';
import { staffWithRight } from './sessions.ts';

/** Products read at a time by the export: the file streams out as they are read, whatever the catalogue's size. */
const EXPORT_BATCH = 200;

const homeRate = (db: Database, config: ApiConfig) => priceRateFor(db, config.defaultCountry, config.defaultCountry);
const decimal = (cents: number) => (cents / 100).toFixed(2);

type ExportedProduct = { id: number; reference: string; brand: string | null; category: string | null; gender: string; garment: string; is_active: boolean; price_net_cents: number; tax_class: string; badges: string[]; photos: PhotoFiles[] | null; related: string[]; texts: Partial<Record<Lang, { name: string; description: string; meta_title: string; meta_description: string }>> | null };
type PhotoFiles = { name: string; width: number; height: number; widths: number[] };

/** The export's rows, a batch of products at a time (keyset on the id): one row per variant, one for a product without any. */
async function* productCsvRows(db: Database, rate: number) {
  let after = 0;
  for (;;) {
    const products = await selectRows<ExportedProduct>(
      db,
      sql`select p.id, p.reference, b.name as brand, p.gender, p.garment, p.is_active, p.price_net_cents, p.tax_class, p.badges,
          array(select o.reference from product_related r join products o on o.id = r.related_id where r.product_id = p.id order by r.position) as related,
          (select json_agg(json_build_object('name', ph.name, 'width', ph.width, 'height', ph.height, 'widths', ph.widths) order by ph.position, ph.id)
            from product_photos ph where ph.product_id = p.id) as photos,
          (select t.slug from category_translations t where t.category_id = p.default_category_id and t.lang = 'en') as category,
          (select jsonb_object_agg(t.lang, jsonb_build_object('name', t.name, 'description', t.description, 'meta_title', t.meta_title, 'meta_description', t.meta_description))
            from product_translations t where t.product_id = p.id) as texts
        from products p left join brands b on b.id = p.brand_id where p.id > ${after} order by p.id limit ${EXPORT_BATCH}`,
    );
    if (products.length === 0) return;
    const ids = sql.join(products.map((product) => sql`${product.id}`), sql`, `);
    const variants = await selectRows<VariantRow & { product_id: number }>(
      db,
      sql`select v.*, c.product_id from (${variantsSql(sql`c.product_id in (${ids})`, 'en')}) v join combinations c on c.id = v.id order by c.product_id, v.id`,
    );
    const byProduct = new Map<number, typeof variants>();
    for (const variant of variants) byProduct.set(variant.product_id, [...(byProduct.get(variant.product_id) ?? []), variant]);
    for (const product of products) {
      const shared = [
        product.reference,
        ...STOREFRONT_LANGUAGES.flatMap((lang) => {
          const text = product.texts?.[lang];
          return [text?.name ?? '', text?.description ?? '', text?.meta_title ?? '', text?.meta_description ?? ''];
        }),
        product.brand ?? '',
        product.category ?? '',
        product.gender,
        // Google's and the marketplaces' age group: the kids' products are for kids, the others for adults.
        product.gender === 'kids' ? 'kids' : 'adult',
        product.garment,
        product.is_active ? 'active' : 'draft',
        decimal(withVat(product.price_net_cents, rate)),
        product.tax_class,
        product.badges.join(CSV_LIST_SEPARATOR),
        // Each photo by the path its page's JPEG has (the import reads the photo's name from it), in their order.
        (product.photos ?? []).map((photo) => photoImage(photo).url).join(CSV_LIST_SEPARATOR),
        // The related products by reference, in the merchant's order (ADR 64).
        product.related.join(CSV_LIST_SEPARATOR),
      ];
      const own = byProduct.get(product.id) ?? [];
      if (own.length === 0) yield [...shared, '', '', '', '', '', '', ''];
      for (const variant of own) {
        const date = variant.available_date ? new Date(variant.available_date).toISOString().slice(0, 10) : '';
        const difference = variant.price_impact_net_cents === 0 ? '' : decimal(Math.sign(variant.price_impact_net_cents) * withVat(Math.abs(variant.price_impact_net_cents), rate));
        yield [...shared, variant.reference, variant.size ?? '', variant.colour ?? '', variant.gtin ?? '', difference, String(variant.quantity), date];
      }
    }
    after = products.at(-1)!.id;
  }
}

/**
 * The catalogue's CSV, out and in (docs/adr/0045-products-csv.md), both for the 'catalogue' right:
 * - `GET /admin/exports/products.csv`: every product with its variants, streamed with csv-stringify as it is read,
 *   formula cells kept as text; audited.
 * - `POST /admin/imports/products.csv` (multipart, field `file`): the dry run of a file, read as it streams in.
 */
export function registerProductCsv(app: FastifyInstance, { db, config }: { db: Database; config: ApiConfig }, staffToken: (request: FastifyRequest) => string | null): void {
  app.get('/admin/exports/products.csv', async (request, reply) => {
    const staff = await staffWithRight(db, staffToken(request), 'catalogue');
    const { clientIp } = requestContext(request, config);
    const rate = await homeRate(db, config);
    await audit(db, { staffId: staff.id, email: staff.email, clientIp }, { action: 'product.export', targetType: 'catalogue', targetId: 'products.csv' });
    const csv = stringify({ header: true, columns: [...PRODUCT_CSV_COLUMNS], cast: { string: spreadsheetSafe } });
    void (async () => {
      try {
        for await (const row of productCsvRows(db, rate)) if (!csv.write(row)) await new Promise((resolve) => csv.once('drain', resolve));
        csv.end();
      } catch (error) {
        request.log.error({ failure: (error as Error).message }, 'products export failed');
        csv.destroy(error as Error);
      }
    })();
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="products-${new Date().toISOString().slice(0, 10)}.csv"`)
      .header('cache-control', 'no-store')
      .send(csv);
  });

  // The multipart parser only for the upload (the calls stay JSON only).
  void app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: PRODUCT_CSV_MAX_BYTES, files: 1, fields: 0, parts: 1 } });
    // The body is read as the dry run works through it, for as long as that takes (http/body-time.ts); only a
    // catalogue staff member's session gets that far.
    scope.post('/admin/imports/products.csv', { config: { streamedBody: true } }, async (request) => {
      const staff = await staffWithRight(db, staffToken(request), 'catalogue');
      const upload = request.isMultipart() ? await request.file() : undefined;
      if (!upload) throw new ApiError(400, 'bad_request', 'Send the CSV file as the multipart field `file`');
      const id = await checkProductCsv(db, upload.file, upload.filename || 'products.csv', staff.id, await homeRate(db, config));
      return success(await getProductImport(db, id));
    });
  });
}

export const productImportHandlers = {
  getProductImport: ({ id }: z.output<typeof adminProductImportInput>, { db }: AdminContext) => getProductImport(db, id),
  applyProductImport: ({ id }: z.output<typeof adminProductImportInput>, context: AdminContext) => applyProductImport(context.db, id, actorOf(context)),
};
