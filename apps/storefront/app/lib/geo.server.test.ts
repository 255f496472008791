import { describe, expect, it } from 'vitest';
import { cluesKey, countryClues, detectedCountry, visitorCountry } from './geo.server';

/** A request's headers as the detection reads them (names in any case). */
const headers = (values: Record<string, string>) => (name: string) => new Headers(values).get(name);

describe('country detection', () => {
  it('believes the configured header, and no other', () => {
    expect(detectedCountry(headers({ 'CF-IPCountry': 'de' }), 'cf-ipcountry')).toEqual({ iso: 'DE', from: 'header' });
    // Not configured: a visitor can send any header, so the forged one is ignored and the browser's region counts.
    expect(detectedCountry(headers({ 'CF-IPCountry': 'DE', 'Accept-Language': 'fr-FR' }), undefined)).toEqual({ iso: 'FR', from: 'browser' });
    expect(detectedCountry(headers({ 'X-Country': 'DE' }), 'cf-ipcountry')).toBeNull();
  });

  it('falls back to the browser region when the header is missing or names no country', () => {
    expect(detectedCountry(headers({ 'Accept-Language': 'es-ES,es;q=0.9' }), 'x-country')).toEqual({ iso: 'ES', from: 'browser' });
    // Cloudflare's T1 (Tor) and anything but two letters are not countries.
    expect(detectedCountry(headers({ 'X-Country': 'T1', 'Accept-Language': 'it-IT' }), 'x-country')).toEqual({ iso: 'IT', from: 'browser' });
    expect(detectedCountry(headers({ 'X-Country': 'DEU' }), 'x-country')).toBeNull();
  });

  it('takes the region of the most wanted language that names one', () => {
    const region = (acceptLanguage: string) => detectedCountry(headers({ 'Accept-Language': acceptLanguage }), undefined)?.iso ?? null;
    expect(region('de;q=0.9, en-GB;q=0.8, fr-CA')).toBe('CA');
    expect(region('de, en-GB;q=0.8')).toBe('GB');
    expect(region('zh-Hant-TW')).toBe('TW');
    expect(region('es-419, de')).toBeNull();
    expect(detectedCountry(headers({}), undefined)).toBeNull();
  });
});

describe('the visitor’s country', () => {
  // Italy at home; Germany and Spain in its price zone (the EU); Switzerland and the United States outside it.
  const shop = [
    { iso: 'IT', group: 'EU' },
    { iso: 'DE', group: 'EU' },
    { iso: 'ES', group: 'EU' },
    { iso: 'CH', group: 'EUROPE_OTHER' },
    { iso: 'US', group: 'WORLD' },
  ];
  const country = (cookies: Record<string, string>, sent: Record<string, string>) => visitorCountry(countryClues(cookies, headers(sent), 'x-country'), 'IT', shop);

  it('is the trusted header’s country at once, wherever the shop sells', () => {
    expect(country({}, { 'X-Country': 'ES' })).toEqual({ country: 'ES', notice: { country: 'ES', applied: true } });
    expect(country({}, { 'X-Country': 'US', 'Accept-Language': 'de-DE' })).toEqual({ country: 'US', notice: { country: 'US', applied: true } });
  });

  it('is the browser region’s country at once only in the home price zone; outside it, the notice offers it', () => {
    expect(country({}, { 'Accept-Language': 'de-DE' })).toEqual({ country: 'DE', notice: { country: 'DE', applied: true } });
    expect(country({}, { 'Accept-Language': 'en-US' })).toEqual({ country: null, notice: { country: 'US', applied: false } });
    expect(country({}, { 'Accept-Language': 'de-CH' })).toEqual({ country: null, notice: { country: 'CH', applied: false } });
  });

  it('is the shop’s default when nothing is known, or nothing the shop sells to, with no notice at home', () => {
    const nothing = { country: null, notice: null };
    expect(country({}, { 'Accept-Language': 'en' })).toEqual(nothing);
    expect(country({}, { 'X-Country': 'JP' })).toEqual(nothing);
    expect(country({}, { 'Accept-Language': 'it-IT' })).toEqual(nothing);
  });

  it('is the chosen one whatever is detected; a declined offer is neither offered again nor applied', () => {
    expect(country({ country: 'fr' }, { 'X-Country': 'ES' })).toEqual({ country: 'FR', notice: null });
    expect(country({ country_notice: 'US' }, { 'Accept-Language': 'en-US' })).toEqual({ country: null, notice: null });
    expect(country({ country_notice: 'ES' }, { 'X-Country': 'ES' })).toEqual({ country: null, notice: null });
    // A dismissal is for one country: a visitor later detected elsewhere is told again.
    expect(country({ country_notice: 'US' }, { 'X-Country': 'ES' })).toEqual({ country: 'ES', notice: { country: 'ES', applied: true } });
    // A cookie that names no country is no choice.
    expect(country({ country: 'x' }, { 'X-Country': 'ES' })).toEqual({ country: 'ES', notice: { country: 'ES', applied: true } });
  });

  it('keys a page on the choice, else the detection and who made it', () => {
    const key = (cookies: Record<string, string>, sent: Record<string, string>) => cluesKey(countryClues(cookies, headers(sent), 'x-country'));
    expect(key({}, { 'X-Country': 'ES' })).toBe('header:ES');
    expect(key({}, { 'Accept-Language': 'es-ES' })).toBe('browser:ES');
    expect(key({ country: 'ES' }, { 'X-Country': 'DE' })).toBe('ES');
    expect(key({ country_notice: 'ES' }, { 'X-Country': 'ES' })).toBe('');
    expect(key({}, { 'Accept-Language': 'en' })).toBe('');
  });
});
