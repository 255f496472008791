import { describe, expect, it } from 'vitest';
import { countryNotice, detectedCountry, noticeCandidate } from './geo.server';

/** A request's headers as the detection reads them (names in any case). */
const headers = (values: Record<string, string>) => (name: string) => new Headers(values).get(name);

describe('country detection', () => {
  it('believes the configured header, and no other', () => {
    expect(detectedCountry(headers({ 'CF-IPCountry': 'de' }), 'cf-ipcountry')).toBe('DE');
    // Not configured: a visitor can send any header, so the forged one is ignored and the browser's region counts.
    expect(detectedCountry(headers({ 'CF-IPCountry': 'DE', 'Accept-Language': 'fr-FR' }), undefined)).toBe('FR');
    expect(detectedCountry(headers({ 'X-Country': 'DE' }), 'cf-ipcountry')).toBeNull();
  });

  it('falls back to the browser region when the header is missing or names no country', () => {
    expect(detectedCountry(headers({ 'Accept-Language': 'es-ES,es;q=0.9' }), 'x-country')).toBe('ES');
    // Cloudflare's T1 (Tor) and anything but two letters are not countries.
    expect(detectedCountry(headers({ 'X-Country': 'T1', 'Accept-Language': 'it-IT' }), 'x-country')).toBe('IT');
    expect(detectedCountry(headers({ 'X-Country': 'DEU' }), 'x-country')).toBeNull();
  });

  it('takes the region of the most wanted language that names one', () => {
    expect(detectedCountry(headers({ 'Accept-Language': 'de;q=0.9, en-GB;q=0.8, fr-CA' }), undefined)).toBe('CA');
    expect(detectedCountry(headers({ 'Accept-Language': 'de, en-GB;q=0.8' }), undefined)).toBe('GB');
    expect(detectedCountry(headers({ 'Accept-Language': 'zh-Hant-TW' }), undefined)).toBe('TW');
    expect(detectedCountry(headers({ 'Accept-Language': 'es-419, de' }), undefined)).toBeNull();
    expect(detectedCountry(headers({}), undefined)).toBeNull();
  });
});

describe('the country notice', () => {
  const shop = [{ iso: 'IT' }, { iso: 'DE' }, { iso: 'FR' }];
  const german = headers({ 'Accept-Language': 'de-DE' });

  it('offers a detected country the shop sells to, other than the page’s', () => {
    expect(countryNotice(noticeCandidate({}, german, undefined), 'IT', shop)).toBe('DE');
    expect(countryNotice(noticeCandidate({}, german, undefined), 'DE', shop)).toBeNull();
    expect(countryNotice(noticeCandidate({}, headers({ 'Accept-Language': 'ja-JP' }), undefined), 'IT', shop)).toBeNull();
  });

  it('is not offered after a country was chosen, nor again for a country dismissed', () => {
    expect(noticeCandidate({ country: 'fr' }, german, undefined)).toBeNull();
    expect(noticeCandidate({ country_notice: 'DE' }, german, undefined)).toBeNull();
    // A dismissal is for one country: a visitor later detected elsewhere is asked again.
    expect(noticeCandidate({ country_notice: 'FR' }, german, undefined)).toBe('DE');
    // A cookie that names no country is no choice.
    expect(noticeCandidate({ country: 'x' }, german, undefined)).toBe('DE');
  });
});
