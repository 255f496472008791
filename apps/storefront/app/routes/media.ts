import { PLACEHOLDER_SVG, renderGarmentSvg } from '~/features/media/garment-image';
import type { Route } from './+types/media';

const SVG_HEADERS = {
  'Content-Type': 'image/svg+xml',
  'X-Content-Type-Options': 'nosniff',
  'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'",
};

/**
 * The demo catalogue's generated product pictures: a pure function of the name, cached for a year. A name that
 * is not a picture this shop draws (a product's picture gone, a mistyped link) gets the placeholder, an empty
 * hanger, with 200 so that an image element shows it: kept only an hour, since the name may become a picture.
 */
export function loader({ params }: Route.LoaderArgs) {
  const svg = renderGarmentSvg(params.file);
  return new Response(svg ?? PLACEHOLDER_SVG, {
    headers: { ...SVG_HEADERS, 'Cache-Control': svg ? 'public, max-age=31536000, immutable' : 'public, max-age=3600' },
  });
}
