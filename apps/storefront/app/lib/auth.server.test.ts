import { describe, expect, it } from 'vitest';
import { safeRedirect } from './auth.server';

describe('safeRedirect', () => {
  it.each(['/en/cart', '/fr/my-account?tab=orders', '/it/search?q=abito#results', '/de/%C3%BCber-uns'])('keeps the shop path %j', (target) => {
    expect(safeRedirect(target, '/en')).toBe(target);
  });

  it.each([
    'https://evil.example/',
    '//evil.example',
    '/\\evil.example',
    '/\t/evil.example',
    '/%09/evil.example',
    '/\\/evil.example',
    '/%5C%5Cevil.example',
    '/en/cart\r\nSet-Cookie: sid=x',
    '/en/cart%0d%0aLocation:%20https://evil.example',
    '/en/\u0000',
    '/%E0%A4%A',
    'javascript:alert(1)',
    '',
    `/${'a'.repeat(3_000)}`,
  ])('refuses %j for the fallback', (target) => {
    expect(safeRedirect(target, '/en/cart')).toBe('/en/cart');
  });

  it('refuses what is not text (a posted file)', () => {
    expect(safeRedirect(new File(['/en'], 'x.txt'), '/en')).toBe('/en');
    expect(safeRedirect(null, '/en')).toBe('/en');
  });
});
