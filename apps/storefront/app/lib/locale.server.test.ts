import { describe, expect, it } from 'vitest';
import { parseLocaleDomains } from './config.server';
import { acceptedLanguages, detectLanguage, requestLanguage } from './locale.server';

const request = (url: string, headers: Record<string, string> = {}) => new Request(url, { headers });

describe('locale detection', () => {
  const domains = parseLocaleDomains('boutique.example.fr=fr, shop.example.de=de, bad=xx');

  it('orders Accept-Language by q-value', () => {
    expect(acceptedLanguages('en;q=0.5, it-IT, de;q=0.8')).toEqual(['it', 'de', 'en']);
    expect(acceptedLanguages('')).toEqual([]);
  });

  it('prefers the stored cookie, then the browser, then the domain, then English', () => {
    expect(detectLanguage(request('http://shop.example.de/', { Cookie: 'lang=es', 'Accept-Language': 'it' }), domains)).toBe('es');
    expect(detectLanguage(request('http://shop.example.de/', { 'Accept-Language': 'ja, it;q=0.5' }), domains)).toBe('it');
    expect(detectLanguage(request('http://shop.example.de/', { 'Accept-Language': 'ja' }), domains)).toBe('de');
    expect(detectLanguage(request('http://localhost/', { Cookie: 'lang=xx' }), domains)).toBe('en');
    expect(domains.has('bad')).toBe(false);
  });

  it('takes the language from the route first', () => {
    expect(requestLanguage(request('http://localhost/fr/cart', { Cookie: 'lang=de' }))).toBe('fr');
    expect(requestLanguage(request('http://localhost/xx/cart', { Cookie: 'lang=de' }))).toBe('de');
  });
});
