import { z } from 'zod';
import { adminCall } from './admin-call.ts';
import {
  adminCarrierSchema,
  adminContentPageDetailSchema,
  adminContentPageInput,
  adminContentPageSchema,
  adminContentPagesSchema,
  adminCreateContentPageInput,
  adminDeliverySettingsSchema,
  adminSaveBrandThresholdInput,
  adminSaveCarrierInput,
  adminSaveCarrierRateInput,
  adminSaveContentTranslationInput,
  adminSaveCountryInput,
  adminCreateCarrierInput,
  adminCreateCountryInput,
  adminCreateZoneInput,
  adminSaveZoneInput,
  adminZoneSchema,
  adminSaveTaxRateInput,
  adminSetSizeChartCategoriesInput,
  adminShippingCountrySchema,
  adminBrandThresholdSchema,
  adminCarrierRateSchema,
  adminTaxCountrySchema,
  adminTaxRatesSchema,
} from './admin-delivery.ts';

/** Carriers, their rates per zone, free-shipping thresholds and the countries sold to (area `delivery`). */
export const adminDeliveryCalls = {
  getDeliverySettings: adminCall('delivery', z.object({}), adminDeliverySettingsSchema, { readOnly: true }),
  createZone: adminCall('delivery', adminCreateZoneInput, adminZoneSchema, { refusals: ['zone_key_taken'] }),
  saveZone: adminCall('delivery', adminSaveZoneInput, adminZoneSchema, { refusals: ['not_found', 'stale_edit'] }),
  saveCarrierRate: adminCall('delivery', adminSaveCarrierRateInput, adminCarrierRateSchema, { refusals: ['not_found', 'stale_edit'] }),
  saveCarrier: adminCall('delivery', adminSaveCarrierInput, adminCarrierSchema, { refusals: ['not_found'] }),
  createCarrier: adminCall('delivery', adminCreateCarrierInput, adminCarrierSchema, { refusals: ['carrier_code_taken'] }),
  saveShippingCountry: adminCall('delivery', adminSaveCountryInput, adminShippingCountrySchema, { refusals: ['country_unknown', 'stale_edit', 'home_country_required'] }),
  createShippingCountry: adminCall('delivery', adminCreateCountryInput, adminShippingCountrySchema, { refusals: ['country_known', 'not_found'] }),
  saveBrandThreshold: adminCall('delivery', adminSaveBrandThresholdInput, adminBrandThresholdSchema.nullable(), { refusals: ['country_unknown', 'not_found'] }),
  /** VAT rates per country and tax class (ADR 65). */
  getTaxRates: adminCall('delivery', z.object({}), adminTaxRatesSchema, { readOnly: true }),
  saveTaxRate: adminCall('delivery', adminSaveTaxRateInput, adminTaxCountrySchema, { refusals: ['country_unknown', 'stale_edit'] }),
};

/** Content pages and size charts in every language (area `content`). */
export const adminContentCalls = {
  listContentPages: adminCall('content', z.object({}), adminContentPagesSchema, { readOnly: true }),
  getContentPage: adminCall('content', adminContentPageInput, adminContentPageDetailSchema, { readOnly: true, refusals: ['not_found'] }),
  createContentPage: adminCall('content', adminCreateContentPageInput, adminContentPageSchema, { refusals: ['catalogue_conflict'] }),
  saveContentTranslation: adminCall('content', adminSaveContentTranslationInput, adminContentPageSchema, { refusals: ['not_found', 'stale_edit', 'catalogue_conflict'] }),
  setSizeChartCategories: adminCall('content', adminSetSizeChartCategoriesInput, adminContentPageSchema, { refusals: ['not_found'] }),
};
