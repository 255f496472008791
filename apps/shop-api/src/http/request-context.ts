import { DEFAULT_LANGUAGE, isLang, type Lang } from '@shop/contract';
import type { FastifyRequest } from 'fastify';
import type { ApiConfig } from '../config.ts';

/** Who is asking, in which language, for which country: read once per call from its headers. */
export type RequestContext = { lang: Lang; country: string };

export function requestContext(request: FastifyRequest, config: ApiConfig): RequestContext {
  const acceptLanguage = request.headers['accept-language'] ?? '';
  const first = acceptLanguage.split(',')[0]?.trim().slice(0, 2).toLowerCase();
  const countryHeader = request.headers['x-shop-country'];
  const country = typeof countryHeader === 'string' && /^[A-Za-z]{2}$/.test(countryHeader) ? countryHeader.toUpperCase() : config.defaultCountry;
  return { lang: isLang(first) ? first : DEFAULT_LANGUAGE, country };
}
