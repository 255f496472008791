import { describe, expect, it } from 'vitest';
import { noticeCandidate } from './geo.server';
import { readCookies } from './locale.server';
import { pageCacheMiddleware } from './page-cache.server';

/**
 * A public page as the shop renders it for `request`: what the country notice would offer is in it, so a page
 * kept for one visitor and served to another shows which visitor it was rendered for.
 */
function render(request: Request) {
  const notice = noticeCandidate(readCookies(request), (name) => request.headers.get(name)) ?? 'none';
  return async () => new Response(`notice: ${notice}`, { headers: { 'Cache-Control': 'public, s-maxage=30' } });
}

async function visit(url: string, headers: Record<string, string> = {}) {
  const request = new Request(url, { headers });
  const response = await pageCacheMiddleware({ request }, render(request));
  return { body: await response.text(), cache: response.headers.get('X-Page-Cache') };
}

describe('the page cache and the country notice', () => {
  it('never serves one visitor’s notice to a visitor detected elsewhere', async () => {
    const url = 'http://localhost/en/3-women?geo=1';
    expect(await visit(url, { 'Accept-Language': 'de-DE' })).toEqual({ body: 'notice: DE', cache: 'miss' });
    expect(await visit(url, { 'Accept-Language': 'fr-FR' })).toEqual({ body: 'notice: FR', cache: 'miss' });
    expect(await visit(url, { 'Accept-Language': 'en' })).toEqual({ body: 'notice: none', cache: 'miss' });
    // Visitors detected in the same country share one render.
    expect(await visit(url, { 'Accept-Language': 'de-AT;q=0.5, de-DE' })).toEqual({ body: 'notice: DE', cache: 'hit' });
  });

  it('keeps apart the pages of a visitor who chose a country or dismissed the notice', async () => {
    const url = 'http://localhost/en/3-women?geo=2';
    expect(await visit(url, { 'Accept-Language': 'de-DE' })).toEqual({ body: 'notice: DE', cache: 'miss' });
    expect(await visit(url, { 'Accept-Language': 'de-DE', Cookie: 'country=IT' })).toEqual({ body: 'notice: none', cache: 'miss' });
    expect(await visit(url, { 'Accept-Language': 'de-DE', Cookie: 'country_notice=DE' })).toEqual({ body: 'notice: none', cache: 'miss' });
    // The dismissed visitor's page is the page of everyone without a notice.
    expect(await visit(url, { 'Accept-Language': 'en' })).toEqual({ body: 'notice: none', cache: 'hit' });
  });
});
