import type { FastifyInstance } from 'fastify';
import { ApiError } from './errors.ts';

/** Deeper than any payload of the contract (an address inside a call is two levels). */
export const MAX_JSON_DEPTH = 16;

/**
 * How deeply `text` nests arrays and objects, counted without parsing (strings skipped), stopping as soon
 * as `limit` is passed: a body of a hundred thousand brackets costs one pass, not a stack overflow later.
 */
export function exceedsDepth(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const char = text[index];
    if (inString) {
      if (char === '\\') index++;
      else if (char === '"') inString = false;
    } else if (char === '"') {
      inString = true;
    } else if (char === '{' || char === '[') {
      if (++depth > limit) return true;
    } else if (char === '}' || char === ']') {
      depth--;
    }
  }
  return false;
}

/**
 * Calls take JSON bodies only (anything else is a 415), parsed by Fastify's own parser (which guards against
 * prototype poisoning) after a depth check.
 */
export function parseJsonBodies(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (exceedsDepth(body as string, MAX_JSON_DEPTH)) {
      done(new ApiError(400, 'bad_request', `The payload nests deeper than ${MAX_JSON_DEPTH} levels`), undefined);
      return;
    }
    parse(request, body as string, done);
  });
}
