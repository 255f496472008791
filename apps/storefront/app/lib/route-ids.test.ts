import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BRAND_ID, CATEGORY_ID, parsePageSegment } from './route-ids';

describe('route id rules (SPEC §5)', () => {
  it('reads products, categories and content pages from the segment shape', () => {
    expect(parsePageSegment('12-linen-dress.html')).toEqual({ kind: 'product', id: 12, param: '12-linen-dress' });
    expect(parsePageSegment('3-women')).toEqual({ kind: 'category', id: 3, param: '3-women' });
    expect(parsePageSegment('3-12-dresses')).toEqual({ kind: 'category', id: 3, param: '3-12-dresses' });
    expect(parsePageSegment('delivery')).toEqual({ kind: 'content', slug: 'delivery' });
  });

  it('rejects ids that break the rules', () => {
    for (const bad of ['12_dress.html', '12 dress.html', '.html', 'dress!.html', '12', '12-', '12-Women', '3-wo men', 'Delivery', 'a--b', '-x']) {
      expect(parsePageSegment(bad), bad).toEqual({ kind: 'invalid' });
    }
  });

  it('brand ids are digits, a hyphen, then a slug', () => {
    expect(BRAND_ID.test('7-nord-atelier')).toBe(true);
    for (const bad of ['7', 'nord', '7-', '7-Nord', '7_nord', '7--nord']) expect(BRAND_ID.test(bad), bad).toBe(false);
  });

  it('accepts every well-formed category id and never a segment with other characters', () => {
    const slug = fc.stringMatching(/^[a-z][a-z0-9]{0,8}(-[a-z0-9]{1,8}){0,3}$/);
    fc.assert(fc.property(fc.integer({ min: 1, max: 1e9 }), slug, (id, s) => CATEGORY_ID.test(`${id}-${s}`)));
    fc.assert(fc.property(fc.string(), (text) => !/[^a-z0-9-]/.test(text) || parsePageSegment(text).kind === 'invalid' || text.endsWith('.html')));
  });
});
