import { describe, expect, it } from 'vitest';
import { createPostAdmission } from '../admission.js';

/** A post as server.js hands it over: started when its turn comes, released when its answer is over. */
function poster(admit: ReturnType<typeof createPostAdmission>) {
  const started: string[] = [];
  const releases = new Map<string, () => void>();
  const post = (client: string, name = client, photoBytes = 0) =>
    admit(
      client,
      () => started.push(name),
      (release) => releases.set(name, release),
      photoBytes,
    );
  return { post, started, finish: (name: string) => releases.get(name)!() };
}

const KB = 1024;
const MB = 1024 * KB;
/** A photo budget no test of posts reaches. */
const photoBudget = { burst: 32 * MB, perSecond: (32 * MB) / 60 };

describe('form posts admission', () => {
  it('lets a client post a burst, then at the steady rate, and refuses the rest with when to retry', () => {
    let clock = 0;
    const { post, started, finish } = poster(createPostAdmission({ burst: 3, perSecond: 0.5, photoBudget, perClientInShop: 10, running: 10, waiting: 0, now: () => clock }));
    for (const name of ['a1', 'a2', 'a3']) {
      expect(post('a', name)).toBeNull();
      finish(name);
    }
    expect(post('a', 'a4')).toEqual({ refused: 'too_many_requests', retryAfterSeconds: 2 });
    // Another client is not held back by the first one.
    expect(post('b')).toBeNull();
    clock += 2_000;
    expect(post('a', 'a5')).toBeNull();
    expect(post('a', 'a6')).not.toBeNull();
    expect(started).toEqual(['a1', 'a2', 'a3', 'b', 'a5']);
  });

  it('runs a few posts at a time, queues a few in order, and refuses beyond that', () => {
    const { post, started, finish } = poster(createPostAdmission({ burst: 100, perSecond: 1, photoBudget, perClientInShop: 10, running: 2, waiting: 2 }));
    for (const client of ['p', 'q', 'r', 's']) expect(post(client)).toBeNull();
    expect(post('t')).toEqual({ refused: 'busy', retryAfterSeconds: 1 });
    expect(started).toEqual(['p', 'q']);
    finish('q');
    // Releasing twice frees one place only.
    finish('q');
    expect(started).toEqual(['p', 'q', 'r']);
    finish('p');
    expect(started).toEqual(['p', 'q', 'r', 's']);
    expect(post('u')).toBeNull();
    expect(started).toHaveLength(4);
  });

  it('keeps a few posts of one client in the shop at a time, so one client cannot fill the queue', () => {
    const { post, started, finish } = poster(createPostAdmission({ burst: 100, perSecond: 1, photoBudget, perClientInShop: 2, running: 1, waiting: 10 }));
    expect(post('script', 's1')).toBeNull();
    expect(post('script', 's2')).toBeNull();
    expect(post('script', 's3')).toEqual({ refused: 'too_many_requests', retryAfterSeconds: 1 });
    expect(post('shopper')).toBeNull();
    finish('s1');
    expect(post('script', 's4')).toBeNull();
    finish('s2');
    expect(started).toEqual(['s1', 's2', 'shopper']);
  });

  it('does not run a post whose client left while it waited', () => {
    const admit = createPostAdmission({ burst: 100, perSecond: 1, photoBudget, perClientInShop: 10, running: 1, waiting: 10 });
    const { post, started, finish } = poster(admit);
    post('p');
    admit('gone', () => started.push('gone'), (release) => release());
    post('q');
    finish('p');
    expect(started).toEqual(['p', 'q']);
  });

  it('pays photo chunks from a budget of bytes: an 8 MB photo goes at once, the posts are untouched, a flood is held back', () => {
    let clock = 0;
    const { post, started, finish } = poster(
      createPostAdmission({ burst: 2, perSecond: 1, photoBudget, perClientInShop: 10, running: 10, waiting: 0, now: () => clock }),
    );
    // 128 chunks of 64 KB one after the other, as the browser sends them: none waits.
    for (let chunk = 0; chunk < 128; chunk++) {
      expect(post('phone', `c${chunk}`, 64 * KB)).toBeNull();
      finish(`c${chunk}`);
    }
    // The form posts of the same client still have their whole burst.
    expect(post('phone', 'form1')).toBeNull();
    finish('form1');
    // Three more photos empty the 32 MB budget; the next chunk waits until 64 KB have come back (in 1 s).
    for (let chunk = 0; chunk < 3 * 128; chunk++) {
      expect(post('phone', `d${chunk}`, 64 * KB)).toBeNull();
      finish(`d${chunk}`);
    }
    expect(post('phone', 'late', 64 * KB)).toEqual({ refused: 'too_many_requests', retryAfterSeconds: 1 });
    // Another client's photos are not held back by this one.
    expect(post('other', 'other-chunk', 64 * KB)).toBeNull();
    clock += 1_000;
    expect(post('phone', 'later', 64 * KB)).toBeNull();
    // A tiny chunk is paid as 8 KB: a thousand one-byte posts cost as much as 8 MB.
    finish('later');
    clock += 60_000;
    for (let chunk = 0; chunk < 4096; chunk++) {
      expect(post('script', `t${chunk}`, 1)).toBeNull();
      finish(`t${chunk}`);
    }
    expect(post('script', 'tiny', 1)).not.toBeNull();
    expect(started).toContain('later');
    expect(started).not.toContain('late');
  });
});
