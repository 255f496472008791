import { randomBytes } from 'node:crypto';
import { parse } from 'cookie';
import { requestGrants } from './consent.server';
import { cluesKey, countryClues, type HeaderOf } from './geo.server';
import { hasPersonalCookies } from './session.server';

/**
 * Whole answers for visitors without a session, kept in this process for a few seconds (DESIGN.md §2).
 * Such a page depends only on its URL and the visitor's country (chosen, or detected), so one render serves everyone who asks
 * for it meanwhile; concurrent asks for a page being rendered wait for that render. Only what the render
 * itself marks public (Cache-Control: public, 200, no cookie set) is kept. Each answer says X-Page-Cache:
 * hit or miss.
 */
const TTL_MS = 5_000; // SPEC §9's data freshness: the public API answers a page is built from are as old.
const MAX_ENTRIES = 500;
const MAX_BYTES = 64 * 1024 * 1024;

/**
 * A kept page, cut where the CSP nonce it was rendered with stood (in its HTML and in its headers), so that every
 * later answer puts a fresh one there without searching the page again.
 */
type Entry = { htmlParts: string[]; bytes: number; status: number; headerParts: [string, string[]][]; expiresAt: number };

const entries = new Map<string, Entry>();
const rendering = new Map<string, Promise<Entry | null>>();
let storedBytes = 0;

/**
 * Everything a public page depends on: its URL (scheme and host included, as the storefront's server resolved
 * them from trusted sources only), the country the visitor chose, else the one detected and who said so (the page's
 * country and its notice follow from these and the shop's countries, ADR 0021), and their cookie consent (whether
 * the consent dialog shows, which categories the tag manager gets; not its date: a handful of variants, ADR 0019).
 * Nothing else of a request changes the page.
 */
function keyOf(method: string, url: string, header: HeaderOf): string | null {
  if (method !== 'GET') return null;
  const cookies = parse(header('cookie') ?? '');
  if (hasPersonalCookies(cookies)) return null;
  const consent = requestGrants(cookies)?.join('_') ?? '?';
  return `${cluesKey(countryClues(cookies, header))} ${consent} ${url}`;
}

const NONCE = /'nonce-([A-Za-z0-9+/=]+)'/;

function isPublic(response: Response): boolean {
  return response.status === 200 && /\bpublic\b/.test(response.headers.get('Cache-Control') ?? '') && !response.headers.has('Set-Cookie');
}

/** A kept page as it is sent: its parts joined around `nonce`. */
type Kept = { status: number; headers: [string, string][]; body: string };

/**
 * A kept page with a fresh nonce. A nonce serves one response only (or a script injected into one page could
 * reuse it): each answer gets its own, in the CSP header and in every script tag of the HTML.
 */
function withNonce(entry: Entry, nonce: string, state: 'hit' | 'miss'): Kept {
  const headers = entry.headerParts.map(([name, parts]): [string, string] => [name, parts.join(nonce)]);
  headers.push(['X-Page-Cache', state]);
  return { status: entry.status, headers, body: entry.htmlParts.join(nonce) };
}

const freshNonce = () => randomBytes(16).toString('base64');

function answer({ status, headers, body }: Kept): Response {
  return new Response(body, { status, headers });
}

/**
 * The storefront's server asks here first (server.js): a kept page for this GET, with a fresh nonce, answered
 * before React Router handles the request at all; null when there is none (a personal page, a miss, a page
 * being rendered).
 */
export function keptPage(method: string, url: string, header: HeaderOf): Kept | null {
  const key = keyOf(method, url, header);
  const entry = key ? entries.get(key) : undefined;
  return entry && entry.expiresAt > Date.now() ? withNonce(entry, freshNonce(), 'hit') : null;
}

function remember(key: string, entry: Entry): void {
  const previous = entries.get(key);
  if (previous) storedBytes -= previous.bytes;
  entries.delete(key);
  entries.set(key, entry);
  storedBytes += entry.bytes;
  // Oldest first: a Map iterates in insertion order.
  for (const [oldKey, old] of entries) {
    if (entries.size <= MAX_ENTRIES && storedBytes <= MAX_BYTES && old.expiresAt > Date.now()) break;
    entries.delete(oldKey);
    storedBytes -= old.bytes;
  }
}

/** Renders (through `next`) and keeps the answer when it is public; the render's own answer either way. */
async function renderAndKeep(key: string, next: () => Promise<Response>): Promise<{ response: Response; entry: Entry | null }> {
  const response = await next();
  if (!isPublic(response)) return { response, entry: null };
  const nonce = NONCE.exec(response.headers.get('Content-Security-Policy') ?? '')?.[1] ?? null;
  const html = await response.text();
  // Without a nonce there is nothing to cut: each part list is then the whole text.
  const cut = (text: string) => (nonce ? text.split(nonce) : [text]);
  const entry: Entry = {
    htmlParts: cut(html),
    bytes: html.length,
    status: response.status,
    headerParts: [...response.headers].map(([name, value]) => [name, cut(value)]),
    expiresAt: Date.now() + TTL_MS,
  };
  remember(key, entry);
  return { response: answer(withNonce(entry, nonce ?? '', 'miss')), entry };
}

export async function pageCacheMiddleware({ request }: { request: Request }, next: () => Promise<Response>): Promise<Response> {
  const key = keyOf(request.method, request.url, (name) => request.headers.get(name));
  if (!key) return next();
  const cached = entries.get(key);
  if (cached && cached.expiresAt > Date.now()) return answer(withNonce(cached, freshNonce(), 'hit'));
  const pending = rendering.get(key);
  if (pending) {
    const entry = await pending;
    if (entry) return answer(withNonce(entry, freshNonce(), 'hit'));
    return next();
  }
  const render = renderAndKeep(key, next);
  const entryPromise = render.then(({ entry }) => entry, () => null);
  rendering.set(key, entryPromise);
  void entryPromise.finally(() => rendering.delete(key));
  return (await render).response;
}
