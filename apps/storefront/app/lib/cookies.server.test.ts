import { parseSetCookie } from 'cookie';
import { describe, expect, it } from 'vitest';
import { removalCookie } from './cookies.server';
import { flashCookie } from './flash.server';
import { sessionCookie } from './session.server';

const NOW = Date.UTC(2025, 10, 25, 12, 0, 0);

describe('removalCookie', () => {
  it('empties the cookie and dates its expiry one day in the past (SPEC §9), without Max-Age', () => {
    const header = removalCookie('_ga', { path: '/', domain: 'shop.example' }, NOW);
    expect(header).toBe('_ga=; Domain=shop.example; Path=/; Expires=Mon, 24 Nov 2025 12:00:00 GMT');
  });
});

describe('the shop’s own cookies are removed the same way', () => {
  const request = new Request('https://shop.example/en/logout');
  for (const [name, header] of [
    ['session', sessionCookie(request, null)],
    ['one-time message', flashCookie(request, null)],
  ] as const) {
    it(`${name}: expired a day ago, still HttpOnly and Secure`, () => {
      const cookie = parseSetCookie(header);
      expect(cookie.value).toBe('');
      expect(cookie.maxAge).toBeUndefined();
      const ageMs = Date.now() - cookie.expires!.getTime();
      expect(ageMs).toBeGreaterThan(23 * 60 * 60 * 1000);
      expect(ageMs).toBeLessThan(25 * 60 * 60 * 1000);
      expect(cookie.httpOnly).toBe(true);
      expect(cookie.secure).toBe(true);
    });
  }
});
