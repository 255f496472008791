// @ts-check
// Pages are rendered on threads of their own (ADR 13, issue 24): a render is one piece of synchronous work (a search
// page 50–300 ms), and on the thread that answers posts every post waited behind the render in progress: a
// shopper's add to cart took 3–5 times its quiet time under one client's flood of pages. Here the server's thread
// keeps the cheap and urgent work (hosts, limits, turns, kept pages, files, posts) and hands each page to be rendered
// to the least busy render thread (render-thread.js), which answers with the page's status, headers and body in pieces.

import { Worker } from 'node:worker_threads';
import { traceHeaders } from '@shop/web-server/trace-context';

/** @typedef {import('express').Request} Request */
/** @typedef {import('express').Response} Response */
/**
 * What a render thread sends about one request: its head, a piece of its body, its end, or why it failed.
 * @typedef {{ id: number, head?: { status: number, statusText: string, headers: [string, string][] }, chunk?: Uint8Array, end?: true, error?: string }} Answer
 */
/** @typedef {{ answer: (message: Answer) => void, fail: (error: Error) => void }} Pending */

/**
 * @param {{ app: string, count: number, onMessage?: (message: unknown) => void }} options `app`: the URL of the module
 *   the threads render with (its `startRendering`, see render-thread.js); `onMessage`: what a thread's app sends the
 *   server's thread (the pages it keeps).
 */
export function createRenderThreads({ app, count, onMessage = () => {} }) {
  /** @type {{ worker: Worker, pending: Map<number, Pending> }[]} */
  const threads = [];
  let lastId = 0;
  let closing = false;
  /** @type {(value?: unknown) => void} */
  let started = () => {};
  /** @type {(error: Error) => void} */
  let failedToStart = () => {};
  const allStarted = new Promise((resolve, reject) => {
    started = resolve;
    failedToStart = reject;
  });
  let startedCount = 0;

  /**
   * Starts the thread of `slot`, and starts it again when it stops: the requests it was rendering fail, others go on.
   * @param {number} slot
   */
  function start(slot) {
    const worker = new Worker(new URL('./render-thread.js', import.meta.url), { workerData: { app } });
    // The server's stop (graceful-stop.js) decides when the process ends, not its threads.
    worker.unref();
    const thread = { worker, pending: new Map(), ready: false };
    threads[slot] = thread;
    worker.on('message', (/** @type {Answer | { ready: true } | { app: unknown }} */ message) => {
      if ('ready' in message) {
        thread.ready = true;
        if (++startedCount === count) started();
      } else if ('app' in message) onMessage(message.app);
      else thread.pending.get(message.id)?.answer(message);
    });
    worker.on('error', (error) => console.error(JSON.stringify({ level: 50, time: Date.now(), msg: 'render thread failed', failure: error.stack ?? String(error) })));
    worker.on('exit', (code) => {
      for (const pending of thread.pending.values()) pending.fail(new Error(`render thread stopped (exit code ${code})`));
      thread.pending.clear();
      if (closing) return;
      // A thread that never started (the build missing or broken) would fail again: the server does not start.
      if (!thread.ready) return failedToStart(new Error(`a render thread stopped before it started (exit code ${code})`));
      start(slot);
    });
  }
  for (let slot = 0; slot < count; slot += 1) start(slot);

  /**
   * Express's handler: renders the request on the least busy thread and sends its answer. `next(error)` when the
   * thread stopped before the answer began; a thread that stops midway leaves a cut answer, its connection closed.
   * @param {Request} request
   * @param {Response} response
   * @param {(error?: unknown) => void} next
   */
  function render(request, response, next) {
    const thread = threads.reduce((least, each) => (each.pending.size < least.pending.size ? each : least));
    const id = ++lastId;
    const done = () => thread.pending.delete(id);
    thread.pending.set(id, {
      answer(message) {
        if (message.head) {
          response.statusMessage = message.head.statusText;
          response.status(message.head.status);
          for (const [name, value] of message.head.headers) response.append(name, value);
        } else if (message.chunk) response.write(message.chunk);
        else if (message.end) {
          done();
          response.end();
        } else {
          done();
          if (response.headersSent) response.destroy();
          else next(new Error(message.error));
        }
      },
      fail(error) {
        if (response.headersSent) response.destroy();
        else next(error);
      },
    });
    // A visitor gone before the answer was whole: the thread stops rendering for nobody.
    response.once('close', () => {
      if (thread.pending.has(id)) {
        done();
        thread.worker.postMessage({ abort: id });
      }
    });
    thread.worker.postMessage({ id, method: request.method, url: pageUrl(request), headers: request.headers, trace: traceHeaders() });
  }

  return {
    render,
    /** Resolves when every thread can render; rejects when one could not start. */
    started: () => allStarted,
    /** The requests each thread is rendering at the moment. */
    pending: () => threads.map((thread) => thread.pending.size),
    close: async () => {
      closing = true;
      await Promise.all(threads.map((thread) => thread.worker.terminate()));
    },
  };
}

/**
 * The page's URL as React Router's Express adapter builds it: the host's name as Express resolved it (a trusted
 * X-Forwarded-Host, else Host), the port the same way, and the path as asked. server.js has checked both ports.
 * @param {Request} request
 */
function pageUrl(request) {
  const portOf = (/** @type {string | undefined} */ host) => Number.parseInt(host?.split(':')[1] ?? '', 10);
  const ports = [request.app.enabled('trust proxy') ? portOf(request.get('x-forwarded-host')) : Number.NaN, portOf(request.get('host'))];
  const port = ports.find((each) => Number.isSafeInteger(each));
  const hostname = request.hostname.split(/[\\/?#@]/)[0] || 'localhost';
  return `${request.protocol}://${hostname}${port === undefined ? '' : `:${port}`}${request.originalUrl}`;
}
