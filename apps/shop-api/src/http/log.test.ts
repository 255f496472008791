import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { throttledLines } from '@shop/contract/log-lines';
import { loggerOptions } from './log.ts';

/** A throttle whose clock the test moves. */
function throttleAt() {
  const lines: string[] = [];
  const clock = { time: 1_000 };
  const throttle = throttledLines((line) => lines.push(line), { now: () => clock.time });
  return { lines, clock, throttle };
}

const line = (msg: string, time: number) => `${JSON.stringify({ level: 50, time, msg })}\n`;

describe('throttledLines (SPEC §9: 1000 ms, from the 5th repeat)', () => {
  it('writes the first five identical lines of a window, counts the rest, and reports them when the window ends', () => {
    const { lines, clock, throttle } = throttleAt();
    for (let index = 0; index < 50; index++) {
      clock.time += 10;
      throttle.write(line('database unreachable', clock.time));
    }
    expect(lines).toHaveLength(5);
    clock.time += 1_000;
    throttle.sweep();
    expect(lines).toHaveLength(6);
    expect(JSON.parse(lines[5]!)).toMatchObject({ level: 50, repeated: 45, msg: '45 more identical lines within 1000 ms left out: database unreachable' });
    // A new window writes again.
    throttle.write(line('database unreachable', clock.time));
    expect(lines).toHaveLength(7);
  });

  it('never holds back different lines, nor lines repeated slower than the window', () => {
    const { lines, clock, throttle } = throttleAt();
    for (let index = 0; index < 20; index++) throttle.write(line(`order ${index} paid`, clock.time));
    for (let index = 0; index < 10; index++) {
      clock.time += 1_000;
      throttle.write(line('housekeeping done', clock.time));
    }
    expect(lines).toHaveLength(30);
  });
});

describe('the shop API’s logger', () => {
  it('writes JSON lines without secrets or personal data', async () => {
    let output = '';
    const out = new Writable({
      write(chunk, _encoding, done) {
        output += String(chunk);
        done();
      },
    });
    const app = Fastify({ logger: loggerOptions('info', out) });
    app.log.info(
      { customer: { email: 'chiara@example.com', password: 'Secret-Passw0rd!', first_name: 'Chiara' }, headers: { authorization: 'Bearer abc', cookie: 'sid=xyz' }, card_number: '4242424242424242' },
      'customer signed in',
    );
    await app.close();
    const [written] = output.trim().split('\n').map((text) => JSON.parse(text) as Record<string, unknown>);
    expect(written).toMatchObject({ msg: 'customer signed in', customer: { email: '[redacted]', password: '[redacted]', first_name: '[redacted]' } });
    expect(written).toMatchObject({ headers: { authorization: '[redacted]', cookie: '[redacted]' }, card_number: '[redacted]' });
    for (const secret of ['chiara@example.com', 'Secret-Passw0rd!', 'Bearer abc', 'sid=xyz', '4242424242424242']) expect(output).not.toContain(secret);
  });
});
