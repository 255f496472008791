import { randomBytes } from 'node:crypto';
import { PassThrough } from 'node:stream';
import { createReadableStreamFromReadable } from '@react-router/node';
import { renderToPipeableStream } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { ServerRouter, type EntryContext } from 'react-router';
import type { i18n as I18n } from 'i18next';
import { createI18n, LANGS, type Lang } from './i18n/texts';
import { langOf } from './lib/lang.server';
import { NonceContext } from './lib/nonce';

export const streamTimeout = 10_000;

const i18nByLang = new Map<Lang, I18n>(LANGS.map((lang) => [lang, createI18n(lang)]));

/**
 * Every back-office page is about the shop's private data: never kept by a browser or a CDN, never indexed, never
 * framed, and only the page's own scripts run (a nonce per response).
 */
function setHeaders(headers: Headers, nonce: string, secure: boolean): void {
  headers.set('Content-Type', 'text/html; charset=utf-8');
  headers.set('Cache-Control', 'no-store');
  headers.set('X-Robots-Tag', 'noindex, nofollow');
  headers.set('X-Content-Type-Options', 'nosniff');
  // Nothing of a back-office address leaves it; its own posts still name their origin (the CSRF check, server.js).
  headers.set('Referrer-Policy', 'same-origin');
  headers.set('X-Frame-Options', 'DENY');
  headers.set('Cross-Origin-Opener-Policy', 'same-origin');
  headers.set('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=()');
  if (secure) headers.set('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
  // Vite's development server injects its own scripts and styles: the policy applies to the built back office.
  if (!import.meta.env.PROD) return;
  headers.set(
    'Content-Security-Policy',
    [
      "default-src 'self'",
      `script-src 'self' 'nonce-${nonce}'`,
      "style-src 'self'",
      "img-src 'self' data:",
      "connect-src 'self'",
      "frame-ancestors 'none'",
      "base-uri 'none'",
      "form-action 'self'",
      "object-src 'none'",
    ].join('; '),
  );
}

export default function handleRequest(request: Request, status: number, headers: Headers, routerContext: EntryContext) {
  const i18n = i18nByLang.get(langOf(request))!;
  const nonce = randomBytes(16).toString('base64');
  return new Promise<Response>((resolve, reject) => {
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext value={nonce}>
        <I18nextProvider i18n={i18n}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </I18nextProvider>
      </NonceContext>,
      {
        nonce,
        // A whole document, readable without JavaScript.
        onAllReady() {
          const body = new PassThrough();
          setHeaders(headers, nonce, new URL(request.url).protocol === 'https:');
          resolve(new Response(createReadableStreamFromReadable(body), { headers, status }));
          pipe(body);
        },
        onShellError: reject,
        onError() {
          status = 500;
        },
      },
    );
    setTimeout(abort, streamTimeout + 1000);
  });
}
