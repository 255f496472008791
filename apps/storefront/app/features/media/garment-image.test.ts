import { describe, expect, it } from 'vitest';
import { GARMENTS, PLACEHOLDER_IMAGE_URL } from '@shop/contract/garments';
import { renderGarmentSvg } from './garment-image.ts';

/** True when every tag is closed in the right order (a cheap well-formedness check without a DOM). */
function tagsBalance(svg: string): boolean {
  const open: string[] = [];
  for (const [, closing, name, selfClosing] of svg.matchAll(/<(\/?)([a-z]+)[^>]*?(\/?)>/g)) {
    if (selfClosing) continue;
    if (!closing) open.push(name ?? '');
    else if (open.pop() !== name) return false;
  }
  return open.length === 0;
}

describe('renderGarmentSvg', () => {
  it.each(GARMENTS)('draws a %s from the front and from the back', (garment) => {
    const front = renderGarmentSvg(`${garment}-1f3a5c-1.svg`);
    const back = renderGarmentSvg(`${garment}-1f3a5c-2.svg`);
    for (const svg of [front, back]) {
      expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="600" height="800" viewBox="0 0 600 800">/);
      expect(svg).toMatch(/<\/svg>$/);
      expect(svg).toContain('fill="#1f3a5c"');
      expect(svg).not.toMatch(/undefined|NaN/);
      expect(tagsBalance(svg ?? '')).toBe(true);
    }
    expect(back).not.toBe(front);
  });

  it('outlines dark and light colours so that the seams show', () => {
    const outline = (hex: string) => /stroke="(#[0-9a-f]{6})"/.exec(renderGarmentSvg(`shirt-${hex}-1.svg`) ?? '')?.[1];
    expect(outline('111111')).not.toBe('#111111');
    expect(outline('f4f1ea')).not.toBe('#f4f1ea');
  });

  it('draws the placeholder that products without a picture point to', () => {
    const svg = renderGarmentSvg(PLACEHOLDER_IMAGE_URL.replace('/media/', ''));
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="600" height="800"/);
    expect(tagsBalance(svg ?? '')).toBe(true);
  });

  it.each([
    'hat-1f3a5c-1.svg',
    'dress-1F3A5C-1.svg',
    'dress-1f3a5-1.svg',
    'dress-1f3a5g-1.svg',
    'dress-1f3a5c-3.svg',
    'dress-1f3a5c-1.png',
    'dress-1f3a5c-1.svg.svg',
    '../dress-1f3a5c-1.svg',
    'constructor-1f3a5c-1.svg',
    '',
  ])('refuses %j', (name) => {
    expect(renderGarmentSvg(name)).toBeNull();
  });
});
