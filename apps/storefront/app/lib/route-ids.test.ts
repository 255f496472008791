import type { RouteConfigEntry } from '@react-router/dev/routes';
import fc from 'fast-check';
import { matchRoutes, type RouteObject } from 'react-router';
import { SHOP_ROUTE_SEGMENTS } from '@shop/contract';
import { describe, expect, it } from 'vitest';
import routes from '~/routes';
import { BRAND_ID, CATEGORY_ID, parsePageSegment, parseProductParam } from './route-ids';

/** The route table as React Router matches it, each route named by its id (its file, unless given one). */
function routeObjects(entries: RouteConfigEntry[]): RouteObject[] {
  return entries.map((entry) => {
    const id = entry.id ?? entry.file.replace(/\.tsx?$/, '');
    return entry.index ? { id, index: true, path: entry.path } : { id, path: entry.path, children: routeObjects(entry.children ?? []) };
  });
}

/** The id of the innermost route that serves `path`. */
function routeOf(path: string): string | undefined {
  return matchRoutes(routeObjects(routes), path)?.at(-1)?.route.id;
}

describe('route id rules (SPEC §5)', () => {
  it('lists every first segment of the shop\'s own pages, which the back office refuses as a content page\'s slug', () => {
    /** Every route's path, layouts walked through. */
    const paths = (entries: RouteConfigEntry[]): string[] => entries.flatMap((entry) => [...(entry.path ? [entry.path] : []), ...paths(entry.children ?? [])]);
    const segments = [...new Set(paths(routes).map((path) => path.split('/')))]
      .filter((parts) => parts[0] === ':lang' && parts[1] !== undefined && !parts[1].startsWith(':') && !parts[1].includes('.'))
      .map((parts) => parts[1]!);
    expect([...SHOP_ROUTE_SEGMENTS].sort()).toEqual([...new Set(segments)].sort());
  });

  it('reads products, categories and content pages from the segment shape', () => {
    expect(parsePageSegment('12-linen-dress.html')).toEqual({ kind: 'product', id: 12, param: '12-linen-dress' });
    expect(parsePageSegment('3-women')).toEqual({ kind: 'category', id: 3, param: '3-women' });
    expect(parsePageSegment('3-12-dresses')).toEqual({ kind: 'category', id: 3, param: '3-12-dresses' });
    expect(parsePageSegment('delivery')).toEqual({ kind: 'content', slug: 'delivery' });
  });

  it('a product id is letters, digits and hyphens starting with its number', () => {
    expect(parseProductParam('12-linen-dress')).toBe(12);
    expect(parseProductParam('12-Linen-DRESS-2')).toBe(12);
    for (const bad of ['', 'dress', '0-dress', '12_dress', '12 dress', '12.dress', '-12']) expect(parseProductParam(bad), bad).toBeNull();
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

describe('route table (SPEC §2)', () => {
  it('sends {id}.html to the product route and every other segment to the category-or-content route', () => {
    expect(routeOf('/en/12-linen-dress.html')).toBe('routes/product');
    expect(routeOf('/fr/12-robe-en-lin.html')).toBe('routes/product');
    // Malformed product ids still reach the product route, whose loader answers 404.
    expect(routeOf('/en/12_dress.html')).toBe('routes/product');
    expect(routeOf('/en/3-women')).toBe('routes/page');
    expect(routeOf('/en/3-12-dresses')).toBe('routes/page');
    expect(routeOf('/en/delivery')).toBe('routes/page');
    expect(routeOf('/en/.html')).toBe('routes/page');
  });

  it('keeps the named screens ahead of the catch-all segment', () => {
    expect(routeOf('/en/cart')).toBe('routes/cart');
    expect(routeOf('/en/wishlist')).toBe('routes/wishlist');
    expect(routeOf('/en/search')).toBe('routes/search');
    expect(routeOf('/en/brands/7-nord-atelier')).toBe('routes/brand');
    expect(routeOf('/en/12-dress.html/more')).toBe('routes/not-found');
  });
});
