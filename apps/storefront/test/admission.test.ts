import { describe, expect, it } from 'vitest';
import { createPostAdmission } from '../admission.js';

type Admitted = Exclude<ReturnType<ReturnType<typeof createPostAdmission>>, { refused: string }>;

/**
 * Posts as post-gate.js hands them over: admitted with their headers, processed when their body has come (at once
 * with post(), later with arrive() for those only admitted by begin()), released when their answer is over.
 */
function poster(admit: ReturnType<typeof createPostAdmission>) {
  const started: string[] = [];
  const admitted = new Map<string, Admitted>();
  const begin = (client: string, name = client, photoBytes = 0) => {
    const answer = admit(client, photoBytes);
    if (!('refused' in answer)) admitted.set(name, answer);
    return 'refused' in answer ? answer : null;
  };
  const arrive = (name: string) => admitted.get(name)!.process(() => started.push(name));
  const post = (client: string, name = client, photoBytes = 0) => begin(client, name, photoBytes) ?? arrive(name);
  return { begin, arrive, post, started, finish: (name: string) => admitted.get(name)!.release() };
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

  it('keeps a few posts of one client in the shop at a time and serves the clients in turn, so one client cannot fill the queue', () => {
    const { post, started, finish } = poster(createPostAdmission({ burst: 100, perSecond: 1, photoBudget, perClientInShop: 2, running: 1, waiting: 10 }));
    expect(post('script', 's1')).toBeNull();
    expect(post('script', 's2')).toBeNull();
    expect(post('script', 's3')).toEqual({ refused: 'too_many_requests', retryAfterSeconds: 1 });
    expect(post('shopper')).toBeNull();
    finish('s1');
    // The shopper's post goes before the script's second one: the turns go round the clients.
    expect(started).toEqual(['s1', 'shopper']);
    expect(post('script', 's4')).toBeNull();
    finish('shopper');
    finish('s2');
    expect(started).toEqual(['s1', 'shopper', 's2', 's4']);
  });

  it('does not run a post whose client left while it waited', () => {
    const { post, started, finish } = poster(createPostAdmission({ burst: 100, perSecond: 1, photoBudget, perClientInShop: 10, running: 1, waiting: 10 }));
    post('p');
    post('gone');
    finish('gone');
    post('q');
    finish('p');
    expect(started).toEqual(['p', 'q']);
  });

  it('gives a post a place among those processed only once its body has come, meanwhile it holds a place of its client only', () => {
    const { begin, arrive, post, started, finish } = poster(createPostAdmission({ burst: 100, perSecond: 1, photoBudget, perClientInShop: 2, running: 1, waiting: 0 }));
    // Two bodies of one client trickle in: they hold its share, and no place of the shop's.
    expect(begin('slow', 's1')).toBeNull();
    expect(begin('slow', 's2')).toBeNull();
    expect(begin('slow', 's3')).toEqual({ refused: 'too_many_requests', retryAfterSeconds: 1 });
    expect(post('shopper')).toBeNull();
    expect(started).toEqual(['shopper']);
    // A body that has come waits for the place like any other (none may wait here: refused as busy).
    expect(arrive('s1')).toEqual({ refused: 'busy', retryAfterSeconds: 1 });
    finish('s1');
    finish('shopper');
    expect(arrive('s2')).toBeNull();
    // A body that never came gives its client's share back when its connection ends.
    finish('s2');
    expect(begin('slow', 's4')).toBeNull();
    expect(begin('slow', 's5')).toBeNull();
    expect(started).toEqual(['shopper', 's2']);
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

  it('takes no turn for a post whose client went away while its body came, so that the turn is never lost', () => {
    const admit = createPostAdmission({ burst: 10, perSecond: 1, photoBudget, perClientInShop: 4, running: 1, waiting: 4 });
    const { begin, arrive, post, started, finish } = poster(admit);
    expect(begin('gone')).toBeNull();
    // The connection closed before the body's end was seen: post-gate.js's close has released it already.
    finish('gone');
    expect(arrive('gone')).toBeNull();
    expect(admit.processing()).toBe(0);
    // The one place is free for the next shopper.
    expect(post('shopper')).toBeNull();
    expect(started).toEqual(['shopper']);
  });
});
