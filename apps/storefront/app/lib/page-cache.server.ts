import { randomBytes } from 'node:crypto';
import { COUNTRY_COOKIE, readCookies } from './locale.server';
import { hasPersonalState } from './session.server';

/**
 * Whole answers for visitors without a session, kept in this process for a few seconds (DESIGN.md §2).
 * Such a page depends only on its URL and the visitor's country, so one render serves everyone who asks
 * for it meanwhile; concurrent asks for a page being rendered wait for that render. Only what the render
 * itself marks public (Cache-Control: public, 200, no cookie set) is kept. Each answer says X-Page-Cache:
 * hit or miss.
 */
const TTL_MS = 5_000; // SPEC §9's data freshness: the public API answers a page is built from are as old.
const MAX_ENTRIES = 500;
const MAX_BYTES = 64 * 1024 * 1024;

/** A kept page: its HTML with the CSP nonce it was rendered with, which every later answer replaces by a fresh one. */
type Entry = { html: string; nonce: string | null; status: number; headers: [string, string][]; expiresAt: number };

const entries = new Map<string, Entry>();
const rendering = new Map<string, Promise<Entry | null>>();
let storedBytes = 0;

/**
 * Everything a public page depends on: its URL (scheme and host included, as the storefront's server resolved
 * them from trusted sources only) and the visitor's country. Nothing else of a request changes the page.
 */
function keyOf(request: Request): string | null {
  if (request.method !== 'GET' || hasPersonalState(request)) return null;
  return `${readCookies(request)[COUNTRY_COOKIE]?.toUpperCase() ?? ''} ${request.url}`;
}

const NONCE = /'nonce-([A-Za-z0-9+/=]+)'/;

function isPublic(response: Response): boolean {
  return response.status === 200 && /\bpublic\b/.test(response.headers.get('Cache-Control') ?? '') && !response.headers.has('Set-Cookie');
}

/**
 * An answer from a kept page. A nonce serves one response only (or a script injected into one page could
 * reuse it): each hit gets a fresh one, in the CSP header and in every script tag of the HTML.
 */
function answer(entry: Entry, state: 'hit' | 'miss'): Response {
  const headers = new Headers(entry.headers);
  headers.set('X-Page-Cache', state);
  if (state === 'miss' || !entry.nonce) return new Response(entry.html, { status: entry.status, headers });
  const fresh = randomBytes(16).toString('base64');
  headers.set('Content-Security-Policy', headers.get('Content-Security-Policy')!.replaceAll(entry.nonce, fresh));
  return new Response(entry.html.replaceAll(entry.nonce, fresh), { status: entry.status, headers });
}

function remember(key: string, entry: Entry): void {
  const previous = entries.get(key);
  if (previous) storedBytes -= previous.html.length;
  entries.delete(key);
  entries.set(key, entry);
  storedBytes += entry.html.length;
  // Oldest first: a Map iterates in insertion order.
  for (const [oldKey, old] of entries) {
    if (entries.size <= MAX_ENTRIES && storedBytes <= MAX_BYTES && old.expiresAt > Date.now()) break;
    entries.delete(oldKey);
    storedBytes -= old.html.length;
  }
}

/** Renders (through `next`) and keeps the answer when it is public; the render's own answer either way. */
async function renderAndKeep(key: string, next: () => Promise<Response>): Promise<{ response: Response; entry: Entry | null }> {
  const response = await next();
  if (!isPublic(response)) return { response, entry: null };
  const nonce = NONCE.exec(response.headers.get('Content-Security-Policy') ?? '')?.[1] ?? null;
  const entry: Entry = { html: await response.text(), nonce, status: response.status, headers: [...response.headers], expiresAt: Date.now() + TTL_MS };
  remember(key, entry);
  return { response: answer(entry, 'miss'), entry };
}

export async function pageCacheMiddleware({ request }: { request: Request }, next: () => Promise<Response>): Promise<Response> {
  const key = keyOf(request);
  if (!key) return next();
  const cached = entries.get(key);
  if (cached && cached.expiresAt > Date.now()) return answer(cached, 'hit');
  const pending = rendering.get(key);
  if (pending) {
    const entry = await pending;
    if (entry) return answer(entry, 'hit');
    return next();
  }
  const render = renderAndKeep(key, next);
  const entryPromise = render.then(({ entry }) => entry, () => null);
  rendering.set(key, entryPromise);
  void entryPromise.finally(() => rendering.delete(key));
  return (await render).response;
}
