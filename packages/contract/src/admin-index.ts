// The back office's part of the contract, an entry of its own so that the storefront's bundles never carry it.
export * from './admin.ts';
export * from './admin-call.ts';
export * from './admin-calls.ts';
export * from './admin-customers.ts';
export * from './admin-reviews.ts';
export * from './admin-dashboard.ts';
export * from './personal-data.ts';
export * from './admin-order-actions.ts';
export * from './admin-returns.ts';
export * from './admin-reports.ts';
export * from './admin-team.ts';
export * from './admin-products.ts';
export * from './admin-product-csv.ts';
export * from './admin-photos.ts';
export * from './admin-photo-calls.ts';
export * from './admin-promotions.ts';
export * from './admin-promotion-calls.ts';
