import { PLACEHOLDER_IMAGE_URL } from '@shop/contract/garments';
import { describe, expect, it } from 'vitest';
import { PLACEHOLDER_SVG } from '~/features/media/garment-image';
import { loader } from './media';

type LoaderArgs = Parameters<typeof loader>[0];
const get = (file: string) => loader({ params: { file } } as unknown as LoaderArgs);

describe('/media/:file', () => {
  it('draws a garment and lets it be cached for a year', async () => {
    const response = get('dress-1f3a5c-1.svg');
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toBe('image/svg+xml');
    expect(response.headers.get('Cache-Control')).toContain('immutable');
    expect(await response.text()).toContain('fill="#1f3a5c"');
  });

  it('answers the placeholder products without a picture point to', async () => {
    const response = get(PLACEHOLDER_IMAGE_URL.replace('/media/', ''));
    expect(response.status).toBe(200);
    expect(await response.text()).toBe(PLACEHOLDER_SVG);
  });

  it.each(['gown-1f3a5c-1.svg', 'dress-1f3a5c-3.svg', 'missing.jpg', 'x'])('falls back to the placeholder image, with 200, for %s', async (file) => {
    const response = get(file);
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toBe('image/svg+xml');
    expect(response.headers.get('X-Content-Type-Options')).toBe('nosniff');
    // Not kept for a year: the name may become a real picture.
    expect(response.headers.get('Cache-Control')).toBe('public, max-age=3600');
    expect(await response.text()).toBe(PLACEHOLDER_SVG);
  });
});
