import { describe, expect, it } from 'vitest';
import { networkName } from '~/layouts/Footer';
import { parseSocialLinks } from './config.server';

describe('the footer’s social links (SOCIAL_LINKS)', () => {
  it('keeps only https addresses, and none for `none`', () => {
    expect(parseSocialLinks(' https://www.instagram.com/shop , http://facebook.com/shop, javascript:alert(1), https://x.com/shop')).toEqual([
      'https://www.instagram.com/shop',
      'https://x.com/shop',
    ]);
    expect(parseSocialLinks('none')).toEqual([]);
  });

  it('names each network by its host, and an unknown one by the host itself', () => {
    expect(['https://www.instagram.com/a', 'https://pinterest.co.uk/a', 'https://www.tiktok.com/@a', 'https://mastodon.social/@a'].map(networkName)).toEqual([
      'Instagram',
      'Pinterest',
      'TikTok',
      'mastodon.social',
    ]);
  });
});
