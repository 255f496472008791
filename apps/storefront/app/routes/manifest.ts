import { isLang } from '@shop/contract/constants';
import type { Route } from './+types/manifest';
import { serverTranslator } from '~/i18n/i18n.server';
import { notFound } from '~/lib/request-context.server';

/** `/{lang}/manifest.webmanifest`: the web app manifest, named in the page's language (linked from root.tsx). */
export async function loader({ params }: Route.LoaderArgs) {
  if (!isLang(params.lang)) return notFound();
  const t = await serverTranslator(params.lang);
  const manifest = {
    name: t('site.name'),
    short_name: t('site.name'),
    description: t('site.tagline'),
    lang: params.lang,
    start_url: `/${params.lang}`,
    scope: '/',
    display: 'standalone',
    background_color: '#ffffff',
    theme_color: '#1c1917',
    icons: [{ src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' }],
  };
  return new Response(JSON.stringify(manifest), {
    headers: { 'Content-Type': 'application/manifest+json', 'Cache-Control': 'public, max-age=3600' },
  });
}
