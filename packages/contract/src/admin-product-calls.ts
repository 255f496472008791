import { adminCall } from './admin-call.ts';
import {
  adminChangedStockSchema,
  adminChangeStockInput,
  adminLowStockInput,
  adminLowStockSchema,
  adminProductEditorSchema,
  adminProductInput,
  adminProductsInput,
  adminProductsSchema,
  adminPublishProductInput,
  adminSavedProductSchema,
  adminSaveProductInput,
  adminSaveVariantInput,
  adminVariantGridInput,
  adminVariantGridSchema,
  adminVariantSchema,
} from './admin-products.ts';
import { adminProductImportInput, adminProductImportSchema } from './admin-product-csv.ts';
import { z } from 'zod';

/** The catalogue's products (issue 27): the list, the editor, publishing, the variant grid and stock. Every change is audited. */
export const adminProductCalls = {
  listProducts: adminCall('catalogue', adminProductsInput, adminProductsSchema, { readOnly: true }),
  /** The editor's product (none for `id` absent: a new one) and the choices its fields offer. */
  getProductEditor: adminCall('catalogue', z.object({ id: adminProductInput.shape.id.optional() }), adminProductEditorSchema, { readOnly: true, refusals: ['not_found'] }),
  saveProduct: adminCall('catalogue', adminSaveProductInput, adminSavedProductSchema, { refusals: ['not_found', 'catalogue_conflict', 'shelf_price_unreachable', 'related_unknown'] }),
  publishProduct: adminCall('catalogue', adminPublishProductInput, adminSavedProductSchema, { refusals: ['not_found', 'product_incomplete'] }),
  createVariantGrid: adminCall('catalogue', adminVariantGridInput, adminVariantGridSchema, { refusals: ['not_found', 'catalogue_conflict'] }),
  saveVariant: adminCall('catalogue', adminSaveVariantInput, adminVariantSchema, { refusals: ['not_found', 'catalogue_conflict'] }),
  changeStock: adminCall('catalogue', adminChangeStockInput, adminChangedStockSchema, { refusals: ['not_found'] }),
  listLowStock: adminCall('catalogue', adminLowStockInput, adminLowStockSchema, { readOnly: true }),
  /** A CSV import's dry run (the file is uploaded to `POST /admin/imports/products.csv`, docs/adr/0045-products-csv.md). */
  getProductImport: adminCall('catalogue', adminProductImportInput, adminProductImportSchema, { readOnly: true, refusals: ['not_found'] }),
  /** Applies a checked import a batch (one transaction) at a time; an interrupted one goes on where it stopped. */
  applyProductImport: adminCall('catalogue', adminProductImportInput, adminProductImportSchema, { refusals: ['not_found', 'import_refused', 'import_expired', 'catalogue_conflict'] }),
};
