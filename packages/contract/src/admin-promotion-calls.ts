import { adminCall } from './admin-call.ts';
import {
  adminCodeDetailSchema,
  adminCodeInput,
  adminCodeSchema,
  adminCodesInput,
  adminCodesSchema,
  adminEndInput,
  adminPromotionChoicesSchema,
  adminSaleSchema,
  adminSalesInput,
  adminSalesSchema,
  adminSaveCodeInput,
  adminSaveSaleInput,
  adminUpdateSaleInput,
} from './admin-promotions.ts';
import { z } from 'zod';

/** Prices, sales and codes: coupons and vouchers with their uses, and sales periods (area `promotions`). */
export const adminPromotionCalls = {
  listCodes: adminCall('promotions', adminCodesInput, adminCodesSchema, { readOnly: true }),
  getCode: adminCall('promotions', adminCodeInput, adminCodeDetailSchema, { readOnly: true, refusals: ['not_found'] }),
  saveCode: adminCall('promotions', adminSaveCodeInput, adminCodeSchema, { refusals: ['not_found', 'code_taken'] }),
  endCode: adminCall('promotions', adminEndInput, adminCodeSchema, { refusals: ['not_found'] }),
  getPromotionChoices: adminCall('promotions', z.object({}), adminPromotionChoicesSchema, { readOnly: true }),
  listSales: adminCall('promotions', adminSalesInput, adminSalesSchema, { readOnly: true }),
  createSale: adminCall('promotions', adminSaveSaleInput, adminSaleSchema, { refusals: ['not_found'] }),
  getSale: adminCall('promotions', adminEndInput, adminSaleSchema, { readOnly: true, refusals: ['not_found'] }),
  updateSale: adminCall('promotions', adminUpdateSaleInput, adminSaleSchema, { refusals: ['not_found', 'sale_ended', 'sale_started'] }),
  endSale: adminCall('promotions', adminEndInput, adminSaleSchema, { refusals: ['not_found'] }),
};
