import { STOREFRONT_LANGUAGES } from '@shop/contract/constants';
import type { Alternates } from '@shop/contract';
import type { Route } from './+types/sitemap';
import { loadOrFail } from '~/lib/api/shop.server';
import { pageContext, publicOrigin } from '~/lib/request-context.server';

const escapeXml = (value: string) => value.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);

/** One <url> per language of a page, each listing all languages as alternates (Google's hreflang sitemap form). */
function urlEntries(origin: string, paths: Partial<Record<string, string>>): string[] {
  const alternates = STOREFRONT_LANGUAGES.filter((lang) => paths[lang] !== undefined)
    .map((lang) => `<xhtml:link rel="alternate" hreflang="${lang}" href="${escapeXml(origin + paths[lang])}"/>`)
    .join('');
  return STOREFRONT_LANGUAGES.filter((lang) => paths[lang] !== undefined).map(
    (lang) => `<url><loc>${escapeXml(origin + paths[lang])}</loc>${alternates}</url>`,
  );
}

/** `{ fr: '12-robe' }` → `{ fr: '/fr/12-robe.html' }` (with a folder and a suffix where the route has them). */
const localized = (alternates: Alternates, { folder = '', suffix = '' } = {}) =>
  Object.fromEntries(Object.entries(alternates).map(([lang, path]) => [lang, `/${lang}/${folder}${path}${suffix}`]));

export async function loader({ request, context }: Route.LoaderArgs) {
  const { api } = pageContext(context);
  const [sitemap, bootstrap] = await loadOrFail(Promise.all([api('getSitemap', {}), api('bootstrap', {})]));
  const origin = publicOrigin(request);
  const home = Object.fromEntries(STOREFRONT_LANGUAGES.map((lang) => [lang, `/${lang}`]));
  const pages = [
    home,
    ...sitemap.categories.map((entry) => localized(entry.alternates)),
    ...sitemap.products.map((entry) => localized(entry.alternates, { suffix: '.html' })),
    ...sitemap.pages.map((entry) => localized(entry.alternates)),
    // SPEC §2: brand pages exist only with the 'blue' theme.
    ...(bootstrap.settings.theme === 'blue'
      ? [Object.fromEntries(STOREFRONT_LANGUAGES.map((lang) => [lang, `/${lang}/brands`])), ...sitemap.brands.map((entry) => localized(entry.alternates, { folder: 'brands/' }))]
      : []),
  ];
  const body = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...pages.flatMap((paths) => urlEntries(origin, paths)),
    '</urlset>',
  ].join('\n');
  return new Response(body, { headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=300' } });
}
