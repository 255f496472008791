// A stand-in for render-app.js in render-threads.test.ts: answers by path, as a built app would.
/** @param {(message: unknown) => void} send */
export async function startRendering(send) {
  return async (/** @type {Request} */ request) => {
    const url = new URL(request.url);
    if (url.pathname === '/busy') {
      // A render: synchronous work that holds its thread.
      const until = Date.now() + Number(url.searchParams.get('ms'));
      while (Date.now() < until);
      return new Response('rendered');
    }
    if (url.pathname === '/page') {
      const headers = new Headers({ 'Content-Type': 'text/html; charset=utf-8' });
      headers.append('Set-Cookie', 'a=1; Path=/');
      headers.append('Set-Cookie', 'b=2; Path=/');
      send({ keptPage: { key: url.href } });
      const parts = ['<p>', request.headers.get('x-shop-client-ip') ?? '', ` ${request.method} ${url.href}</p>`];
      const body = new ReadableStream({
        async pull(controller) {
          await new Promise((resolve) => setTimeout(resolve, 5));
          const part = parts.shift();
          if (part === undefined) controller.close();
          else controller.enqueue(new TextEncoder().encode(part));
        },
      });
      return new Response(body, { status: 201, headers });
    }
    if (url.pathname === '/left') {
      // Tells the test when its visitor has gone.
      request.signal.addEventListener('abort', () => send({ aborted: url.searchParams.get('n') }));
      return new Promise(() => {});
    }
    if (url.pathname === '/stop') process.exit(3);
    throw new Error('no such page');
  };
}
