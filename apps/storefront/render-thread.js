// @ts-check
// A render thread (render-threads.js starts it): renders the requests the server's thread hands it with the app its
// `workerData.app` module starts (`startRendering(send)`, which resolves to a fetch-style handler; `send` passes the
// app's own messages to the server's thread), and sends each answer back as its head, its body in pieces, its end.
import { parentPort, workerData } from 'node:worker_threads';
import { inTrace } from '@shop/web-server/trace-context';

const port = /** @type {import('node:worker_threads').MessagePort} */ (parentPort);
/** @type {{ startRendering: (send: (message: unknown) => void) => Promise<(request: Request) => Promise<Response>> }} */
const app = await import(workerData.app);
const render = await app.startRendering((message) => port.postMessage({ app: message }));
/** The requests being rendered, by id: a visitor who leaves aborts theirs. */
const inProgress = new Map();

/** @param {{ id: number, method: string, url: string, headers: Record<string, string | string[] | undefined>, trace: Record<string, string> }} asked */
async function answer({ id, method, url, headers, trace }) {
  const controller = new AbortController();
  inProgress.set(id, controller);
  try {
    const requestHeaders = new Headers();
    for (const [name, value] of Object.entries(headers)) for (const each of [value ?? []].flat()) requestHeaders.append(name, each);
    const response = await inTrace(trace, () => render(new Request(url, { method, headers: requestHeaders, signal: controller.signal })));
    port.postMessage({ id, head: { status: response.status, statusText: response.statusText, headers: [...response.headers] } });
    if (response.body) {
      for await (const chunk of response.body) {
        if (controller.signal.aborted) break;
        port.postMessage({ id, chunk });
      }
    }
    port.postMessage({ id, end: true });
  } catch (error) {
    port.postMessage({ id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  } finally {
    inProgress.delete(id);
  }
}

port.on('message', (message) => (message.abort ? inProgress.get(message.abort)?.abort() : void answer(message)));
port.postMessage({ ready: true });
