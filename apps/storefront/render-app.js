// @ts-check
// What a render thread renders with (render-thread.js): the built app's request handler. The pages the thread keeps
// (app/lib/page-cache.server.ts) are sent to the server's thread, which answers them from then on before any render.
import { createRequestHandler } from 'react-router';

/** @param {(message: unknown) => void} send */
export async function startRendering(send) {
  const build = /** @type {import('react-router').ServerBuild & { entry: { module: typeof import('./app/entry.server') } }} */ (
    /** @type {unknown} */ (await import('./build/server/index.js'))
  );
  build.entry.module.onPageKept((key, entry) => send({ keptPage: { key, entry } }));
  return createRequestHandler(build, process.env.NODE_ENV);
}
