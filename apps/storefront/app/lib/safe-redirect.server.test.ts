import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { safeRedirect } from './safe-redirect.server';

const ORIGIN = 'https://shop.example';
const request = new Request(`${ORIGIN}/en/cart`, { method: 'POST' });

/** Pieces an attacker spells a way off the shop with: slashes, dots, encodings, schemes, control characters, lookalikes. */
const HOSTILE_PIECES = [
  '/', '//', '///', '\\', '/\\', '\\\\', '.', '..', '/./', '/../', '%2e', '%2E%2E', '%2f', '%2F', '%2f%2f', '%5c', '%5C%5C', '%252f', '%25252F',
  '\t', '\n', '\r', '\u0000', '\u000b', '\u001f', '\u007f', ' ', '%09', '%0a', '%0D%0A', '%00', '\u00a0', '\u2028', '\ufeff',
  'http:', 'HtTpS:', 'https://', 'javascript:', 'JaVaScRiPt:', 'data:', 'vbscript:', 'file:', 'mailto:', ':', '@', '?', '#', '&', '%', '%E0%A4%A',
  '\uff0f', '\u2215', '\u2044', '\u29f8', '\uff3c', '\u3002', '\uff0e', '\u2024', 'ｅvil', 'xn--', 'evil.example', 'shop.example', 'shop.example.evil.example',
  'user:pass@', ':443', 'en', 'cart', 'alert(1)',
];
const hostileTarget = fc.array(fc.oneof(fc.constantFrom(...HOSTILE_PIECES), fc.string({ unit: 'binary', maxLength: 4 })), { maxLength: 12 }).map((pieces) => pieces.join(''));

/** What a browser does with the Location header: resolves it against the page's URL. */
const whereBrowserGoes = (target: string) => new URL(target, `${ORIGIN}/en/some/page`);

describe('safeRedirect', () => {
  it('never leaves the shop, whatever the spelling (property)', () => {
    fc.assert(
      fc.property(hostileTarget, (target) => {
        const kept = safeRedirect(request, target, '/en');
        expect(kept.startsWith('/')).toBe(true);
        expect(kept[1]).not.toBe('/');
        expect(kept[1]).not.toBe('\\');
        expect(whereBrowserGoes(kept).origin).toBe(ORIGIN);
        // Decoded by a proxy or router on the way, still a path of the shop.
        expect(whereBrowserGoes(decodeURIComponent(kept)).origin).toBe(ORIGIN);
      }),
      { numRuns: 20_000 },
    );
  });

  it.each([
    '/.//evil.example',
    '/%2e%2e//evil.example',
    '/%2E//evil.example/en',
    '/en/..//evil.example',
    '/%2f%2fevil.example',
    '/%252f%252fevil.example',
    '//evil.example',
    '///evil.example',
    '/\\evil.example',
    '\\\\evil.example',
    '/\t/evil.example',
    '/%09/evil.example',
    '/\n/evil.example',
    '/%5C%5Cevil.example',
    'https://evil.example/',
    'HtTpS://evil.example',
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    ' javascript:alert(1)',
    '/en/cart\r\nSet-Cookie: sid=x',
    '/en/cart%0d%0aLocation:%20https://evil.example',
    '/en/\u0000',
    '/%E0%A4%A',
    '',
    `/${'a'.repeat(3_000)}`,
  ])('refuses %j for the fallback', (target) => {
    expect(safeRedirect(request, target, '/en/cart')).toBe('/en/cart');
  });

  it.each([
    ['/en/cart', '/en/cart'],
    ['/fr/my-account?tab=orders', '/fr/my-account?tab=orders'],
    ['/it/search?q=abito&page=2#results', '/it/search?q=abito&page=2#results'],
    ['/de/%C3%BCber-uns', '/de/%C3%BCber-uns'],
    ['/de/über-uns', '/de/%C3%BCber-uns'],
    ['/en/12-linen-dress.html?group[1]=3#reviews', '/en/12-linen-dress.html?group[1]=3#reviews'],
    // A Referer: the shop's own address, absolute.
    [`${ORIGIN}/es/3-women?sort=price_asc`, '/es/3-women?sort=price_asc'],
    // Dots resolved as the browser would, inside the shop.
    ['/en/women/../cart', '/en/cart'],
  ])('keeps the shop path %j as %j', (target, kept) => {
    expect(safeRedirect(request, target, '/en')).toBe(kept);
  });

  it('reads the shop\'s own scheme without slashes as the browser does: a path of the shop', () => {
    expect(safeRedirect(request, 'https:evil.example', '/en')).toBe('/evil.example');
    expect(whereBrowserGoes('https:evil.example').origin).toBe(ORIGIN);
  });

  it('refuses another origin of the same host and what is not text (a posted file)', () => {
    expect(safeRedirect(request, 'http://shop.example/en/cart', '/en')).toBe('/en');
    expect(safeRedirect(request, 'https://shop.example:8443/en/cart', '/en')).toBe('/en');
    expect(safeRedirect(request, new File(['/en/cart'], 'x.txt'), '/en')).toBe('/en');
    expect(safeRedirect(request, null, '/en')).toBe('/en');
  });
});
