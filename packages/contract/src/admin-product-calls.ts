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
import { z } from 'zod';

/** The catalogue's products (issue 27): the list, the editor, publishing, the variant grid and stock. Every change is audited. */
export const adminProductCalls = {
  listProducts: adminCall('catalogue', adminProductsInput, adminProductsSchema, { readOnly: true }),
  /** The editor's product (none for `id` absent: a new one) and the choices its fields offer. */
  getProductEditor: adminCall('catalogue', z.object({ id: adminProductInput.shape.id.optional() }), adminProductEditorSchema, { readOnly: true, refusals: ['not_found'] }),
  saveProduct: adminCall('catalogue', adminSaveProductInput, adminSavedProductSchema, { refusals: ['not_found', 'catalogue_conflict', 'shelf_price_unreachable'] }),
  publishProduct: adminCall('catalogue', adminPublishProductInput, adminSavedProductSchema, { refusals: ['not_found', 'product_incomplete'] }),
  createVariantGrid: adminCall('catalogue', adminVariantGridInput, adminVariantGridSchema, { refusals: ['not_found', 'catalogue_conflict'] }),
  saveVariant: adminCall('catalogue', adminSaveVariantInput, adminVariantSchema, { refusals: ['not_found', 'catalogue_conflict'] }),
  changeStock: adminCall('catalogue', adminChangeStockInput, adminChangedStockSchema, { refusals: ['not_found'] }),
  listLowStock: adminCall('catalogue', adminLowStockInput, adminLowStockSchema, { readOnly: true }),
};
