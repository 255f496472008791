import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import type { Server } from 'node:http';
import express from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import { createPostAdmission } from '../admission.js';
import { createPostGate } from '../post-gate.js';

/** The time a form's body may take here: small, so that a slow body's 408 comes soon. */
const FORM_MS = 1_500;
const BODY = 'email=shopper%40example.com&password=secret';

let server: Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

/**
 * The storefront's way in for posts as server.js mounts it (behind a trusted proxy: X-Forwarded-For names each
 * client), in front of an app that answers with the body it got. One post is processed at a time over all clients.
 */
async function shop({ perClientInShop }: { perClientInShop: number }) {
  const admit = createPostAdmission({ burst: 100, perSecond: 10, photoBudget: { burst: 1e9, perSecond: 1e9 }, perClientInShop, running: 1, waiting: 8 });
  const gate = createPostGate({
    admit,
    bodyMs: { form: FORM_MS, photos: FORM_MS },
    refuse: (_request, response, status, reason, retryAfterSeconds) => {
      if (retryAfterSeconds) response.set('Retry-After', String(retryAfterSeconds));
      response.status(status).send(reason);
    },
  });
  const app = express();
  app.set('trust proxy', 'loopback');
  app.post('*', (request, response, next) => void gate(request, response, next, { maxBytes: 1024, photoBytes: 0 }));
  app.post('*', (request, response) => response.send(`got ${String(request.body)}`));
  server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server!.once('listening', resolve));
  const { port } = server.address() as AddressInfo;
  const post = (client: string) =>
    fetch(`http://127.0.0.1:${port}/en/auth/login`, {
      method: 'POST',
      headers: { 'X-Forwarded-For': client, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: BODY,
    }).then(async (response) => ({ status: response.status, text: await response.text() }));
  /**
   * A post whose body comes a byte every 50 ms, as long as the connection stays open; `answer` is what the shop
   * answered (its status line) once it closed the connection, and `answered` whether it has yet.
   */
  const slowPost = (client: string) => {
    const socket = connect(port, '127.0.0.1');
    socket.write(
      `POST /en/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Forwarded-For: ${client}\r\n` +
        `Content-Type: application/x-www-form-urlencoded\r\nContent-Length: ${BODY.length}\r\n\r\n`,
    );
    let sent = 0;
    const trickle = setInterval(() => !socket.destroyed && sent < BODY.length && socket.write(BODY[sent++]!), 50);
    const slow = { answered: false, answer: Promise.resolve('') };
    slow.answer = new Promise<string>((resolve) => {
      let received = '';
      socket.on('data', (chunk) => (received += chunk));
      socket.on('error', () => {});
      socket.once('close', () => {
        clearInterval(trickle);
        slow.answered = true;
        resolve(received.split('\r\n')[0]!);
      });
    });
    return slow;
  };
  return { post, slowPost };
}

describe('posts whose bodies come slowly', () => {
  it('answer 408 when the time is up and close, while another client posts; then their client posts again', async () => {
    const { post, slowPost } = await shop({ perClientInShop: 2 });
    const slow = [slowPost('10.0.0.66'), slowPost('10.0.0.66')];
    // Both slow bodies have been admitted (and hold their client's share) before the shopper posts.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const shopper = await post('10.0.0.7');
    expect(shopper).toEqual({ status: 200, text: `got ${BODY}` });
    // The shopper was answered while the slow bodies still trickled: they held no place the shopper needed.
    expect(slow.map(({ answered }) => answered)).toEqual([false, false]);
    expect(await Promise.all(slow.map(({ answer }) => answer))).toEqual(['HTTP/1.1 408 Request Timeout', 'HTTP/1.1 408 Request Timeout']);
    // Their 408 gave the client's share back: its next post goes through.
    expect(await post('10.0.0.66')).toEqual({ status: 200, text: `got ${BODY}` });
  });

  it('hold at most their client\'s share: more of its posts are refused, another client goes through', async () => {
    const { post, slowPost } = await shop({ perClientInShop: 2 });
    const slow = [slowPost('10.0.0.66'), slowPost('10.0.0.66')];
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await post('10.0.0.66')).toEqual({ status: 429, text: 'too_many_requests' });
    expect(await post('10.0.0.7')).toEqual({ status: 200, text: `got ${BODY}` });
    expect(slow.map(({ answered }) => answered)).toEqual([false, false]);
    await Promise.all(slow.map(({ answer }) => answer));
  });
});
