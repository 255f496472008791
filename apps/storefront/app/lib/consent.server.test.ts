import { parseSetCookie } from 'cookie';
import { describe, expect, it } from 'vitest';
import { CONSENT_VERSION, formatConsent, parseConsent, tagManagerId } from './consent';
import { CONSENT_COOKIE, consentCookies, requestGrants } from './consent.server';
import { consentMode } from '~/features/consent/tag-manager';

describe('tagManagerId (SPEC §9: GTM- followed by letters or digits)', () => {
  it.each(['GTM-ABC123', 'GTM-K9', 'gtm-abc'])('accepts %s', (id) => expect(tagManagerId(id)).toBe(id));
  it.each([undefined, '', 'GTM-', 'UA-12345-1', 'G-ABC123', 'GTM-ABC 123', 'GTM-ABC"><script>', 'GTM-ABC&l=x', 'xGTM-ABC', 'GTM-ÄBC'])('refuses %s', (id) =>
    expect(tagManagerId(id)).toBeNull(),
  );
});

describe('the consent cookie', () => {
  const date = new Date('2026-11-25T10:00:00.000Z');

  it('keeps the version, the granted categories and the date', () => {
    const value = formatConsent({ version: CONSENT_VERSION, granted: ['marketing', 'statistics'], date });
    expect(parseConsent(value)).toEqual({ version: CONSENT_VERSION, granted: ['statistics', 'marketing'], date });
    expect(parseConsent(formatConsent({ version: CONSENT_VERSION, granted: [], date }))).toEqual({ version: CONSENT_VERSION, granted: [], date });
  });

  it('asks again when the choice answered an older consent text, or is not one the shop wrote', () => {
    const old = formatConsent({ version: CONSENT_VERSION - 1, granted: ['statistics'], date });
    expect(requestGrants({ [CONSENT_COOKIE]: old })).toBeNull();
    for (const value of [undefined, '', 'yes', `${CONSENT_VERSION}.tracking.${date.toISOString()}`, `${CONSENT_VERSION}.statistics.yesterday`]) {
      expect(requestGrants({ [CONSENT_COOKIE]: value })).toBeNull();
    }
    expect(requestGrants({ [CONSENT_COOKIE]: formatConsent({ version: CONSENT_VERSION, granted: ['statistics'], date }) })).toEqual(['statistics']);
  });
});

describe('consentCookies', () => {
  const request = new Request('https://www.shop.example/en/cookie-settings', { method: 'POST' });
  const browserCookies = { sid: 'x', lang: 'en', _ga: 'GA1.1', _ga_ABC: 'GS1', _gcl_au: '1.1', consent: 'old' };
  const removed = (headers: string[]) =>
    headers
      .slice(1)
      .map((header) => parseSetCookie(header))
      .map((cookie) => `${cookie.name}@${cookie.domain ?? 'host'}`);

  it('stores the choice as a necessary cookie for six months', () => {
    const [stored] = consentCookies(request, ['statistics'], {});
    const cookie = parseSetCookie(stored!);
    expect(cookie.name).toBe(CONSENT_COOKIE);
    expect(parseConsent(cookie.value)?.granted).toEqual(['statistics']);
    expect(cookie.maxAge).toBe(180 * 24 * 60 * 60);
    expect(cookie).toMatchObject({ path: '/', sameSite: 'lax', secure: true, httpOnly: true });
  });

  it('rejecting removes the statistics and marketing cookies already set, on the host and its parent domains, never the necessary ones', () => {
    const headers = consentCookies(request, [], browserCookies);
    expect(removed(headers).sort()).toEqual(
      ['_ga', '_ga_ABC', '_gcl_au'].flatMap((name) => [`${name}@host`, `${name}@www.shop.example`, `${name}@shop.example`]).sort(),
    );
    for (const header of headers.slice(1)) {
      const cookie = parseSetCookie(header);
      expect(cookie.value).toBe('');
      expect(Date.now() - cookie.expires!.getTime()).toBeGreaterThan(23 * 60 * 60 * 1000);
    }
  });

  it('keeps the cookies of the granted categories', () => {
    expect(removed(consentCookies(request, ['statistics'], browserCookies))).not.toContain('_ga@host');
    expect(removed(consentCookies(request, ['statistics'], browserCookies))).toContain('_gcl_au@host');
    expect(consentCookies(request, ['statistics', 'marketing'], browserCookies)).toHaveLength(1);
  });
});

describe('consentMode', () => {
  it('passes each category on as Google’s consent-mode signals', () => {
    expect(consentMode([])).toEqual({
      ad_storage: 'denied',
      ad_user_data: 'denied',
      ad_personalization: 'denied',
      analytics_storage: 'denied',
      functionality_storage: 'denied',
      personalization_storage: 'denied',
    });
    expect(consentMode(['statistics'])).toMatchObject({ analytics_storage: 'granted', ad_storage: 'denied' });
    expect(consentMode(['marketing'])).toMatchObject({ analytics_storage: 'denied', ad_storage: 'granted', ad_user_data: 'granted' });
  });
});
