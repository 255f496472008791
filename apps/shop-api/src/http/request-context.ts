import { DEFAULT_LANGUAGE, isLang, TEXT_LANGUAGES, type Lang, type TextLang } from '@shop/contract';
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

// Session tokens are 32 random bytes in base64url (see accounts/tokens.ts).
const SESSION_TOKEN = /^[A-Za-z0-9_-]{43}$/;
const MAX_CLIENT_IP_LENGTH = 64;

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return typeof value === 'string' ? value.trim() : undefined;
}

function isTextLang(value: unknown): value is TextLang {
  return (TEXT_LANGUAGES as readonly unknown[]).includes(value);
}

export function requestContext(request: FastifyRequest, config: ApiConfig): RequestContext {
  const first = (header(request, 'accept-language') ?? '').split(',')[0]?.trim().slice(0, 2).toLowerCase();
  const lang = isLang(first) ? first : DEFAULT_LANGUAGE;
  const countryHeader = header(request, 'x-shop-country');
  const country = countryHeader && /^[A-Za-z]{2}$/.test(countryHeader) ? countryHeader.toUpperCase() : config.defaultCountry;
  const sessionHeader = header(request, 'x-session-id');
  const clientIpHeader = header(request, 'x-client-ip');
  return {
    lang,
    textLang: isTextLang(first) ? first : lang,
    country,
    sessionToken: sessionHeader && SESSION_TOKEN.test(sessionHeader) ? sessionHeader : null,
    // The API sits behind the storefront, which forwards the shopper's address; a direct caller is known by its socket.
    clientIp: clientIpHeader && clientIpHeader.length <= MAX_CLIENT_IP_LENGTH ? clientIpHeader : request.ip,
    log: request.log,
  };
}
