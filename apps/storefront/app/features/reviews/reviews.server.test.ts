import { describe, expect, it } from 'vitest';
import { postBodyAllowance, REVIEW_FORM_MAX_BYTES } from './reviews.server';

const KB = 1024;

describe('what a post may carry before the app reads it (server.js)', () => {
  it('lets a photo chunk carry 64 KB, paid from the photo budget by its size', () => {
    expect(postBodyAllowance('/en/reviews/12/photos?upload=abc&offset=0', 64 * KB)).toEqual({ maxBytes: 64 * KB, photoBytes: 64 * KB });
    // A body without a declared length is read up to the limit and paid as a whole chunk.
    expect(postBodyAllowance('/de/reviews/12/photos?upload=abc&offset=65536', null)).toEqual({ maxBytes: 64 * KB, photoBytes: 64 * KB });
    // Starting an upload or asking where it stands is a form post.
    expect(postBodyAllowance('/en/reviews/12/photos', 40)).toEqual({ maxBytes: 64 * KB, photoBytes: 0 });
  });

  it('lets the review form carry three 8 MB photos; only a form larger than 64 KB is paid in bytes', () => {
    expect(REVIEW_FORM_MAX_BYTES).toBe(3 * 8 * 1024 * KB + 64 * KB);
    expect(postBodyAllowance('/fr/reviews/12', 2 * KB)).toEqual({ maxBytes: REVIEW_FORM_MAX_BYTES, photoBytes: 0 });
    expect(postBodyAllowance('/fr/reviews/12', 5_000_000)).toEqual({ maxBytes: REVIEW_FORM_MAX_BYTES, photoBytes: 5_000_000 });
  });

  it('keeps every other post, and a target no URL can be made of, to a form’s 64 KB', () => {
    for (const target of ['/en/auth/login', '/en/reviews/12/photos/extra?upload=x', '/en/cart?upload=1', 'http://[']) {
      expect(postBodyAllowance(target, 100 * KB)).toEqual({ maxBytes: 64 * KB, photoBytes: 0 });
    }
  });
});
