import { index, layout, prefix, route, type RouteConfig } from '@react-router/dev/routes';

// SPEC §2: every screen lives under a language prefix; /sitemap.xml (and the generated images) do not.
export default [
  index('routes/language-redirect.ts'),
  route('sitemap.xml', 'routes/sitemap.ts'),
  route('media/:file', 'routes/media.ts'),
  route('review-photos/:file', 'routes/review-photo.ts'),
  route('product-photos/:file', 'routes/product-photo.ts'),
  ...prefix(':lang', [
    route('preferences', 'routes/preferences.ts'),
    route('manifest.webmanifest', 'routes/manifest.ts'),
    route('texts/:version.js', 'routes/texts.ts'),
    route('search/suggestions', 'routes/search-suggestions.ts'),
    route('logout', 'routes/logout.ts'),
    route('password-strength', 'routes/password-strength.ts'),
    route('reviews/:productId/photos', 'routes/review-photos.ts'),
    route('dev/mailbox/:id', 'routes/dev-mailbox-message.ts'),
    layout('layouts/default.tsx', [
      index('routes/home.tsx'),
      route('home', 'routes/home.tsx', { id: 'routes/home-alias' }),
      route('error', 'routes/error.tsx'),
      route('offline', 'routes/offline.tsx'),
      route('cookie-settings', 'routes/cookie-settings.tsx'),
      route('search', 'routes/search.tsx'),
      route('cart', 'routes/cart.tsx'),
      route('wishlist', 'routes/wishlist.tsx'),
      layout('routes/account/layout.tsx', [
        route('my-account', 'routes/account/profile.tsx'),
        route('my-account/addresses', 'routes/account/addresses.tsx'),
        route('my-account/orders', 'routes/account/orders.tsx'),
        route('my-account/data', 'routes/account/data.ts'),
      ]),
      route('size-chart/:slug', 'routes/size-chart.tsx'),
      route('dev/mailbox', 'routes/dev-mailbox.tsx'),
      route('reviews/:productId', 'routes/reviews.tsx'),
      route('brands', 'routes/brands.tsx'),
      route('brands/:brandId', 'routes/brand.tsx'),
      // SPEC §2's catalogue pages. `{id}.html` is a product: the `.html` suffix makes the segment static in
      // React Router's ranking, so it wins over `:page` wherever it is listed. Every other segment is a category
      // ({digits-and-hyphens}-{slug}) or a content page ({slug}): routes/page.tsx tells them apart and hands each
      // to its own module (routes/category.tsx, routes/content.tsx). routes.test.ts checks the matching.
      route(':product.html', 'routes/product.tsx'),
      route(':page', 'routes/page.tsx'),
    ]),
    layout('layouts/blank.tsx', [
      route('checkout', 'routes/checkout/checkout.tsx'),
      route('checkout/success', 'routes/checkout/success.tsx'),
      route('checkout/failed', 'routes/checkout/failed.tsx'),
      route('checkout/validate', 'routes/checkout/validate.tsx'),
      route('auth/login', 'routes/auth/login.tsx'),
      route('login', 'routes/auth/login.tsx', { id: 'routes/auth/login-alias' }),
      route('auth/register', 'routes/auth/register.tsx'),
      route('register', 'routes/auth/register.tsx', { id: 'routes/auth/register-alias' }),
      route('auth/confirm-account', 'routes/auth/confirm-account.tsx'),
      route('forgot-password', 'routes/auth/forgot-password.tsx'),
      route('auth/reset-password', 'routes/auth/forgot-password.tsx', { id: 'routes/auth/reset-password-alias' }),
      route('auth/set-new-password', 'routes/auth/set-new-password.tsx'),
      route('reset-password', 'routes/auth/set-new-password.tsx', { id: 'routes/auth/set-new-password-alias' }),
      route('auth/reset-password-success', 'routes/auth/reset-password-success.tsx'),
    ]),
  ]),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
