import { describe, expect, it } from 'vitest';
import { countryClues, visitorCountry } from './geo.server';
import { readCookies } from './locale.server';
import { pageCacheMiddleware } from './page-cache.server';

const shop = [
  { iso: 'IT', group: 'EU' },
  { iso: 'DE', group: 'EU' },
  { iso: 'FR', group: 'EU' },
  { iso: 'US', group: 'WORLD' },
];

/**
 * A public page as the shop renders it for `request`: its country and notice are in it, so a page kept for one
 * visitor and served to another shows which visitor it was rendered for.
 */
function render(request: Request) {
  const { country, notice } = visitorCountry(countryClues(readCookies(request), (name) => request.headers.get(name)), 'IT', shop);
  const told = notice ? `${notice.applied ? 'applied' : 'offered'} ${notice.country}` : 'none';
  return async () => new Response(`country: ${country ?? 'IT'}, notice: ${told}`, { headers: { 'Cache-Control': 'public, s-maxage=30' } });
}

async function visit(url: string, headers: Record<string, string> = {}) {
  const request = new Request(url, { headers });
  const response = await pageCacheMiddleware({ request }, render(request));
  return { body: await response.text(), cache: response.headers.get('X-Page-Cache') };
}

describe('the page cache and the visitor’s country', () => {
  it('never serves one visitor’s country or notice to a visitor detected elsewhere', async () => {
    const url = 'http://localhost/en/3-women?geo=1';
    expect(await visit(url, { 'Accept-Language': 'de-DE' })).toEqual({ body: 'country: DE, notice: applied DE', cache: 'miss' });
    expect(await visit(url, { 'Accept-Language': 'fr-FR' })).toEqual({ body: 'country: FR, notice: applied FR', cache: 'miss' });
    expect(await visit(url, { 'Accept-Language': 'en-US' })).toEqual({ body: 'country: IT, notice: offered US', cache: 'miss' });
    expect(await visit(url, { 'Accept-Language': 'en' })).toEqual({ body: 'country: IT, notice: none', cache: 'miss' });
    // Visitors detected in the same country share one render.
    expect(await visit(url, { 'Accept-Language': 'de-AT;q=0.5, de-DE' })).toEqual({ body: 'country: DE, notice: applied DE', cache: 'hit' });
  });

  it('keeps apart the pages of a visitor who chose a country or declined the offer', async () => {
    const url = 'http://localhost/en/3-women?geo=2';
    expect(await visit(url, { 'Accept-Language': 'de-DE' })).toEqual({ body: 'country: DE, notice: applied DE', cache: 'miss' });
    expect(await visit(url, { 'Accept-Language': 'de-DE', Cookie: 'country=DE' })).toEqual({ body: 'country: DE, notice: none', cache: 'miss' });
    expect(await visit(url, { 'Accept-Language': 'en-US', Cookie: 'country_notice=US' })).toEqual({ body: 'country: IT, notice: none', cache: 'miss' });
    // The declining visitor's page is the page of everyone of whom nothing is known.
    expect(await visit(url, { 'Accept-Language': 'en' })).toEqual({ body: 'country: IT, notice: none', cache: 'hit' });
  });
});
