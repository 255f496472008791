import { createHash, timingSafeEqual } from 'node:crypto';
import { isIP } from 'node:net';
import { DEFAULT_LANGUAGE, isLang, isTextLang, type Lang, type TextLang } from '@shop/contract';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { ApiConfig } from '../config.ts';

/** Who is asking, in which language, for which country: read once per call from its headers. */
export type RequestContext = {
  /** The storefront language: catalogue texts. */
  lang: Lang;
  /** The language of texts the API writes itself (mails): a storefront language or Polish. */
  textLang: TextLang;
  country: string;
  /** The session token from `X-Session-Id`, or null when the shopper has none (or sent garbage). */
  sessionToken: string | null;
  /** The shopper's address as the storefront saw it (`X-Client-Ip`), for rate limits. */
  clientIp: string;
  log: FastifyBaseLogger;
};

// Session tokens are 32 random bytes in base64url (see sessions/tokens.ts).
const SESSION_TOKEN = /^[A-Za-z0-9_-]{43}$/;

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return typeof value === 'string' ? value.trim() : undefined;
}


/** Equal secrets, compared in constant time (a byte-by-byte early exit would tell how much of a guess was right). */
export function sameSecret(given: string | undefined, expected: string): boolean {
  if (given === undefined) return false;
  const [a, b] = [createHash('sha256').update(given).digest(), createHash('sha256').update(expected).digest()];
  return timingSafeEqual(a, b);
}

/**
 * The shopper's address, for rate limits and fair share. The storefront names it in `X-Client-Ip`; that is
 * believed only from the storefront (a caller with the shared secret, or one on this machine), otherwise
 * anyone could pick a fresh address for every try. Everyone else is known by their socket's address.
 */
export function clientAddress(request: FastifyRequest, config: ApiConfig): string {
  const named = header(request, 'x-client-ip');
  if (!named || isIP(named) === 0) return request.ip;
  const fromStorefront = config.sharedSecret ? sameSecret(header(request, 'x-shop-api-secret'), config.sharedSecret) : isLoopback(request.socket.remoteAddress);
  return fromStorefront ? named : request.ip;
}

function isLoopback(address: string | undefined): boolean {
  return address === '::1' || address?.startsWith('127.') === true || address?.startsWith('::ffff:127.') === true;
}

export function requestContext(request: FastifyRequest, config: ApiConfig): RequestContext {
  const first = (header(request, 'accept-language') ?? '').split(',')[0]?.trim().slice(0, 2).toLowerCase();
  const lang = isLang(first) ? first : DEFAULT_LANGUAGE;
  const countryHeader = header(request, 'x-shop-country');
  const country = countryHeader && /^[A-Za-z]{2}$/.test(countryHeader) ? countryHeader.toUpperCase() : config.defaultCountry;
  const sessionHeader = header(request, 'x-session-id');
  return {
    lang,
    textLang: isTextLang(first) ? first : lang,
    country,
    sessionToken: sessionHeader && SESSION_TOKEN.test(sessionHeader) ? sessionHeader : null,
    clientIp: clientAddress(request, config),
    log: request.log,
  };
}
