import { renderGarmentSvg } from '../features/media/garment-image';
import type { Route } from './+types/media';

/** The demo catalogue's generated product pictures: a pure function of the name, cached for a year. */
export function loader({ params }: Route.LoaderArgs) {
  const svg = renderGarmentSvg(params.file);
  if (!svg) return new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain' } });
  return new Response(svg, {
    headers: {
      'Content-Type': 'image/svg+xml',
      'Cache-Control': 'public, max-age=31536000, immutable',
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'",
    },
  });
}
