import { index, layout, route, type RouteConfig } from '@react-router/dev/routes';

export default [
  route('sign-in', 'routes/sign-in.tsx'),
  route('sign-in/code', 'routes/sign-in-code.tsx'),
  route('setup', 'routes/setup.tsx'),
  route('sign-out', 'routes/sign-out.ts'),
  layout('routes/staff-layout.tsx', [
    route('orders', 'routes/orders.tsx'),
    route('orders/:reference', 'routes/order.tsx'),
    // The dashboard, customers and their data, the newsletter's subscribers, reviews.
    index('routes/dashboard.tsx'),
    route('customers', 'routes/customers.tsx'),
    route('customers/guest', 'routes/guest.tsx'),
    route('customers/:id', 'routes/customer.tsx'),
    route('people/export', 'routes/person-export.ts'),
    route('subscribers', 'routes/subscribers.tsx'),
    route('subscribers/export', 'routes/subscribers-export.ts'),
    route('reviews', 'routes/reviews.tsx'),
    // Returns, the audit trail and the accountant's exports.
    route('returns', 'routes/returns.tsx'),
    // The mails the shop could not send.
    route('mails', 'routes/mails.tsx'),
    route('audit', 'routes/audit.tsx'),
    route('exports', 'routes/exports.tsx'),
    route('exports/orders.csv', 'routes/exports-orders-csv.ts'),
    // The catalogue: products, the editor (a new product's too), low stock.
    route('products', 'routes/products.tsx'),
    route('products/low-stock', 'routes/low-stock.tsx'),
    // The catalogue as CSV: export, upload and dry run, apply.
    route('products/csv', 'routes/products-csv.tsx'),
    route('products/export.csv', 'routes/products-export-csv.ts'),
    route('products/imports/:id', 'routes/product-import.tsx'),
    route('products/new', 'routes/product.tsx', { id: 'product-new' }),
    route('products/:id', 'routes/product.tsx'),
    // Prices, sales and codes.
    route('codes', 'routes/codes.tsx'),
    route('codes/:id', 'routes/code.tsx'),
    route('sales', 'routes/sales.tsx'),
    route('sales/:id', 'routes/sale.tsx'),
    // The search's synonyms.
    route('search-synonyms', 'routes/search-synonyms.tsx'),
    // Delivery: carriers, rates, thresholds and countries; content pages and size charts.
    route('delivery', 'routes/delivery.tsx'),
    route('tax-rates', 'routes/tax-rates.tsx'),
    route('pages', 'routes/pages.tsx'),
    route('pages/:id', 'routes/content-page.tsx'),
    // The owners' staff page.
    route('staff', 'routes/team.tsx'),
    // Each member's own password.
    route('account/password', 'routes/own-password.tsx'),
    // A product's photos (the product editor links here).
    route('products/:id/photos', 'routes/product-photos.tsx'),
    route('products/:id/photos/:file', 'routes/product-photo-file.ts'),
  ]),
] satisfies RouteConfig;
