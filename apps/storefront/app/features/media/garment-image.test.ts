import { describe, expect, it } from 'vitest';
import { FIGURES, GARMENTS, PLACEHOLDER_IMAGE_URL, TEXTURES, type Figure } from '@shop/contract/garments';
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

const wellFormed = (svg: string | null | undefined, hex = '1f3a5c') => {
  expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="600" height="800" viewBox="[0-9 ]+">/);
  expect(svg).toMatch(/<\/svg>$/);
  expect(svg).toContain(`fill="#${hex}"`);
  expect(svg).not.toMatch(/undefined|NaN/);
  expect(tagsBalance(svg ?? '')).toBe(true);
};

describe('renderGarmentSvg', () => {
  it.each(Object.keys(FIGURES) as Figure[])('draws a %s from the front, the back and close up, each cut its own', (figure) => {
    const [front, back, detail] = [1, 2, 3].map((view) => renderGarmentSvg(`${figure}-plain-1f3a5c-${view}.svg`));
    for (const svg of [front, back, detail]) wellFormed(svg);
    expect(new Set([front, back, detail]).size).toBe(3);
    // The close-up frames half the picture's width and height.
    expect(detail).toMatch(/viewBox="\d+ \d+ 300 400"/);
    // No other cut of the same kind of garment is drawn the same.
    const siblings = (Object.keys(FIGURES) as Figure[]).filter((other) => other !== figure && FIGURES[other] === FIGURES[figure]);
    for (const other of siblings) expect(renderGarmentSvg(`${other}-plain-1f3a5c-1.svg`)).not.toBe(front);
  });

  it.each(TEXTURES)('lays the %s texture over the cloth (plain has none)', (texture) => {
    const svg = renderGarmentSvg(`jacket-${texture}-1f3a5c-1.svg`.replace('jacket', 'blazer'));
    wellFormed(svg);
    expect(svg?.includes('url(#texture)')).toBe(texture !== 'plain');
  });

  it.each(GARMENTS)('still draws the first addresses of a %s (order lines written before cuts), as its first cut', (garment) => {
    const [front, back] = [1, 2].map((view) => renderGarmentSvg(`${garment}-1f3a5c-${view}.svg`));
    for (const svg of [front, back]) wellFormed(svg);
    expect(back).not.toBe(front);
  });

  it('outlines dark and light colours so that the seams show', () => {
    const outline = (hex: string) => /stroke="(#[0-9a-f]{6})"/.exec(renderGarmentSvg(`shirt-plain-${hex}-1.svg`) ?? '')?.[1];
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
    'dress_midi-plain-1f3a5c-4.svg',
    'dress_midi-velvet-1f3a5c-1.svg',
    'gown-plain-1f3a5c-1.svg',
    'toString-plain-1f3a5c-1.svg',
    'dress_midi-plain-1F3A5C-1.svg',
    'dress-1f3a5c-1.png',
    'dress-1f3a5c-1.svg.svg',
    '../dress-1f3a5c-1.svg',
    'constructor-1f3a5c-1.svg',
    '',
  ])('refuses %j', (name) => {
    expect(renderGarmentSvg(name)).toBeNull();
  });
});
