import { randomBytes } from 'node:crypto';
import { PassThrough } from 'node:stream';
import { createReadableStreamFromReadable } from '@react-router/node';
import { renderToPipeableStream } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import type { EntryContext } from 'react-router';
import { ServerRouter } from 'react-router';
import { pageTexts, serverI18n, textsUrl } from './i18n/i18n.server';
import { storefrontConfig } from './lib/config.server';
import { detectionHeaders } from './lib/geo.server';
import { isSecureRequest, requestLanguage } from './lib/locale.server';
import { NonceContext } from './lib/nonce';
import { setSecurityHeaders } from './lib/security-headers.server';
import { hasPersonalState } from './lib/session.server';
import { log } from './lib/log.server';

export const streamTimeout = 10_000;

/** For the storefront's server (server.js): kept pages are answered before React Router handles a request. */
export { keptPage } from './lib/page-cache.server';
/** For server.js: how large a post's body may be, and how much of it is photos (the post admission's byte budget). */
export { postBodyAllowance } from './features/reviews/reviews.server';

/**
 * Caching of whole pages (DESIGN.md §2): a successful page for a visitor without a session is the same
 * for everyone with that URL and country, so a CDN may keep it briefly; everything else is private.
 */
function cacheControl(request: Request, status: number): string {
  if (status !== 200 || request.method !== 'GET' || hasPersonalState(request)) return 'private, no-store';
  return 'public, max-age=0, s-maxage=30, stale-while-revalidate=300';
}

export default async function handleRequest(request: Request, status: number, headers: Headers, routerContext: EntryContext) {
  const lang = requestLanguage(request);
  const [i18n, texts] = await Promise.all([serverI18n(lang), pageTexts(lang)]);
  const nonce = randomBytes(16).toString('base64');
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext value={nonce}>
        <I18nextProvider i18n={i18n}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </I18nextProvider>
      </NonceContext>,
      {
        nonce,
        // The page's texts for hydration (routes/texts.ts): a script the browser keeps, not 34 KB in every page.
        bootstrapScripts: [textsUrl(lang, texts.version)],
        // React otherwise moves a large finished Suspense boundary (a rail of cards) out of place, to be put back
        // by a script: a whole document keeps every part where it stands, readable without JavaScript.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        // A document is sent whole, its streamed (deferred) parts resolved in place: a page kept by the page cache
        // (which reads the whole answer anyway) must be complete, and a browser without JavaScript (or a crawler)
        // cannot run React's scripts that move streamed parts into place. So below-the-fold data streams on client
        // navigations (React Router's data requests), where JavaScript runs by definition; docs/performance.md.
        onAllReady() {
          shellRendered = true;
          const body = new PassThrough();
          headers.set('Content-Type', 'text/html; charset=utf-8');
          headers.set('Cache-Control', cacheControl(request, status));
          // The page's country and its notice (ADR 0021) follow the detected country: a CDN keeps one page per detection.
          headers.append('Vary', ['Cookie', ...detectionHeaders()].join(', '));
          setSecurityHeaders(headers, { nonce, secure: isSecureRequest(request), production: import.meta.env.PROD, tagManager: Boolean(storefrontConfig.gtmId) });
          resolve(new Response(createReadableStreamFromReadable(body), { headers, status }));
          pipe(body);
        },
        onShellError: reject,
        onError(error: unknown) {
          status = 500;
          if (shellRendered) log.error('render failed', { failure: error instanceof Error ? (error.stack ?? error.message) : String(error) });
        },
      },
    );
    setTimeout(abort, streamTimeout + 1000);
  });
}
